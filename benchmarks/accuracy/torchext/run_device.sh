#!/bin/bash
# Build LeetCUDA's PyTorch extensions and profile their kernels with Nsight Compute on the GPU machine.
#   bash run_device.sh STAGE OUT
# Per folder of jobs.tsv, JOBS_PARALLEL at a time: `python3 <driver>` (it JIT-builds its extension with ninja,
# -lineinfo added, then runs every kernel on its own tensor sizes) under
# ncu --section SourceCounters --section LaunchStats on the first launch of each of its own kernels,
# ended once all were profiled (--launch-count K --kill yes) or after JOB_TIMEOUT; ncu_dump.py writes
# OUT/results/<name>.json.
W=$(cd "$1" && pwd); O=$(mkdir -p "$2" && cd "$2" && pwd); R=$O/results; mkdir -p $R
START=$(date +%s); DEADLINE=${DEADLINE:-300}; JOB_TIMEOUT=${JOB_TIMEOUT:-240}
{ nvidia-smi --query-gpu=name,driver_version --format=csv,noheader; ncu --version | tail -1; nvcc --version | tail -1; date -u; python3 -c 'import torch; print("torch", torch.__version__)'; } > $R/meta.txt
job() {
  name=$1; folder=$2; driver=$3; re=$4; count=$5
  if (( $(date +%s) - START > DEADLINE )); then echo "$name" >> $R/skipped.txt; return; fi
  cd $W/$folder || return
  t0=$(date +%s)
  TORCH_EXTENSIONS_DIR=/tmp/te_$name MAX_JOBS=4 timeout $JOB_TIMEOUT ncu --section SourceCounters --section LaunchStats \
      --clock-control none --kernel-name-base function --kernel-id "::regex:${re}:1" --launch-count $count --kill yes \
      -o /tmp/rep_$name -f python3 $driver > $R/$name.ncu.log 2>&1
  echo "rc=$? seconds=$(( $(date +%s) - t0 ))" >> $R/$name.ncu.log
  [ -f /tmp/rep_$name.ncu-rep ] && python3 $W/ncu_dump.py /tmp/rep_$name.ncu-rep $R/$name.json >> $R/$name.ncu.log 2>&1
  echo "$name done at $(( $(date +%s) - START )) s"
}
export -f job; export W R START DEADLINE JOB_TIMEOUT
tr '\t' '\037' < $W/jobs.tsv |
  xargs -P ${JOBS_PARALLEL:-6} -d '\n' -I{} bash -c 'IFS=$'"'"'\037'"'"' read -r a b c d e <<< "{}"; job "$a" "$b" "$c" "$d" "$e"'
cd $O && tar czf torchext-results.tgz results && ls -la torchext-results.tgz
