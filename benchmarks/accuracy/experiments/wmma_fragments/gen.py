"""Write frag.cu: wmma fragment loads and stores, one per source line, for ncu's per-line counters.

    python3 gen.py            # writes frag.cu and variants.json beside this file

Each fragment kind gets one kernel of one warp. Its accesses are inline PTX `wmma.load` /
`wmma.store` (what `nvcuda::wmma::load_matrix_sync` / `store_matrix_sync` compile to; written as
PTX so that each one is charged to its own source line, not to `crt/mma.hpp`), one per line: shared
memory with the `.shared` qualifier and through a generic pointer, global memory with `.global` and
generic, row- and col-major, at several leading dimensions `ldm` and two base offsets. The shared
window is written (one store per element) before any fragment is read from it. `map_*` kernels use
the C++ API to dump which element of the stored matrix each lane's `x[i]` holds (mapping.json).
"""
import json
import pathlib

HERE = pathlib.Path(__file__).parent

# name, use, shape, ptx type, C type, regs, reg constraint, reg C type, ldms, fragment C++ type args
KINDS = [
    # accumulators (load c / store d)
    ("acc_f32_m16n16k16", "c", (16, 16, 16), "f32", "float", 8, "f", "float",
     [16, 20, 24, 32, 36, 40, 64, 72, 128, 132, 4096]),
    ("acc_f16_m16n16k16", "c", (16, 16, 16), "f16", "__half", 4, "r", "unsigned",
     [16, 24, 32, 40, 64, 72, 128, 136, 4096]),
    ("acc_s32_m16n16k16", "c", (16, 16, 16), "s32", "int", 8, "r", "int",
     [16, 20, 24, 32, 36, 40, 64, 72, 128, 132, 4096]),
    ("acc_f32_m16n16k8", "c", (16, 16, 8), "f32", "float", 8, "f", "float",
     [16, 20, 24, 32, 36, 40, 64, 72, 128, 132, 4096]),
    ("acc_f64_m8n8k4", "c", (8, 8, 4), "f64", "double", 2, "d", "double",
     [8, 10, 12, 16, 20, 24, 32, 36, 64, 68, 72, 8192]),
    ("acc_f32_m32n8k16", "c", (32, 8, 16), "f32", "float", 8, "f", "float", [8, 16, 20, 24, 32, 36, 64, 4096]),
    ("acc_f32_m8n32k16", "c", (8, 32, 16), "f32", "float", 8, "f", "float", [32, 36, 40, 64, 72, 4096]),
    # A and B (load only)
    ("a_tf32_m16n16k8", "a", (16, 16, 8), "tf32", "float", 4, "r", "unsigned", [8, 12, 16, 20, 32, 36, 72, 4096]),
    ("b_tf32_m16n16k8", "b", (16, 16, 8), "tf32", "float", 4, "r", "unsigned", [8, 12, 16, 20, 32, 36, 72, 4096]),
    ("a_f64_m8n8k4", "a", (8, 8, 4), "f64", "double", 1, "d", "double", [4, 8, 12, 16, 20, 36, 68, 4096]),
    ("b_f64_m8n8k4", "b", (8, 8, 4), "f64", "double", 1, "d", "double", [4, 8, 12, 16, 20, 36, 68, 4096]),
    ("a_u8_m16n16k16", "a", (16, 16, 16), "u8", "unsigned char", 2, "r", "unsigned",
     [16, 32, 48, 64, 80, 128, 144, 288, 4096]),
    ("b_u8_m16n16k16", "b", (16, 16, 16), "u8", "unsigned char", 2, "r", "unsigned",
     [16, 32, 48, 64, 80, 128, 144, 288, 4096]),
    ("a_f16_m16n16k16", "a", (16, 16, 16), "f16", "__half", 8, "r", "unsigned", [16, 24, 64, 72, 4096]),
    ("b_f16_m16n16k16", "b", (16, 16, 16), "f16", "__half", 8, "r", "unsigned", [16, 24, 64, 72, 4096]),
]
SPACES = ["shared", "shared_generic", "global", "global_generic"]
ELEM = {"f32": 4, "f16": 2, "s32": 4, "f64": 8, "tf32": 4, "u8": 1}


def rows_cols(use, shape, layout):
    """The stored matrix's (rows, cols) as laid out in memory, `ldm` apart per row (row) or col (col)."""
    m, n, k = shape
    r, c = {"a": (m, k), "b": (k, n), "c": (m, n)}[use]
    return (r, c) if layout == "row" else (c, r)


