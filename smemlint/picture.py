"""The lane → bank picture of one warp-level shared request (terminal, hover, `smemlint show`)."""
from __future__ import annotations

from collections.abc import Sequence


def lanes_to_banks(addresses: Sequence[int | None], width: int, wavefronts: int, ideal: int,
                   worst_bank: int | None = None) -> str:
    """32 lanes, the bank each one's first word hits, and the banks that serialise the request."""
    rows = []
    for start in (0, 16):
        lanes = range(start, start + 16)
        rows.append("lane " + " ".join(f"{i:>3}" for i in lanes))
        cells = []
        for i in lanes:
            a = addresses[i] if i < len(addresses) else None
            cells.append("  ." if a is None else f"{(a // 4) % 32:>3}")
        rows.append("bank " + " ".join(cells))
    words_by_bank: dict[int, dict[int, list[int]]] = {}
    for lane, a in enumerate(addresses):
        if a is None:
            continue
        for word in range(a // 4, (a + width - 1) // 4 + 1):
            words_by_bank.setdefault(word % 32, {}).setdefault(word, []).append(lane)
    busiest = sorted(words_by_bank.items(), key=lambda kv: (-len(kv[1]), kv[0]))
    lines = [f"{wavefronts} wavefront(s), ideal {ideal}; {width}-byte accesses ('.' = inactive lane)", *rows]
    for bank, words in busiest[:3]:
        if len(words) < 2:
            break
        mark = "  <- worst" if bank == worst_bank else ""
        first_lanes = ", ".join(str(ls[0]) for ls in list(words.values())[:8])
        more = ", ..." if len(words) > 8 else ""
        lines.append(f"bank {bank:>2}: {len(words)} different words, from lanes {first_lanes}{more}{mark}")
    return "\n".join(lines)


def describe_access(a, path: str) -> str:
    """What `smemlint show FILE:LINE` prints for one access (and what the editor shows on hover):
    its cost, the lane → bank picture of its costliest request, and the assumptions."""
    out = [f"{path}:{a.line}:{a.column}: {a.kernel}: {a.space or '?'} {a.op} of `{a.symbol}` ({a.width_bits}-bit)"]
    w = a.worst
    if not a.predictable or w is None:
        out.append("  " + "; ".join(a.assumptions))
        return "\n".join(out)
    if a.space == "shared":
        c = w.detail
        out.append(f"  {a.wavefronts_per_request:g} wavefronts/request on average; costliest request: warp {w.warp}")
        out.append("  " + lanes_to_banks(w.addresses, a.width_bits // 8, c.wavefronts, c.ideal,
                                         c.worst_bank).replace("\n", "\n  "))
    else:
        out.append(f"  {a.sectors_per_request:g} sectors/request (ideal {a.ideal_sectors_per_request:g}); "
                   f"costliest request: warp {w.warp}, {w.detail.sectors} sectors")
    out.append("  assumptions: " + "; ".join(a.assumptions))
    return "\n".join(out)
