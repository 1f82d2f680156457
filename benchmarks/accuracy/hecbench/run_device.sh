#!/bin/bash
# Build and profile the HeCBench programs with Nsight Compute on the GPU machine (one call measures the part).
#   bash run_device.sh STAGE OUT
# STAGE holds stage.py's output: hecbench-src.tar.xz, jobs.tsv, ncu_dump.py. Per program, in jobs.tsv's
# order: `make ARCH=sm_90 EXTRA_CFLAGS=-lineinfo` (its own Makefile), then
# ncu --section SourceCounters --section LaunchStats on the first launch of each of its own kernels
# (--kernel-id ::regex:<kernels>:1), the program ended once all were profiled (--launch-count K --kill yes),
# run in its folder with its `run` target's arguments; ncu_dump.py turns each report into
# OUT/results/<name>.json (per SASS instruction: file, line, counters, opcode; grid and block).
# JOBS_PARALLEL programs at a time; none starts after DEADLINE seconds; each profile stops after JOB_TIMEOUT.
W=$(cd "$1" && pwd); O=$(mkdir -p "$2" && cd "$2" && pwd); R=$O/results; mkdir -p $R
START=$(date +%s); DEADLINE=${DEADLINE:-440}; JOB_TIMEOUT=${JOB_TIMEOUT:-100}
H=/tmp/HeCBench; mkdir -p $H && tar xJf $W/hecbench-src.tar.xz -C $H
KM=l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum,l1tex__data_pipe_lsu_wavefronts_mem_shared_op_st.sum,smsp__sass_inst_executed_op_shared_ld.sum,smsp__sass_inst_executed_op_shared_st.sum,l1tex__t_requests_pipe_lsu_mem_global_op_ld.sum,l1tex__t_requests_pipe_lsu_mem_global_op_st.sum,l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum,l1tex__t_sectors_pipe_lsu_mem_global_op_st.sum
{ nvidia-smi --query-gpu=name,driver_version --format=csv,noheader; ncu --version | tail -1; nvcc --version | tail -1; date -u; } > $R/meta.txt
job() {
  name=$1; folder=$2; bin=$3; re=$4; count=$5; args=$6
  if (( $(date +%s) - START > DEADLINE )); then echo "$name" >> $R/skipped.txt; return; fi
  cd $H/$folder || return
  t0=$(date +%s)
  timeout 150 make ARCH=sm_90 EXTRA_CFLAGS=-lineinfo > $R/$name.build.log 2>&1 || { echo "$name build failed"; return; }
  t1=$(date +%s)
  timeout $JOB_TIMEOUT ncu --section SourceCounters --section LaunchStats --metrics $KM --clock-control none \
      --kernel-name-base function --kernel-id "::regex:${re}:1" --launch-count $count --kill yes \
      -o /tmp/rep_$name -f ./$bin $args > $R/$name.ncu.log 2>&1
  echo "rc=$? build_seconds=$(( t1 - t0 )) profile_seconds=$(( $(date +%s) - t1 ))" >> $R/$name.ncu.log
  [ -f /tmp/rep_$name.ncu-rep ] && python3 $W/ncu_dump.py /tmp/rep_$name.ncu-rep $R/$name.json >> $R/$name.ncu.log 2>&1
  rm -f /tmp/rep_$name.ncu-rep
  echo "$name done at $(( $(date +%s) - START )) s"
}
export -f job; export W R H START DEADLINE JOB_TIMEOUT KM
if [ -n "$SMOKE" ]; then  # the program named first: stop early if the tools do not work here
  IFS=$'\t' read -r a b c d e f < <(grep -P "^$SMOKE\t" $W/jobs.tsv); job "$a" "$b" "$c" "$d" "$e" "$f"
  tail -5 $R/$a.ncu.log; [ -s $R/$a.json ] || { echo "SMOKE FAILED"; tail $R/$a.build.log; exit 1; }
  python3 -c "import json,sys; d=json.load(open(sys.argv[1])); print([(r['kernel_function'], r['grid'], r['block'], len(r['instructions'])) for r in d])" $R/$a.json
fi
grep -E "${JOBS:-.}" $W/jobs.tsv | tr '\t' '\037' |
  xargs -P ${JOBS_PARALLEL:-8} -d '\n' -I{} bash -c 'IFS=$'"'"'\037'"'"' read -r a b c d e f <<< "{}"; [ -s $R/$a.json ] || job "$a" "$b" "$c" "$d" "$e" "$f"'
cd $O && tar czf hecbench-results.tgz results && ls -la hecbench-results.tgz
