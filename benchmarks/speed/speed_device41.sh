#!/bin/bash
# (the record of what ran: it ran as .bench41/speed.sh from the session's ignored .bench41/ folder: package archive,
#  wheels and the llm.c / cuda-samples / ggml sources it names; nothing fetched is committed)
#  (its ggml summary, a heredoc when it ran, is benchmarks/speed/file_seconds.py since stop 42: the same code)
# stop 41: benchmarks/speed/run.py on the device machine's CPU (16 cores; no GPU used): llm.c and cuda-samples
# (c94ff36 Samples + Common) side by side with the bare parse, then ggml's CUDA backend's per-file seconds
# (`-I include -I src src/ggml-cuda`, 4 files at a time), with the package .bench41/PKG.tar.gz.
# usage: bash .bench41/speed.sh PKG
R=$(pwd); D=$R/.bench41; W=/tmp/sp; rm -rf $W; mkdir -p $W/pkg
tar xzf $D/$1.tar.gz -C $W/pkg || exit 3
# (installed for the interpreter: run.py's bare parse runs with PYTHONPATH set to its own archive of smemlint)
python3 -m pip install -q --no-index --no-deps --no-compile --no-cache-dir $D/whl/*.whl > $OUT/pip_speed.txt 2>&1
# run.py archives its checkout's HEAD: the package is made a checkout of its own
(cd $W/pkg && git init -q && git add smemlint && git -c user.email=x@y -c user.name=x commit -qm package) >> $OUT/pip_speed.txt 2>&1
for t in llmc cs ggml; do tar xJf $D/speed/$t.tar.xz -C $W || exit 4; done
{ date -u; nproc; lscpu | grep -i "model name\|thread"; cat /proc/loadavg; } > $OUT/machine_speed.txt
cd /tmp  # not a checkout of smemlint: python imports from its working directory first
PYTHONPATH=$W/pkg timeout ${SPEED_LIMIT:-420} python3 $W/pkg/benchmarks/speed/run.py --files 0 --extra $W/llm.c \
  --extra $W/cuda-samples --jobs 16 --out $OUT/speed \
  --note "device machine's CPU (16 cores, no GPU used); llm.c and cuda-samples c94ff36 (Samples, Common) not committed" \
  > $OUT/speed.log 2>&1
echo "speed rc $?"; tail -n 3 $OUT/speed.log
cd $W/ggml && PYTHONPATH=$W/pkg timeout 150 python3 -m smemlint check --format json --no-cache -j 4 --exit-zero \
  -I include -I src src/ggml-cuda > $W/ggml.json 2> $OUT/ggml.err
echo "ggml rc $?"; cat /proc/loadavg
python3 $R/benchmarks/speed/file_seconds.py $W/ggml.json > $OUT/ggml_summary.json
