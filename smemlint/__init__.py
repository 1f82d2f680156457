"""smemlint: a static linter for CUDA C++ memory access patterns."""
__version__ = "0.1.0"
