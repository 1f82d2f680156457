// cp.async patterns, second H100 run (issue 30 item 7): the rule of cpasync_patterns.cu checked on
// lanes whose destination and source conflicts differ, 16-byte copies shifted against the
// destination's sectors, padded rows, and partial warps by the zero-fill operand. One warp per kernel.
// Written by the hw33 helper for smemlint; measured like cpasync_patterns.cu.
#include <cuda_runtime.h>
#include <cstdio>
#define WORDS 4096
__device__ __forceinline__ unsigned smem_u32(const void *p) { return (unsigned)__cvta_generic_to_shared(p); }


__global__ void cpb_ca4_dst_s2_src_s8(const char *in_, unsigned *out) {
  __shared__ __align__(1024) unsigned sw[WORDS]; int l = threadIdx.x;
  for (int i = threadIdx.x; i < WORDS; i += blockDim.x) sw[i] = i * 2654435761u;
  __syncthreads();
  unsigned d = smem_u32(sw) + 4096 + (8*l);
  const char *s = in_ + (32*l);
  if (1) asm volatile("cp.async.ca.shared.global [%0], [%1], 4;" :: "r"(d), "l"(s) : "memory"); // @site 4 ca ca4_dst_s2_src_s8
  asm volatile("cp.async.commit_group;" ::: "memory");
  asm volatile("cp.async.wait_all;" ::: "memory");
  __syncthreads();
  out[l] = sw[1024 + l] ^ sw[1024 + l * 9 % 1024] ^ sw[1024 + 32 + l] ^ sw[1024 + 64 + l * 4 % 1024];
}

__global__ void cpb_ca4_dst_s8_src_s2(const char *in_, unsigned *out) {
  __shared__ __align__(1024) unsigned sw[WORDS]; int l = threadIdx.x;
  for (int i = threadIdx.x; i < WORDS; i += blockDim.x) sw[i] = i * 2654435761u;
  __syncthreads();
  unsigned d = smem_u32(sw) + 4096 + (32*l);
  const char *s = in_ + (8*l);
  if (1) asm volatile("cp.async.ca.shared.global [%0], [%1], 4;" :: "r"(d), "l"(s) : "memory"); // @site 4 ca ca4_dst_s8_src_s2
  asm volatile("cp.async.commit_group;" ::: "memory");
  asm volatile("cp.async.wait_all;" ::: "memory");
  __syncthreads();
  out[l] = sw[1024 + l] ^ sw[1024 + l * 9 % 1024] ^ sw[1024 + 32 + l] ^ sw[1024 + 64 + l * 4 % 1024];
}

__global__ void cpb_ca4_dst_pairs_src_half16(const char *in_, unsigned *out) {
  __shared__ __align__(1024) unsigned sw[WORDS]; int l = threadIdx.x;
  for (int i = threadIdx.x; i < WORDS; i += blockDim.x) sw[i] = i * 2654435761u;
  __syncthreads();
  unsigned d = smem_u32(sw) + 4096 + (4*(l/2));
  const char *s = in_ + (4*(l%16));
  if (1) asm volatile("cp.async.ca.shared.global [%0], [%1], 4;" :: "r"(d), "l"(s) : "memory"); // @site 4 ca ca4_dst_pairs_src_half16
  asm volatile("cp.async.commit_group;" ::: "memory");
  asm volatile("cp.async.wait_all;" ::: "memory");
  __syncthreads();
  out[l] = sw[1024 + l] ^ sw[1024 + l * 9 % 1024] ^ sw[1024 + 32 + l] ^ sw[1024 + 64 + l * 4 % 1024];
}

__global__ void cpb_ca4_dst_s4_src_same(const char *in_, unsigned *out) {
  __shared__ __align__(1024) unsigned sw[WORDS]; int l = threadIdx.x;
  for (int i = threadIdx.x; i < WORDS; i += blockDim.x) sw[i] = i * 2654435761u;
  __syncthreads();
  unsigned d = smem_u32(sw) + 4096 + (16*l);
  const char *s = in_ + (0);
  if (1) asm volatile("cp.async.ca.shared.global [%0], [%1], 4;" :: "r"(d), "l"(s) : "memory"); // @site 4 ca ca4_dst_s4_src_same
  asm volatile("cp.async.commit_group;" ::: "memory");
  asm volatile("cp.async.wait_all;" ::: "memory");
  __syncthreads();
  out[l] = sw[1024 + l] ^ sw[1024 + l * 9 % 1024] ^ sw[1024 + 32 + l] ^ sw[1024 + 64 + l * 4 % 1024];
}

