"""Generate the accuracy corpus: small kernels that each isolate one memory access.

Every kernel has at most one shared load, one shared store, one global load and
one global store site, so Nsight Compute's per-kernel hardware counters
(wavefronts / requests, sectors / requests) are the truth for each of those
source lines. Each kernel is launched once with a single block, so the
counters cover exactly the block smemlint evaluates.

A `__syncthreads()` precedes each access of interest. Without it, measured on
the H100: shared loads issued by 8+ warps right at kernel start cost extra
wavefronts that vary from run to run (a conflict-free row read of a 32x32
block measured 1.5 and 1.625 wavefronts per request in two runs; 1.0 with the
barrier), and a load of an uninitialised shared word at a constant address was
folded away by the compiler; each load kernel therefore first stores one
element per thread (a conflict-free store, itself a measured site).

    python benchmarks/accuracy/gen_corpus.py      # rewrites corpus/*.cu and corpus/manifest.json
"""
from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path

HERE = Path(__file__).parent
CORPUS = HERE / "corpus"

# element types: (C type, bytes, expression turning one element into a float, value from an int)
TYPES = {
    "char": ("unsigned char", 1, "(float){v}", "(unsigned char){x}"),
    "short": ("short", 2, "(float){v}", "(short){x}"),
    "half": ("__half", 2, "__half2float({v})", "__float2half((float){x})"),
    "int": ("int", 4, "(float){v}", "(int){x}"),
    "float": ("float", 4, "{v}", "(float){x}"),
    "float2": ("float2", 8, "({v}.x + {v}.y)", "make_float2((float){x}, 1.f)"),
    "double": ("double", 8, "(float){v}", "(double){x}"),
    "float4": ("float4", 16, "({v}.x + {v}.y + {v}.z + {v}.w)", "make_float4((float){x}, 1.f, 2.f, 3.f)"),
    "int4": ("int4", 16, "(float)({v}.x + {v}.w)", "make_int4({x}, 1, 2, 3)"),
}
TID = "(threadIdx.x + threadIdx.y * blockDim.x + threadIdx.z * blockDim.x * blockDim.y)"


@dataclass
class Kernel:
    name: str
    lines: list[str]
    block: tuple[int, int, int]
    sites: list[tuple[int, str, str, str]]  # (line index within lines, space, op, role)
    args: str  # launch arguments
    dyn_smem: int = 0


@dataclass
class Corpus:
    kernels: list[Kernel] = field(default_factory=list)

    def add(self, k: Kernel) -> None:
        self.kernels.append(k)


def shared_load(c: Corpus, name: str, t: str, size: int, index: str, block=(32, 1, 1), guard: str = "",
                decl: str | None = None) -> None:
    ctype, _, to_f, from_i = TYPES[t]
    d = decl or f"__shared__ {ctype} buf[{size}];"
    body = [f"__global__ void {name}(float* out) {{",
            "    const int tid = " + TID + ";",
            f"    {d}",
            "    float r = 0.f;",
            # Write before reading, as real code does: the compiler deletes loads of shared
            # memory nothing in the kernel writes.
            f"    reinterpret_cast<{ctype}*>(buf)[tid] = {from_i.format(x='tid')};"]
    init_line = len(body) - 1
    body.append("    __syncthreads();")
    if guard:
        body.append(f"    if ({guard}) {{")
    body.append(f"        {ctype} v = buf[{index}];" if guard else f"    {ctype} v = buf[{index}];")
    ld_line = len(body) - 1
    body.append(f"        r = {to_f.format(v='v')};" if guard else f"    r = {to_f.format(v='v')};")
    if guard:
        body.append("    }")
    body.append("    out[tid] = r;")
    st_line = len(body) - 1
    body.append("}")
    c.add(Kernel(name, body, block, [(init_line, "shared", "st", "support"), (ld_line, "shared", "ld", "interest"),
                                     (st_line, "global", "st", "support")], "d_out"))


