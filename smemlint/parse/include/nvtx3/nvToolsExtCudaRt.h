/* smemlint stand-in for <nvtx3/nvToolsExtCudaRt.h> (bundled mode). */
#ifndef SMEMLINT_STANDIN_NVTOOLSEXTCUDART_H
#define SMEMLINT_STANDIN_NVTOOLSEXTCUDART_H
#include "nvToolsExt.h"
#include "../cuda_stub.h"
extern "C" {
void nvtxNameCudaDeviceA(int device, const char *name);
void nvtxNameCudaStreamA(cudaStream_t stream, const char *name);
void nvtxNameCudaEventA(cudaEvent_t event, const char *name);
}
#define nvtxNameCudaDevice nvtxNameCudaDeviceA
#define nvtxNameCudaStream nvtxNameCudaStreamA
#define nvtxNameCudaEvent nvtxNameCudaEventA
#endif /* SMEMLINT_STANDIN_NVTOOLSEXTCUDART_H */
