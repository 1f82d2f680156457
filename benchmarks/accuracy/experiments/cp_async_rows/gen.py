"""Generate pad.cu: one cp.async.cg (16 B) per source line, one pattern each; patterns.json maps lines."""
import json
pats = []
for rowbytes in (32, 64, 128, 256, 512):
    for pad in (0, 16, 32, 48, 64, 80, 112):
        if rowbytes == 512 and pad:
            continue
        for off in (0, 16, 32, 48, 64, 96):
            for srcpitch in (4096, rowbytes):
                if srcpitch == rowbytes and (off not in (0, 16) or pad not in (0, 16)):
                    continue
                for hint in ('', '.L2::128B'):
                    pats.append(dict(rowbytes=rowbytes, pad=pad, off=off, srcpitch=srcpitch, hint=hint))
lines = ['#include <cstdio>', '#include <cuda_runtime.h>',
         '__global__ void padded(const char *src, int *out) {',
         '    extern __shared__ __align__(1024) char smem[];',
         '    unsigned lane = threadIdx.x;',
         '    unsigned base = (unsigned)__cvta_generic_to_shared(smem);']
for p in pats:
    lpr = p['rowbytes'] // 16
    pitch = p['rowbytes'] + p['pad']
    p['line'] = len(lines) + 1
    lines.append(f'    asm volatile("cp.async.cg.shared.global{p["hint"]} [%0], [%1], 16;" :: "r"(base + {p["off"]}u + (lane / {lpr}u) * {pitch}u + (lane % {lpr}u) * 16u), "l"(src + (lane / {lpr}u) * {p["srcpitch"]}u + (lane % {lpr}u) * 16u));')
lines += ['    asm volatile("cp.async.wait_all;" ::: "memory");',
          '    __syncthreads();',
          '    out[lane] = smem[lane * 4];',
          '}',
          'int main() {',
          '    char *src; int *out;',
          '    cudaMalloc(&src, 1 << 20); cudaMalloc(&out, 4096); cudaMemset(src, 1, 1 << 20);',
          '    cudaFuncSetAttribute(padded, cudaFuncAttributeMaxDynamicSharedMemorySize, 65536);',
          '    padded<<<1, 32, 65536>>>(src, out);',
          '    cudaError_t e = cudaDeviceSynchronize(); printf("%s\\n", cudaGetErrorString(e));',
          '    return 0;', '}']
open('pad.cu', 'w').write('\n'.join(lines) + '\n')
json.dump(pats, open('patterns.json', 'w'))
print(len(pats), 'patterns')
