"""How per-kernel SASS facts (the plain data of kernelfacts.py) are made from a `.cu`, a cubin, an
object, a library or a fatbin: compile with nvcc (cached by content), disassemble, and read the
listing; PTX (ptx.py) when no SASS can be had.
"""
from __future__ import annotations

import hashlib
import json
import os
import re
import shutil
import tempfile
import time
from collections import Counter
from dataclasses import replace
from pathlib import Path

from ..model import get_arch
from . import names
from .kernelfacts import INSTRUCTION_BYTES, KernelFacts, Loop, SassResult, family, memory_lines, width_bits
from .parse import Function, Instr, parse_cuobjdump_sass, parse_nvdisasm, parse_ptxas_info, parse_res_usage
from .ptx import facts_from_ptx
from .tools import COMPILE_TIMEOUT_S, Toolchain, ToolError, run, run_both

BINARY_SUFFIXES = (".cubin", ".o", ".obj", ".so", ".a", ".fatbin", ".bin", ".out", ".exe")
_LOOP_BRANCHES = {"BRA", "JMP"}


# ------------------------------------------------------------------ facts from parsed SASS

def _strip_padding(instrs: list[Instr]) -> list[Instr]:
    """Drop the NOP padding and the `BRA self` trap after the last EXIT: never executed."""
    out = list(instrs)
    while out and out[-1].mnemonic == "NOP":
        out.pop()
    if out and out[-1].mnemonic == "BRA" and out[-1].target == out[-1].offset:
        out.pop()
    return out


def _loops(instrs: list[Instr], line_file: str | None, callee_bytes: dict[str, int]) -> list[Loop]:
    heads: dict[int, int] = {}
    for ins in instrs:
        if ins.mnemonic in _LOOP_BRANCHES and ins.target is not None and ins.target < ins.offset:
            heads[ins.target] = max(heads.get(ins.target, 0), ins.offset + INSTRUCTION_BYTES)
    spans = sorted(heads.items())
    loops = []
    for start, end in spans:
        body = [i for i in instrs if start <= i.offset < end]
        lines = [ln for i in body for ln in (i.lines_in(line_file) if line_file else [])]
        depth = sum(1 for s, e in spans if (s, e) != (start, end) and s <= start and end <= e)
        calls = {i.target_symbol for i in body if i.target_symbol}
        fp = (end - start) + sum(callee_bytes.get(c, 0) for c in calls)
        loops.append(Loop(start, end, len(body), depth, min(lines) if lines else None,
                          max(lines) if lines else None, fp))
    return loops


def kernel_facts(fn: Function, functions: dict[str, Function], line_file: str | None = None,
                 res: dict[str, int] | None = None, ptxas: dict[str, int] | None = None,
                 arch: str | None = None) -> KernelFacts:
    instrs = _strip_padding(fn.instrs)
    sizes = {name: len(_strip_padding(f.instrs)) * INSTRUCTION_BYTES for name, f in functions.items()}
    # device functions reached through CALL, transitively
    reached: list[str] = []
    todo = [i.target_symbol for i in instrs if i.target_symbol]
    while todo:
        c = todo.pop()
        if c in reached or c not in functions or c == fn.name:
            continue
        reached.append(c)
        todo += [i.target_symbol for i in functions[c].instrs if i.target_symbol]
    callee_bytes = {c: sizes[c] for c in reached}
    kf = KernelFacts(fn.name, names.demangle(fn.name).display, arch or fn.arch, "sass")
    kf.instrs = instrs
    kf.instructions = len(instrs)
    kf.bytes = len(instrs) * INSTRUCTION_BYTES
    kf.footprint_bytes = kf.bytes + sum(callee_bytes.values())
    kf.calls = [names.demangle(c).display for c in reached]
    counts: Counter = Counter()
    # `@!PT` never executes: nvcc's `@!PT LDS RZ, [RZ]` placeholders beside LDGSTS take instruction
    # bytes but are not accesses (measured: 0 wavefronts; fixtures-truth-sm90.jsonl)
    executed = [ins for ins in instrs if ins.predicate != "@!PT"]
    for ins in executed:
        fam = family(ins.opcode)
        if fam:
            counts[fam] += 1
    kf.counts = dict(counts)
    kf.line_file = line_file
    kf.loops = _loops(instrs, line_file, callee_bytes)
    if line_file:
        kf.lines = memory_lines(instrs, line_file)
    else:
        kf.unknown.append("source lines (no line info: compile with -lineinfo)")
    if res:
        kf.registers = res.get("REG")
        kf.shared_bytes = res.get("SHARED")
        kf.local_bytes = res.get("LOCAL")
        kf.stack_bytes = res.get("STACK")
    if ptxas:
        kf.registers = ptxas.get("registers", kf.registers)
        kf.stack_bytes = ptxas.get("stack_frame", kf.stack_bytes)
        kf.spill_stores_bytes = ptxas.get("spill_stores")
        kf.spill_loads_bytes = ptxas.get("spill_loads")
        kf.barriers = ptxas.get("barriers")
        kf.shared_bytes = ptxas.get("smem", kf.shared_bytes)  # as declared; cuobjdump adds the reserved 1 KB
    else:
        kf.unknown.append("spill bytes (only ptxas reports them: give the .cu; LDL/STL counts are in `counts`)")
    return kf


