"""`smemlint show --ir FILE:KERNEL`: the kernel's IR and the evaluated lane addresses, for
contributors (issue 25 item 5), on a fixture whose numbers the suite checks elsewhere."""
from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner

from smemlint.cli import main

FIXTURE = str(Path(__file__).resolve().parent.parent / "fixtures" / "transpose_smem.cu")


def test_ir_and_lane_addresses_of_a_transpose() -> None:
    r = CliRunner().invoke(main, ["show", "--ir", f"{FIXTURE}:stagedTranspose32"])
    assert r.exit_code == 0, r.output
    lines = r.output.splitlines()
    assert lines[0].startswith("__global__ stagedTranspose32(float * out, const float * in, int nrows, int ncols)")
    # the loop and the barrier, each with its source line
    assert "  for (int j = 0; (j < 32); j = (j + 8)) {  // L69" in lines
    assert "  __syncthreads();  // L72" in lines
    # the transposed read of the unpadded tile: lanes 128 bytes apart, 32 wavefronts
    read = next(x for x in lines if x.startswith("  line 76 shared ld"))
    assert "32 wavefronts" in read
    assert read.split("lane addresses: ")[1].split()[:3] == ["0", "128", "256"]
    write = next(x for x in lines if x.startswith("  line 70 shared st"))
    assert "1 wavefront;" in write and write.split("lane addresses: ")[1].split()[:3] == ["0", "4", "8"]


def test_an_unknown_kernel_names_the_ones_there() -> None:
    r = CliRunner().invoke(main, ["show", "--ir", f"{FIXTURE}:noSuchKernel"])
    assert r.exit_code == 1
    assert "no kernel `noSuchKernel` analysed" in r.output and "stagedTranspose32" in r.output
