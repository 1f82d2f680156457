#!/bin/bash
# (the record of what ran: it ran as .bench42/speed.sh from the session's ignored .bench42/ folder: package archives
#  of 23034f2 (pkg_base) and this stop's main (pkg_new), the three wheels and the llm.c / cuda-samples / ggml sources
#  it names; nothing fetched is committed)
# stop 42: benchmarks/speed/run.py on the device machine's CPU (16 cores; no GPU used).
# usage: bash .bench42/speed.sh MODE PKG...   MODE: trees (llm.c and cuda-samples c94ff36 Samples+Common side by side
# with the bare parse) or ggml (ggml's CUDA backend, `-I include -I src src/ggml-cuda`, 16 files at a time)
R=$(pwd); D=$R/.bench42; W=/tmp/sp; MODE=$1; shift
python3 -m pip install -q --no-index --no-deps --no-compile --no-cache-dir $D/whl/*.whl > $OUT/pip_speed.txt 2>&1
mkdir -p $W; for t in llmc cs ggml; do [ -d $W/$t.done ] || { tar xJf $D/speed/$t.tar.xz -C $W && mkdir $W/$t.done; }; done
{ date -u; nproc; lscpu | grep -i "model name\|thread"; cat /proc/loadavg; } > $OUT/machine_$MODE.txt
for P in "$@"; do
  rm -rf $W/$P && mkdir -p $W/$P && tar xzf $D/$P.tar.gz -C $W/$P || exit 3
  (cd $W/$P && git init -q && git add smemlint && git -c user.email=x@y -c user.name=x commit -qm package) >> $OUT/pip_speed.txt 2>&1
  cd /tmp  # not a checkout of smemlint: python imports from its working directory first
  t0=$(date +%s)
  if [ $MODE = trees ]; then
    PYTHONPATH=$W/$P timeout ${SPEED_LIMIT:-280} python3 $W/$P/benchmarks/speed/run.py --files 0 --extra $W/llm.c \
      --extra $W/cuda-samples --jobs 16 --out $OUT/speed_$P \
      --note "device machine's CPU (16 cores, no GPU used); llm.c and cuda-samples c94ff36 (Samples, Common) not committed" \
      > $OUT/speed_$P.log 2>&1
    echo "$P trees rc $? $(( $(date +%s) - t0 )) s"; tail -n 4 $OUT/speed_$P.log
  else
    (cd $W/ggml && PYTHONPATH=$W/$P timeout ${GGML_LIMIT:-250} python3 -m smemlint check --format json --no-cache -j 16 \
      --exit-zero -I include -I src src/ggml-cuda > $W/ggml_$P.json 2> $OUT/ggml_$P.err)
    echo "$P ggml rc $? $(( $(date +%s) - t0 )) s"; cat /proc/loadavg
    python3 $R/benchmarks/speed/file_seconds.py $W/ggml_$P.json > $OUT/ggml_$P.json
    cat $OUT/ggml_$P.json | head -8
  fi
done