def shared_store(c: Corpus, name: str, t: str, size: int, index: str, block=(32, 1, 1)) -> None:
    ctype, _, to_f, from_i = TYPES[t]
    body = [f"__global__ void {name}(float* out) {{",
            "    const int tid = " + TID + ";",
            f"    __shared__ {ctype} buf[{size}];",
            "    __syncthreads();",
            f"    buf[{index}] = {from_i.format(x='tid')};",
            "    __syncthreads();",
            f"    out[tid] = {to_f.format(v='buf[0]')};",
            "}"]
    c.add(Kernel(name, body, block, [(4, "shared", "st", "interest"), (6, "shared", "ld", "support"),
                                     (6, "global", "st", "support")], "d_out"))


def global_load(c: Corpus, name: str, t: str, index: str, block=(32, 1, 1), struct: str | None = None,
                field_: str = "") -> None:
    ctype, _, to_f, _ = TYPES[t]
    if struct:
        ptype, load, conv = struct, f"in[{index}]{field_}", "(float)v"
        vtype = "float"
    else:
        ptype, load, conv, vtype = ctype, f"in[{index}]", to_f.format(v="v"), ctype
    body = [f"__global__ void {name}(const {ptype}* __restrict__ in, float* out) {{",
            "    const int tid = " + TID + ";",
            f"    {vtype} v = {load};",
            f"    out[tid] = {conv};",
            "}"]
    c.add(Kernel(name, body, block, [(2, "global", "ld", "interest"), (3, "global", "st", "support")],
                 f"({ptype}*)d_in, d_out"))


def global_store(c: Corpus, name: str, t: str, index: str, block=(32, 1, 1)) -> None:
    ctype, _, _, from_i = TYPES[t]
    body = [f"__global__ void {name}({ctype}* out) {{",
            "    const int tid = " + TID + ";",
            f"    out[{index}] = {from_i.format(x='tid')};",
            "}"]
    c.add(Kernel(name, body, block, [(2, "global", "st", "interest")], f"({ctype}*)d_in"))