def variants():
    out = []
    for name, use, shape, ptype, ctype, nregs, cons, rtype, ldms in KINDS:
        e = ELEM[ptype]
        for space in SPACES:
            ops = ["ld", "st"] if use == "c" else ["ld"]
            for op in ops:
                for layout in ("row", "col"):
                    lead, minor = rows_cols(use, shape, layout)
                    for ldm in ldms:
                        if ldm < minor or (ldm * e) % 16:
                            continue
                        if space.startswith("shared") and ldm * e > 1024 and ldm != ldms[-1]:
                            continue
                        bases = [0, 32] if ldm * e <= 1024 else [0]
                        for base in bases:
                            if space.startswith("shared") and lead * ldm * e + base > 160 * 1024:
                                continue
                            out.append(dict(kind=name, use=use, shape=list(shape), type=ptype, elem=e, space=space,
                                            op=op, layout=layout, ldm=ldm, base=base))
    return out


def ptx(v, nregs, cons):
    m, n, k = v["shape"]
    qual = {"shared": ".shared", "global": ".global"}.get(v["space"], "")
    regs = ", ".join(f"%{i}" for i in range(nregs))
    if v["op"] == "ld":
        frag = {"a": "a", "b": "b", "c": "c"}[v["use"]]
        text = (f"wmma.load.{frag}.sync.aligned.{v['layout']}.m{m}n{n}k{k}{qual}.{v['type']} "
                f"{{{regs}}}, [%{nregs}], %{nregs + 1};")
        outs = ", ".join(f'"={cons}"(r[{i}])' for i in range(nregs))
        addr = '"r"(sa + %d)' % v["base"] if v["space"] == "shared" else \
            '"l"(%s + %d)' % ("sg" if v["space"] == "shared_generic" else "gp", v["base"])
        return f'asm volatile("{text}" : {outs} : {addr}, "r"({v["ldm"]}) : "memory");'
    text = (f"wmma.store.d.sync.aligned.{v['layout']}.m{m}n{n}k{k}{qual}.{v['type']} "
            f"[%0], {{{', '.join(f'%{i + 1}' for i in range(nregs))}}}, %{nregs + 1};")
    ins = ", ".join(f'"{cons}"(r[{i}])' for i in range(nregs))
    addr = '"r"(sa + %d)' % v["base"] if v["space"] == "shared" else \
        '"l"(%s + %d)' % ("sg" if v["space"] == "shared_generic" else "gp", v["base"])
    return f'asm volatile("{text}" :: {addr}, {ins}, "r"({v["ldm"]}) : "memory");'


MAP_TYPES = {"f32": "float", "f16": "__half", "s32": "int", "f64": "double", "tf32": "wmma::precision::tf32",
             "u8": "unsigned char"}
MEM_TYPES = {"f32": "float", "f16": "__half", "s32": "int", "f64": "double", "tf32": "float", "u8": "unsigned char"}


