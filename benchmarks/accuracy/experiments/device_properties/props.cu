#include <cstdio>
#include <cuda_runtime.h>
#define F(x) printf("  \"%s\": %lld,\n", #x, (long long)p.x)
#define A(x) do { int v = -1; cudaDeviceGetAttribute(&v, cudaDevAttr##x, 0); printf("  \"cudaDevAttr%s\": %d,\n", #x, v); } while (0)
int main() {
  cudaDeviceProp p; cudaGetDeviceProperties(&p, 0);
  printf("{\n  \"name\": \"%s\",\n", p.name);
  F(major); F(minor); F(multiProcessorCount); F(warpSize); F(maxThreadsPerBlock); F(maxThreadsPerMultiProcessor);
  F(maxBlocksPerMultiProcessor); F(sharedMemPerBlock); F(sharedMemPerBlockOptin); F(sharedMemPerMultiprocessor);
  F(reservedSharedMemPerBlock); F(regsPerBlock); F(regsPerMultiprocessor); F(totalConstMem); F(l2CacheSize);
  F(persistingL2CacheMaxSize); F(memPitch); F(textureAlignment); F(maxGridSize[0]); F(maxGridSize[1]); F(maxGridSize[2]);
  F(maxThreadsDim[0]); F(maxThreadsDim[1]); F(maxThreadsDim[2]); F(totalGlobalMem); F(memoryBusWidth);
  F(concurrentKernels); F(cooperativeLaunch); F(asyncEngineCount); F(unifiedAddressing); F(managedMemory);
  F(pciBusID); F(integrated); F(canMapHostMemory); F(ECCEnabled); F(accessPolicyMaxWindowSize);
  A(MultiProcessorCount); A(MaxSharedMemoryPerBlockOptin); A(MaxSharedMemoryPerMultiprocessor); A(MaxSharedMemoryPerBlock);
  A(MaxThreadsPerMultiProcessor); A(MaxThreadsPerBlock); A(MaxBlocksPerMultiprocessor); A(WarpSize); A(ComputeCapabilityMajor);
  A(ComputeCapabilityMinor); A(L2CacheSize); A(MaxRegistersPerBlock); A(MaxRegistersPerMultiprocessor); A(TotalConstantMemory);
  A(MaxGridDimX); A(MaxGridDimY); A(MaxGridDimZ); A(MaxBlockDimX); A(MaxBlockDimY); A(MaxBlockDimZ); A(ReservedSharedMemoryPerBlock);
  A(ClockRate); A(MemoryClockRate); A(GlobalMemoryBusWidth);
  printf("  \"end\": 0\n}\n");
}