__global__ void cpb_ca4_dst_xor_src_s2(const char *in_, unsigned *out) {
  __shared__ __align__(1024) unsigned sw[WORDS]; int l = threadIdx.x;
  for (int i = threadIdx.x; i < WORDS; i += blockDim.x) sw[i] = i * 2654435761u;
  __syncthreads();
  unsigned d = smem_u32(sw) + 4096 + (4*(l^1));
  const char *s = in_ + (8*l);
  if (1) asm volatile("cp.async.ca.shared.global [%0], [%1], 4;" :: "r"(d), "l"(s) : "memory"); // @site 4 ca ca4_dst_xor_src_s2
  asm volatile("cp.async.commit_group;" ::: "memory");
  asm volatile("cp.async.wait_all;" ::: "memory");
  __syncthreads();
  out[l] = sw[1024 + l] ^ sw[1024 + l * 9 % 1024] ^ sw[1024 + 32 + l] ^ sw[1024 + 64 + l * 4 % 1024];
}

__global__ void cpb_ca8_dst_s2_src_s4(const char *in_, unsigned *out) {
  __shared__ __align__(1024) unsigned sw[WORDS]; int l = threadIdx.x;
  for (int i = threadIdx.x; i < WORDS; i += blockDim.x) sw[i] = i * 2654435761u;
  __syncthreads();
  unsigned d = smem_u32(sw) + 4096 + (16*l);
  const char *s = in_ + (32*l);
  if (1) asm volatile("cp.async.ca.shared.global [%0], [%1], 8;" :: "r"(d), "l"(s) : "memory"); // @site 8 ca ca8_dst_s2_src_s4
  asm volatile("cp.async.commit_group;" ::: "memory");
  asm volatile("cp.async.wait_all;" ::: "memory");
  __syncthreads();
  out[l] = sw[1024 + l] ^ sw[1024 + l * 9 % 1024] ^ sw[1024 + 32 + l] ^ sw[1024 + 64 + l * 4 % 1024];
}

__global__ void cpb_ca8_dst_s4_src_s2(const char *in_, unsigned *out) {
  __shared__ __align__(1024) unsigned sw[WORDS]; int l = threadIdx.x;
  for (int i = threadIdx.x; i < WORDS; i += blockDim.x) sw[i] = i * 2654435761u;
  __syncthreads();
  unsigned d = smem_u32(sw) + 4096 + (32*l);
  const char *s = in_ + (16*l);
  if (1) asm volatile("cp.async.ca.shared.global [%0], [%1], 8;" :: "r"(d), "l"(s) : "memory"); // @site 8 ca ca8_dst_s4_src_s2
  asm volatile("cp.async.commit_group;" ::: "memory");
  asm volatile("cp.async.wait_all;" ::: "memory");
  __syncthreads();
  out[l] = sw[1024 + l] ^ sw[1024 + l * 9 % 1024] ^ sw[1024 + 32 + l] ^ sw[1024 + 64 + l * 4 % 1024];
}

__global__ void cpb_cg16_dst_shift16(const char *in_, unsigned *out) {
  __shared__ __align__(1024) unsigned sw[WORDS]; int l = threadIdx.x;
  for (int i = threadIdx.x; i < WORDS; i += blockDim.x) sw[i] = i * 2654435761u;
  __syncthreads();
  unsigned d = smem_u32(sw) + 4096 + (16*l+16);
  const char *s = in_ + (16*l);
  if (1) asm volatile("cp.async.cg.shared.global [%0], [%1], 16;" :: "r"(d), "l"(s) : "memory"); // @site 16 cg cg16_dst_shift16
  asm volatile("cp.async.commit_group;" ::: "memory");
  asm volatile("cp.async.wait_all;" ::: "memory");
  __syncthreads();
  out[l] = sw[1024 + l] ^ sw[1024 + l * 9 % 1024] ^ sw[1024 + 32 + l] ^ sw[1024 + 64 + l * 4 % 1024];
}

