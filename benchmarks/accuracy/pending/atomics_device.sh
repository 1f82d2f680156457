set -e
W=$PWD; mkdir -p /tmp/a && cd /tmp/a
nvcc -O3 -lineinfo -arch=sm_90 -o atomics $W/benchmarks/accuracy/pending/atomics.cu
./atomics
KM=l1tex__data_pipe_lsu_wavefronts_mem_shared_op_atom.sum,l1tex__data_pipe_lsu_wavefronts_mem_shared_op_red.sum,smsp__sass_inst_executed_op_shared_atom.sum,smsp__sass_inst_executed_op_global_red.sum,smsp__sass_inst_executed_op_global_atom.sum,l1tex__t_sectors_pipe_lsu_mem_global_op_red.sum,l1tex__t_sectors_pipe_lsu_mem_global_op_atom.sum,l1tex__t_requests_pipe_lsu_mem_global_op_red.sum,l1tex__t_requests_pipe_lsu_mem_global_op_atom.sum,lts__t_sectors_op_red.sum,lts__t_sectors_op_atom.sum,lts__t_requests_op_red.sum,lts__t_requests_op_atom.sum
for run in 1 2; do
  ncu --section SourceCounters --metrics $KM --clock-control none -o rep$run -f ./atomics > ncu$run.log 2>&1 || true
  python3 $W/benchmarks/accuracy/realprograms/ncu_dump.py rep$run.ncu-rep $OUT/atomics-run$run.json >> ncu$run.log 2>&1 || true
done
tail -5 ncu1.log
cp ncu1.log $OUT/
{ nvidia-smi --query-gpu=name,driver_version --format=csv,noheader; ncu --version | tail -1; nvcc --version | tail -1; date -u; } > $OUT/meta.txt
cuobjdump -sass atomics > $OUT/atomics.sass
ls -la $OUT
