#!/bin/bash
# On the GPU machine, from a folder holding reductions.cu, frag.cu and ncu_dump.py: OUT=<folder> bash run.sh
# Writes meta.txt (card, driver, ncu, nvcc, date), mapping.json (wmma fragment element of each lane),
# frag-ncu.json and red-ncu.json (per-SASS-instruction SourceCounters of the two programs), run.log.
cd "$(dirname "$0")"
exec > >(tee "$OUT/run.log") 2>&1
set -x
KM=l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum,l1tex__data_pipe_lsu_wavefronts_mem_shared_op_st.sum,smsp__sass_inst_executed_op_shared_ld.sum,smsp__sass_inst_executed_op_shared_st.sum,l1tex__t_requests_pipe_lsu_mem_global_op_ld.sum,l1tex__t_requests_pipe_lsu_mem_global_op_st.sum,l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum,l1tex__t_sectors_pipe_lsu_mem_global_op_st.sum
{ nvidia-smi --query-gpu=name,driver_version --format=csv,noheader; ncu --version | tail -1; nvcc --version | tail -1; date -u; } > "$OUT/meta.txt"
nvcc -O3 -lineinfo -arch=sm_90 reductions.cu -o /tmp/red && /tmp/red
nvcc -O3 -lineinfo -arch=sm_90 frag.cu -o /tmp/frag && /tmp/frag "$OUT/mapping.json"
ncu --section SourceCounters --metrics $KM --clock-control none -f -o /tmp/red_rep /tmp/red | tail -3
python3 ncu_dump.py /tmp/red_rep.ncu-rep "$OUT/red-ncu.json"
ncu --section SourceCounters --metrics $KM --clock-control none -k regex:^k_ -f -o /tmp/frag_rep /tmp/frag /tmp/mapping2.json | tail -3
python3 ncu_dump.py /tmp/frag_rep.ncu-rep "$OUT/frag-ncu.json"
ls -la "$OUT"
