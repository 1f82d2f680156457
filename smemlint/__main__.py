"""`python -m smemlint`."""
from .cli import main

main(prog_name="smemlint")
