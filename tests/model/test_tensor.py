"""ldmatrix/stmatrix, cp.async and wmma models (model/tensor.py) against the H100 measurements of
benchmarks/accuracy/idioms (truth-sm90.jsonl) and properties that hold for any addresses."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from smemlint.model import shared_wavefronts
from smemlint.model.coalescing import global_sectors
from smemlint.model.tensor import (FRAGMENT_LAYOUTS, async_copy_cost, matrix_address_lanes, matrix_wavefronts,
                                   wmma_global_requests, wmma_requests)

PROPERTY = settings(max_examples=200, deadline=None)
L = range(32)


# (pattern, lane -> row address, measured wavefronts for x1, x2, x4), truth-sm90.jsonl
MATRIX_TRUTH = [
    ("contig16", lambda l: 16 * l, (1, 2, 4)),
    ("stride32", lambda l: 32 * l, (2, 4, 8)),
    ("stride64", lambda l: 64 * l, (4, 8, 16)),
    ("stride128", lambda l: 128 * l, (8, 16, 32)),
    ("pad144", lambda l: 144 * l, (1, 2, 4)),
    ("xor128", lambda l: 128 * l + (l & 7) * 16, (1, 2, 4)),
    ("tile16x16-row128", lambda l: (l % 16) * 128 + (l // 16) * 16, (8, 16, 32)),
    ("tile16x16-row128-xor", lambda l: (l % 16) * 128 + ((l // 16) ^ (l % 8)) * 16, (1, 2, 4)),
    ("tile16x16-row144", lambda l: (l % 16) * 144 + (l // 16) * 16, (1, 2, 4)),
]


@pytest.mark.parametrize("name,addr,measured", MATRIX_TRUTH, ids=[t[0] for t in MATRIX_TRUTH])
def test_matrix_measured(name, addr, measured):
    for count, want in zip((1, 2, 4), measured):
        assert matrix_wavefronts([addr(l) for l in L], count).wavefronts == want


def test_matrix_lanes_supply_rows_in_groups_of_eight():
    assert matrix_address_lanes(2) == (tuple(range(8)), tuple(range(8, 16)))
    with pytest.raises(ValueError):
        matrix_address_lanes(3)


@PROPERTY
@given(st.lists(st.integers(0, 4095), min_size=32, max_size=32), st.sampled_from((1, 2, 4)),
       st.lists(st.integers(0, 4095), min_size=32, max_size=32))
def test_matrix_ignores_lanes_past_its_matrices(rows, count, junk):
    used = 8 * count
    a = [16 * r for r in rows]
    b = a[:used] + [16 * j for j in junk[used:]]
    assert matrix_wavefronts(a, count).wavefronts == matrix_wavefronts(b, count).wavefronts


@PROPERTY
@given(st.lists(st.integers(0, 4095), min_size=32, max_size=32), st.sampled_from((1, 2, 4)))
def test_matrix_cost_bounds(rows, count):
    """Each matrix costs 1 (8 rows of 16 bytes cover 32 banks once at best) to 8 (all rows in the
    same 4 banks); a matrix is one 16-byte-per-lane phase, so an x4 of 32 lanes never costs less
    than an LDS.128 of the same addresses split in quarter-warps would."""
    a = [16 * r for r in rows]
    cost = matrix_wavefronts(a, count)
    assert count <= cost.wavefronts <= 8 * count
    assert cost.ideal == count
    if count == 4:
        assert cost.wavefronts == shared_wavefronts(a, 16, "st").wavefronts


@PROPERTY
@given(st.lists(st.integers(0, 255), min_size=32, max_size=32), st.integers(0, 64))
def test_matrix_shift_by_whole_lines_changes_nothing(rows, lines):
    a = [16 * r for r in rows]
    b = [x + 128 * lines for x in a]
    assert matrix_wavefronts(a, 4) == matrix_wavefronts(b, 4)


# (destination, source, width, measured shared wavefronts, measured global sectors)
ASYNC_TRUTH = [
    ("ca4-contig", lambda l: 4 * l, lambda l: 4 * l, 4, 1, 4),
    ("ca4-dst-stride8", lambda l: 8 * l, lambda l: 4 * l, 4, 2, 4),
    ("ca4-src-stride128", lambda l: 4 * l, lambda l: 128 * l, 4, 32, 32),
    ("ca8-contig", lambda l: 8 * l, lambda l: 8 * l, 8, 2, 8),
    ("ca8-dst-stride16", lambda l: 16 * l, lambda l: 8 * l, 8, 4, 8),
    ("cg16-contig", lambda l: 16 * l, lambda l: 16 * l, 16, 4, 16),
    ("cg16-dst-row128", lambda l: 128 * l, lambda l: 16 * l, 16, 32, 32),
    ("cg16-dst-row128-xor", lambda l: 128 * l + (l & 7) * 16, lambda l: 16 * l, 16, 32, 32),
    ("cg16-dst-row144", lambda l: 144 * l, lambda l: 16 * l, 16, 32, 32),
    ("cg16-src-stride32", lambda l: 16 * l, lambda l: 32 * l, 16, 32, 32),
    ("cg16-tile-rows-xor", lambda l: (l // 8) * 128 + ((l % 8) ^ (l // 8)) * 16,
     lambda l: (l // 8) * 1024 + (l % 8) * 16, 16, 4, 16),
]


@pytest.mark.parametrize("name,dst,src,width,wavefronts,sectors", ASYNC_TRUTH, ids=[t[0] for t in ASYNC_TRUTH])
def test_async_copy_measured(name, dst, src, width, wavefronts, sectors):
    cost = async_copy_cost([dst(l) for l in L], [src(l) for l in L], width)
    assert (cost.wavefronts, cost.sectors) == (wavefronts, sectors)


@PROPERTY
@given(st.lists(st.integers(0, 255), min_size=32, max_size=32),
       st.lists(st.integers(0, 255), min_size=32, max_size=32), st.sampled_from((4, 8, 16)))
def test_async_copy_bounds(dst, src, width):
    d = [width * x for x in dst]
    s = [width * x for x in src]
    cost = async_copy_cost(d, s, width)
    assert cost.ideal <= cost.wavefronts <= 32
    assert cost.ideal_sectors <= cost.sectors
    assert cost.sectors <= 32 * ((width + 31) // 32)
    if width == 16:  # every group reads at least one sector; every other lane one of its own
        assert cost.wavefronts <= cost.sectors


def test_async_copy_inactive_lanes():
    none = [None] * 32
    assert async_copy_cost(none, none, 16).wavefronts == 0
    with pytest.raises(ValueError):
        async_copy_cost([0] * 32, [0] * 32, 2)


WMMA_LOAD_TRUTH = {16: 8, 24: 4, 32: 16, 40: 4, 64: 32, 72: 4}  # row-major A, wavefronts per request
WMMA_STORE_ROW_TRUTH = {16: 4, 20: 4, 24: 2, 32: 8, 36: 4, 64: 8}  # float accumulator, per STS.64
WMMA_STORE_COL_TRUTH = {16: 4, 20: 1}


@pytest.mark.parametrize("use,layout", [("matrix_a", "row"), ("matrix_a", "col"), ("matrix_b", "col"),
                                        ("matrix_b", "row")])
def test_wmma_loads(use, layout):
    for ldm, want in WMMA_LOAD_TRUTH.items():
        (req,) = wmma_requests(use, layout, ldm, 2, "ld")
        assert req.matrices == 4 and req.instruction.startswith("LDSM.16.M")
        assert ("MT88" in req.instruction) == ((use == "matrix_a") == (layout == "col"))
        assert matrix_wavefronts(req.offsets, 4).wavefronts == want


def test_wmma_accumulator_stores():
    for ldm, want in WMMA_STORE_ROW_TRUTH.items():
        reqs = wmma_requests("accumulator", "row", ldm, 4, "st")
        assert [r.instruction for r in reqs] == ["STS.64"] * 4
        assert sum(shared_wavefronts(r.offsets, 8, "st").wavefronts for r in reqs) == 4 * want
    for ldm, want in WMMA_STORE_COL_TRUTH.items():
        reqs = wmma_requests("accumulator", "col", ldm, 4, "st")
        assert len(reqs) == 8
        assert sum(shared_wavefronts(r.offsets, 4, "st").wavefronts for r in reqs) == 8 * want
    reqs = wmma_requests("accumulator", "row", 16, 4, "ld")
    assert sum(shared_wavefronts(r.offsets, 8, "ld").wavefronts for r in reqs) == 16


@PROPERTY
@given(st.integers(16, 256), st.sampled_from(("row", "col")))
def test_wmma_fragment_covers_the_tile_once(ldm, layout):
    """Every element of the 16x16 tile is moved exactly once by one lane of one instruction."""
    reqs = wmma_requests("accumulator", layout, ldm, 4, "st")
    elements = sorted(o + k for r in reqs for o in r.offsets for k in range(0, r.width, 4))
    want = sorted(4 * (i * ldm + j) for i in range(16) for j in range(16))
    assert elements == want
    (load,) = wmma_requests("matrix_a", layout, ldm, 2, "ld")
    rows = sorted(o + k for o in load.offsets for k in range(0, 16, 2))
    assert rows == sorted(2 * (i * ldm + j) for i in range(16) for j in range(16))


def test_wmma_unmeasured_is_none():
    assert wmma_requests("matrix_a", "row", 16, 2, "ld", (32, 8, 16)) is None  # half A of another shape
    assert wmma_requests("matrix_a", "row", 32, 1, "ld", (8, 8, 32)) is None  # 4-bit A (m8n8k32)
    assert wmma_requests("matrix_a", "row", 16, 4, "ld") is None  # a 4-byte A of m16n16k16: no such fragment
    assert wmma_requests("matrix_a", "row", 16, 2, "st") is None  # only accumulators are stored
    assert wmma_global_requests("accumulator", "row", 8, 4, "st") is None  # ldm shorter than a row


WMMA_DIR = Path(__file__).parents[2] / "benchmarks/accuracy/experiments/wmma_fragments"
_USES = {"a": "matrix_a", "b": "matrix_b", "acc": "accumulator"}
_SHAPES = {"m16n16k16": (16, 16, 16), "m16n16k8": (16, 16, 8), "m8n8k4": (8, 8, 4), "m32n8k16": (32, 8, 16),
           "m8n32k16": (8, 32, 16)}
_BYTES = {"f32": 4, "s32": 4, "f16": 2, "f64": 8, "tf32": 4, "u8": 1}


def _fragment_kind(kind: str) -> tuple[str, tuple[int, int, int], int]:
    use, elem, shape = kind.split("_")  # acc_f32_m16n16k16
    return _USES[use], _SHAPES[shape], _BYTES[elem]


def test_wmma_fragments_as_measured():
    """All 2,800 fragment loads and stores of benchmarks/accuracy/experiments/wmma_fragments (H200, one
    warp each): the instructions per warp and their wavefronts (shared) or sectors (global). Through a
    generic pointer the compiler emits the global decomposition (no ldmatrix) and shared memory costs the
    same per instruction."""
    doc = json.loads((WMMA_DIR / "measured-sm90.json").read_text())
    wrong = []
    for kind, space, op, layout, ldm, base, requests, wavefronts, sectors, sass in doc["rows"]:
        use, shape, elem = _fragment_kind(kind)
        how = wmma_requests if space == "shared" else wmma_global_requests
        reqs = how(use, layout, ldm, elem, op, shape)
        if space.startswith("shared"):
            got = sum((matrix_wavefronts([base + o for o in r.offsets], r.matrices) if r.matrices else
                       shared_wavefronts([base + o for o in r.offsets], r.width, r.op)).wavefronts for r in reqs)
            want = wavefronts
        else:
            got = sum(global_sectors([base + o for o in r.offsets], r.width).sectors for r in reqs)
            want = sectors
        named = space.endswith("generic") or reqs[0].instruction == sass  # generic: LD.E / ST.E
        if (got, len(reqs)) != (want, requests) or not named:
            wrong.append((kind, space, op, layout, ldm, base, (got, len(reqs)), (want, requests), sass))
    assert len(doc["rows"]) == 2800 and not wrong, wrong[:10]


def test_fragment_layouts_as_measured():
    """FRAGMENT_LAYOUTS against the element each lane's x[i] held, read back on the H200 (mapping.json:
    the memory index, row-major or col-major with ldm the stored row's length)."""
    for rec in json.loads((WMMA_DIR / "mapping.json").read_text()):
        use, shape, elem = _fragment_kind(rec["kind"])
        frag = FRAGMENT_LAYOUTS[(use, shape, elem)]
        for lane in range(32):
            held = [e for piece in frag.elements(lane) for e in piece]
            index = [(r * rec["ld"] + c) if rec["layout"] == "row" else (c * rec["ld"] + r) for r, c in held]
            got = rec["load"][lane][:len(index)]
            assert got == index, (rec["kind"], rec["layout"], lane)
            assert set(rec["load"][lane]) == set(index)  # a half A/B repeats its 8 elements in x[8..15]


