#!/bin/bash
# Profile the real programs and the idiom micro kernels with Nsight Compute on the GPU machine.
#   bash run_device.sh DEVWORK OUT
# DEVWORK holds: rp/ (build.py's output: bin/, src/, jobs.tsv, device_build.sh), idioms/ (the idiom binaries)
# and ncu_dump.py. Every result lands in OUT/results/ as JSON (ncu_dump.py) plus ncu's log.
# Real programs: ncu --section SourceCounters on the first invocation of every kernel the job's regex
# names (--kernel-id ::regex:RE:1), 4 programs at a time (the per-instruction counters come from SASS
# instrumentation and do not depend on what else runs). Idiom kernels: profiled alone, with the
# memory tables and per-kernel hardware counters as a cross-check.
W=$(cd "$1" && pwd); O=$(mkdir -p "$2" && cd "$2" && pwd); R=$O/results; mkdir -p $R
START=$(date +%s); DEADLINE=${DEADLINE:-520}
KM=l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum,l1tex__data_pipe_lsu_wavefronts_mem_shared_op_st.sum,smsp__sass_inst_executed_op_shared_ld.sum,smsp__sass_inst_executed_op_shared_st.sum,l1tex__t_requests_pipe_lsu_mem_global_op_ld.sum,l1tex__t_requests_pipe_lsu_mem_global_op_st.sum,l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum,l1tex__t_sectors_pipe_lsu_mem_global_op_st.sum
{ nvidia-smi --query-gpu=name,driver_version --format=csv,noheader; ncu --version | tail -1; nvcc --version | tail -1; date -u; } > $R/meta.txt
(cd $W/rp && bash device_build.sh > $R/device_build.log 2>&1) &
BUILD=$!
for b in ${IDIOMS-idiom_vectors idiom_matrix}; do
  ncu --section SourceCounters --section MemoryWorkloadAnalysis_Tables --metrics $KM --clock-control none \
      -o /tmp/$b -f $W/idioms/$b > $R/$b.ncu.log 2>&1
  python3 $W/ncu_dump.py /tmp/$b.ncu-rep $R/$b.json >> $R/$b.ncu.log 2>&1
  echo "idioms $b done at $(( $(date +%s) - START )) s"
done
wait $BUILD
job() {
  id=$1; bin=$2; re=$3; args=$4
  if (( $(date +%s) - START > DEADLINE )); then echo "$id: SKIPPED (deadline)" >> $R/skipped.txt; return; fi
  mkdir -p /tmp/run/$id && cd /tmp/run/$id
  timeout 300 ncu ${JOB_SECTIONS:---section SourceCounters --metrics $KM} --clock-control none --kernel-name-base function \
      --kernel-id "::regex:${re}:1" -o /tmp/run/$id/rep -f $W/rp/$bin $args > $R/$id.ncu.log 2>&1
  echo "rc=$?" >> $R/$id.ncu.log
  if [ ! -f rep.ncu-rep ]; then  # fall back to the first launches in order
    timeout 200 ncu ${JOB_SECTIONS:---section SourceCounters --metrics $KM} --clock-control none --kernel-name-base function \
        -k "regex:${re}" --launch-count 8 -o /tmp/run/$id/rep -f $W/rp/$bin $args >> $R/$id.ncu.log 2>&1
    echo "fallback rc=$?" >> $R/$id.ncu.log
  fi
  [ -f rep.ncu-rep ] && python3 $W/ncu_dump.py rep.ncu-rep $R/$id.json >> $R/$id.ncu.log 2>&1
  echo "$id done at $(( $(date +%s) - START )) s"
}
export -f job; export W R START DEADLINE KM JOB_SECTIONS
# the slowest programs first
(grep -E 'matrix_mul|correlation|covariance|SGEMM' $W/rp/jobs.tsv; grep -vE 'matrix_mul|correlation|covariance|SGEMM' $W/rp/jobs.tsv) |
  grep -E "${JOBS:-.}" |
  tr '\t' '\037' | xargs -P 4 -d '\n' -I{} bash -c 'IFS=$'"'"'\037'"'"' read -r a b c d <<< "{}"; job "$a" "$b" "$c" "$d"'
cd $O && tar czf results.tgz results && ls -la results.tgz
