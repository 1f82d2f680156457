#!/bin/bash
# (the record of what ran: it ran as .bench40/run_hb.sh from the session's ignored .bench40/ and .bench39/ folders, which held
#  the package archives, wheels and sources it names; nothing fetched is committed)
# stop 40 on the device machine's CPU (no GPU): HeCBench's 250 measured programs scored with each package given
# (git archive of smemlint, benchmarks, pyproject.toml), 16 programs at a time, flags from `make -n -B` here.
# usage: bash .bench40/run_hb.sh PKG... (each .bench40/PKG.tar.gz); rows under $OUT/PKG.jsonl
R=$(pwd); D=$R/.bench40; SITE=/tmp/site; W=/tmp/hb
{ date -u; nproc; python3 --version; cat /proc/loadavg; } > $OUT/machine_hb.txt 2>&1
mkdir -p $W/HB && tar xJf $D/hb/hb_src.tar.xz -C $W/HB || exit 3
for P in "$@"; do
  mkdir -p $W/$P && tar xzf $D/$P.tar.gz -C $W/$P || exit 4
  # compare.py runs smemlint with PYTHONPATH set to the package's root: the wheels go there
  python3 -m pip install -q --no-index --no-deps --no-compile --no-cache-dir --upgrade --target $W/$P $R/.bench39/flash/whl/*.whl >> $OUT/pip.txt 2>&1
  t0=$(date +%s)
  (cd $W/$P && PYTHONPATH=$W/$P timeout ${HB_LIMIT:-250} python3 benchmarks/accuracy/hecbench/score_parallel.py \
      --hecbench $W/HB --jobs 16 --timeout 200 --file-timeout 180 --deadline ${HB_DEADLINE:-150} --flags $D/hb/flags.json \
      --out $OUT/$P.jsonl > $OUT/$P.log 2>&1)
  echo "$P rc=$? $(( $(date +%s) - t0 )) s, $(wc -l < $OUT/$P.jsonl) rows"
done
