"""Launch shapes and arguments as the host code computes them (host/values.py), real libclang."""
from __future__ import annotations

from pathlib import Path

import pytest

from smemlint.config import Settings
from smemlint.lint import lint_file

# A 2-D kernel whose cost depends on the block's x extent: [16][16] read by columns costs 8
# wavefronts under a 16-wide block and 4 under an 8-wide one (1 for a single thread).
KERNEL = """
__global__ void k(float *out, int n) {
    if (n < 0) return;
    __shared__ float sq[16][16];
    sq[threadIdx.y][threadIdx.x] = out[threadIdx.x];
    __syncthreads();
    out[threadIdx.y * 16 + threadIdx.x] = sq[threadIdx.x][threadIdx.y];
}
"""


def kernel_of(tmp_path: Path, host: str):
    p = tmp_path / "k.cu"
    p.write_text("#include <cuda_runtime.h>\n#define TILE 16\nenum { WIDE = 16, NARROW = 8 };\n"
                 + KERNEL + host)
    r = lint_file(str(p), Settings())
    assert r.status == "ok", r.error
    (k,) = r.kernels
    return k


@pytest.mark.parametrize("host, block", [
    # member assignments after a default construction (was: a one-thread block)
    ("void h(float *o) { dim3 b; b.x = 16; b.y = 16; k<<<1, b>>>(o, 0); }", (16, 16, 1)),
    # re-assignment: the value at the launch counts, not the initializer
    ("void h(float *o) { dim3 b(16, 16); b.x = NARROW; b.y = 2 * TILE; k<<<1, b>>>(o, 0); }", (8, 32, 1)),
    ("void h(float *o) { dim3 b(8, 8); b = dim3(WIDE, 4); k<<<1, b>>>(o, 0); }", (16, 4, 1)),
    # a host wrapper whose parameter carries the block, every caller agreeing
    ("void run(float *o, dim3 blk) { k<<<1, blk>>>(o, 0); }\n"
     "void h(float *o) { run(o, dim3(TILE, TILE)); run(o, dim3(16, 16)); }", (16, 16, 1)),
    # integer arithmetic and compound assignment
    ("void h(float *o) { int t = 4; t *= 2; dim3 b(t, t * 2); k<<<(1024 + t - 1) / t, b>>>(o, 0); }", (8, 16, 1)),
    # written inside a macro (LeetCUDA's bindings): every statement has the macro call's offsets
    ("#define BIND(n) void h##n(float *o) { dim3 b; b.x = 16 / n; b.y = 16; k<<<1, b>>>(o, 0); }\nBIND(2)",
     (8, 16, 1)),
    # runtime API launches
    ("void h(float *o) { void *a[] = {&o}; cudaLaunchKernel((void *)k, dim3(2), dim3(16, 16), a, 0, 0); }",
     (16, 16, 1)),
    ("void h(float *o) { cudaLaunchConfig_t c = {}; c.gridDim = dim3(4); c.blockDim = dim3(8, 8);\n"
     "  cudaLaunchKernelEx(&c, k, o, 0); }", (8, 8, 1)),
    # members of host objects a constructor the program writes fills (HeCBench sw4ck's Range<N>):
    # member initializers (a template's non-type parameter), then the body's plain assignments
    ("template <int N> struct Range { Range(int s, int e) : start(s), end(e), tpb(N) { blocks = (e - s) / N; }\n"
     "  int start, end, blocks, tpb; };\n"
     "void h(float *o, int f, int l) { Range<16> I(f, l); Range<NARROW> J(f, l); dim3 b(I.tpb, J.tpb);\n"
     "  k<<<1, b>>>(o, 0); }", (16, 8, 1)),
    ("struct Shape { int x, y; Shape() : x(4) { y = 2 * x; } };\n"
     "void h(float *o) { Shape s; k<<<1, dim3(s.x, s.y)>>>(o, 0); }", (4, 8, 1)),
])
def test_block_as_the_host_computes_it(tmp_path, host, block) -> None:
    k = kernel_of(tmp_path, host)
    assert k.block == block, k.assumptions
    assert "from the launch" in k.assumptions[0]


