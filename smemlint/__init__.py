"""smemlint: a static linter for CUDA C++ memory access patterns."""
__version__ = "0.2.0"
