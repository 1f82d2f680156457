"""Pure hardware models: lane addresses of one warp-level request -> its cost.

Nothing here sees clang, numpy or a file. Each function takes the byte
address of every lane of one warp (None for an inactive lane), the access
width in bytes and an `Arch`, and returns plain numbers. The rules are those
of HARDWARE.md, measured on an H100 (sm_90) with Nsight Compute hardware
counters over 347 shared-memory and 66 global-memory access sites, all of
which these rules reproduce exactly. Other architectures reuse the same
documented numbers (32 banks of 4 bytes, 32-byte sectors) unmeasured.

Shared memory (`shared_wavefronts`)
    The bank of byte address a is (a / 4) mod 32; a lane reading w bytes at a
    touches words a/4 ... (a+w-1)/4. A request is split into phases of active
    lanes; a phase costs the largest number of *distinct* words any one bank
    holds among the words it touches (lanes on the same word broadcast on
    loads and merge on stores), and wavefronts are the sum over phases.
    Ideal = the number of non-empty phases.

    * 1-, 2-, 4-byte loads and stores: the whole warp is one phase.
    * 8-byte loads (LDS.64): the two half-warps, or the whole warp when the
      pair condition holds.
    * 16-byte loads (LDS.128): the four quarter-warps, or the two half-warps
      when the pair condition holds (32 lanes on one address cost 2).
    * 8- and 16-byte stores (STS.64 / STS.128): always half- / quarter-warps.
      Measured on Hopper: stores never merge, so one address for the whole
      warp costs 2 (STS.64) and 4 (STS.128); the Turing-era rules of the seed
      hold for loads only.
    * Pair condition: every active lane i has lane i^1 inactive or on the same
      address, or every active lane i has lane i^2 inactive or on the same
      address (never a mix; pairs at distance 4, 8, 16 never merge).

    The hardware counter `l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_{ld,st}`
    equals wavefronts - phases on every measured site (`SharedCost.conflicts`);
    for 32-bit accesses that is wavefronts - requests.

    Re-measured by benchmarks/accuracy (707 isolated sites, H100, 2026-11-22,
    all exact): sub-word accesses (LDS.U8/U16, STS.U8/U16) cost the largest
    number of distinct words in one bank over the whole warp (8-bit lanes 8
    bytes apart: 2; 16-bit lanes 32 elements apart: 16); the seed's Turing
    rules for 8- and 16-byte accesses hold for loads and are wrong for stores.
    These are costs of reading written data: loads of shared words nothing has
    stored to measured extra wavefronts that varied between runs.

Global memory (`global_sectors`)
    Sectors = the number of distinct 32-byte sectors holding a byte that an
    active lane accesses; one request per warp-level instruction at every
    width, loads and stores alike, `const __restrict__` (LDG.E.CONSTANT) the
    same. Ideal = the sectors the same bytes need laid out contiguously from a
    sector boundary. Coalesced 4-byte lanes cost 4; word stride 2 / 4 cost
    8 / 16; stride >= 8 costs 32; float4 costs 16.

Results are memoized on the addresses shifted by a whole bank period (128
bytes) or sector (32 bytes), which changes no cost, so callers may call these
for every warp of every access.
"""

from smemlint.model.arch import ARCHES, DEFAULT_ARCH, Arch, get_arch
from smemlint.model.banks import SharedCost, shared_wavefronts
from smemlint.model.coalescing import GlobalCost, global_sectors, load_efficiency

__all__ = [
    "ARCHES",
    "DEFAULT_ARCH",
    "Arch",
    "GlobalCost",
    "SharedCost",
    "get_arch",
    "global_sectors",
    "load_efficiency",
    "shared_wavefronts",
]
