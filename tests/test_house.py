"""The package's structure stays as docs/architecture.md draws it: no import circle, no module over
800 lines, and every import between the package's parts goes down the floors of the data flow.

Imports inside functions count as much as those at the top of a module: a circle hidden in a
function is still a circle (it only fails later, or in another order of imports).
"""
from __future__ import annotations

import ast
from collections import defaultdict
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent.parent / "smemlint"
MAX_LINES = 800

# The floors of docs/architecture.md, bottom first. A part (a subpackage, or a top-level module)
# may import parts on its own floor's list only when it is the same part, and any part below.
FLOORS = [
    {"smemlint", "ir", "model"},  # the IR's data, hardware facts, the version
    {"cursors"},  # libclang helpers and constant folding, shared by host and device code
    {"parse"},  # headers chosen, libclang in CUDA mode, precompiled headers
    {"host"},  # the launch index: launches, host values, template instances
    {"lower"},  # device code -> IR
    {"symbolic", "sass"},  # the lane evaluator; what the compiler emitted
    {"diagnostics", "config", "results", "reach", "undefined_names"},  # findings, settings, results; what a build runs
    {"cache", "coverage", "grouping", "suppress", "picture", "irdump", "exclude", "headers_alone", "impact",
     "as_compiled"},
    {"analysis"},  # orchestrates parse -> lower -> evaluate for one file
    {"rules"},
    {"lint", "baseline"},
    {"fixes"},
    {"report"},  # shows fixes (`[*]`, the edit under the caret)
    {"lsp"},
    {"cli"},
    {"entry"},  # the console script: huge pages for the parse, then cli
    {"__main__"},  # python -m smemlint
]


def _modules() -> dict[str, Path]:
    out = {}
    for path in PACKAGE.rglob("*.py"):
        parts = ("smemlint",) + path.relative_to(PACKAGE).with_suffix("").parts
        if parts[-1] == "__init__":
            parts = parts[:-1]
        out[".".join(parts)] = path
    return out


def _imports(module: str, path: Path, known: set[str]) -> set[str]:
    package = module if path.name == "__init__.py" else module.rsplit(".", 1)[0]
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
        if isinstance(node, ast.Import):
            names = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = ".".join(package.split(".")[:len(package.split(".")) - node.level + 1])
                target = f"{base}.{node.module}" if node.module else base
            else:
                target = node.module or ""
            names = [target] + [f"{target}.{a.name}" for a in node.names]
        else:
            continue
        found |= {n for n in names if n in known and n != module}
    # a package's __init__ importing its own submodules is how a package is made, not a dependency
    return {n for n in found if not (path.name == "__init__.py" and n.startswith(module + "."))}


def _graph() -> dict[str, set[str]]:
    modules = _modules()
    return {m: _imports(m, p, set(modules)) for m, p in modules.items()}


def _part(module: str) -> str:
    parts = module.split(".")
    return parts[1] if len(parts) > 1 else parts[0]


def _circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Strongly connected components of more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on: set[str] = set()
    out: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on.add(v)
        for w in sorted(graph[v]):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                out.append(sorted(comp))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return out


def test_no_import_circle() -> None:
    assert _circles(_graph()) == []


def test_no_module_over_800_lines() -> None:
    long = {m: n for m, p in _modules().items() if (n := len(p.read_text(encoding="utf-8").splitlines())) > MAX_LINES}
    assert long == {}


def test_every_part_has_a_floor() -> None:
    floored = set().union(*FLOORS)
    assert {_part(m) for m in _modules()} - floored == set(), "place the new part on a floor of FLOORS " \
        "(and in docs/architecture.md)"


def test_imports_go_down_the_floors() -> None:
    floor = {part: n for n, parts in enumerate(FLOORS) for part in parts}
    upward = sorted(f"{m} imports {t}" for m, targets in _graph().items() for t in targets
                    if _part(m) != _part(t) and floor[_part(t)] >= floor[_part(m)])
    assert upward == []


def test_the_checks_see_a_circle_and_an_upward_import() -> None:
    """The checks above can fail: a made-up graph with a circle and an upward import is caught."""
    graph = {"smemlint.ir": {"smemlint.lower.extract"}, "smemlint.lower.extract": {"smemlint.ir"}}
    assert _circles(graph) == [["smemlint.ir", "smemlint.lower.extract"]]
    floor = {part: n for n, parts in enumerate(FLOORS) for part in parts}
    assert floor[_part("smemlint.lower.extract")] > floor[_part("smemlint.ir")]