@pytest.mark.parametrize("host, why", [
    # assigned under a branch that is not on the way to the launch: either value may reach it
    ("void h(float *o, bool big) { dim3 b(8, 8); if (big) b.x = 16; k<<<1, b>>>(o, 0); }", "branch"),
    # in a loop whose first iteration cannot be known to run (a runtime trip count)
    ("int pick(); void h(float *o) { dim3 b(8, 8); for (int i = 0; i < pick(); i++) { k<<<1, b>>>(o, 0); b.x *= 2; } }",
     "loop"),
    # its address escapes
    ("void set(dim3 *p); void h(float *o) { dim3 b(8, 8); set(&b); k<<<1, b>>>(o, 0); }", "address"),
    # a wrapper whose callers disagree
    ("void run(float *o, dim3 blk) { k<<<1, blk>>>(o, 0); }\n"
     "void h(float *o) { run(o, dim3(8, 8)); run(o, dim3(16, 16)); }", "callers"),
    # a runtime value
    ("int pick(); void h(float *o) { dim3 b(pick(), 8); k<<<1, b>>>(o, 0); }", "runtime"),
    # a member its constructor writes under a branch, or one it never sets
    ("struct C { C(int n) : t(16) { if (n > 4) t = 8; } int t; };\n"
     "void h(float *o, int n) { C c(n); k<<<1, dim3(c.t, 8)>>>(o, 0); }", "constructor branch"),
    ("struct C { C(int n) : u(n) {} int t, u; };\n"
     "void h(float *o) { C c(3); k<<<1, dim3(c.t, 8)>>>(o, 0); }", "member never set"),
])
def test_unknown_shape_is_said_never_guessed(tmp_path, host, why) -> None:
    k = kernel_of(tmp_path, host)
    assert k.block == (32, 8, 1), why  # the documented 2-D default, not a one-thread block
    assert "is not a constant smemlint can follow" in k.assumptions[0], k.assumptions


def test_launch_in_a_loop_is_its_first_execution_and_says_so(tmp_path) -> None:
    # the block doubles each iteration: the first launch (the one ncu profiles first) has (8, 8)
    k = kernel_of(tmp_path, "void h(float *o) { dim3 b(8, 8);\n"
                            "  for (int i = 0; i < 3; i++) { k<<<1, b>>>(o, i); b.x *= 2; } }")
    assert k.block == (8, 8, 1)
    assert "first iteration of the loop at line" in k.assumptions[0], k.assumptions
    # a do-while body runs before its condition is tested; a while loop only when it holds
    k = kernel_of(tmp_path, "void h(float *o) { int n = 16;\n  do { k<<<1, dim3(n, 8)>>>(o, n); n *= 2; }"
                            " while (n < 100); }")
    assert k.block == (16, 8, 1)
    k = kernel_of(tmp_path, "void h(float *o) { int n = 128;\n  while (n < 100) { k<<<1, dim3(n, 8)>>>(o, n); "
                            "n *= 2; } }")
    assert k.block == (32, 8, 1)  # never entered as written: what it assigns stays unknown


def test_launch_under_a_branch_on_the_counter_is_its_first_execution(tmp_path) -> None:
    """Issue 30 item 2 (HeCBench storeKVCache): `if (row % 256 == 0) k<<<...>>>` inside `for (item = 2; ...;
    item *= 2)` is first executed at the iteration where the branch is taken, not at the loop's first
    iteration (whose values, item = 2, never launch it)."""
    k = kernel_of(tmp_path, "void h(float *o) {\n"
                            "  for (int item = 2; item <= 64; item *= 2) { int row = 64 * item;\n"
                            "    if (row % 512 == 0) k<<<1, dim3(row / 64, 8)>>>(o, item); } }")
    assert k.block == (8, 8, 1)  # item = 8 (the third iteration), not the first's (2, 8)
    assert "iteration 3 of the loop at line" in k.assumptions[0], k.assumptions
    # in an else branch: the first iteration whose condition fails
    k = kernel_of(tmp_path, "void work();\nvoid h(float *o) {\n  for (int n = 4; n < 100; n *= 2) {\n"
                            "    if (n < 16) work(); else k<<<1, dim3(n, 8)>>>(o, n); } }")
    assert k.block == (16, 8, 1), k.assumptions
    # a branch whose condition is not known, or a loop that ends before any iteration launches it: the
    # first iteration's values as before
    k = kernel_of(tmp_path, "int pick();\nvoid h(float *o) { int lim = pick();\n"
                            "  for (int n = 4; n < 100; n *= 2) { if (lim > n) k<<<1, dim3(n, 8)>>>(o, n); } }")
    assert k.block == (4, 8, 1)
    assert "the first iteration of the loop at line" in k.assumptions[0], k.assumptions
    k = kernel_of(tmp_path, "void h(float *o) {\n"
                            "  for (int n = 4; n < 100; n *= 2) { if (n > 1000) k<<<1, dim3(n, 8)>>>(o, n); } }")
    assert k.block == (4, 8, 1)
    assert "the first iteration of the loop at line" in k.assumptions[0], k.assumptions


