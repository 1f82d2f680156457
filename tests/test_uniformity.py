"""The uniformity analysis and the control-flow graph, on small kernels (real libclang, bundled header)."""
from __future__ import annotations

from pathlib import Path

from smemlint import ir
from smemlint.config import Settings
from smemlint.analysis import analyze_file
from smemlint.symbolic.cfg import CFG
from smemlint.symbolic.uniformity import BLOCK, LANE, WARP, KernelUniformity

SOURCE = """
__device__ int twice(int v) { return 2 * v; }
__global__ void k(float *out, const int *keys, int n)
{
    int tid = threadIdx.x;
    int gid = blockIdx.x * blockDim.x + threadIdx.x;
    int warp = threadIdx.x / 32;
    int lane = threadIdx.x % 32;
    int blk = twice(blockIdx.x);
    int mine = twice(tid);
    int key = keys[gid];
    int shared_key = keys[blockIdx.x];
    int flag = 0;
    if (tid == 0) flag = 1;
    int steps = 0;
    for (int i = 0; i < n; ++i) steps += 1;
    out[gid] = tid + gid + warp + lane + blk + mine + key + shared_key + flag + steps;
}
"""


def _kernel(tmp_path: Path):
    p = tmp_path / "k.cu"
    p.write_text(SOURCE)
    r = analyze_file(str(p), Settings(cuda_headers="bundled"))
    assert r.status == "ok" and r.unit is not None
    return r.unit, r.unit.kernels[0]


def _decls(body: ir.Stmt) -> dict[str, ir.Decl]:
    out, stack = {}, [body]
    while stack:
        s = stack.pop()
        if isinstance(s, ir.Block):
            stack.extend(s.body)
        elif isinstance(s, ir.Loop):
            stack.extend(x for x in (s.init, s.body) if x is not None)
        elif isinstance(s, ir.Decl):
            out[s.name] = s
    return out


def test_levels(tmp_path: Path) -> None:
    unit, kernel = _kernel(tmp_path)
    un = KernelUniformity(unit, kernel)
    decls = _decls(kernel.body)
    level = {name: un.env[kernel.key][d.var] for name, d in decls.items() if d.var in un.env[kernel.key]}
    assert level["tid"].level == LANE and not level["tid"].data
    assert level["gid"].level == LANE
    assert level["warp"].level == WARP  # threadIdx.x / 32
    assert level["lane"].level == LANE
    assert level["blk"].level == BLOCK  # through a helper, from blockIdx
    assert level["mine"].level == LANE  # the same helper, from threadIdx
    assert level["key"].level == LANE and level["key"].data  # loaded at a lane-varying address
    assert level["shared_key"].level == BLOCK  # loaded at a block-uniform address
    assert level["flag"].level == LANE  # assigned under a thread-dependent condition
    assert level["steps"].level == BLOCK  # loop bounded by a parameter


def test_cfg_control_dependence_and_paths(tmp_path: Path) -> None:
    unit, kernel = _kernel(tmp_path)
    g = CFG(kernel.body)
    branches = list(g.nodes("branch"))
    assert len(branches) == 2  # the if and the loop test
    stmts = [n for n in g.nodes("stmt") if isinstance(g.stmt(n), ir.ExprStmt)]
    last = max(stmts, key=lambda n: g.stmt(n).span.line)
    assert g.control_deps(last) == set()  # the final store runs whatever the branches decide
    loop_head = next(b for b in branches if isinstance(g.stmt(b), ir.Loop))
    body = next(n for n in stmts if loop_head in g.control_deps(n))
    assert g.path_avoiding(body, body, set())  # the loop body reaches itself through the back edge
    assert not g.path_avoiding(body, body, {loop_head})
