# On the GPU machine, from the repository root: compile one pending micro-benchmark, profile every
# kernel twice with ncu's per-instruction source counters, write the dumps to $OUT.
#   OUT=... bash benchmarks/accuracy/pending/device.sh atomics      (or vector_ptx)
# Then, anywhere: python benchmarks/accuracy/pending/pending_truth.py NAME.cu \
#   $OUT/NAME-run1.json $OUT/NAME-run2.json $OUT/meta.txt > benchmarks/accuracy/idioms/NAME-truth-sm90.jsonl
set -e
NAME=${1:?name of a .cu in benchmarks/accuracy/pending}
W=$PWD; mkdir -p /tmp/pending && cd /tmp/pending
nvcc -O3 -lineinfo -arch=sm_90 -o $NAME $W/benchmarks/accuracy/pending/$NAME.cu
./$NAME
for run in 1 2; do
  ncu --section SourceCounters --clock-control none -o $NAME-rep$run -f ./$NAME > $NAME-ncu$run.log 2>&1 || true
  python3 $W/benchmarks/accuracy/realprograms/ncu_dump.py $NAME-rep$run.ncu-rep $OUT/$NAME-run$run.json >> $NAME-ncu$run.log 2>&1 || true
done
tail -3 $NAME-ncu1.log
{ nvidia-smi --query-gpu=name,driver_version --format=csv,noheader; ncu --version | tail -1; nvcc --version | tail -1; date -u; } > $OUT/meta.txt
cuobjdump -sass $NAME > $OUT/$NAME.sass
ls -la $OUT
