"""The kernel most command-line tests lint: a 32x32 tile read by columns, a 32-way bank conflict."""
from __future__ import annotations


def transpose(name: str = "k", grid: int | None = 4096) -> str:
    """The kernel, launched with `grid` blocks of 32x32 threads from `main` (no launch: None)."""
    text = f"""
__global__ void {name}(float* out) {{
    __shared__ float tile[32][32];
    tile[threadIdx.y][threadIdx.x] = out[threadIdx.x];
    __syncthreads();
    out[threadIdx.y * 32 + threadIdx.x] = tile[threadIdx.x][threadIdx.y];
}}
"""
    if grid is not None:
        text += f"int main() {{ dim3 b(32, 32); {name}<<<{grid}, b>>>(0); }}\n"
    return text
