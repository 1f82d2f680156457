"""Renderers: one module per output format, all over the same results."""
from . import github, json_report, sarif, text

FORMATS = {"text": text.render, "json": json_report.render, "sarif": sarif.render, "github": github.render}
