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


# a strided load in a 512-trip loop and a strided store once after it by one warp: two findings,
# one hot and one a one-off (under 1% of the kernel's sectors)
TWO = """__global__ void hot_load_cold_store(float *out, const float *in)
{
    float acc = 0.0f;
    for (int k = 0; k < 512; ++k)
        acc += in[threadIdx.x * 512 + k];
    if (threadIdx.x < 32)
        out[threadIdx.x * 512] = acc;
}
int main() { hot_load_cold_store<<<64, 256>>>(0, 0); }
"""


def _two(tmp_path: Path):
    f = tmp_path / "k.cu"
    f.write_text(TWO)
    return f, lint_file(str(f), Settings(select=("GMEM001",)))


def test_sarif_rank_follows_the_share(tmp_path: Path) -> None:
    import json
    import subprocess
    import sys

    from test_sarif import _validate

    f, _ = _two(tmp_path)
    p = subprocess.run([sys.executable, "-m", "smemlint", "check", "--format", "sarif", "--no-cache", f.name],
                       cwd=tmp_path, capture_output=True, text=True, timeout=300)
    doc = json.loads(p.stdout)
    _validate(doc)
    ranks = {r["locations"][0]["physicalLocation"]["region"]["startLine"]: r["rank"] for r in doc["runs"][0]["results"]}
    assert set(ranks) == {5, 7}, ranks
    assert ranks[5] > 99 and ranks[7] < 1, ranks


def test_min_impact_hides_the_one_off(tmp_path: Path) -> None:
    import subprocess
    import sys

    f, _ = _two(tmp_path)

    def lines(*extra: str) -> list[str]:
        p = subprocess.run([sys.executable, "-m", "smemlint", "check", "-q", "--no-cache", "--exit-zero",
                            "--select", "GMEM001", *extra, f.name], cwd=tmp_path, capture_output=True, text=True,
                           timeout=300)
        return [ln.split(":")[1] for ln in p.stdout.splitlines() if "GMEM001" in ln]

    assert lines() == ["5", "7"]
    assert lines("--min-impact", "1%") == ["5"]
    assert lines("--min-impact", "0.0001") == ["5", "7"]
    p = subprocess.run([sys.executable, "-m", "smemlint", "check", "--min-impact", "2", f.name], cwd=tmp_path,
                       capture_output=True, text=True, timeout=120)
    assert p.returncode == 2 and "between 0 and 1" in p.stderr


def test_lsp_puts_the_hot_loop_first_and_hints_the_one_off(tmp_path: Path) -> None:
    from smemlint.lsp.server import to_lsp

    f, r = _two(tmp_path)
    out = [d for d in to_lsp(r, TWO) if d.get("code") == "GMEM001"]
    assert [d["range"]["start"]["line"] + 1 for d in out] == [5, 7]
    assert [d["severity"] for d in out] == [2, 4]  # a warning, and a hint for the one-off


# the one-off first in the file (every warp stores once: over 1%, still a warning), the hot loop
# after it: the editor lists the hot loop first
REVERSED = """__global__ void cold_store_hot_load(float *out, const float *in)
{
    out[threadIdx.x * 512] = 0.0f;
    float acc = 0.0f;
    for (int k = 0; k < 512; ++k)
        acc += in[threadIdx.x * 512 + k];
    out[threadIdx.x * 512 + 1] = acc;
}
int main() { cold_store_hot_load<<<64, 256>>>(0, 0); }
"""


def test_lsp_orders_equal_severities_by_share(tmp_path: Path) -> None:
    from smemlint.lsp.server import to_lsp

    f = tmp_path / "k.cu"
    f.write_text(REVERSED)
    r = lint_file(str(f), Settings(select=("GMEM001",)))
    out = [d for d in to_lsp(r, REVERSED) if d.get("code") == "GMEM001"]
    assert [d["severity"] for d in out] == [2, 2], [d["message"] for d in out]
    assert out[0]["range"]["start"]["line"] + 1 == 6, [d["range"] for d in out]