def main():
    vs = variants()
    smem = 0
    for v in vs:
        if v["space"].startswith("shared"):
            lead, _ = rows_cols(v["use"], v["shape"], v["layout"])
            smem = max(smem, lead * v["ldm"] * v["elem"] + v["base"] + 256)
    smem = (smem + 1023) // 1024 * 1024
    lines = ["// generated by gen.py: wmma fragment loads and stores, one per line (see gen.py)",
             "#include <cstdio>", "#include <cstring>", "#include <mma.h>", "#include <cuda_fp16.h>",
             "using namespace nvcuda;", f"#define SMEM_BYTES {smem}", ""]
    kernels = []
    for name, use, shape, ptype, ctype, nregs, cons, rtype, ldms in KINDS:
        mine = [v for v in vs if v["kind"] == name]
        if not mine:
            continue
        kernels.append(name)
        lines += [f"extern \"C\" __global__ void k_{name}(char *g, {rtype} seed)", "{",
                  "    extern __shared__ __align__(1024) char smem[];",
                  "    for (int i = threadIdx.x; i < SMEM_BYTES / 4; i += 32) ((int *)smem)[i] = i;",
                  "    __syncwarp();",
                  "    unsigned sa = (unsigned)__cvta_generic_to_shared(smem);",
                  "    char *sg = smem, *gp = g;",
                  f"    {rtype} r[{nregs}];",
                  f"    for (int i = 0; i < {nregs}; ++i) r[i] = seed + ({rtype})(threadIdx.x * {nregs} + i);",
                  f"    {rtype} sink = 0;"]
        for v in mine:
            v["line"] = len(lines) + 1
            lines.append("    " + ptx(v, nregs, cons))
            if v["op"] == "ld":
                lines.append(f"    for (int i = 0; i < {nregs}; ++i) sink += r[i];")
            lines.append("    __syncwarp();")
        lines += ["    if (seed == (" + rtype + ")12345) ((" + rtype + " *)g)[threadIdx.x] = sink + r[0];", "}", ""]
    # mapping kernels (C++ API): loads from memory holding each element's index; stores of lane * 64 + i
    maps = []
    for name, use, shape, ptype, ctype, nregs, cons, rtype, ldms in KINDS:
        m, n, k = shape
        mt, memt = MAP_TYPES[ptype], MEM_TYPES[ptype]
        usew = {"a": "matrix_a", "b": "matrix_b", "c": "accumulator"}[use]
        for layout in ("row", "col"):
            lead, minor = rows_cols(use, shape, layout)
            total = lead * minor
            lay = f", wmma::{layout}_major" if use != "c" else ""
            mem = f", wmma::mem_{layout}_major" if use == "c" else ""
            fname = f"map_{name}_{layout}"
            maps.append((fname, name, layout, minor, total, use))
            lines += [f"__global__ void {fname}(float *out)", "{",
                      f"    __shared__ __align__(256) {memt} s[{total}];",
                      f"    for (int i = threadIdx.x; i < {total}; i += 32) s[i] = ({memt})(i % 256 == i || sizeof({memt}) > 1 ? i : 0);",
                      "    __syncwarp();",
                      f"    wmma::fragment<wmma::{usew}, {m}, {n}, {k}, {mt}{lay}> f;",
                      f"    wmma::load_matrix_sync(f, s, {minor}{mem});",
                      "    for (int i = 0; i < f.num_elements; ++i) out[threadIdx.x * 64 + i] = (float)f.x[i];",
                      "    out[2048 + threadIdx.x] = f.num_elements;"]
            if use == "c":
                lines += ["    __syncwarp();",
                          "    for (int i = 0; i < f.num_elements; ++i) f.x[i] = (" + memt + ")(threadIdx.x * 64 + i);",
                          f"    wmma::store_matrix_sync(s, f, {minor}{mem});", "    __syncwarp();",
                          f"    for (int i = threadIdx.x; i < {total}; i += 32) out[4096 + i] = (float)s[i];"]
            lines += ["}", ""]
    lines += ["#define CHECK(x) do { cudaError_t e_ = (x); if (e_ != cudaSuccess) { printf(\"%s:%d %s\\n\", __FILE__, "
              "__LINE__, cudaGetErrorString(e_)); return 1; } } while (0)", "",
              "int main(int argc, char **argv)", "{",
              "    char *g; float *out; float host[8192];",
              "    CHECK(cudaMalloc(&g, 64 << 20)); CHECK(cudaMemset(g, 1, 64 << 20));",
              "    CHECK(cudaMalloc(&out, 8192 * sizeof(float)));",
              "    FILE *f = fopen(argc > 1 ? argv[1] : \"mapping.json\", \"w\"); fprintf(f, \"[\\n\");"]
    for i, (fname, name, layout, minor, total, use) in enumerate(maps):
        lines += [f"    CHECK(cudaMemset(out, 0xff, 8192 * sizeof(float))); {fname}<<<1, 32>>>(out); CHECK(cudaGetLastError());",
                  "    CHECK(cudaMemcpy(host, out, sizeof host, cudaMemcpyDeviceToHost));",
                  f"    fprintf(f, \"%s{{\\\"kind\\\": \\\"{name}\\\", \\\"layout\\\": \\\"{layout}\\\", \\\"ld\\\": {minor}, "
                  f"\\\"elements\\\": %d, \\\"load\\\": [\", \"{',' if i else ''}\", (int)host[2048]);",
                  "    for (int l = 0; l < 32; ++l) { fprintf(f, \"%s[\", l ? \",\" : \"\");"
                  " for (int e = 0; e < (int)host[2048]; ++e) fprintf(f, \"%s%d\", e ? \",\" : \"\", (int)host[l * 64 + e]);"
                  " fprintf(f, \"]\"); }",
                  "    fprintf(f, \"]\");"]
        if use == "c":
            lines += ["    fprintf(f, \", \\\"store\\\": [\");",
                      f"    for (int i = 0; i < {total}; ++i) fprintf(f, \"%s%d\", i ? \",\" : \"\", (int)host[4096 + i]);",
                      "    fprintf(f, \"]\");"]
        lines.append("    fprintf(f, \"}\\n\");")
    lines += ["    fprintf(f, \"]\\n\"); fclose(f);"]
    for name in kernels:
        rtype = next(kd[7] for kd in KINDS if kd[0] == name)
        lines += [f"    CHECK(cudaFuncSetAttribute(k_{name}, cudaFuncAttributeMaxDynamicSharedMemorySize, SMEM_BYTES));",
                  f"    k_{name}<<<1, 32, SMEM_BYTES>>>(g, ({rtype})1); CHECK(cudaGetLastError());"]
    lines += ["    CHECK(cudaDeviceSynchronize());", "    printf(\"frag: ok\\n\");", "    return 0;", "}"]
    (HERE / "frag.cu").write_text("\n".join(lines) + "\n")
    (HERE / "variants.json").write_text(json.dumps(vs, indent=0) + "\n")
    print(f"frag.cu: {len(vs)} variants in {len(kernels)} kernels, {len(maps)} mapping kernels, {smem} bytes of shared")


if __name__ == "__main__":
    main()
