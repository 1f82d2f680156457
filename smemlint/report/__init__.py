"""Renderers: one module per output format, all over the same results."""
from . import json_report, text

FORMATS = {"text": text.render, "json": json_report.render}
