/* smemlint stand-in for <nvToolsExtCudaRt.h> (NVTX 2 path): see nvtx3/nvToolsExtCudaRt.h. */
#ifndef SMEMLINT_STANDIN_TOP_NVTOOLSEXTCUDART_H
#define SMEMLINT_STANDIN_TOP_NVTOOLSEXTCUDART_H
#include "nvtx3/nvToolsExtCudaRt.h"
#endif
