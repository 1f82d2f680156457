#!/bin/bash
# Build apex's extensions and profile their kernels with Nsight Compute on the GPU machine.
#   DEADLINE=540 bash run_device.sh STAGE OUT        (OUT/apex-results.tgz holds OUT/results/)
# Per extension of exts.txt, all at once: build it (drivers/apex_driver.py APEXSRC EXT --build-only: ninja, nvcc for
# the GPU's arch, the flags of apex's setup.py + -lineinfo) into one TORCH_EXTENSIONS_DIR, then, in parallel, each
# program of jobs.tsv that uses it: `python3 drivers/apex_driver.py APEXSRC <program>` (load() finds the extension
# built) under ncu --section SourceCounters --section LaunchStats on the first launch of each of its kernels,
# ended once all were profiled (--launch-count K --kill yes); ncu_dump.py writes OUT/results/<name>.json.
# Nothing runs past DEADLINE seconds from the start.
W=$(cd "$1" && pwd); O=$(mkdir -p "$2" && cd "$2" && pwd); R=$O/results; mkdir -p $R
START=$(date +%s); DEADLINE=${DEADLINE:-540}
export TORCH_EXTENSIONS_DIR=/tmp/te_apex
{ nvidia-smi --query-gpu=name,driver_version --format=csv,noheader; ncu --version | tail -1; nvcc --version | tail -1; date -u; python3 -c 'import torch; print("torch", torch.__version__)'; } > $R/meta.txt
left() { echo $(( DEADLINE - ($(date +%s) - START) )); }
job() {
  name=$1; re=$2; count=$3; t0=$(date +%s)
  timeout $(left) ncu --section SourceCounters --section LaunchStats \
      --clock-control none --kernel-name-base function --kernel-id "::regex:${re}:1" --launch-count $count --kill yes \
      -o /tmp/rep_$name -f python3 $W/drivers/apex_driver.py $W/apexsrc $name > $R/$name.ncu.log 2>&1
  echo "rc=$? seconds=$(( $(date +%s) - t0 ))" >> $R/$name.ncu.log
  [ -f /tmp/rep_$name.ncu-rep ] && timeout 60 python3 $W/ncu_dump.py /tmp/rep_$name.ncu-rep $R/$name.json >> $R/$name.ncu.log 2>&1
  echo "$name done at $(( $(date +%s) - START )) s: $(tail -n 3 $R/$name.ncu.log | tr '\n' ' ' | cut -c1-300)"
}
ext_chain() {
  e=$1; t0=$(date +%s)
  MAX_JOBS=4 timeout $(( $(left) - 45 )) python3 $W/drivers/apex_driver.py $W/apexsrc $e --build-only > $R/build_$e.log 2>&1
  rc=$?; echo "rc=$rc seconds=$(( $(date +%s) - t0 ))" >> $R/build_$e.log
  echo "build $e rc=$rc at $(( $(date +%s) - START )) s"
  [ $rc = 0 ] || return
  while IFS=$'\t' read -r name ext re count; do
    [ "$ext" = "$e" ] && job "$name" "$re" "$count" &
  done < $W/jobs.tsv
  wait
}
for e in $(cat $W/exts.txt); do ext_chain $e & done
wait
cd $O && tar czf apex-results.tgz results && ls -la apex-results.tgz