__global__ void cpb_cg16_dst_shift32(const char *in_, unsigned *out) {
  __shared__ __align__(1024) unsigned sw[WORDS]; int l = threadIdx.x;
  for (int i = threadIdx.x; i < WORDS; i += blockDim.x) sw[i] = i * 2654435761u;
  __syncthreads();
  unsigned d = smem_u32(sw) + 4096 + (16*l+32);
  const char *s = in_ + (16*l);
  if (1) asm volatile("cp.async.cg.shared.global [%0], [%1], 16;" :: "r"(d), "l"(s) : "memory"); // @site 16 cg cg16_dst_shift32
  asm volatile("cp.async.commit_group;" ::: "memory");
  asm volatile("cp.async.wait_all;" ::: "memory");
  __syncthreads();
  out[l] = sw[1024 + l] ^ sw[1024 + l * 9 % 1024] ^ sw[1024 + 32 + l] ^ sw[1024 + 64 + l * 4 % 1024];
}

__global__ void cpb_cg16_dst_shift48(const char *in_, unsigned *out) {
  __shared__ __align__(1024) unsigned sw[WORDS]; int l = threadIdx.x;
  for (int i = threadIdx.x; i < WORDS; i += blockDim.x) sw[i] = i * 2654435761u;
  __syncthreads();
  unsigned d = smem_u32(sw) + 4096 + (16*l+48);
  const char *s = in_ + (16*l);
  if (1) asm volatile("cp.async.cg.shared.global [%0], [%1], 16;" :: "r"(d), "l"(s) : "memory"); // @site 16 cg cg16_dst_shift48
  asm volatile("cp.async.commit_group;" ::: "memory");
  asm volatile("cp.async.wait_all;" ::: "memory");
  __syncthreads();
  out[l] = sw[1024 + l] ^ sw[1024 + l * 9 % 1024] ^ sw[1024 + 32 + l] ^ sw[1024 + 64 + l * 4 % 1024];
}

__global__ void cpb_cg16_dst_shift64(const char *in_, unsigned *out) {
  __shared__ __align__(1024) unsigned sw[WORDS]; int l = threadIdx.x;
  for (int i = threadIdx.x; i < WORDS; i += blockDim.x) sw[i] = i * 2654435761u;
  __syncthreads();
  unsigned d = smem_u32(sw) + 4096 + (16*l+64);
  const char *s = in_ + (16*l);
  if (1) asm volatile("cp.async.cg.shared.global [%0], [%1], 16;" :: "r"(d), "l"(s) : "memory"); // @site 16 cg cg16_dst_shift64
  asm volatile("cp.async.commit_group;" ::: "memory");
  asm volatile("cp.async.wait_all;" ::: "memory");
  __syncthreads();
  out[l] = sw[1024 + l] ^ sw[1024 + l * 9 % 1024] ^ sw[1024 + 32 + l] ^ sw[1024 + 64 + l * 4 % 1024];
}

__global__ void cpb_cg16_dst_shift80(const char *in_, unsigned *out) {
  __shared__ __align__(1024) unsigned sw[WORDS]; int l = threadIdx.x;
  for (int i = threadIdx.x; i < WORDS; i += blockDim.x) sw[i] = i * 2654435761u;
  __syncthreads();
  unsigned d = smem_u32(sw) + 4096 + (16*l+80);
  const char *s = in_ + (16*l);
  if (1) asm volatile("cp.async.cg.shared.global [%0], [%1], 16;" :: "r"(d), "l"(s) : "memory"); // @site 16 cg cg16_dst_shift80
  asm volatile("cp.async.commit_group;" ::: "memory");
  asm volatile("cp.async.wait_all;" ::: "memory");
  __syncthreads();
  out[l] = sw[1024 + l] ^ sw[1024 + l * 9 % 1024] ^ sw[1024 + 32 + l] ^ sw[1024 + 64 + l * 4 % 1024];
}

__global__ void cpb_cg16_dst_shift96(const char *in_, unsigned *out) {
  __shared__ __align__(1024) unsigned sw[WORDS]; int l = threadIdx.x;
  for (int i = threadIdx.x; i < WORDS; i += blockDim.x) sw[i] = i * 2654435761u;
  __syncthreads();
  unsigned d = smem_u32(sw) + 4096 + (16*l+96);
  const char *s = in_ + (16*l);
  if (1) asm volatile("cp.async.cg.shared.global [%0], [%1], 16;" :: "r"(d), "l"(s) : "memory"); // @site 16 cg cg16_dst_shift96
  asm volatile("cp.async.commit_group;" ::: "memory");
  asm volatile("cp.async.wait_all;" ::: "memory");
  __syncthreads();
  out[l] = sw[1024 + l] ^ sw[1024 + l * 9 % 1024] ^ sw[1024 + 32 + l] ^ sw[1024 + 64 + l * 4 % 1024];
}

