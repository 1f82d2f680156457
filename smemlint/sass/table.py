"""`smemlint sass FILE`: the per-kernel facts as a readable table, or as JSON (strings only; the CLI prints)."""
from __future__ import annotations

import json

from .. import __version__
from .facts import SassResult

_SHOWN = ("LDS", "LDS.64", "LDS.128", "LDSM", "STS", "STS.64", "STS.128", "LDG.E", "LDG.E.64", "LDG.E.128",
          "STG.E", "STG.E.64", "STG.E.128", "LDC", "ATOMS", "ATOMG", "RED", "BAR.SYNC", "SHFL", "LDL", "STL")


def _num(v) -> str:
    return "?" if v is None else str(v)


def _counts(counts: dict[str, int]) -> str:
    keys = [k for k in _SHOWN if counts.get(k)]
    keys += sorted(k for k in counts if k not in _SHOWN and k.split(".")[0] in (
        "LDS", "STS", "LDG", "STG", "LDL", "STL") and counts[k])
    return "  ".join(f"{k}={counts[k]}" for k in keys) or "(no memory instructions)"


def render_text(results: list[SassResult], lines: bool = False) -> str:
    out: list[str] = []
    for r in results:
        out.append(f"{r.path}: {r.kind.upper() if r.kind != 'none' else 'no SASS'}"
                   f"{' (cached)' if r.cached else ''}, {r.seconds:.2f} s")
        for note in r.notes:
            out.append(f"  note: {note}")
        for kf in r.kernels.values():
            out.append(f"  kernel {kf.name}  [{kf.symbol}]  {kf.arch or '?'}")
            if kf.source == "sass":
                size = f"{kf.instructions} instructions, {kf.bytes} bytes"
                if kf.footprint_bytes != kf.bytes:
                    size += f" ({kf.footprint_bytes} with {', '.join(kf.calls)})"
                out.append(f"    code       {size}")
                out.append(f"    resources  registers {_num(kf.registers)}, shared {_num(kf.shared_bytes)} B, "
                           f"local {_num(kf.local_bytes)} B, stack {_num(kf.stack_bytes)} B, spills "
                           + (f"{kf.spill_stores_bytes} B stored / {kf.spill_loads_bytes} B loaded"
                              if kf.spills_bytes is not None else "?"))
            else:
                out.append(f"    code       {kf.ptx_instructions} PTX instructions")
            out.append(f"    memory     {_counts(kf.counts) if kf.source == 'sass' else _ptx_counts(kf.counts)}")
            for lp in kf.loops:
                where = f"lines {lp.first_line}-{lp.last_line}" if lp.first_line else "no line info"
                size = (f"{lp.bytes} bytes, {lp.instructions} instructions" if not lp.ptx
                        else f"{lp.instructions} PTX instructions{', nounroll' if lp.nounroll else ''}")
                out.append(f"    loop       {'  ' * lp.depth}{size} ({where})")
            if lines and kf.lines:
                for ln, c in sorted(kf.lines.items()):
                    out.append(f"    line {ln:<5} " + "  ".join(f"{fam}={n}" for fam, n in sorted(c.items())))
            if kf.unknown:
                out.append("    unknown    " + "; ".join(kf.unknown))
    return "\n".join(out)


def _ptx_counts(counts: dict[str, int]) -> str:
    keys = [k for k in sorted(counts) if not k.startswith(("ld.param", "pragma"))]
    return "  ".join(f"{k}={counts[k]}" for k in keys) or "(none)"


def render_json(results: list[SassResult]) -> str:
    doc = {"tool": {"name": "smemlint", "version": __version__},
           "files": [{"path": r.path, "kind": r.kind, "notes": r.notes, "seconds": round(r.seconds, 4)}
                     for r in results],
           "kernels": [{"file": r.path, "name": kf.name, "sass": kf.to_dict()}
                       for r in results for kf in r.kernels.values()]}
    return json.dumps(doc, indent=2)
