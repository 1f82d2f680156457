"""Replaying a loop run with the same inputs (Interpreter.exec_loop) gives what running it gives."""
from __future__ import annotations

from pathlib import Path

import pytest

from smemlint.config import Settings
from smemlint.lint import lint_file
from smemlint.symbolic import interp
from smemlint.symbolic.interp import Interpreter

FIXTURES = Path(__file__).parent.parent / "fixtures"


class _NoReplay(Interpreter):
    exec_loop = Interpreter._run_loop


def _stats(it: Interpreter) -> list:
    out = []
    for sid, st in sorted(it.stats.items()):
        worst = None if st.worst is None else (st.worst.wavefronts, st.worst.warp, st.worst.addresses)
        rows = None if st.row_requests is None else (st.row_requests.tolist(), st.row_cost.tolist(),
                                                     st.row_unpredictable.tolist())
        out.append((sid, st.symbol, st.space, st.width, st.executions, st.requests, st.wavefronts, st.ideal,
                    st.sectors, st.ideal_sectors, st.bytes_requested, st.distinct_bytes, st.unpredictable,
                    sorted(st.notes), worst, st.constant_distinct, rows))
    return [out, sorted(it.notes), sorted(it.params_read), it.steps]


def _both(unit, kernel, config, **kw):
    a = Interpreter(unit, kernel, config, **kw)
    a.run()
    b = _NoReplay(unit, kernel, config, **kw)
    b.run()
    return a, b


TILED = """
template <int BS>
__global__ void mm(const float *A, const float *B, float *C, int n)
{
    __shared__ float As[BS][BS];
    __shared__ float Bs[BS][BS + 1];
    int row = blockIdx.y * BS + threadIdx.y, col = blockIdx.x * BS + threadIdx.x;
    float acc = 0.0f;
    for (int k0 = 0; k0 < n; k0 += BS) {
        As[threadIdx.y][threadIdx.x] = A[row * n + k0 + threadIdx.x];
        Bs[threadIdx.y][threadIdx.x] = B[(k0 + threadIdx.y) * n + col];
        __syncthreads();
        for (int k = 0; k < BS; ++k) {
            if (threadIdx.x < (n & 7) + 3)
                continue;
            acc += As[threadIdx.y][k] * Bs[k][threadIdx.x];
        }
        for (int j = 0; j < 3; ++j)
            if (k0 > 64) break; else acc += As[j][threadIdx.x];
        __syncthreads();
    }
    C[row * n + col] = acc;
}
void go(const float *a, const float *b, float *c, int n) { mm<16><<<dim3(4, 4), dim3(16, 16)>>>(a, b, c, n); }
"""


@pytest.mark.parametrize("name", sorted(p.name for p in FIXTURES.glob("*.cu")))
def test_replay_equals_running_on_the_fixtures(name) -> None:
    result = lint_file(str(FIXTURES / name), Settings(cuda_headers="bundled"))
    for k in result.kernels:
        a, b = _both(result.unit, k.ir, k.config)
        assert _stats(a) == _stats(b), k.name


def test_replay_equals_running_in_a_tiled_kernel_and_its_sweep(tmp_path) -> None:
    src = tmp_path / "mm.cu"
    src.write_text(TILED)
    result = lint_file(str(src), Settings(cuda_headers="bundled"))
    (k,) = result.kernels
    a, b = _both(result.unit, k.ir, k.config)
    assert _stats(a) == _stats(b)
    assert a._loop_memo  # the inner loops were replayed
    a, b = _both(result.unit, k.ir, k.config, sweep="n")
    assert _stats(a) == _stats(b)


def test_a_replay_that_would_cross_the_step_budget_runs_for_real(tmp_path, monkeypatch) -> None:
    src = tmp_path / "mm.cu"
    src.write_text(TILED)
    result = lint_file(str(src), Settings(cuda_headers="bundled"))
    (k,) = result.kernels
    monkeypatch.setattr(interp, "STEP_BUDGET", 5000)
    a, b = _both(result.unit, k.ir, k.config)
    assert any("analysis stopped after" in t for _, _, t in a.notes)
    assert _stats(a) == _stats(b)
