#!/bin/bash
# (the record of what ran: it ran as .bench41/run_hb.sh from the session's ignored .bench41/ folder, which held the package
#  archives, the three wheels (libclang-ng, click, pathspec) and the HeCBench sources it names; nothing fetched is committed)
# stop 41 on the device machine's CPU (no GPU): HeCBench's measured programs scored with each package given
# (git archive of smemlint, benchmarks, pyproject.toml), 16 programs at a time, flags from `make -n -B` here.
# usage: bash .bench41/run_hb.sh PKG[:args]... (each .bench41/PKG.tar.gz; ":args" adds --with-args); rows in $OUT/PKG[_args].jsonl
R=$(pwd); D=$R/.bench41; W=/tmp/hb
{ date -u; nproc; python3 --version; cat /proc/loadavg; } > $OUT/machine_hb.txt 2>&1
mkdir -p $W/HB && tar xJf $D/hb/hb_src.tar.xz -C $W/HB || exit 3
for SPEC in "$@"; do
  P=${SPEC%%:*}; EXTRA=""; NAME=$P
  [ "$SPEC" != "$P" ] && EXTRA="--with-args" && NAME=${P}_args
  if [ ! -d $W/$P ]; then
    mkdir -p $W/$P && tar xzf $D/$P.tar.gz -C $W/$P || exit 4
    python3 -m pip install -q --no-index --no-deps --no-compile --no-cache-dir --upgrade --target $W/$P $D/whl/*.whl >> $OUT/pip.txt 2>&1
  fi
  t0=$(date +%s)
  (cd $W/$P && PYTHONPATH=$W/$P timeout ${HB_LIMIT:-250} python3 benchmarks/accuracy/hecbench/score_parallel.py \
      --hecbench $W/HB --jobs 16 --timeout 200 --file-timeout 180 --deadline ${HB_DEADLINE:-150} --flags $D/hb/flags.json \
      $EXTRA --out $OUT/$NAME.jsonl > $OUT/$NAME.log 2>&1)
  echo "$NAME rc=$? $(( $(date +%s) - t0 )) s, $(wc -l < $OUT/$NAME.jsonl) rows"
done
