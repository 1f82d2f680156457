"""The line nvcc's line table gives an access written over several lines (`instruction_line`).

Nsight Compute's per-line view counts an instruction on the line of nvcc's line table, not on the
line an expression starts: SGEMM_CUDA's `reinterpret_cast<float4 *>(\\n &C[...])[0]` loads were
measured on their second line, and the float4 store `...[0] =\\n tmp;` on the line of `tmp`
(benchmarks/accuracy/realprograms). The rule (extract.instruction_line) was read off nvcc 13.0's
line table (`nvdisasm -g`); the first test pins it down without tools, the second checks it against
the line table nvcc really writes, where nvcc is installed.
"""
from __future__ import annotations

import pytest

from smemlint.config import Settings
from smemlint.lint import lint_file
from smemlint.sass.tools import Toolchain

KERNEL = r"""
#define LOAD_INTO(dst, src) dst = src
#define LDS_ASM(r, addr) asm volatile("ld.shared.f32 %0, [%1];" : "=f"(r) : "r"(addr))
#define F4(x) (reinterpret_cast<float4 *>(&(x))[0])
__global__ void lines(float *A, float *C, float4 *V) {
    __shared__ float S[1024];
    int t = threadIdx.x;
    S[t] = A[t];                                    // ONE_LINE
    __syncthreads();
    float x = *(S +                                 // DEREF_START
                t + 1);                             // DEREF_END
    float y = S[t                                   // SUB_START
                + 2] *                              // SUB_END
              2.0f;
    C[t + 32]                                       // COMPOUND_LHS
        += x + y;                                   // COMPOUND_RHS
    float4 w = V[                                   // VEC_START
        t];                                         // VEC_END
    C[t + 64] = w.x + w.                            // STORE_LHS
        y;
    reinterpret_cast<float4 *>(                     // STRUCT_STORE_START
        &V[t + 64])[0] =                            // STRUCT_STORE_LHS_END
        w;                                          // STRUCT_STORE_RHS
    float z, q;
    LOAD_INTO(z,                                    // MACRO_START
              S[t + 3]);                            // MACRO_END
    LDS_ASM(q,                                      // ASM_START
            (unsigned)__cvta_generic_to_shared(&S[t + 4]));
    C[t + 96] = z + q;
    F4(V[t + 96]) =                                 // MACRO_COPY_LHS
        F4(V[t + 128]);                             // MACRO_COPY_RHS
}
int main() { lines<<<1, 32>>>(0, 0, 0); }
"""


def _line(tag: str) -> int:
    return next(i for i, text in enumerate(KERNEL.splitlines(), 1) if text.rstrip().endswith("// " + tag))


def _accesses(tmp_path, settings: Settings):
    path = tmp_path / "lines.cu"
    path.write_text(KERNEL)
    r = lint_file(str(path), settings)
    assert r.status == "ok", r.error
    return r.accesses


def test_multi_line_accesses_are_on_the_line_their_value_is_complete(tmp_path) -> None:
    got = {(a.line, a.space, a.op): a.instruction_line or a.line for a in _accesses(tmp_path, Settings())}
    assert got[(_line("ONE_LINE"), "shared", "st")] == _line("ONE_LINE")
    assert got[(_line("DEREF_START"), "shared", "ld")] == _line("DEREF_END")      # the `)` line
    assert got[(_line("SUB_START"), "shared", "ld")] == _line("SUB_END")          # the `]` line
    assert got[(_line("COMPOUND_LHS"), "global", "ld")] == _line("COMPOUND_LHS")  # where the lvalue ends
    assert got[(_line("COMPOUND_LHS"), "global", "st")] == _line("COMPOUND_LHS")
    assert got[(_line("VEC_START"), "global", "ld")] == _line("VEC_END")
    assert got[(_line("STORE_LHS"), "global", "st")] == _line("STORE_LHS")        # not the value's line
    # a struct copy is stored where the copied value ends, not where the destination does
    assert got[(_line("STRUCT_STORE_START"), "global", "st")] == _line("STRUCT_STORE_RHS")
    # what a macro call expands to is on the call's first line, wherever its arguments end
    # (cuda_hgemm's `LDMATRIX_X4(...,\n addr)`, measured on the H100: benchmarks/accuracy/llm)
    assert got[(_line("MACRO_START"), "shared", "ld")] == _line("MACRO_START")
    assert got[(_line("ASM_START"), "shared", "ld")] == _line("ASM_START")
    # but a struct copy written with such macros is stored where its right-hand side ends
    # (LeetCUDA's `LDST128BITS(out[i]) =\n LDST128BITS(w[j]);`, measured: benchmarks/accuracy/torchext)
    assert got[(_line("MACRO_COPY_LHS"), "global", "st")] == _line("MACRO_COPY_RHS")


TOOLS = Toolchain.find()


@pytest.mark.skipif(TOOLS.nvcc is None or not TOOLS.can_disassemble,
                    reason="SASS tools missing: " + (TOOLS.missing_note() or "-"))
def test_nvcc_line_table_has_each_access_on_its_instruction_line(tmp_path, monkeypatch) -> None:
    monkeypatch.setenv("SMEMLINT_CACHE_DIR", str(tmp_path / "cache"))
    accesses = [a for a in _accesses(tmp_path, Settings(sass=True)) if a.space in ("shared", "global")]
    assert len(accesses) == 14
    # sass_widths: the widths of the instructions nvcc's line table puts on the access's
    # instruction line, for its space and direction; empty if that line has none
    missing = [(a.line, a.space, a.op, a.sass_line) for a in accesses if not a.sass_widths]
    assert not missing
