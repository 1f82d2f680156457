#!/bin/bash
# On the GPU machine, from a folder holding e2e.cu and ncu_dump.py: OUT=<folder> bash run_e2e.sh
cd "$(dirname "$0")"
exec > >(tee "$OUT/e2e.log") 2>&1
set -x
{ nvidia-smi --query-gpu=name,driver_version --format=csv,noheader; ncu --version | tail -1; nvcc --version | tail -1; date -u; } > "$OUT/meta-e2e.txt"
nvcc -O3 -lineinfo -arch=sm_90 e2e.cu -o /tmp/e2e && /tmp/e2e
ncu --section SourceCounters --clock-control none -f -o /tmp/e2e_rep /tmp/e2e | tail -3
python3 ncu_dump.py /tmp/e2e_rep.ncu-rep "$OUT/e2e-ncu.json"