def build() -> dict[str, Corpus]:
    files: dict[str, Corpus] = {}

    # 32-bit shared loads and stores: word strides 1..33
    c = files.setdefault("shared32_strides.cu", Corpus())
    for s in range(1, 34):
        shared_load(c, f"ld32_stride{s}", "float", 32 * 33, f"tid * {s}")
    for s in (1, 2, 3, 4, 8, 16, 32, 33):
        shared_store(c, f"st32_stride{s}", "float", 32 * 33, f"tid * {s}")

    # broadcast, partial warps, guards
    c = files.setdefault("shared32_lanes.cu", Corpus())
    for i, idx in enumerate(["0", "tid / 2", "tid / 4", "tid / 8", "tid % 4", "tid % 16", "(tid / 16) * 32",
                             "(tid % 2) * 32", "(tid ^ 1)", "31 - tid", "(tid * 5) % 32", "tid / 2 * 32"]):
        shared_load(c, f"ld32_pattern{i}", "float", 32 * 33, idx)
    for block in ((16, 1, 1), (48, 1, 1), (100, 1, 1), (24, 1, 1)):
        shared_load(c, f"ld32_partial{block[0]}_s2", "float", 256, "tid * 2", block)
        shared_load(c, f"ld32_partial{block[0]}_s4", "float", 512, "tid * 4", block)
    for i, g in enumerate(["tid < 16", "tid % 2 == 0", "tid >= 8 && tid < 24", "tid % 4 == 3"]):
        shared_load(c, f"ld32_guard{i}_s2", "float", 256, "tid * 2", guard=g)
        shared_load(c, f"ld32_guard{i}_s32", "float", 1024, "(tid % 32) * 32", guard=g)

    # 2D and 3D tiles, padding, swizzle, dynamic shared memory
    for bx, by in ((32, 32), (32, 16), (32, 8), (16, 16), (16, 32), (8, 32), (64, 4)):
        c = files.setdefault(f"shared_tiles_{bx}x{by}.cu", Corpus())
        for pad in (0, 1, 2):
            decl = f"__shared__ float buf[{by * 2}][{bx + pad}];"
            shared_load(c, f"tile{bx}x{by}_p{pad}_row", "float", 0, "threadIdx.y][threadIdx.x", (bx, by, 1), decl=decl)
            if bx == by or (bx >= by):
                decl = f"__shared__ float buf[{max(bx, by)}][{max(bx, by) + pad}];"
                shared_load(c, f"tile{bx}x{by}_p{pad}_col", "float", 0, "threadIdx.x][threadIdx.y", (bx, by, 1),
                            decl=decl)
    c = files.setdefault("shared_tiles_swizzle_3d.cu", Corpus())
    shared_load(c, "tile32_swizzle", "float", 0, "threadIdx.x][threadIdx.y ^ threadIdx.x", (32, 32, 1),
                decl="__shared__ float buf[32][32];")
    shared_load(c, "tile32_swizzle_mod", "float", 0, "threadIdx.x][(threadIdx.y + threadIdx.x) % 32", (32, 32, 1),
                decl="__shared__ float buf[32][32];")
    for dims in ((8, 4, 4), (4, 4, 8), (16, 2, 2)):
        bx, by, bz = dims
        shared_load(c, f"tile3d_{bx}x{by}x{bz}_xyz", "float", 0, "threadIdx.z][threadIdx.y][threadIdx.x", dims,
                    decl=f"__shared__ float buf[{bz}][{by}][{bx}];")
        shared_load(c, f"tile3d_{bx}x{by}x{bz}_zyx", "float", 0, "threadIdx.x][threadIdx.y][threadIdx.z", dims,
                    decl=f"__shared__ float buf[{bx}][{by}][{bz}];")
    # dynamic shared memory in a file of its own: see the note on carve-outs in README.md
    c = files.setdefault("shared_dynamic.cu", Corpus())
    for off in (0, 1, 33):
        shared_load(c, f"dyn_off{off}_col", "float", 0, f"{off} + threadIdx.x * 32 + threadIdx.y", (32, 8, 1),
                    decl="extern __shared__ float buf[];")
        shared_load(c, f"dyn_off{off}_row", "float", 0, f"{off} + threadIdx.y * 33 + threadIdx.x", (32, 8, 1),
                    decl="extern __shared__ float buf[];")
    for k in c.kernels:
        k.dyn_smem = 48 * 1024 - 1024

    # sub-word shared
    c = files.setdefault("shared_narrow.cu", Corpus())
    for s in (1, 2, 3, 4, 5, 8, 16, 32, 64):
        shared_load(c, f"ld8_stride{s}", "char", 32 * 65, f"tid * {s}")
    for s in (1, 2, 3, 4, 8, 16, 32, 64):
        shared_load(c, f"ld16_stride{s}", "short", 32 * 65, f"tid * {s}")
    for s in (1, 2, 32):
        shared_load(c, f"ldhalf_stride{s}", "half", 32 * 33, f"tid * {s}")
    for s in (1, 2, 4, 8, 64):
        shared_store(c, f"st8_stride{s}", "char", 32 * 65, f"tid * {s}")
        shared_store(c, f"st16_stride{s}", "short", 32 * 65, f"tid * {s}")

    # 64- and 128-bit shared
    c = files.setdefault("shared_vector.cu", Corpus())
    patterns = ["tid", "tid * 2", "tid * 3", "tid * 4", "tid * 8", "tid * 16", "tid * 32", "0", "tid / 2",
                "tid / 4", "tid / 8", "tid / 16", "tid % 16", "tid % 8", "tid % 4", "tid ^ 1", "(tid / 2) * 2",
                "tid / 2 + (tid % 2) * 16", "(tid % 16) * 2", "tid & ~2"]
    for i, p in enumerate(patterns):
        shared_load(c, f"ld64_p{i}", "double", 32 * 33, p)
        shared_load(c, f"ld128_p{i}", "float4", 32 * 33, p)
    for i, p in enumerate(["tid", "tid * 2", "tid * 4", "0", "tid / 2", "tid / 4", "tid % 8", "tid * 8"]):
        shared_store(c, f"st64_p{i}", "float2", 32 * 33, p)
        shared_store(c, f"st128_p{i}", "int4", 32 * 33, p)
    for bx, by in ((16, 2), (8, 4)):
        shared_load(c, f"ld128_block{bx}x{by}", "float4", 0, "threadIdx.y][threadIdx.x", (bx, by, 1),
                    decl=f"__shared__ float4 buf[{by}][{bx}];")

    # global loads and stores
    c = files.setdefault("global_access.cu", Corpus())
    for s in (1, 2, 3, 4, 8, 16, 32, 1024):
        global_load(c, f"gld32_stride{s}", "float", f"tid * {s}")
    for off in (1, 2, 4, 7, 8):
        global_load(c, f"gld32_off{off}", "float", f"tid + {off}")
    for t in ("char", "short", "half", "float2", "double", "float4"):
        global_load(c, f"gld_{t}_stride1", t, "tid")
        global_load(c, f"gld_{t}_stride2", t, "tid * 2")
    global_load(c, "gld_float4_off1", "float4", "tid + 1")
    c_structs = [("P3", "struct P3 { float x, y, z; };", ".y"), ("P2", "struct P2 { float a, b; };", ".b"),
                 ("P4", "struct P4 { float a, b, c, d; };", ".c"), ("P8", "struct P8 { double a; int b; int c; };", ".b")]
    for sname, _, fld in c_structs:
        global_load(c, f"gld_aos_{sname}", "float", "tid", struct=sname, field_=fld)
    for bx, by in ((32, 8), (16, 16), (8, 32), (32, 32)):
        global_load(c, f"gld_2d_{bx}x{by}_row", "float", "threadIdx.y * 1024 + threadIdx.x", (bx, by, 1))
        global_store(c, f"gst_2d_{bx}x{by}_transposed", "float", "threadIdx.x * 1024 + threadIdx.y", (bx, by, 1))
    for s in (1, 2, 4, 8, 32):
        global_store(c, f"gst32_stride{s}", "float", f"tid * {s}")
    for t in ("char", "half", "double", "float4"):
        global_store(c, f"gst_{t}_stride1", t, "tid")
    global_store(c, "gst32_off3", "float", "tid + 3")
    global_load(c, "gld32_broadcast", "float", "0")
    global_load(c, "gld32_partial48", "float", "tid", (48, 1, 1))
    files["global_access.cu"].structs = "\n".join(s for _, s, _ in c_structs)  # type: ignore[attr-defined]
    return files


