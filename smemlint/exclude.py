"""Which paths a run leaves out: the `exclude` / `extend-exclude` patterns of the configuration
and the command line, and the `.gitignore` files of the tree (as git reads them).

Patterns are gitignore patterns (`pathspec`'s GitIgnoreSpec), relative to the directory of the
configuration file (the current directory without one): `third_party/`, `*.cuh`, `/build`,
`tests/**/fixtures`. A `.gitignore` applies to the paths under its own directory; the ones of the
directories above a linted path are read too, up to the repository's root (the directory with
`.git`). As in ruff, a path named on the command line is always linted: exclusions apply to what
a directory walk meets, and to named paths only with `--force-exclude` (the pre-commit hook passes
it, since pre-commit names every staged file). A named directory that is itself excluded is walked
with the patterns that exclude it set aside (`smemlint check third_party/` lints third_party/).
"""
from __future__ import annotations

import os

import pathspec


class Excluder:
    def __init__(self, patterns: tuple[str, ...], root: str, gitignore: bool = True) -> None:
        self.root = os.path.abspath(root or os.getcwd())
        self.spec = pathspec.GitIgnoreSpec.from_lines(patterns) if patterns else None
        self.gitignore = gitignore
        self._ignores: dict[str, pathspec.GitIgnoreSpec | None] = {}  # directory -> its .gitignore
        self._tops: dict[str, str] = {}  # directory -> the repository root above it ("" if none)

    def excluded(self, path: str, is_dir: bool = False, beneath: str | None = None) -> bool:
        """Whether `path` is left out; `beneath` (a directory named on the command line): patterns
        that exclude that directory itself do not apply below it."""
        full = os.path.abspath(path)
        self._beneath = os.path.abspath(beneath) if beneath else None
        if self.spec is not None and self._matches(self.spec, full, self.root, is_dir):
            return True
        if not self.gitignore:
            return False
        parent = os.path.dirname(full)
        top = self._top(parent)
        if not top:
            return False
        d = parent
        while True:
            spec = self._ignore_of(d)
            if spec is not None and self._matches(spec, full, d, is_dir):
                return True
            if d == top or os.path.dirname(d) == d:
                return False
            d = os.path.dirname(d)

    _beneath: str | None = None

    def _matches(self, spec: pathspec.GitIgnoreSpec, full: str, base: str, is_dir: bool) -> bool:
        rel = os.path.relpath(full, base)
        if rel.startswith(".."):
            return False
        rel = rel.replace(os.sep, "/") + ("/" if is_dir else "")
        named = self._beneath
        if named is None or os.path.relpath(named, base).startswith(".."):
            return spec.match_file(rel)
        named_rel = os.path.relpath(named, base).replace(os.sep, "/") + "/"
        if named_rel == "./" or not spec.match_file(named_rel):
            return spec.match_file(rel)
        # pattern by pattern, the last one that matches decides, leaving out those matching `named`
        verdict = False
        for pattern in spec.patterns:
            if pattern.include is None or pattern.match_file(named_rel):
                continue
            if pattern.match_file(rel):
                verdict = bool(pattern.include)
        return verdict

    def _ignore_of(self, d: str) -> pathspec.GitIgnoreSpec | None:
        if d not in self._ignores:
            spec = None
            try:
                with open(os.path.join(d, ".gitignore"), encoding="utf-8", errors="replace") as f:
                    spec = pathspec.GitIgnoreSpec.from_lines(f.read().splitlines())
            except OSError:
                pass
            self._ignores[d] = spec
        return self._ignores[d]

    def _top(self, d: str) -> str:
        """The repository root at or above `d` (where `.git` is), or "" outside a repository:
        a .gitignore means nothing to a tree that is not a git checkout."""
        if d not in self._tops:
            parent = os.path.dirname(d)
            if os.path.exists(os.path.join(d, ".git")):
                self._tops[d] = d
            elif parent == d:
                self._tops[d] = ""
            else:
                self._tops[d] = self._top(parent)
        return self._tops[d]
