#!/bin/bash
# On the GPU machine: OUT=<folder> bash run.sh  (writes meta.txt, pad.json and the ncu report there)
set -e
cd "$(dirname "$0")"
python3 gen.py
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader > "$OUT/meta.txt"; ncu --version | tail -1 >> "$OUT/meta.txt"
nvcc -O3 -lineinfo -arch=sm_90 pad.cu -o /tmp/cp_async_rows && /tmp/cp_async_rows
ncu --section SourceCounters --clock-control none -f -o "$OUT/rep" /tmp/cp_async_rows > "$OUT/ncu.log" 2>&1
python3 ../../realprograms/ncu_dump.py "$OUT/rep.ncu-rep" "$OUT/pad.json"
cp patterns.json "$OUT/"
