"""Settings: `[tool.smemlint]` in pyproject.toml, overridden by command-line options."""
from __future__ import annotations

import fnmatch
import os
import re
import shlex
from dataclasses import dataclass, field, fields, replace
from pathlib import Path

try:
    import tomllib
except ImportError:  # Python 3.10: the declared `tomli` backport (pyproject.toml)
    import tomli as tomllib

from .model import get_arch


@dataclass(frozen=True)
class Settings:
    arch: str = "sm_90"
    block: tuple[int, int, int] | None = None
    include: tuple[str, ...] = ()
    define: tuple[str, ...] = ()
    std: str | None = None
    cuda_headers: str = "auto"
    compile_commands: str | None = None
    sass: bool = False  # compile with nvcc and run the SASS rules (--sass)
    select: tuple[str, ...] = ()  # empty: every rule
    ignore: tuple[str, ...] = ()
    source: str = ""  # where the file settings came from
    # [tool.smemlint.blocks]: kernel-name glob -> block, for kernels with no annotation or launch
    blocks: tuple[tuple[str, tuple[int, int, int]], ...] = ()
    # [tool.smemlint.per-path-ignores]: path glob (relative to `root`) -> code prefixes
    per_path_ignores: tuple[tuple[str, tuple[str, ...]], ...] = ()
    root: str = ""  # the directory of pyproject.toml (per-path-ignores are relative to it), else cwd
    pch_dir: str = ""  # where the precompiled bundled header is kept; "": <cache directory>/pch
    # gitignore patterns of paths to leave out (relative to `root`); `exclude` replaces nothing
    # built in (hidden and vendored directories are always skipped), `extend-exclude` adds to it
    exclude: tuple[str, ...] = ()
    extend_exclude: tuple[str, ...] = ()
    respect_gitignore: bool = True
    force_exclude: bool = False  # exclusions apply to paths named on the command line too
    # the command line a program is run with (`main`'s argv after the program's name): host values read
    # from it (`atoi(argv[3])`) are the run's; empty: the program as run without arguments
    program_args: tuple[str, ...] = ()
    # [[tool.smemlint.per-path]]: (path globs relative to `root`, include dirs, defines, block or None,
    # program arguments or None), in order; every matching entry adds its include dirs (searched before
    # the global ones) and defines, and the last matching block and program arguments win
    per_path: tuple[tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...], tuple[int, int, int] | None,
                          tuple[str, ...] | None], ...] = ()
    # launches (ir.LaunchSite) read in other files of the run, of kernels a file defines and does not
    # launch itself (lint.py's second pass: a kernel of kernel.cu launched from main.cu)
    launches_elsewhere: tuple = ()
    # ((USR, parameter index), (value, read from the named run's arguments)) of the functions a file defines
    # and calls nowhere, from the calls of the other files of the run (lint.py's second pass, host/elsewhere.py)
    values_elsewhere: tuple = ()

    def enabled(self, code: str) -> bool:
        if self.select and not any(code.startswith(s) for s in self.select):
            return False
        return not any(code.startswith(s) for s in self.ignore)

    def block_for(self, kernel_name: str) -> tuple[tuple[int, int, int] | None, str]:
        """The configured block for a kernel, and where it came from (first matching pattern wins)."""
        bare = kernel_name.split("<", 1)[0]
        for pattern, block in self.blocks:
            if fnmatch.fnmatchcase(kernel_name, pattern) or fnmatch.fnmatchcase(bare, pattern):
                return block, f'[tool.smemlint.blocks] "{pattern}"'
        return self.block, "the configuration (--block)"

    def ignored_in(self, path: str) -> tuple[str, ...]:
        """Code prefixes that per-path-ignores switch off for this file."""
        if not self.per_path_ignores:
            return ()
        rel = _relative(path, self.root or os.getcwd())
        out: list[str] = []
        for pattern, codes in self.per_path_ignores:
            if path_matches(rel, pattern):
                out += codes
        return tuple(out)

    def for_path(self, path: str) -> "Settings":
        """These settings for one file: its [[tool.smemlint.per-path]] entries' include folders first
        (two `utils.h` in two folders of one tree each find theirs), their defines added, their block."""
        if not self.per_path:
            return self
        rel = _relative(path, self.root or os.getcwd())
        include, define, block, args = (), (), self.block, self.program_args
        for globs, inc, dfn, blk, run in self.per_path:
            if any(path_matches(rel, g) for g in globs):
                include += inc
                define += dfn
                block = blk or block
                args = run if run is not None else args
        if not include and not define and block == self.block and args == self.program_args:
            return self
        return replace(self, include=include + self.include, define=self.define + define, block=block,
                       program_args=args)

    def enabled_in(self, code: str, path: str) -> bool:
        return self.enabled(code) and not any(code.startswith(c) for c in self.ignored_in(path))