__global__ void cpb_cg16_dst_shift112(const char *in_, unsigned *out) {
  __shared__ __align__(1024) unsigned sw[WORDS]; int l = threadIdx.x;
  for (int i = threadIdx.x; i < WORDS; i += blockDim.x) sw[i] = i * 2654435761u;
  __syncthreads();
  unsigned d = smem_u32(sw) + 4096 + (16*l+112);
  const char *s = in_ + (16*l);
  if (1) asm volatile("cp.async.cg.shared.global [%0], [%1], 16;" :: "r"(d), "l"(s) : "memory"); // @site 16 cg cg16_dst_shift112
  asm volatile("cp.async.commit_group;" ::: "memory");
  asm volatile("cp.async.wait_all;" ::: "memory");
  __syncthreads();
  out[l] = sw[1024 + l] ^ sw[1024 + l * 9 % 1024] ^ sw[1024 + 32 + l] ^ sw[1024 + 64 + l * 4 % 1024];
}

__global__ void cpb_cg16_src_shift32(const char *in_, unsigned *out) {
  __shared__ __align__(1024) unsigned sw[WORDS]; int l = threadIdx.x;
  for (int i = threadIdx.x; i < WORDS; i += blockDim.x) sw[i] = i * 2654435761u;
  __syncthreads();
  unsigned d = smem_u32(sw) + 4096 + (16*l);
  const char *s = in_ + (16*l+32);
  if (1) asm volatile("cp.async.cg.shared.global [%0], [%1], 16;" :: "r"(d), "l"(s) : "memory"); // @site 16 cg cg16_src_shift32
  asm volatile("cp.async.commit_group;" ::: "memory");
  asm volatile("cp.async.wait_all;" ::: "memory");
  __syncthreads();
  out[l] = sw[1024 + l] ^ sw[1024 + l * 9 % 1024] ^ sw[1024 + 32 + l] ^ sw[1024 + 64 + l * 4 % 1024];
}

__global__ void cpb_cg16_src_shift48(const char *in_, unsigned *out) {
  __shared__ __align__(1024) unsigned sw[WORDS]; int l = threadIdx.x;
  for (int i = threadIdx.x; i < WORDS; i += blockDim.x) sw[i] = i * 2654435761u;
  __syncthreads();
  unsigned d = smem_u32(sw) + 4096 + (16*l);
  const char *s = in_ + (16*l+48);
  if (1) asm volatile("cp.async.cg.shared.global [%0], [%1], 16;" :: "r"(d), "l"(s) : "memory"); // @site 16 cg cg16_src_shift48
  asm volatile("cp.async.commit_group;" ::: "memory");
  asm volatile("cp.async.wait_all;" ::: "memory");
  __syncthreads();
  out[l] = sw[1024 + l] ^ sw[1024 + l * 9 % 1024] ^ sw[1024 + 32 + l] ^ sw[1024 + 64 + l * 4 % 1024];
}

__global__ void cpb_cg16_rows144(const char *in_, unsigned *out) {
  __shared__ __align__(1024) unsigned sw[WORDS]; int l = threadIdx.x;
  for (int i = threadIdx.x; i < WORDS; i += blockDim.x) sw[i] = i * 2654435761u;
  __syncthreads();
  unsigned d = smem_u32(sw) + 4096 + ((l/8)*144+(l%8)*16);
  const char *s = in_ + (16*l);
  if (1) asm volatile("cp.async.cg.shared.global [%0], [%1], 16;" :: "r"(d), "l"(s) : "memory"); // @site 16 cg cg16_rows144
  asm volatile("cp.async.commit_group;" ::: "memory");
  asm volatile("cp.async.wait_all;" ::: "memory");
  __syncthreads();
  out[l] = sw[1024 + l] ^ sw[1024 + l * 9 % 1024] ^ sw[1024 + 32 + l] ^ sw[1024 + 64 + l * 4 % 1024];
}

__global__ void cpb_cg16_rows160(const char *in_, unsigned *out) {
  __shared__ __align__(1024) unsigned sw[WORDS]; int l = threadIdx.x;
  for (int i = threadIdx.x; i < WORDS; i += blockDim.x) sw[i] = i * 2654435761u;
  __syncthreads();
  unsigned d = smem_u32(sw) + 4096 + ((l/8)*160+(l%8)*16);
  const char *s = in_ + (16*l);
  if (1) asm volatile("cp.async.cg.shared.global [%0], [%1], 16;" :: "r"(d), "l"(s) : "memory"); // @site 16 cg cg16_rows160
  asm volatile("cp.async.commit_group;" ::: "memory");
  asm volatile("cp.async.wait_all;" ::: "memory");
  __syncthreads();
  out[l] = sw[1024 + l] ^ sw[1024 + l * 9 % 1024] ^ sw[1024 + 32 + l] ^ sw[1024 + 64 + l * 4 % 1024];
}