@PROPERTY
@given(st.sampled_from(sorted(FRAGMENT_LAYOUTS)), st.sampled_from(("row", "col")), st.integers(0, 64),
       st.sampled_from(("shared", "global")))
def test_wmma_fragment_moves_each_element_once(key, layout, extra, space):
    """Every element of the stored tile is moved by exactly one lane of one instruction, at any ldm
    (ldmatrix: each row address moves 16 bytes; its ignored lanes past 8 x matrices left out)."""
    use, shape, elem = key
    frag = FRAGMENT_LAYOUTS[key]
    rows, cols = (frag.rows, frag.cols) if layout == "row" else (frag.cols, frag.rows)
    ldm = cols + extra
    ops = ("ld", "st") if use == "accumulator" else ("ld",)
    for op in ops:
        reqs = (wmma_requests if space == "shared" else wmma_global_requests)(use, layout, ldm, elem, op, shape)
        moved = []
        for r in reqs:
            lanes = range(8 * r.matrices) if r.matrices else range(32)
            moved += [r.offsets[lane] + k for lane in lanes for k in range(0, r.width, elem)]
        want = sorted(elem * (i * ldm + j) for i in range(rows) for j in range(cols))
        assert sorted(moved) == want, (key, layout, ldm, space, op)


@pytest.mark.parametrize("ldm", [128, 136, 4096])
def test_half_accumulator_and_global_fragments_cover_the_tile(ldm):
    """Each lane moves a half2 of one row: 4 instructions of 4 bytes per lane cover the 16x16 halves."""
    want = sorted(2 * (i * ldm + j) for i in range(16) for j in range(16))
    for reqs in (wmma_requests("accumulator", "row", ldm, 2, "st"),
                 wmma_global_requests("matrix_a", "row", ldm, 2, "ld"),
                 wmma_global_requests("matrix_b", "col", ldm, 2, "ld"),
                 wmma_global_requests("accumulator", "row", ldm, 2, "st")):
        assert len(reqs) == 4 and {r.width for r in reqs} == {4}
        assert sorted(o + k for r in reqs for o in r.offsets for k in (0, 2)) == want
    # measured on the H100 (cuda_hgemm's wmma HGEMMs): 8 wavefronts per request at ldm 128, 1 at 136
    cost = [shared_wavefronts(r.offsets, 4, "st").wavefronts for r in wmma_requests("accumulator", "row", ldm, 2, "st")]
    assert cost == {128: [8] * 4, 136: [1] * 4, 4096: [8] * 4}[ldm]