def facts_from_listing(functions: list[Function], line_file: str | None, res: dict | None = None,
                       ptxas: dict | None = None, arch: str | None = None) -> dict[str, KernelFacts]:
    by_name = {f.name: f for f in functions}
    out = {}
    for f in functions:
        if f.entry and f.name not in out:
            out[f.name] = kernel_facts(f, by_name, line_file, (res or {}).get(f.name), (ptxas or {}).get(f.name),
                                       arch)
    return out


# ------------------------------------------------------------------ running the tools

_memo: dict[str, SassResult] = {}


def cache_dir() -> Path:
    base = os.environ.get("SMEMLINT_CACHE_DIR") or os.path.join(
        os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache"), "smemlint")
    return Path(base) / "sass"


def _deps_state(deps: list[str]) -> list[list]:
    out = []
    for d in deps:
        try:
            st = os.stat(d)
            out.append([d, st.st_mtime_ns, st.st_size])
        except OSError:
            out.append([d, None, None])
    return out


def _read_deps(path: str) -> list[str]:
    try:
        text = Path(path).read_text(errors="replace").replace("\\\n", " ")
    except OSError:
        return []
    _, _, rest = text.partition(":")
    return [p for p in rest.split() if p]


def _compile(tools: Toolchain, src: str, arch: str, flags: list[str], timeout: float,
             work: str) -> tuple[str, str, str, bool]:
    """nvcc → cubin, cached by content hash + the headers it read: (cubin, ptxas -v text, cache key, cached)."""
    data = Path(src).read_bytes()
    key = hashlib.sha256(json.dumps([tools.nvcc, arch, flags, os.path.abspath(src)]).encode() + data).hexdigest()
    entry = cache_dir() / key[:32]
    meta_p = entry / "meta.json"
    try:
        meta = json.loads(meta_p.read_text())
        if meta.get("deps") == _deps_state([d for d, _, _ in meta.get("deps", [])]) and (entry / "k.cubin").is_file():
            return str(entry / "k.cubin"), meta.get("ptxas", ""), key, True
    except (OSError, ValueError):
        pass
    cubin = os.path.join(work, "k.cubin")
    depfile = os.path.join(work, "k.d")
    argv = [tools.nvcc, "-cubin", "-lineinfo", f"-arch={arch}", "-Xptxas", "-v", "-MD", "-MF", depfile,
            *flags, "-o", cubin, src]
    _, err = run_both(argv, timeout=timeout, cwd=work)
    try:
        entry.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(cubin, entry / "k.cubin")
        deps = [d for d in _read_deps(depfile) if os.path.isabs(d) or os.path.exists(d)]
        meta_p.write_text(json.dumps({"deps": _deps_state([os.path.abspath(d) for d in deps]), "ptxas": err}))
    except OSError:
        pass  # an unwritable cache only costs time
    return cubin, err, key, False


def _disassemble(tools: Toolchain, cubin: str, line_file: str | None, ptxas: dict | None,
                 arch: str | None) -> dict[str, KernelFacts]:
    # beside a cached cubin, keep the listings too: a warm run then starts no tool at all
    here = Path(cubin).parent
    cached = here.parent == cache_dir() and (here / "listing.txt").is_file() and (here / "res.txt").is_file()
    if cached:
        listing, res_text = (here / "listing.txt").read_text(), (here / "res.txt").read_text()
    else:
        listing = run([tools.nvdisasm, "-gi", "-c", cubin])  # type: ignore[list-item]
        res_text = run([tools.cuobjdump, "-res-usage", cubin])  # type: ignore[list-item]
        if here.parent == cache_dir():
            try:
                (here / "listing.txt").write_text(listing)
                (here / "res.txt").write_text(res_text)
            except OSError:
                pass
    res = parse_res_usage(res_text)
    functions = parse_nvdisasm(listing)
    if line_file is None:
        files = {i.file for f in functions for i in f.instrs if i.file}
        line_file = next(iter(files)) if len(files) == 1 else None
    return facts_from_listing(functions, line_file, res, ptxas, arch)


def _nvcc_arch(arch: str) -> str:
    a = get_arch(arch)
    return f"sm_{a.compute_capability}"


# nvcc runs its host-compiler steps through a shell, so a define like -DX=$(cmd) from a
# compile_commands.json would run `cmd`: only plain characters reach nvcc.
_NVCC_SAFE = re.compile(r"[A-Za-z0-9_./+,=:@%-]*")
_NVCC_SAFE_PATH = re.compile(r"[A-Za-z0-9_./+,=:@%~ -]*")


def nvcc_safe_flags(flags: list[str]) -> tuple[list[str], list[str]]:
    """(flags without shell metacharacters, the flags dropped); values are checked with their flag."""
    safe: list[str] = []
    dropped: list[str] = []
    i = 0
    while i < len(flags):
        group = flags[i:i + 2] if flags[i] in ("-I", "-isystem", "-include", "-D", "-U") else flags[i:i + 1]
        i += len(group)
        path_like = group[0] in ("-I", "-isystem", "-include") or group[0].startswith("-I")
        pattern = _NVCC_SAFE_PATH if path_like else _NVCC_SAFE
        if all(pattern.fullmatch(g) for g in group):
            safe += group
        else:
            dropped.append(" ".join(group))
    return safe, dropped


def _absolute_includes(flags: list[str]) -> list[str]:
    """Include directories made absolute: nvcc runs in a scratch directory, while `-I src` means the
    directory smemlint was started in (as it does for the parse)."""
    out: list[str] = []
    i = 0
    while i < len(flags):
        f = flags[i]
        if f in ("-I", "-isystem", "-include") and i + 1 < len(flags):
            out += [f, os.path.abspath(flags[i + 1])]
            i += 2
            continue
        if f.startswith("-I") and len(f) > 2:
            f = "-I" + os.path.abspath(f[2:])
        out.append(f)
        i += 1
    return out


def from_source(path: str, arch: str = "sm_90", flags: list[str] | None = None, *, text: str | None = None,
                timeout: float = COMPILE_TIMEOUT_S, tools: Toolchain | None = None) -> SassResult:
    """Compile a .cu with nvcc (-cubin -lineinfo) and read its SASS; PTX when only nvcc is around."""
    t0 = time.perf_counter()
    tools = tools or Toolchain.find()
    flags, dropped = nvcc_safe_flags(list(flags or []))
    result = SassResult(path)
    if dropped:
        result.notes.append("SASS: flags with shell metacharacters not passed to nvcc: " + ", ".join(dropped))
    if not _NVCC_SAFE_PATH.fullmatch(os.path.abspath(path)):
        result.notes.append("SASS skipped: the file's path has shell metacharacters (nvcc runs a shell)")
        return result
    if tools.nvcc is None:
        result.notes.append("SASS skipped: " + tools.missing_note("nvcc"))
        return result
    flags = _absolute_includes(flags)
    if Path(path).suffix != ".cu":
        flags = ["-x", "cu", *flags]  # a header (`.cuh`, `.h`) compiled as CUDA: its own kernels
    nv_arch = _nvcc_arch(arch)
    memo_key = hashlib.sha256(json.dumps([path, nv_arch, flags, text, tools.can_disassemble]).encode()).hexdigest()
    with tempfile.TemporaryDirectory(prefix="smemlint-sass-") as work:
        src = os.path.abspath(path)
        if text is not None:  # unsaved editor text: compile a copy, headers still found beside the original
            src = os.path.join(work, Path(path).name)
            Path(src).write_text(text, encoding="utf-8")
            flags = ["-I", str(Path(path).resolve().parent), *flags]
        try:
            if not tools.can_disassemble:
                ptx = os.path.join(work, "k.ptx")
                run([tools.nvcc, "-ptx", "-lineinfo", f"-arch={nv_arch}", *flags, "-o", ptx, src], timeout=timeout,
                    cwd=work)

                result.kind = "ptx"
                result.kernels = facts_from_ptx(Path(ptx).read_text(errors="replace"), src)
                result.notes.append("SASS not read (" + tools.missing_note("cuobjdump", "nvdisasm") +
                                    "); facts from PTX only")
            else:
                cubin, err, key, cached = _compile(tools, src, nv_arch, flags, timeout, work)
                if not cached and (cache_dir() / key[:32] / "k.cubin").is_file():
                    cubin = str(cache_dir() / key[:32] / "k.cubin")
                key = memo_key + key
                if cached and key in _memo:
                    return replace(_memo[key], seconds=time.perf_counter() - t0, cached=True)
                result.cached = cached
                result.kind = "sass"
                result.kernels = _disassemble(tools, cubin, src, parse_ptxas_info(err), nv_arch)
                result.seconds = time.perf_counter() - t0
                _memo[key] = result
        except ToolError as e:
            result.notes.append(f"SASS skipped: {e}")
    result.seconds = time.perf_counter() - t0
    return result


def _is_cubin(head: bytes) -> bool:
    # ELF with e_machine EM_CUDA (190)
    return head[:4] == b"\x7fELF" and len(head) > 20 and int.from_bytes(head[18:20], "little") == 190


def from_binary(path: str, arch: str | None = None, *, tools: Toolchain | None = None) -> SassResult:
    """SASS of a cubin, object, library, fatbin or executable; PTX when that is all it holds."""
    t0 = time.perf_counter()
    tools = tools or Toolchain.find()
    result = SassResult(path)
    try:
        head = Path(path).open("rb").read(64)
    except OSError as e:
        result.notes.append(f"cannot read: {e}")
        return result
    if tools.cuobjdump is None:
        result.notes.append("SASS skipped: " + tools.missing_note("cuobjdump", "nvdisasm"))
        return result
    want = _nvcc_arch(arch) if arch else None
    try:
        if _is_cubin(head) and tools.nvdisasm:
            result.kind = "sass"
            result.kernels = _disassemble(tools, path, None, None, None)
        else:
            with tempfile.TemporaryDirectory(prefix="smemlint-sass-") as work:
                listing = run([tools.cuobjdump, "-lelf", "-lptx", os.path.abspath(path)], cwd=work)
                has_elf = "ELF file" in listing
                if has_elf and tools.nvdisasm:
                    run([tools.cuobjdump, "-xelf", "all", os.path.abspath(path)], cwd=work)
                    cubins = sorted(Path(work).glob("*.cubin"))
                    archs = {re.search(r"(sm_\d+[af]?)", c.name).group(1) if re.search(r"sm_\d+", c.name)
                             else None for c in cubins}
                    if want and any(want == a for a in archs):
                        cubins = [c for c in cubins if want in c.name]
                    elif want:
                        result.notes.append(f"no {want} code inside; read " + ", ".join(sorted(filter(None, archs))))
                    result.kind = "sass"
                    for c in cubins:
                        for sym, kf in _disassemble(tools, str(c), None, None, None).items():
                            result.kernels.setdefault(sym, kf)
                elif has_elf:
                    result.kind = "sass"
                    text = run([tools.cuobjdump, "-sass", os.path.abspath(path)], cwd=work)
                    res = parse_res_usage(run([tools.cuobjdump, "-res-usage", os.path.abspath(path)], cwd=work))
                    result.kernels = facts_from_listing(parse_cuobjdump_sass(text), None, res)
                    result.notes.append("no line info: " + tools.missing_note("nvdisasm"))
                elif "PTX file" in listing:

                    run([tools.cuobjdump, "-xptx", "all", os.path.abspath(path)], cwd=work)
                    result.kind = "ptx"
                    for p in sorted(Path(work).glob("*.ptx")):
                        for sym, kf in facts_from_ptx(p.read_text(errors="replace"), None).items():
                            result.kernels.setdefault(sym, kf)
                    result.notes.append("only PTX inside (no SASS); facts from PTX only")
                else:
                    result.notes.append("no CUDA device code found")
    except ToolError as e:
        result.notes.append(f"SASS skipped: {e}")
    result.seconds = time.perf_counter() - t0
    return result


def from_path(path: str, arch: str = "sm_90", flags: list[str] | None = None, *,
              tools: Toolchain | None = None, timeout: float = COMPILE_TIMEOUT_S) -> SassResult:
    """Dispatch on the kind of input: .cu/.cuh source, .ptx text, or a binary."""
    low = path.lower()
    if low.endswith((".cu", ".cuh", ".cpp", ".cc", ".cxx")):
        return from_source(path, arch, flags, tools=tools, timeout=timeout)
    if low.endswith(".ptx"):

        r = SassResult(path, "ptx")
        r.kernels = facts_from_ptx(Path(path).read_text(errors="replace"), None)
        return r
    return from_binary(path, arch, tools=tools)


__all__ = ["KernelFacts", "Loop", "SassResult", "family", "width_bits", "kernel_facts", "facts_from_listing",
           "from_source", "from_binary", "from_path", "cache_dir", "BINARY_SUFFIXES"]
