"""SASS text → plain data: `nvdisasm -gi -c` and `cuobjdump -sass` listings, resource usage.

Nothing here runs a tool; `facts.py` does, and hands the text to these functions,
so they are tested on committed captures (tests/data/*.sass.txt).
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field


@dataclass(frozen=True)
class Instr:
    offset: int
    opcode: str  # with modifiers: "LDS.128", "BAR.SYNC.DEFER_BLOCKING"
    predicate: str  # "@!P0" or ""
    operands: str
    file: str | None = None
    line: int | None = None
    inlined_at: tuple[tuple[str, int], ...] = ()  # call sites, innermost first
    target: int | None = None  # branch / call target offset within the function
    target_symbol: str | None = None  # CALL to another function

    @property
    def mnemonic(self) -> str:
        return self.opcode.split(".", 1)[0]

    def lines_in(self, path_key: str) -> list[int]:
        """Source lines of `path_key`'s file this instruction belongs to (own line, then call sites)."""
        out = []
        if self.line is not None and self.file is not None and same_file(self.file, path_key):
            out.append(self.line)
        out += [ln for f, ln in self.inlined_at if same_file(f, path_key)]
        return out


@dataclass
class Function:
    name: str  # the mangled symbol
    entry: bool = True  # a __global__ kernel (STO_CUDA_ENTRY); False: a called device function
    instrs: list[Instr] = field(default_factory=list)
    arch: str | None = None


def same_file(a: str, b: str) -> bool:
    """Paths from line info are as nvcc saw them; compare by normalised path, else by name."""
    import os

    na, nb = os.path.normpath(a), os.path.normpath(b)
    if na == nb:
        return True
    if os.path.isabs(na) and os.path.isabs(nb):
        return os.path.realpath(na) == os.path.realpath(nb)
    return os.path.basename(na) == os.path.basename(nb)


_INSTR = re.compile(r"^\s*/\*([0-9a-fA-F]{4,})\*/\s+(.*?)\s*;")
_PRED = re.compile(r"^(@!?U?P[T0-9]+)\s+")
_LINEINFO = re.compile(r'//##\s*File\s+"([^"]*)",\s*line\s+(\d+)(.*)$')
_INLINED = re.compile(r'inlined at\s+"([^"]*)",\s*line\s+(\d+)')
_SECTION = re.compile(r"^//-+\s+\.text\.(\S+)\s+-+")
_LABEL = re.compile(r"^(\.?[A-Za-z_$][\w.$]*):\s*$")
_LABEL_REF = re.compile(r"`\(([^)]+)\)")
_HEX_TARGET = re.compile(r"^(?:.*?,\s*)?(0x[0-9a-fA-F]+)\s*$")
_TARGET_ARCH = re.compile(r"\.target\s+(sm_\d+[af]?)")
_CUOBJDUMP_FN = re.compile(r"^\s*Function\s*:\s*(\S+)")
_BRANCHES = {"BRA", "BRX", "JMP", "JMX", "CALL", "BSSY"}


def _split(body: str) -> tuple[str, str, str]:
    pred = ""
    m = _PRED.match(body)
    if m:
        pred, body = m.group(1), body[m.end():]
    parts = body.split(None, 1)
    return pred, parts[0], (parts[1].strip() if len(parts) > 1 else "")