def test_async_copy_into_rows_padded_by_16_bytes():
    """fixtures/tensor_tile_loader.cu loaderPadded: measured 10.5 wavefronts and 24 sectors per
    request (its two kinds of warp: rows 0-3 and 4-7 of 144-byte rows cost 10 and 11)."""
    src = [(l // 8) * 2048 + (l % 8) * 16 for l in L]
    first = async_copy_cost([(l // 8) * 144 + (l % 8) * 16 for l in L], src, 16)
    second = async_copy_cost([(l // 8 + 4) * 144 + (l % 8) * 16 for l in L], src, 16)
    assert (first.wavefronts + second.wavefronts, first.sectors, second.sectors) == (21, 24, 24)
    assert async_copy_cost([(l // 8) * 128 + (l % 8) * 16 for l in L], src, 16).wavefronts == 4


def test_async_copy_rows_as_measured():
    """Every layout of benchmarks/accuracy/experiments/cp_async_rows (384, one warp each)."""
    path = Path(__file__).parents[2] / "benchmarks/accuracy/experiments/cp_async_rows/measured-sm90.json"
    wrong = []
    for m in json.loads(path.read_text()):
        per, pitch = m["rowbytes"] // 16, m["rowbytes"] + m["pad"]
        cost = async_copy_cost([m["off"] + (l // per) * pitch + (l % per) * 16 for l in L],
                               [(l // per) * m["srcpitch"] + (l % per) * 16 for l in L], 16)
        if (cost.wavefronts, cost.sectors) != (m["wavefronts"], m["sectors"]):
            wrong.append((m, cost.wavefronts, cost.sectors))
    assert not wrong, wrong[:5]


def test_async_copy_into_padded_and_rotated_rows():
    """The tile loaders of benchmarks/accuracy/llm, measured on the H100: LeetCUDA hgemm_mma_stage's
    32-byte rows at a 48-byte pitch (24 wavefronts) and 256-byte rows at 272 (8, 12, 12, 10 by the
    warp's alignment: 10.5 measured); cuda_hgemm's 64-byte rows at 80 (15) and its chunks rotated
    within 64-byte rows (12); all 24 sectors where 16 would do."""
    def rows(row, pitch, off=0, src_pitch=2048):
        per = row // 16
        return ([off + (l // per) * pitch + (l % per) * 16 for l in L],
                [(l // per) * src_pitch + (l % per) * 16 for l in L])

    cases = [(rows(32, 48), 24), (rows(64, 80), 15)]
    cases += [(rows(256, 272, off), w) for off, w in ((0, 8), (32, 12), (64, 12), (96, 10))]
    rotated = [(l // 4) * 64 + (((l % 4) + (l // 8)) % 4) * 16 for l in L]  # rows 2r, 2r+1 turned by r chunks
    cases.append(((rotated, [(l // 4) * 2048 + (l % 4) * 16 for l in L]), 12))
    for (dst, src), wavefronts in cases:
        cost = async_copy_cost(dst, src, 16)
        assert (cost.wavefronts, cost.sectors) == (wavefronts, 24), (dst[:8], cost)


# benchmarks/accuracy/pending/cpasync_patterns.cu and cpasync_patterns2.cu on the H100 (2026-11-27):
# (destination offset, source offset, width, .ca?) per lane l -> (wavefronts, sectors)
ASYNC_TRUTH_2 = [
    ("ca4-dst-s8", lambda l: 32 * l, lambda l: 4 * l, 4, True, 8, 4),
    ("ca4-dst-s33", lambda l: 132 * l, lambda l: 4 * l, 4, True, 1, 4),
    ("ca4-dst-same", lambda l: 0, lambda l: 4 * l, 4, True, 32, 4),
    ("ca4-src-same", lambda l: 4 * l, lambda l: 0, 4, True, 32, 1),
    ("ca4-src-s2", lambda l: 4 * l, lambda l: 8 * l, 4, True, 2, 8),
    ("ca4-dst-off4", lambda l: 4 * l + 4, lambda l: 4 * l, 4, True, 1, 4),
    # each source bank's lowest pending lane, then those whose destination bank is free: 3, not 2
    ("ca4-dst-pairs-src-half16", lambda l: 4 * (l // 2), lambda l: 4 * (l % 16), 4, True, 3, 2),
    ("ca8-src-s2", lambda l: 8 * l, lambda l: 16 * l, 8, True, 4, 16),
    ("ca8-dst-s4-src-s2", lambda l: 32 * l, lambda l: 16 * l, 8, True, 8, 16),
    ("cg16-dst-s2", lambda l: 32 * l, lambda l: 16 * l, 16, False, 32, 32),
    ("cg16-both-s2", lambda l: 32 * l, lambda l: 32 * l, 16, False, 8, 32),
    ("cg16-dst-same", lambda l: 0, lambda l: 16 * l, 16, False, 1, 1),
    ("ca16-dst-row128", lambda l: 128 * l, lambda l: 16 * l, 16, True, 32, 16),
    ("cg16-shift16", lambda l: 16 * l + 16, lambda l: 16 * l, 16, False, 12, 32),
    ("cg16-shift48", lambda l: 16 * l + 48, lambda l: 16 * l, 16, False, 16, 32),
    ("cg16-shift64", lambda l: 16 * l + 64, lambda l: 16 * l, 16, False, 8, 16),
    ("cg16-src-shift48", lambda l: 16 * l, lambda l: 16 * l + 48, 16, False, 16, 32),
    ("cg16-rows144", lambda l: (l // 8) * 144 + (l % 8) * 16, lambda l: 16 * l, 16, False, 10, 24),
    ("cg16-rows160", lambda l: (l // 8) * 160 + (l % 8) * 16, lambda l: 16 * l, 16, False, 7, 16),
]


@pytest.mark.parametrize("name,dst,src,width,ca,wavefronts,sectors", ASYNC_TRUTH_2, ids=[t[0] for t in ASYNC_TRUTH_2])
def test_async_copy_measured_patterns(name, dst, src, width, ca, wavefronts, sectors):
    cost = async_copy_cost([4096 + dst(l) for l in L], [src(l) for l in L], width, cache_global=ca)
    assert (cost.wavefronts, cost.sectors) == (wavefronts, sectors)


def test_async_copy_partial_warps_as_measured():
    def part(n, width, ca=False, zero_fill=False):
        d = [width * l if (zero_fill or l < n) else None for l in L]
        reads = [l < n for l in L] if zero_fill else None
        cost = async_copy_cost(d, list(d), width, cache_global=ca, predicated_off=0 if zero_fill else 32 - n,
                               reads=reads)
        return cost.wavefronts, cost.sectors
    # 16-byte .cg: each guarded-off lane counts one wavefront and one sector
    assert [part(n, 16) for n in (8, 16, 24)] == [(25, 28), (18, 24), (11, 20)]
    assert part(8, 16, ca=True) == (1, 4)  # .ca does not
    assert part(8, 4, ca=True) == (1, 1)
    # zero fill (src-size 0): the destination is written, nothing read
    assert part(8, 16, zero_fill=True) == (4, 4) and part(16, 16, zero_fill=True) == (4, 8)
    assert part(8, 4, ca=True, zero_fill=True) == (1, 1)


def test_cp_async_measurements_are_exact() -> None:
    from measured import judged
    for program, least in (("cpasync", 250), ("cpasync2", 110)):
        rows = judged(program)
        assert len(rows) >= least
        assert [r for r in rows if r["verdict"] != "exact"] == []
