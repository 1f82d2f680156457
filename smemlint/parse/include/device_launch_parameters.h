/* smemlint stand-in for the CUDA header <device_launch_parameters.h>: everything it would declare
   lives in cuda_stub.h (bundled mode, -nocudainc). */
#ifndef SMEMLINT_STANDIN_DEVICE_LAUNCH_PARAMETERS_H
#define SMEMLINT_STANDIN_DEVICE_LAUNCH_PARAMETERS_H
#include "cuda_stub.h"
#endif
