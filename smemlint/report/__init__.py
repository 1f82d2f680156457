"""Renderers: one module per output format, all over the same results.

Loaded on first use, so rendering cached results never imports a renderer (or,
for SARIF, the rule registry) that the run does not need.
"""
from __future__ import annotations

from collections.abc import Callable
from importlib import import_module

_MODULES = {"text": "text", "json": "json_report", "sarif": "sarif", "github": "github", "concise": "concise",
            "gitlab": "gitlab", "junit": "junit"}
# ruff's --output-format names for the same renderers
OUTPUT_FORMATS = {"full": "text", "concise": "concise", "json": "json", "sarif": "sarif", "github": "github",
                  "gitlab": "gitlab", "junit": "junit"}


class _Formats(dict):
    """name -> render function, imported when first looked up."""

    def __getitem__(self, name: str) -> Callable[..., str]:
        if name not in _MODULES:
            raise KeyError(name)
        return import_module(f"{__name__}.{_MODULES[name]}").render

    def get(self, name, default=None):  # noqa: ANN001
        return self[name] if name in _MODULES else default


FORMATS: dict[str, Callable[..., str]] = _Formats({name: None for name in _MODULES})