def _relative(path: str, root: str) -> str:
    p = os.path.abspath(path)
    try:
        rel = os.path.relpath(p, os.path.abspath(root))
    except ValueError:  # another drive on Windows
        rel = p
    return rel.replace(os.sep, "/")


def _glob_regex(pattern: str) -> re.Pattern[str]:
    out, i = [], 0
    while i < len(pattern):
        if pattern.startswith("**/", i):
            out.append("(?:.*/)?")
            i += 3
        elif pattern.startswith("**", i):
            out.append(".*")
            i += 2
        elif pattern[i] == "*":
            out.append("[^/]*")
            i += 1
        elif pattern[i] == "?":
            out.append("[^/]")
            i += 1
        else:
            out.append(re.escape(pattern[i]))
            i += 1
    return re.compile("".join(out) + r"\Z")


def path_matches(rel: str, pattern: str) -> bool:
    """Glob match of a /-separated relative path: `*` within a directory, `**` across them;
    a pattern without `/` matches the file name anywhere, a pattern naming a directory matches below it."""
    pattern = pattern.strip().removeprefix("./")
    if "/" not in pattern.rstrip("/"):
        return bool(_glob_regex(pattern.rstrip("/")).match(rel.rsplit("/", 1)[-1])) or \
            any(_glob_regex(pattern.rstrip("/")).match(part) for part in rel.split("/")[:-1])
    if pattern.endswith("/"):
        pattern += "**"
    return bool(_glob_regex(pattern).match(rel)) or bool(_glob_regex(pattern + "/**").match(rel))


def parse_block(text: str) -> tuple[int, int, int]:
    """`32,8`, `32x8`, `256`: 1 to 3 positive integers; anything else (`32,x`, `32,,8`) is an error."""
    parts = re.split(r"\s*[,x]\s*", str(text).strip())
    if not 1 <= len(parts) <= 3 or not all(p.isdigit() for p in parts):
        raise ValueError(f"block must be 1 to 3 integers like 32,8 (got {text!r})")
    dims = [int(p) for p in parts] + [1] * (3 - len(parts))
    if any(d < 1 for d in dims) or dims[0] * dims[1] * dims[2] > 1024:
        raise ValueError(f"block {text!r} is not a valid CUDA block (1..1024 threads)")
    return dims[0], dims[1], dims[2]


def find_pyproject(start: Path) -> Path | None:
    start = start.resolve()
    for d in [start, *start.parents] if start.is_dir() else [start.parent, *start.parent.parents]:
        p = d / "pyproject.toml"
        if p.is_file():
            return p
    return None


def _strings(value: object, key: str) -> tuple[str, ...]:
    if isinstance(value, str):
        return (value,)
    if isinstance(value, list) and all(isinstance(v, str) for v in value):
        return tuple(value)
    raise ValueError(f"[tool.smemlint] {key} must be a string or a list of strings")


_PER_PATH_KEYS = ("path", "include", "define", "block", "program-args")