def test_a_wrapper_called_many_times_takes_the_value_every_call_passes(tmp_path) -> None:
    """Issue 30 item 2 (HeCBench hexciton): `benchmark(..., dim, kernel_id, ...)` is called 26 times from main
    (one per kernel), each passing `dim`; the launch's `dim` is 7, not an assumed size (the callers were
    compared only up to 16). `id`, which each call passes differently, stays unknown."""
    host = ("void run(float *o, int id, int n) { if (id >= 0) k<<<1, dim3(n, 8)>>>(o, n); }\n"
            "void h(float *o) { const int dim = 7; run(o, 0, dim); run(o, 1, dim); run(o, 2, dim); run(o, 3, dim); run(o, 4, dim); run(o, 5, dim); run(o, 6, dim); run(o, 7, dim); run(o, 8, dim); run(o, 9, dim); run(o, 10, dim); run(o, 11, dim); run(o, 12, dim); run(o, 13, dim); run(o, 14, dim); run(o, 15, dim); run(o, 16, dim); run(o, 17, dim); run(o, 18, dim); run(o, 19, dim); run(o, 20, dim); run(o, 21, dim); run(o, 22, dim); run(o, 23, dim); run(o, 24, dim); run(o, 25, dim); }")
    k = kernel_of(tmp_path, host)
    assert k.block == (7, 8, 1), k.assumptions


def test_a_loop_over_a_constant_array_through_a_caller_chain(tmp_path) -> None:
    """Issue 30 item 2 (llm.c's dev/cuda mains): `for (j ...) { int bs = block_sizes[j]; forward(.., bs); }`
    reaches the launch two calls down with the array's first element, and the launch says where from."""
    chain = ("void run1(float *o, int n, int bs) { k<<<1, dim3(bs, 16)>>>(o, n); }\n"
             "void run(float *o, int n, int bs) { run1(o, n, bs); }\n"
             "void h(float *o) { int n = 40; int sizes[] = {8, 16};\n"
             "  for (int j = 0; j < sizeof(sizes) / sizeof(int); j++) { int bs = sizes[j]; run(o, n, bs); } }")
    k = kernel_of(tmp_path, chain)
    assert k.block == (8, 16, 1)
    assert "first iteration of the loop at line 15" in k.assumptions[0], k.assumptions
    assert any("n = 40 from the launch" in a for a in k.assumptions), k.assumptions
    # the array's elements may change where it is passed to a function: not followed then
    k = kernel_of(tmp_path, "void fill(int *s);\n" + chain.replace("int sizes[] = {8, 16};",
                                                                    "int sizes[] = {8, 16}; fill(sizes);"))
    assert k.block != (8, 16, 1) and "is not a constant smemlint can follow" in k.assumptions[0]


