/* smemlint stand-in for the CUDA samples' <helper_cuda.h> (bundled mode).
   Declarations only: checkCudaErrors(x), getLastCudaError(msg) and the device
   query helpers the samples use. */
#ifndef SMEMLINT_STANDIN_HELPER_CUDA_H
#define SMEMLINT_STANDIN_HELPER_CUDA_H
#include "cuda_stub.h"
#include "helper_string.h"

#ifndef EXIT_WAIVED
#define EXIT_WAIVED 2
#endif

template <typename T>
void check(T result, char const *const func, const char *const file, int const line);
const char *_cudaGetErrorEnum(cudaError_t error);
void __getLastCudaError(const char *errorMessage, const char *file, const int line);
void __printLastCudaError(const char *errorMessage, const char *file, const int line);

#define checkCudaErrors(val) check((val), #val, __FILE__, __LINE__)
#define getLastCudaError(msg) __getLastCudaError(msg, __FILE__, __LINE__)
#define printLastCudaError(msg) __printLastCudaError(msg, __FILE__, __LINE__)

#ifndef MAX
#define MAX(a, b) (a > b ? a : b)
#endif

int _ConvertSMVer2Cores(int major, int minor);
const char *_ConvertSMVer2ArchName(int major, int minor);
int gpuDeviceInit(int devID);
int gpuGetMaxGflopsDeviceId();
int findCudaDevice(int argc, const char **argv);
int findIntegratedGPU();
bool checkCudaCapabilities(int major_version, int minor_version);

#endif /* SMEMLINT_STANDIN_HELPER_CUDA_H */
