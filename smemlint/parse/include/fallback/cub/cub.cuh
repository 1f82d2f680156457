// smemlint's stand-in for CUB's block and warp collectives (declarations only, no bodies): enough
// for a kernel that uses them to parse without a CUDA toolkit. smemlint does not follow cub's code
// in either case: BlockLoad/BlockStore are costed as the accesses they make, the others are
// collectives whose shared traffic is not modelled (smemlint/lower/collectives.py).
#pragma once
#include "block/block_load.cuh"
#include "block/block_store.cuh"
#include "block/block_reduce.cuh"
#include "block/block_scan.cuh"
#include "block/block_radix_sort.cuh"
#include "block/block_exchange.cuh"
#include "warp/warp_reduce.cuh"
#include "warp/warp_scan.cuh"
