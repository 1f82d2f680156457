"""The device properties of the analysed architecture: the values host code reads from
`cudaGetDeviceProperties` (a `cudaDeviceProp`'s fields) and `cudaDeviceGetAttribute` (`cudaDevAttr*`),
as the GPU smemlint analyses for would give them.

Only what the compute capability fixes is given for every architecture: the limits NVIDIA's CUDA C++
Programming Guide lists per compute capability ("Technical Specifications per Compute Capability"), and
per architecture as NVIDIA's CCCL writes them down (cudax/include/cuda/experimental/__device/arch_traits.cuh:
`sm_700_traits` ... `sm_900_traits`, and `arch_common_traits` for the limits every architecture shares).
A product's facts (its SM count, L2 and memory sizes, clocks) are not the architecture's: two parts of
one compute capability differ (the H100 SXM5 has 132 SMs, the H100 PCIe 114), so they are unknown,
except on sm_90, whose SM count is the measured device's:

sm_90 is the H100 SXM5 and the H200 (NVIDIA H200, GH100, driver 580.159.04: cudaGetDeviceProperties and
cudaDeviceGetAttribute measured 2026-11-28, benchmarks/accuracy/experiments/device_properties). The
project's accuracy truth was measured on an "H100 80GB HBM3" (SXM5), which has the same 132 SMs. The L2
(50 MB on the H100, 60 MB on the H200) and the memory sizes differ between them and are left out.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from smemlint.model.arch import Arch

_LIMIT = "{arch}'s compute-capability limit"

# Every architecture smemlint accepts (7.0 and later): CCCL's arch_common_traits, the Guide's table.
_COMMON: dict[str, object] = {
    "warpSize": 32,
    "maxThreadsPerBlock": 1024,
    "maxThreadsDim": {0: 1024, 1: 1024, 2: 64},
    "maxGridSize": {0: 2**31 - 1, 1: 65535, 2: 65535},
    "sharedMemPerBlock": 48 * 1024,
    "totalConstMem": 64 * 1024,
    "regsPerBlock": 64 * 1024,
    "regsPerMultiprocessor": 64 * 1024,
}

# (resident threads per SM, resident blocks per SM, shared memory per SM in KB, reserved per block):
# CCCL's sm_<cc>0_traits; the opt-in per block is the SM's less the reserved bytes. Architectures CCCL
# does not list (8.9, 10.x, 11.0, 12.x) give only the common limits and their major/minor.
_PER_SM = {
    70: (2048, 32, 96, 0),
    75: (1024, 16, 64, 0),
    80: (2048, 32, 164, 1024),
    86: (1536, 16, 100, 1024),
    90: (2048, 32, 228, 1024),
}

# sm_90's product facts, from the measured H200 (the H100 SXM5 has the same SM count)
_SM90_PRODUCT = {"multiProcessorCount": 132}
_SM90_SAYS = {"multiProcessorCount": "sm_90's H100 SXM5 / H200 (measured; the H100 PCIe has 114)"}

# cudaDevAttr* -> the cudaDeviceProp field it reads (and the element, for the dimension arrays)
ATTRIBUTES: dict[str, tuple[str, int | None]] = {
    "cudaDevAttrMultiProcessorCount": ("multiProcessorCount", None),
    "cudaDevAttrMaxSharedMemoryPerBlockOptin": ("sharedMemPerBlockOptin", None),
    "cudaDevAttrMaxSharedMemoryPerMultiprocessor": ("sharedMemPerMultiprocessor", None),
    "cudaDevAttrMaxSharedMemoryPerBlock": ("sharedMemPerBlock", None),
    "cudaDevAttrReservedSharedMemoryPerBlock": ("reservedSharedMemPerBlock", None),
    "cudaDevAttrMaxThreadsPerMultiProcessor": ("maxThreadsPerMultiProcessor", None),
    "cudaDevAttrMaxThreadsPerBlock": ("maxThreadsPerBlock", None),
    "cudaDevAttrMaxBlocksPerMultiprocessor": ("maxBlocksPerMultiProcessor", None),
    "cudaDevAttrWarpSize": ("warpSize", None),
    "cudaDevAttrComputeCapabilityMajor": ("major", None),
    "cudaDevAttrComputeCapabilityMinor": ("minor", None),
    "cudaDevAttrMaxRegistersPerBlock": ("regsPerBlock", None),
    "cudaDevAttrMaxRegistersPerMultiprocessor": ("regsPerMultiprocessor", None),
    "cudaDevAttrTotalConstantMemory": ("totalConstMem", None),
    "cudaDevAttrMaxBlockDimX": ("maxThreadsDim", 0),
    "cudaDevAttrMaxBlockDimY": ("maxThreadsDim", 1),
    "cudaDevAttrMaxBlockDimZ": ("maxThreadsDim", 2),
    "cudaDevAttrMaxGridDimX": ("maxGridSize", 0),
    "cudaDevAttrMaxGridDimY": ("maxGridSize", 1),
    "cudaDevAttrMaxGridDimZ": ("maxGridSize", 2),
    "cudaDevAttrL2CacheSize": ("l2CacheSize", None),
    "cudaDevAttrClockRate": ("clockRate", None),
    "cudaDevAttrMemoryClockRate": ("memoryClockRate", None),
    "cudaDevAttrGlobalMemoryBusWidth": ("memoryBusWidth", None),
}


@dataclass(frozen=True)
class DeviceProperties:
    """What the analysed architecture's GPU answers: `fields` (cudaDeviceProp field -> an int, or
    element -> int for the dimension arrays), each with the words saying where it is from."""

    arch: str
    fields: dict[str, object] = field(default_factory=dict)
    says: dict[str, str] = field(default_factory=dict)

    def value(self, name: str):
        """A field's value (an int, or a dict of elements), None where the architecture does not fix it."""
        return self.fields.get(name)

    def words(self, name: str) -> str:
        """`multiProcessorCount = 132, sm_90's H100 SXM5 / H200 (...)`, for a launch's note."""
        v = self.fields.get(name)
        shown = "(" + ", ".join(f"{v[i]:,}" for i in sorted(v)) + ")" if isinstance(v, dict) else f"{v:,}"
        return f"{name} = {shown}, {self.says.get(name, self.arch)}"

    def unknown_words(self, name: str) -> str:
        """Why a field read is not known: the architecture does not fix it."""
        return f"{name}, not known for {self.arch} (a product's fact, not the architecture's, or not in " \
            "smemlint's table)"


def device_properties(arch: Arch) -> DeviceProperties:
    """The properties the architecture `arch` fixes."""
    cc = arch.compute_capability
    fields: dict[str, object] = dict(_COMMON)
    fields["major"], fields["minor"] = divmod(cc, 10)
    if cc in _PER_SM:
        threads, blocks, smem_kb, reserved = _PER_SM[cc]
        per_sm = {
            "maxThreadsPerMultiProcessor": threads,
            "maxBlocksPerMultiProcessor": blocks,
            "sharedMemPerMultiprocessor": smem_kb * 1024,
            "sharedMemPerBlockOptin": smem_kb * 1024 - reserved,
            "reservedSharedMemPerBlock": reserved,
        }
        fields.update(per_sm)
    says = {name: _LIMIT.format(arch=arch.name) for name in fields}
    says["major"] = says["minor"] = f"{arch.name}'s compute capability"
    if cc == 90:  # (the measured H200 agrees with the table on every field above)
        fields.update(_SM90_PRODUCT)
        says.update(_SM90_SAYS)
    return DeviceProperties(arch.name, fields, says)