def test_a_loop_before_the_launch_runs_to_its_end(tmp_path) -> None:
    """HeCBench fwt: `for (; log2N > 7; log2N -= 2, N >>= 2)` before `k<<<1, N / 4>>>`: the loop's
    tests are known, so it runs to the end (the block is 32); one whose test is not known, or that
    leaves early, makes what it assigns unknown as before."""
    loop = ("void run(float *o, int log2N) { int N = 1 << log2N;\n"
            "  for (; log2N > 7; log2N -= 2, N >>= 2) { }\n"
            "  k<<<1, dim3(N / 8, 8)>>>(o, log2N); }\n"
            "void h(float *o) { run(o, 13); }")
    k = kernel_of(tmp_path, loop)
    assert k.block == (16, 8, 1) and any("n = 7 from the launch" in a for a in k.assumptions), k.assumptions
    k = kernel_of(tmp_path, "int pick();\n" + loop.replace("log2N > 7;", "log2N > pick();"))
    assert "is not a constant smemlint can follow" in k.assumptions[0], k.assumptions
    k = kernel_of(tmp_path, loop.replace("{ }", "{ if (N == 512) break; }"))
    assert "is not a constant smemlint can follow" in k.assumptions[0], k.assumptions


def test_loops_that_change_nothing_followed_or_outlast_the_limit(tmp_path, monkeypatch) -> None:
    """HeCBench chemv: reference loops before the launch (`for (i = 0; i < 370; i++)` filling host
    arrays, writing through pointers) were run 64 times, nested ones 64 x 64 per question, to be given
    up on. A loop that changes no variable declared outside it is not run; one whose header alone
    outlasts the limit gives up at once. Either way the launch sees what it saw: the values before a
    quiet loop, what a short loop computes, and unknown for what a long one assigns."""
    quiet = ("void h(float *o, float *ref, int n) { int b = 16; float arr[400];\n"
             "  for (int i = 0; i < 370; i++) { float t = i * 2.0f; ref[i] = t; for (int j = 0; j < 370; j++) ref[j] += t; }\n"
             "  for (int i = 0; i < 370; i++) arr[i] = i;\n"
             "  k<<<1, dim3(b, b)>>>(o, 0); }")
    from smemlint.host.flow import StatementRunner
    executed: list[int] = []
    run = StatementRunner._execute
    monkeypatch.setattr(StatementRunner, "_execute", lambda self, *a: executed.append(1) or run(self, *a))
    assert kernel_of(tmp_path, quiet).block == (16, 16, 1)
    assert len(executed) < 200, len(executed)  # not the loops' bodies (run whole: 4,000 and more)
    del executed[:]
    arrays = quiet.replace("ref[i] = t;", "arr[i] = t;")  # writes an array variable: the flow runs it
    assert kernel_of(tmp_path, arrays).block == (16, 16, 1)
    assert len(executed) < 200, len(executed)  # ... and gives up at once: its header alone runs 370 times
    short = "void h(float *o) { int b = 1; for (int i = 0; i < 4; i++) b *= 2; k<<<1, dim3(b, b)>>>(o, 0); }"
    assert kernel_of(tmp_path, short).block == (16, 16, 1)
    long = short.replace("i < 4", "i < 370")
    assert "is not a constant smemlint can follow" in kernel_of(tmp_path, long).assumptions[0]
    # the body writes what the test reads: run as before (here to its end, within the limit)
    steered = "void h(float *o) { int b = 1; for (int i = 0; i < 370; i++) { b *= 2; i += 91; } k<<<1, dim3(b, b)>>>(o, 0); }"
    assert kernel_of(tmp_path, steered).block == (32, 32, 1)  # i = 0, 92, 184, 276, 368


def test_what_a_loop_writes_outside_itself(tmp_path) -> None:
    """loop_writes.outer_writes: the variables a statement may change, as the host flow writes them."""
    import clang.cindex as ci

    from smemlint.host.loop_writes import outer_writes
    src = tmp_path / "w.cpp"
    src.write_text("struct P { int x; };\nvoid mine(int *);\nvoid byref(int &);\nint v;\n"
                   "void f(int *p) { int a = 0, b[4]; P s; P arr[4];\n"
                   "  for (int i = 0; i < 4; i++) { int t = i; p[i] = t; }\n"        # line 6: nothing outside
                   "  for (int i = 0; i < 4; i++) { a += i; b[i] = i; s.x = i; }\n"  # 7: a, b, s
                   "  for (int i = 0; i < 4; i++) { arr[i] = P{i}; v = i; }\n"  # 8: arr (operator=), v
                   "  for (int i = 0; i < 4; i++) { a++; int *q = &b[0]; }\n"        # 9: a, b (its address)
                   "  for (int i = 0; i < 4; i++) { mine(p); byref(a); }\n"          # 10: unknown: the program's functions
                   "}\n")
    tu = ci.Index.create().parse(str(src), args=["-std=c++17"])
    loops = {c.location.line: c for c in tu.cursor.walk_preorder()
             if c.kind == ci.CursorKind.FOR_STMT and c.location.file and c.location.file.name == str(src)}

    def names(line: int):
        w = outer_writes(loops[line], lambda d: d.spelling)
        return None if w is None else sorted(w)
    assert names(6) == []
    assert names(7) == ["a", "b", "s"]
    assert names(8) == ["arr", "v"]
    assert names(9) == ["a", "b"]
    assert names(10) is None


