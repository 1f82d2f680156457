"""What smemlint made of a kernel, for contributors (`smemlint show --ir FILE:KERNEL`): the kernel's
IR as C-like text, one statement a line with its source line, and for each access site the lane
addresses of its costliest request as the evaluator computed them under the kernel's launch.

The text is for reading, not parsing: an expression the printer does not know is shown as its IR
class name with its fields.
"""
from __future__ import annotations

import dataclasses

from . import ir
from .results import KernelResult

_INDENT = "  "


def expression(e: object) -> str:
    """C-like text of an IR expression (`tile[threadIdx.y * 33 + threadIdx.x]`)."""
    if e is None:
        return ""
    if isinstance(e, ir.Const):
        return str(e.value)
    if isinstance(e, ir.FloatConst):
        return "<float>"
    if isinstance(e, ir.Builtin):
        return e.name
    if isinstance(e, (ir.VarRef, ir.LocalField)):
        return e.name
    if isinstance(e, ir.SymbolRef):
        return e.symbol.name
    if isinstance(e, ir.BinOp):
        return f"({expression(e.lhs)} {e.op} {expression(e.rhs)})"
    if isinstance(e, ir.UnOp):
        return f"{e.op}{expression(e.operand)}"
    if isinstance(e, ir.Cast):
        return f"({e.ctype.spelling or e.ctype.kind}){expression(e.operand)}"
    if isinstance(e, ir.Select):
        return f"({expression(e.cond)} ? {expression(e.then)} : {expression(e.other)})"
    if isinstance(e, ir.Call):
        return f"{e.name}({', '.join(expression(a) for a in e.args)})"
    if isinstance(e, ir.Opaque):
        return f"<opaque: {e.reason}>"
    if isinstance(e, ir.Subscript):
        return f"{expression(e.base)}[{expression(e.index)}]"
    if isinstance(e, ir.Deref):
        return f"*{expression(e.pointer)}"
    if isinstance(e, ir.Member):
        return f"{expression(e.base)}{'->' if e.arrow else '.'}@{e.offset}"
    if isinstance(e, ir.AddrOf):
        return f"&{expression(e.lvalue)}"
    if isinstance(e, ir.Access):
        return f"{e.op}#{e.site} {expression(e.lvalue)}"  # a store's value is its Assign's
    if isinstance(e, ir.AsyncCopy):
        return f"cp.async({expression(e.destination)} <- {expression(e.source)})"
    if isinstance(e, ir.FragmentAccess):
        return f"wmma.{e.access.op}.{e.use}.{e.layout}({expression(e.access)}, ldm={expression(e.ldm)})"
    if isinstance(e, ir.Assign):
        return f"{expression(e.target)} = {expression(e.value)}"  # a compound op's value is combined
    if isinstance(e, ir.IncDec):
        return f"{type(e).__name__}({expression(e.target)})"
    if dataclasses.is_dataclass(e):
        return f"{type(e).__name__}(...)"
    return repr(e)


def statements(s: object, depth: int = 0) -> list[str]:
    """One line per statement, indented by nesting, each ending with its source line (`  // L12`)."""
    pad = _INDENT * depth
    line = f"  // L{s.span.line}" if isinstance(s, ir.Stmt) and s.span is not None else ""
    if isinstance(s, ir.Block):
        return [x for b in s.body for x in statements(b, depth)]
    if isinstance(s, ir.Decl):
        init = f" = {expression(s.init)}" if s.init is not None else ""
        return [f"{pad}{s.ctype.spelling or s.ctype.kind} {s.name}{init};{line}"]
    if isinstance(s, ir.ExprStmt):
        return [f"{pad}{expression(s.expr)};{line}"]
    if isinstance(s, ir.If):
        out = [f"{pad}if ({expression(s.cond)}) {{{line}"] + statements(s.then, depth + 1)
        if s.other is not None:
            out += [f"{pad}}} else {{"] + statements(s.other, depth + 1)
        return out + [f"{pad}}}"]
    if isinstance(s, ir.Loop):
        init = "; ".join(x.split("  // ")[0].strip() for x in statements(s.init)) if s.init is not None else ""
        unroll = f" [unroll {s.unroll}]" if s.unroll is not None else ""
        head = f"for ({init.rstrip(';')}; {expression(s.cond)}; {expression(s.step)}){unroll}"
        if s.do_while:
            head = f"do-while ({expression(s.cond)}){unroll}"
        return [f"{pad}{head} {{{line}"] + statements(s.body, depth + 1) + [f"{pad}}}"]
    if isinstance(s, ir.Return):
        return [f"{pad}return {expression(s.value)};{line}".replace("return ;", "return;")]
    if isinstance(s, (ir.Break, ir.Continue)):
        return [f"{pad}{type(s).__name__.lower()};{line}"]
    if isinstance(s, ir.Barrier):
        return [f"{pad}{s.name}();{line}"]
    if isinstance(s, ir.BulkCopy):
        return [f"{pad}<bulk copy {s.instruction}>;{line}"]
    if isinstance(s, ir.Unsupported):
        return [f"{pad}<not analysed: {s.what}>{line}"] + [x for p in s.parts for x in statements(p, depth + 1)]
    return [f"{pad}{type(s).__name__}{line}"]


def kernel_ir(unit: ir.TranslationUnit, kernel: ir.Kernel) -> str:
    """The kernel's IR, its access sites and the device functions it calls, as text."""
    params = ", ".join(f"{p.ctype.spelling or p.ctype.kind} {p.name}" for p in kernel.params)
    out = [f"__global__ {kernel.name}({params})  // {kernel.key}"]
    out += statements(kernel.body, 1)
    sites = {s.id: s for s in kernel.sites}
    used = sorted({e.site for e in ir.walk(kernel.body) if isinstance(e, ir.Access)})
    called = [unit.functions[k] for k in dict.fromkeys(e.function for e in ir.walk(kernel.body)
                                                      if isinstance(e, ir.Call) and e.function in unit.functions)]
    for fn in called:
        out.append(f"__device__ {fn.name}(...)  // {fn.key}")
        out += statements(fn.body, 1)
        used += sorted({e.site for e in ir.walk(fn.body) if isinstance(e, ir.Access)} - set(used))
    out.append("access sites:")
    for sid in used:
        s = sites.get(sid)
        if s is not None:
            out.append(f"  #{sid} {s.op} {s.width} B `{s.text or s.symbol_hint}` at line {s.span.line}"
                       + (f" ({s.instruction})" if s.instruction else ""))
    return "\n".join(out)


def lane_addresses(k: KernelResult) -> str:
    """Each access's costliest request as evaluated: the warp, and the byte address of each lane
    (`-` for a lane that does not take part)."""
    grid = f", grid {k.config.grid}, block index {k.config.block_idx}" if k.config is not None else ""
    out = [f"evaluated under block {k.block}{grid}:"]
    for a in k.accesses:
        worst = a.worst
        head = f"  line {a.line} {a.space or '?'} {a.op} `{a.text or a.symbol}`"
        if worst is None:
            out.append(f"{head}: no request evaluated" + ("" if a.predictable else " (cannot be predicted)"))
            continue
        lanes = " ".join("-" if x is None else str(x) for x in worst.addresses)
        unit = ("wavefront" if a.space == "shared" else "sector") + ("" if worst.wavefronts == 1 else "s")
        out.append(f"{head}: warp {worst.warp}, {worst.wavefronts:g} {unit}; lane addresses: {lanes}")
    return "\n".join(out)