def _per_path(value: object, base: Path, pyproject: Path) -> tuple:
    """`[[tool.smemlint.per-path]]` entries: `path` (a glob or a list of them, relative to the
    pyproject.toml), and any of `include` (folders, relative to it), `define`, `block`, `program-args`."""
    if not isinstance(value, list) or not all(isinstance(v, dict) for v in value):
        raise ValueError(f"{pyproject}: per-path must be an array of tables: [[tool.smemlint.per-path]] "
                         'path = "src/a/**" include = ["src/a"]')
    out = []
    for entry in value:
        for key in entry:
            if key not in _PER_PATH_KEYS:
                import difflib

                close = difflib.get_close_matches(key, _PER_PATH_KEYS, n=1)
                hint = f"; did you mean {close[0]!r}?" if close else f" (known: {', '.join(_PER_PATH_KEYS)})"
                raise ValueError(f"{pyproject}: unknown [[tool.smemlint.per-path]] key {key!r}{hint}")
        if "path" not in entry:
            raise ValueError(f"{pyproject}: a [[tool.smemlint.per-path]] entry needs `path` (a glob)")
        globs = _strings(entry["path"], "per-path.path")
        include = tuple(str((base / v).resolve()) for v in _strings(entry.get("include", []), "per-path.include"))
        define = _strings(entry.get("define", []), "per-path.define")
        block = entry.get("block")
        if block is not None:
            block = parse_block(block if isinstance(block, str) else ",".join(map(str, block)))
        run = entry.get("program-args")
        out.append((globs, include, define, block, None if run is None else program_args(run, "per-path.program-args")))
    return tuple(out)


def program_args(value: object, key: str) -> tuple[str, ...]:
    """A program's command line: a string split as a shell would (`"1024 100 16"`) or a list of strings."""
    if isinstance(value, str):
        try:
            return tuple(shlex.split(value))
        except ValueError as e:
            raise ValueError(f"{key}: {e} in {value!r}") from e
    return _strings(value, key)


def load(pyproject: Path | None) -> Settings:
    if pyproject is None:
        return Settings()
    try:
        data = tomllib.loads(pyproject.read_text(encoding="utf-8"))
    except (OSError, ValueError) as e:
        raise ValueError(f"{pyproject}: {e}") from e
    table = data.get("tool", {}).get("smemlint")
    if not isinstance(table, dict):
        return Settings()
    base = pyproject.parent
    s = Settings(source=str(pyproject), root=str(base.resolve()))
    for key, value in table.items():
        k = key.replace("-", "_")
        if k == "blocks":
            if not isinstance(value, dict):
                raise ValueError(f"{pyproject}: [tool.smemlint.blocks] must be a table of "
                                 '"kernel-name-pattern" = "x,y,z"')
            s = replace(s, blocks=tuple((str(pat), parse_block(b if isinstance(b, str) else ",".join(map(str, b))))
                                        for pat, b in value.items()))
        elif k == "per_path_ignores":
            if not isinstance(value, dict):
                raise ValueError(f"{pyproject}: [tool.smemlint.per-path-ignores] must be a table of "
                                 '"path-glob" = ["CODE", ...]')
            s = replace(s, per_path_ignores=tuple((str(pat), _strings(codes, f"per-path-ignores.{pat}"))
                                                  for pat, codes in value.items()))
        elif k == "per_path":
            s = replace(s, per_path=_per_path(value, base, pyproject))
        elif k == "arch":
            s = replace(s, arch=get_arch(str(value)).name)
        elif k == "block":
            s = replace(s, block=parse_block(value if isinstance(value, str) else ",".join(map(str, value))))
        elif k in ("exclude", "extend_exclude"):
            s = replace(s, **{k: _strings(value, key)})
        elif k in ("respect_gitignore", "force_exclude"):
            if not isinstance(value, bool):
                raise ValueError(f"[tool.smemlint] {key} must be true or false")
            s = replace(s, **{k: value})
        elif k in ("include", "define", "select", "ignore"):
            vals = _strings(value, key)
            if k == "include":
                vals = tuple(str((base / v).resolve()) for v in vals)
            s = replace(s, **{k: vals})
        elif k == "std":
            s = replace(s, std=str(value))
        elif k == "program_args":
            s = replace(s, program_args=program_args(value, key))
        elif k == "sass":
            if not isinstance(value, bool):
                raise ValueError("[tool.smemlint] sass must be true or false")
            s = replace(s, sass=value)
        elif k == "cuda_headers":
            if value not in ("auto", "toolkit", "bundled"):
                raise ValueError("[tool.smemlint] cuda-headers must be auto, toolkit or bundled")
            s = replace(s, cuda_headers=value)
        elif k == "compile_commands":
            s = replace(s, compile_commands=str((base / str(value)).resolve()))
        else:
            import difflib

            close = difflib.get_close_matches(key.replace("_", "-"), KEYS, n=1, cutoff=0.6)
            hint = f"; did you mean {close[0]!r}?" if close else f" (known: {', '.join(KEYS)})"
            raise ValueError(f"{pyproject}: unknown [tool.smemlint] key {key!r}{hint}")
    return s