def test_a_helper_that_returns_one_expression(tmp_path) -> None:
    """llm.c's `num_blocks = ceil_div(total, block_size)`: a function (a template too) whose body ends
    in its only `return` gives its expression's value with the arguments bound (statements before it
    run first: apex's `h_last_pow2`); an early `return` is taken or passed where its condition is known
    (cbsfil's `if (n == 0) return 0;`), and not followed where it is not (the value stays unknown)."""
    helper = ("template <class T> T ceil_div(T a, T b) { return (a + b - 1) / b; }\n"
              "void h(float *o) { int total = 1000; k<<<ceil_div(total, 16), dim3(16, 16)>>>(o, ceil_div(total, 7)); }")
    k = kernel_of(tmp_path, helper)
    assert any("n = 143 from the launch" in a for a in k.assumptions), k.assumptions
    k = kernel_of(tmp_path, helper.replace("{ return (a + b - 1) / b; }", "{ T q = a / b; return q + 1; }"))
    assert any("n = 143 from the launch" in a for a in k.assumptions), k.assumptions
    k = kernel_of(tmp_path, helper.replace("{ return (a + b - 1) / b; }",
                                           "{ if (b == 0) return 0; T q = a / b; return q + 1; }"))
    assert any("n = 143 from the launch" in a for a in k.assumptions), k.assumptions
    k = kernel_of(tmp_path, "extern int flag;\n" + helper.replace("{ return (a + b - 1) / b; }",
                                                                   "{ if (flag) return 0; T q = a / b; return q + 1; }"))
    assert any("n = 1024 assumed" in a for a in k.assumptions), k.assumptions


def test_launch_inside_a_branch_sees_the_values_before_it(tmp_path) -> None:
    k = kernel_of(tmp_path, "void h(float *o, bool big) { dim3 b(8, 8);\n"
                            "  if (big) { b.x = 16; k<<<1, b>>>(o, 0); } else { k<<<1, b>>>(o, 0); } }")
    assert k.block == (16, 8, 1)


def test_integer_argument_through_assignments(tmp_path) -> None:
    k = kernel_of(tmp_path, "void h(float *o) { int n = 10; n = n * 100; k<<<1, dim3(16, 16)>>>(o, n); }")
    assert any("n = 1000 from the launch" in a for a in k.assumptions), k.assumptions


