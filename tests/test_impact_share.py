"""Each bank-conflict or sector finding says what share of its kernel's shared wavefronts or global
sectors its access accounts for (issue 26 item 8): a conflict in the hot loop takes most of the
kernel's wavefronts, a one-off conflict before it a small part."""
from __future__ import annotations

from pathlib import Path

from smemlint.config import Settings
from smemlint.lint import lint_file

SOURCE = """__global__ void hot_and_cold(float *out)
{
    __shared__ float tile[32][32];
    tile[threadIdx.y][threadIdx.x] = 1.0f;
    __syncthreads();
    float once = tile[threadIdx.x][0];
    float acc = 0.0f;
    for (int k = 0; k < 64; ++k)
        acc += tile[threadIdx.x][k % 32];
    out[threadIdx.y * 32 + threadIdx.x] = acc + once;
}
int main() { hot_and_cold<<<64, dim3(32, 32)>>>(0); }
"""


def test_hot_loop_outweighs_one_off(tmp_path: Path) -> None:
    f = tmp_path / "k.cu"
    f.write_text(SOURCE)
    r = lint_file(str(f), Settings(select=("SMEM001",)))
    sites = [s for d in r.diagnostics for s in (d.sites or [d])]  # one cause: the two lines are one finding
    share = {s.line: s.facts.get("share") for s in sites}
    assert set(share) == {6, 9}, [d.message for d in r.diagnostics]
    assert share[9] > 0.9 and share[6] < 0.05, share
    assert all(s.facts.get("share_of") == "shared wavefronts" for s in sites)

    (finding,) = r.diagnostics
    assert finding.facts["share"] == round(share[6] + share[9], 4)  # the cause: both sites together