KEYS = ("arch", "block", "blocks", "cuda-headers", "compile-commands", "define", "exclude", "extend-exclude",
        "force-exclude", "ignore", "include", "per-path", "per-path-ignores", "program-args", "respect-gitignore",
        "sass", "select", "std")


def _toml_value(value: object) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (int, float)):
        return str(value)
    if isinstance(value, tuple) and len(value) == 3 and all(isinstance(v, int) for v in value):
        return '"' + ",".join(map(str, value)) + '"'  # a block shape, as `block = "32,8,1"` is written
    if isinstance(value, (tuple, list)):
        return "[" + ", ".join(_toml_value(v) for v in value) + "]"
    return '"' + str(value).replace("\\", "\\\\").replace('"', '\\"') + '"'


def settings_toml(settings: Settings) -> list[str]:
    """`--show-settings`: the effective settings as the `[tool.smemlint]` table that would give them
    (TOML, not Python reprs); an unset option is a comment."""
    out = ["[tool.smemlint]"]
    tables = {"blocks": "[tool.smemlint.blocks]", "per_path_ignores": "[tool.smemlint.per-path-ignores]"}
    if settings.per_path:  # shown after the tables below
        tables_after = [["", "[[tool.smemlint.per-path]]", f"path = {_toml_value(g)}", f"include = {_toml_value(i)}",
                         f"define = {_toml_value(d)}"] + ([f"block = {_toml_value(b)}"] if b else []) +
                        ([f"program-args = {_toml_value(r)}"] if r is not None else [])
                        for g, i, d, b, r in settings.per_path]
    else:
        tables_after = []
    internal = {"source", "root", "pch_dir", "per_path", "launches_elsewhere", "values_elsewhere"}
    for f in fields(settings):
        if f.name in tables or f.name in internal:
            continue
        value = getattr(settings, f.name)
        key = f.name.replace("_", "-")
        out.append(f"# {key} is not set" if value is None else f"{key} = {_toml_value(value)}")
    for name, header in tables.items():
        out += ["", header] + [f"{_toml_value(k)} = {_toml_value(v)}" for k, v in getattr(settings, name)]
    for lines in tables_after:
        out += lines
    return out


def merge(settings: Settings, **overrides: object) -> Settings:
    """CLI options (those not None / empty) override the file settings."""
    clean = {k: v for k, v in overrides.items() if v not in (None, (), [])}
    if "include" in clean:
        clean["include"] = tuple(settings.include) + tuple(clean["include"])  # type: ignore[arg-type]
    if "define" in clean:
        clean["define"] = tuple(settings.define) + tuple(clean["define"])  # type: ignore[arg-type]
    if "block" in clean:
        clean["blocks"] = ()  # --block on the command line wins over the per-kernel table too
    if "program_args" in clean:  # and --program-args over the per-path entries'
        clean["per_path"] = tuple((g, i, d, b, None) for g, i, d, b, _ in settings.per_path)
    return replace(settings, **clean)  # type: ignore[arg-type]


__all__ = ["Settings", "load", "merge", "parse_block", "program_args", "find_pyproject", "field"]
