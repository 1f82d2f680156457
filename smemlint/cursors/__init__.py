"""libclang helpers shared by the host side and device lowering (the bottom floor above ir):
reading cursors cheaply (nodes.py) and folding constants and operators (folding.py)."""