def parse_nvdisasm(text: str) -> list[Function]:
    """Functions of an `nvdisasm -c [-g|-gi]` listing, labels resolved to offsets."""
    functions: list[Function] = []
    arch = None
    cur: Function | None = None
    pending: list[tuple[int, str, str, str, str | None, int | None, tuple]] = []
    labels: dict[str, int] = {}
    waiting_labels: list[str] = []
    where: tuple[str | None, int | None, tuple] = (None, None, ())
    after_lineinfo = False  # the previous line was a line-info comment

    def close() -> None:
        if cur is None:
            return
        for lab in waiting_labels:
            labels.setdefault(lab, (pending[-1][0] + 16) if pending else 0)
        for off, pred, op, operands, f, ln, inl in pending:
            target = sym = None
            ref = _LABEL_REF.search(operands)
            if ref and op.split(".")[0] in _BRANCHES:
                name = ref.group(1)
                if name in labels:
                    target = labels[name]
                else:
                    sym = name
            cur.instrs.append(Instr(off, op, pred, operands, f, ln, inl, target, sym))

    for raw in text.splitlines():
        m = _TARGET_ARCH.search(raw)
        if m and raw.lstrip().startswith(".target"):
            arch = m.group(1)
            continue
        m = _SECTION.match(raw)
        if m:
            close()
            cur = Function(m.group(1), entry=False, arch=arch)
            functions.append(cur)
            pending, labels, waiting_labels = [], {}, []
            where = (None, None, ())
            continue
        if cur is None:
            continue
        s = raw.strip()
        if s.startswith(".other") and "STO_CUDA_ENTRY" in s:
            cur.entry = True
            continue
        m = _LINEINFO.search(raw)
        if m:
            inl = tuple((f, int(ln)) for f, ln in _INLINED.findall(m.group(3)))
            here = (m.group(1), int(m.group(2)))
            if after_lineinfo and where[2] and here == where[2][-1]:
                # `nvdisasm -gi` follows `line 2 inlined at ..., line 8` with the outer frame's own
                # `line 8` (itself `inlined at` the next call out when the chain is deeper): the
                # instruction is still line 2's (the innermost, as ncu shows it), called from each frame
                where = (where[0], where[1], where[2] + inl)
                continue
            where = (*here, inl)
            after_lineinfo = True
            continue
        after_lineinfo = False
        m = _INSTR.match(raw)
        if m:
            off = int(m.group(1), 16)
            for lab in waiting_labels:
                labels[lab] = off
            waiting_labels = []
            pred, op, operands = _split(m.group(2))
            pending.append((off, pred, op, operands, *where))
            continue
        m = _LABEL.match(s)
        if m and not s.startswith(".text."):
            waiting_labels.append(m.group(1))
            continue
        if s.startswith(".text.") and s.endswith(":"):
            continue
    close()
    return functions


def parse_cuobjdump_sass(text: str) -> list[Function]:
    """Functions of a `cuobjdump -sass` listing (no line info; branch targets are hex offsets)."""
    functions: list[Function] = []
    cur: Function | None = None
    arch = None
    for raw in text.splitlines():
        m = _TARGET_ARCH.search(raw)
        if m:
            arch = m.group(1)
            continue
        m = _CUOBJDUMP_FN.match(raw)
        if m:
            cur = Function(m.group(1), entry=True, arch=arch)
            functions.append(cur)
            continue
        if cur is None:
            continue
        m = _INSTR.match(raw)
        if not m:
            continue
        pred, op, operands = _split(m.group(2))
        target = None
        if op.split(".")[0] in _BRANCHES:
            t = _HEX_TARGET.match(operands)
            if t:
                target = int(t.group(1), 16)
        cur.instrs.append(Instr(int(m.group(1), 16), op, pred, operands, target=target))
    return functions


_RES_FN = re.compile(r"^\s*Function\s+(\S+?):\s*$")
_RES_KV = re.compile(r"([A-Z_]+(?:\[\d+\])?):(\d+)")


def parse_res_usage(text: str) -> dict[str, dict[str, int]]:
    """`cuobjdump -res-usage`: {function: {"REG": n, "STACK": n, "SHARED": n, "LOCAL": n, ...}}."""
    out: dict[str, dict[str, int]] = {}
    cur = None
    for raw in text.splitlines():
        m = _RES_FN.match(raw)
        if m:
            cur = m.group(1)
            out[cur] = {}
            continue
        if cur is not None and "REG:" in raw:
            out[cur].update({k: int(v) for k, v in _RES_KV.findall(raw)})
            cur = None
    return out


_PTXAS_FN = re.compile(r"(?:Compiling entry function|Function properties for)\s+'?([\w$.]+)'?")
_PTXAS_FRAME = re.compile(r"(\d+) bytes stack frame, (\d+) bytes spill stores, (\d+) bytes spill loads")
_PTXAS_USED = re.compile(r"Used (\d+) registers(?:, used (\d+) barriers)?(?:.*?(\d+) bytes smem)?")


def parse_ptxas_info(text: str) -> dict[str, dict[str, int]]:
    """`ptxas -v` (nvcc -Xptxas -v): registers, stack frame and spill bytes per function."""
    out: dict[str, dict[str, int]] = {}
    cur = None
    for raw in text.splitlines():
        m = _PTXAS_FN.search(raw)
        if m:
            cur = m.group(1)
            out.setdefault(cur, {})
            continue
        if cur is None:
            continue
        m = _PTXAS_FRAME.search(raw)
        if m:
            out[cur].update(stack_frame=int(m.group(1)), spill_stores=int(m.group(2)),
                            spill_loads=int(m.group(3)))
            continue
        m = _PTXAS_USED.search(raw)
        if m:
            out[cur]["registers"] = int(m.group(1))
            if m.group(2):
                out[cur]["barriers"] = int(m.group(2))
            if m.group(3):
                out[cur]["smem"] = int(m.group(3))
    return out


__all__ = ["Instr", "Function", "parse_nvdisasm", "parse_cuobjdump_sass", "parse_res_usage",
           "parse_ptxas_info", "same_file"]