def render(fname: str, corpus: Corpus, manifest: list[dict]) -> str:
    out = ["// Generated by benchmarks/accuracy/gen_corpus.py: one isolated access per kernel.",
           "// Each kernel is launched with one block; see benchmarks/accuracy/README.md.",
           "#include <cuda_runtime.h>",
           "#include <cuda_fp16.h>",
           "#include <cstdio>",
           ""]
    structs = getattr(corpus, "structs", "")
    if structs:
        out += structs.splitlines() + [""]
    for k in corpus.kernels:
        first = len(out) + 1
        for idx, space, op, role in k.sites:
            manifest.append({"file": f"corpus/{fname}", "kernel": k.name, "line": first + idx, "space": space,
                             "op": op, "role": role, "block": list(k.block)})
        out += k.lines + [""]
    out += ["int main() {",
            "    float* d_out; float* d_in;",
            "    cudaMalloc(&d_out, 64 << 20);",
            "    cudaMalloc(&d_in, 64 << 20);",
            "    cudaMemset(d_in, 0, 64 << 20);"]
    for k in corpus.kernels:
        b = k.block
        if k.dyn_smem:
            out.append(f"    {k.name}<<<1, dim3({b[0]}, {b[1]}, {b[2]}), {k.dyn_smem}>>>({k.args});")
        else:
            out.append(f"    {k.name}<<<1, dim3({b[0]}, {b[1]}, {b[2]})>>>({k.args});")
    out += ["    cudaError_t e = cudaDeviceSynchronize();",
            '    if (e != cudaSuccess) { printf("CUDA error: %s\\n", cudaGetErrorString(e)); return 1; }',
            "    return 0;",
            "}",
            ""]
    return "\n".join(out)


def main() -> None:
    CORPUS.mkdir(exist_ok=True)
    manifest: list[dict] = []
    total = 0
    for fname, corpus in build().items():
        (CORPUS / fname).write_text(render(fname, corpus, manifest))
        total += len(corpus.kernels)
    (CORPUS / "manifest.json").write_text(json.dumps(manifest, indent=1) + "\n")
    interest = sum(1 for m in manifest if m["role"] == "interest")
    print(f"{total} kernels, {len(manifest)} sites ({interest} of interest) in {CORPUS}")


if __name__ == "__main__":
    main()
