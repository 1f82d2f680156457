/* Intentionally empty.
 *
 * Used only in "toolkit" mode (clang's CUDA mode over a real CUDA toolkit).
 * clang's CUDA runtime wrapper (__clang_cuda_runtime_wrapper.h) unconditionally
 * #includes "curand_mtgp32_kernel.h", a cuRAND header; a CUDA toolkit installed
 * without cuRAND lacks it and the parse stops with a fatal "file not found".
 * This directory is put on the include path (-isystem, after the toolkit) so
 * that the include resolves to this empty file instead.
 */