__global__ void cpb_cg16_rows128_shift16(const char *in_, unsigned *out) {
  __shared__ __align__(1024) unsigned sw[WORDS]; int l = threadIdx.x;
  for (int i = threadIdx.x; i < WORDS; i += blockDim.x) sw[i] = i * 2654435761u;
  __syncthreads();
  unsigned d = smem_u32(sw) + 4096 + ((l/8)*128+(l%8)*16+16);
  const char *s = in_ + (16*l);
  if (1) asm volatile("cp.async.cg.shared.global [%0], [%1], 16;" :: "r"(d), "l"(s) : "memory"); // @site 16 cg cg16_rows128_shift16
  asm volatile("cp.async.commit_group;" ::: "memory");
  asm volatile("cp.async.wait_all;" ::: "memory");
  __syncthreads();
  out[l] = sw[1024 + l] ^ sw[1024 + l * 9 % 1024] ^ sw[1024 + 32 + l] ^ sw[1024 + 64 + l * 4 % 1024];
}

__global__ void cpb_cg16_zfill8(const char *in_, unsigned *out) {
  __shared__ __align__(1024) unsigned sw[WORDS]; int l = threadIdx.x;
  for (int i = threadIdx.x; i < WORDS; i += blockDim.x) sw[i] = i * 2654435761u;
  __syncthreads();
  unsigned d = smem_u32(sw) + 4096 + (16*l);
  const char *s = in_ + (16*l);
  unsigned n = l < 8 ? 16 : 0;
  asm volatile("cp.async.cg.shared.global [%0], [%1], 16, %2;" :: "r"(d), "l"(s), "r"(n) : "memory"); // @site 16 cg cg16_zfill8
  asm volatile("cp.async.commit_group;" ::: "memory");
  asm volatile("cp.async.wait_all;" ::: "memory");
  __syncthreads();
  out[l] = sw[1024 + l] ^ sw[1024 + l * 9 % 1024] ^ sw[1024 + 32 + l] ^ sw[1024 + 64 + l * 4 % 1024];
}

__global__ void cpb_cg16_zfill16(const char *in_, unsigned *out) {
  __shared__ __align__(1024) unsigned sw[WORDS]; int l = threadIdx.x;
  for (int i = threadIdx.x; i < WORDS; i += blockDim.x) sw[i] = i * 2654435761u;
  __syncthreads();
  unsigned d = smem_u32(sw) + 4096 + (16*l);
  const char *s = in_ + (16*l);
  unsigned n = l < 16 ? 16 : 0;
  asm volatile("cp.async.cg.shared.global [%0], [%1], 16, %2;" :: "r"(d), "l"(s), "r"(n) : "memory"); // @site 16 cg cg16_zfill16
  asm volatile("cp.async.commit_group;" ::: "memory");
  asm volatile("cp.async.wait_all;" ::: "memory");
  __syncthreads();
  out[l] = sw[1024 + l] ^ sw[1024 + l * 9 % 1024] ^ sw[1024 + 32 + l] ^ sw[1024 + 64 + l * 4 % 1024];
}

__global__ void cpb_ca4_zfill8(const char *in_, unsigned *out) {
  __shared__ __align__(1024) unsigned sw[WORDS]; int l = threadIdx.x;
  for (int i = threadIdx.x; i < WORDS; i += blockDim.x) sw[i] = i * 2654435761u;
  __syncthreads();
  unsigned d = smem_u32(sw) + 4096 + (4*l);
  const char *s = in_ + (4*l);
  unsigned n = l < 8 ? 4 : 0;
  asm volatile("cp.async.ca.shared.global [%0], [%1], 4, %2;" :: "r"(d), "l"(s), "r"(n) : "memory"); // @site 4 ca ca4_zfill8
  asm volatile("cp.async.commit_group;" ::: "memory");
  asm volatile("cp.async.wait_all;" ::: "memory");
  __syncthreads();
  out[l] = sw[1024 + l] ^ sw[1024 + l * 9 % 1024] ^ sw[1024 + 32 + l] ^ sw[1024 + 64 + l * 4 % 1024];
}

