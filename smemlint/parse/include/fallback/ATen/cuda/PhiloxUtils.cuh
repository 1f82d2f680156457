/* smemlint stand-in for ATen/cuda/PhiloxUtils.cuh (torch 2.2+): the Philox state and its unpacking. */
#pragma once
#include "PhiloxCudaState.h"
#include "detail/UnpackRaw.cuh"