def test_pointer_offsets_at_the_launch_set_the_alignment(tmp_path) -> None:
    """Issue 12 item 5: `k<<<...>>>(buf + 3)` is 12 bytes past a 256-byte-aligned allocation."""
    from smemlint.config import Settings
    from smemlint.lint import lint_file

    src = tmp_path / "off.cu"
    src.write_text("__global__ void copy(const float *in, float *out) {\n"
                   "    out[threadIdx.x] = in[threadIdx.x];\n}\n"
                   "int pick();\n"
                   "void run(float *d_in, float *d_out) {\n"
                   "    copy<<<1, 32>>>(d_in + 3, &d_out[8]);\n}\n"
                   "__global__ void copy2(const float *in, float *out) {\n"
                   "    out[threadIdx.x] = in[threadIdx.x];\n}\n"
                   "void run2(float *d_in, float *d_out) {\n"
                   "    copy2<<<1, 32>>>(d_in + pick(), d_out);\n}\n")
    r = lint_file(str(src), Settings())
    k = {k.name: k for k in r.kernels}
    load = next(a for a in k["copy"].accesses if a.op == "ld")
    store = next(a for a in k["copy"].accesses if a.op == "st")
    assert load.sectors_per_request == 5.0 and store.sectors_per_request == 4.0  # 12 bytes off; 32 bytes: aligned
    assert any("`in` points 12 bytes past" in x for x in k["copy"].assumptions)
    assert any("`out` points 32 bytes past" in x for x in k["copy"].assumptions)
    # through a variable, as cuda-samples' FDTD3d passes `bufferSrc = bufferIn + padding`; the launch
    # in a loop is its first execution, before the buffers are swapped
    src2 = tmp_path / "var.cu"
    src2.write_text("__global__ void copy(const float *in, float *out) {\n"
                    "    out[threadIdx.x] = in[threadIdx.x];\n}\n"
                    "void run(float *d_in, float *d_out) {\n"
                    "    const int padding = 32 - 4;\n"
                    "    float *src = d_in + padding, *dst = d_out;\n"
                    "    for (int it = 0; it < 4; it++) {\n"
                    "        copy<<<1, 32>>>(src, dst);\n"
                    "        float *t = dst; dst = src; src = t;\n    }\n}\n")
    r2 = lint_file(str(src2), Settings())
    (k2,) = r2.kernels
    assert any("`in` points 112 bytes past" in x for x in k2.assumptions), k2.assumptions
    assert next(a for a in k2.accesses if a.op == "ld").sectors_per_request == 5.0
    # an offset the evaluator cannot read: the allocation's alignment stays assumed, and nothing is claimed
    load2 = next(a for a in k["copy2"].accesses if a.op == "ld")
    assert load2.sectors_per_request == 4.0 and not any("points" in x for x in k["copy2"].assumptions)


def test_command_line_values_are_those_of_a_run_without_arguments(tmp_path) -> None:
    """mini-nbody: `int n = 30000; if (argc > 1) n = atoi(argv[1]);` launches with n = 30000 when run
    as its benchmark runs it (no arguments), and says so; a branch on anything else stays unknown."""
    k = kernel_of(tmp_path, "int atoi(const char *);\n"
                            "int main(int argc, char **argv) { int n = 3000; if (argc > 1) n = atoi(argv[1]);\n"
                            "  dim3 b(16, 16); if (argc > 2) { b.x = 8; } else b.y = 8;\n"
                            "  k<<<1, b>>>(0, n); }")
    assert k.block == (16, 8, 1), k.assumptions
    assert any("n = 3000 from the launch" in a and "run without command-line arguments" in a
               for a in k.assumptions), k.assumptions
    # not main's argc: a parameter of another function keeps the branch unknown
    k = kernel_of(tmp_path, "int atoi(const char *);\n"
                            "void h(int argc, char **argv) { int n = 3000; if (argc > 1) n = atoi(argv[1]);\n"
                            "  k<<<1, dim3(16, 16)>>>(0, n); }")
    assert not any("n = " in a and "from the launch" in a for a in k.assumptions), k.assumptions


def test_host_objects_fixture_says_what_it_assumed() -> None:
    """fixtures/host_objects.cu: the block from a constructed object's member, origins assumed 0,
    a by-value struct's integer fields assumed by role, each said on the accesses that read it."""
    fixture = Path(__file__).parent.parent / "fixtures" / "host_objects.cu"
    r = lint_file(str(fixture), Settings(cuda_headers="bundled"))
    assert r.status == "ok", r.error
    by_name = {k.name: k for k in r.kernels}
    assert by_name["fromObject"].block == (128, 1, 1)
    assert by_name["fromBranch"].block == (256, 1, 1)  # the member is written under an `if`
    words = [a for acc in by_name["fromObject"].accesses for a in acc.assumptions]
    assert any(w.startswith("start = 0 assumed: an origin") for w in words)
    assert any(w.startswith("first = 0 assumed: an origin") for w in words)
    assert any(w.startswith("n = 1024 assumed") for w in words)  # a size stays a size
    boxed = [a for acc in by_name["boxed"].accesses for a in acc.assumptions]
    said = [w for w in boxed if w.startswith("`b`: a struct passed by value that no launch in this file fills")]
    assert len(said) == 1 and "(nx, ny) = 1024 assumed" in said[0] and "x0 = 0 assumed (origins" in said[0], boxed
