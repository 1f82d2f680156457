// Stand-in for PyTorch's ATen/cuda/CUDAContext.h (smemlint benchmark driver, issue 28 part 3).
// exllamav2's util.cuh includes it but its kernels and launchers use nothing from it; with this empty header
// the library's .cu files build without PyTorch, unchanged.
#pragma once