__global__ void cpb_cg16_part8_b(const char *in_, unsigned *out) {
  __shared__ __align__(1024) unsigned sw[WORDS]; int l = threadIdx.x;
  for (int i = threadIdx.x; i < WORDS; i += blockDim.x) sw[i] = i * 2654435761u;
  __syncthreads();
  unsigned d = smem_u32(sw) + 4096 + (16*l);
  const char *s = in_ + (16*l);
  if (l < 8) asm volatile("cp.async.cg.shared.global [%0], [%1], 16;" :: "r"(d), "l"(s) : "memory"); // @site 16 cg cg16_part8_b
  asm volatile("cp.async.commit_group;" ::: "memory");
  asm volatile("cp.async.wait_all;" ::: "memory");
  __syncthreads();
  out[l] = sw[1024 + l] ^ sw[1024 + l * 9 % 1024] ^ sw[1024 + 32 + l] ^ sw[1024 + 64 + l * 4 % 1024];
}

__global__ void cpb_ca16_part8(const char *in_, unsigned *out) {
  __shared__ __align__(1024) unsigned sw[WORDS]; int l = threadIdx.x;
  for (int i = threadIdx.x; i < WORDS; i += blockDim.x) sw[i] = i * 2654435761u;
  __syncthreads();
  unsigned d = smem_u32(sw) + 4096 + (16*l);
  const char *s = in_ + (16*l);
  if (l < 8) asm volatile("cp.async.ca.shared.global [%0], [%1], 16;" :: "r"(d), "l"(s) : "memory"); // @site 16 ca ca16_part8
  asm volatile("cp.async.commit_group;" ::: "memory");
  asm volatile("cp.async.wait_all;" ::: "memory");
  __syncthreads();
  out[l] = sw[1024 + l] ^ sw[1024 + l * 9 % 1024] ^ sw[1024 + 32 + l] ^ sw[1024 + 64 + l * 4 % 1024];
}

int main() {
  char *d_in; unsigned *d_out;
  if (cudaMalloc(&d_in, 1 << 22) || cudaMalloc(&d_out, 1 << 22)) return 1;
  cudaMemset(d_in, 0x3c, 1 << 22);
  cpb_ca4_dst_s2_src_s8<<<1, 32>>>(d_in, d_out);
  cpb_ca4_dst_s8_src_s2<<<1, 32>>>(d_in, d_out);
  cpb_ca4_dst_pairs_src_half16<<<1, 32>>>(d_in, d_out);
  cpb_ca4_dst_s4_src_same<<<1, 32>>>(d_in, d_out);
  cpb_ca4_dst_xor_src_s2<<<1, 32>>>(d_in, d_out);
  cpb_ca8_dst_s2_src_s4<<<1, 32>>>(d_in, d_out);
  cpb_ca8_dst_s4_src_s2<<<1, 32>>>(d_in, d_out);
  cpb_cg16_dst_shift16<<<1, 32>>>(d_in, d_out);
  cpb_cg16_dst_shift32<<<1, 32>>>(d_in, d_out);
  cpb_cg16_dst_shift48<<<1, 32>>>(d_in, d_out);
  cpb_cg16_dst_shift64<<<1, 32>>>(d_in, d_out);
  cpb_cg16_dst_shift80<<<1, 32>>>(d_in, d_out);
  cpb_cg16_dst_shift96<<<1, 32>>>(d_in, d_out);
  cpb_cg16_dst_shift112<<<1, 32>>>(d_in, d_out);
  cpb_cg16_src_shift32<<<1, 32>>>(d_in, d_out);
  cpb_cg16_src_shift48<<<1, 32>>>(d_in, d_out);
  cpb_cg16_rows144<<<1, 32>>>(d_in, d_out);
  cpb_cg16_rows160<<<1, 32>>>(d_in, d_out);
  cpb_cg16_rows128_shift16<<<1, 32>>>(d_in, d_out);
  cpb_cg16_zfill8<<<1, 32>>>(d_in, d_out);
  cpb_cg16_zfill16<<<1, 32>>>(d_in, d_out);
  cpb_ca4_zfill8<<<1, 32>>>(d_in, d_out);
  cpb_cg16_part8_b<<<1, 32>>>(d_in, d_out);
  cpb_ca16_part8<<<1, 32>>>(d_in, d_out);
  cudaError_t e = cudaDeviceSynchronize();
  printf("%s\n", cudaGetErrorString(e));
  return e != cudaSuccess;
}
