"""SASS (and PTX) facts per kernel: find the CUDA tools, compile or unpack, disassemble, parse.

`facts.from_path(path)` is the entry point; `tools.Toolchain.find()` says what is installed.
Nothing here prints; analysis.py joins the facts to kernels and accesses.
"""
