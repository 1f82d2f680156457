/* smemlint stand-in for <nvToolsExt.h> (NVTX 2 path): see nvtx3/nvToolsExt.h. */
#ifndef SMEMLINT_STANDIN_TOP_NVTOOLSEXT_H
#define SMEMLINT_STANDIN_TOP_NVTOOLSEXT_H
#include "nvtx3/nvToolsExt.h"
#endif
