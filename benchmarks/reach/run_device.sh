#!/bin/bash
# stop 38's final checks on the device machine's CPUs (no GPU used): reach over the seven repositories
# (benchmarks/reach/reach.py, 16 jobs) or the HeCBench re-score (score_parallel.py). .bench36/final38 holds
# pkg.tar.gz (`git archive HEAD smemlint benchmarks pyproject.toml` of main), repos.tar.xz (the source files of
# the seven checkouts at rejudge.py's commits, an empty .git in each root), hecbench-lint.tar.xz and flags.json
# (hec38's), whl/ (libclang-ng for cp312).   usage: bash .bench36/final38/run.sh reach|hecbench
D=$(pwd)/.bench36/final38; W=/tmp/w; mkdir -p $W/pkg $W/repos $W/hb
{ date -u; nproc; lscpu | grep -m1 "Model name"; python3 --version; which nvcc; nvcc --version | tail -1; cat /proc/loadavg; } > $OUT/machine.txt 2>&1
tar xzf $D/pkg.tar.gz -C $W/pkg || exit 3
python3 -m pip install -q --no-index --no-deps --no-compile --no-cache-dir --target $W/pkg $D/whl/*.whl >> $OUT/machine.txt 2>&1
PYTHONPATH=$W/pkg python3 -c "import smemlint, clang.cindex as c, click, pathspec, numpy; print('imports ok')" >> $OUT/machine.txt 2>&1 || { cat $OUT/machine.txt; exit 4; }
cat $OUT/machine.txt; cd $W/pkg
if [ "$1" = reach ]; then
  tar xJf $D/repos.tar.xz -C $W/repos || exit 5
  PYTHONUNBUFFERED=1 REPOS=$W/repos PYTHONPATH=$W/pkg timeout 540 python3 benchmarks/reach/reach.py -j 16 --timeout 520 \
    --out $OUT/reach.json > $OUT/reach_log.txt 2>&1
  echo "rc $?"; tail -40 $OUT/reach_log.txt
else
  tar xJf $D/hecbench-lint.tar.xz -C $W/hb || exit 5
  PYTHONUNBUFFERED=1 PYTHONPATH=$W/pkg timeout 530 python3 benchmarks/accuracy/hecbench/score_parallel.py --hecbench $W/hb \
    --jobs 16 --timeout 230 --file-timeout 180 --deadline 490 --flags $D/flags.json --out $OUT/rows.jsonl > $OUT/log.txt 2>&1
  echo "rc $?"; tail -5 $OUT/log.txt; wc -l $OUT/rows.jsonl
fi
date -u; cat /proc/loadavg
