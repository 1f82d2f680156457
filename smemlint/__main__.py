"""`python -m smemlint`."""
from .entry import main

main()
