#!/bin/bash
# stop 39 on the device machine: smemlint (pkg.tar.gz: `git archive HEAD smemlint`, with entry.py's huge-page
# tunables) over flash-attention 0251105 csrc/flash_attn/src with cutlass 7127592 include/, one process per file,
# default --file-timeout; then the slowest files with and without the tunables (SMEMLINT_NO_HUGEPAGES=1), paired.
# usage: bash .bench39/flash/run.sh SECONDS [PKG [FAMILY]]  (results under $OUT); PKG: pkg (default) or pkg_base;
# FAMILY: only the files whose name starts with it (e.g. flash_bwd_hdim), and no paired runs
LIMIT=${1:-300}; PKG=${2:-pkg}; FAMILY=${3:-}
R=$(pwd); D=$R/.bench39/flash; W=${W:-/tmp/w}; SITE=${SITE:-/tmp/site}
mkdir -p $W/pkg $W/fa $OUT/all $OUT/pair_on $OUT/pair_off
{ date -u; nproc; lscpu; free -g; cat /proc/loadavg; python3 --version; echo "THP: $(cat /sys/kernel/mm/transparent_hugepage/enabled) defrag: $(cat /sys/kernel/mm/transparent_hugepage/defrag)"; ldd --version | head -1; } > $OUT/machine.txt 2>&1
python3 -m pip install -q --no-index --no-deps --no-compile --no-cache-dir --upgrade --target $SITE $D/whl/*.whl \
  > $OUT/pip.txt 2>&1 || echo "pip install of the wheels failed" >> $OUT/pip.txt
tar xJf $D/cutlass_inc.tar.xz -C $W && tar xJf $D/fa_src.tar.xz -C $W/fa && tar xzf $D/$PKG.tar.gz -C $W/pkg || exit 3
export PYTHONPATH=$SITE:$W/pkg CUTLASS_INC=$W/include
python3 -c "import smemlint, clang.cindex as ci, click, pathspec, numpy; print('imports ok', ci.__file__)" >> $OUT/pip.txt 2>&1 || { cat $OUT/pip.txt; exit 4; }
grep THP $OUT/machine.txt; grep -m1 "model name" /proc/cpuinfo
TPC=$(lscpu | awk -F: '/Thread\(s\) per core/{gsub(/ /,"",$2); print $2}')
JOBS=16; [ "$TPC" = "2" ] && JOBS=8
echo "threads per core: $TPC, jobs: $JOBS"
cd $W/fa
FILES=$(FAMILY=$FAMILY python3 - <<'PY'
from smemlint.lint import collect
fs = collect(["csrc/flash_attn/src"])[0]
def rank(f):
    b = f.rsplit("/", 1)[-1]
    fam = next((i for i, p in enumerate(("flash_bwd_hdim", "flash_fwd_hdim", "flash_fwd_split_hdim", "flash_fwd_split_align_hdim")) if b.startswith(p)), -1)
    return (fam, "bf16" in b, b)
import os
fam = os.environ.get("FAMILY", "")
print("\n".join(f for f in sorted(fs, key=rank) if f.rsplit("/", 1)[-1].startswith(fam)))
PY
)
echo "$(echo $FILES | wc -w) files"
timeout $LIMIT python3 $D/bench.py $W/fa $W/include $OUT/all $JOBS $FILES
echo "bench rc $?"; cat /proc/loadavg
[ -n "$FAMILY$NO_PAIRS" ] && exit 0  # NO_PAIRS=1: every file only (stop 40's run40.sh)
SLOW="csrc/flash_attn/src/flash_bwd_hdim256_fp16_sm80.cu csrc/flash_attn/src/flash_bwd_hdim256_fp16_causal_sm80.cu csrc/flash_attn/src/flash_bwd_hdim256_bf16_sm80.cu csrc/flash_attn/src/flash_bwd_hdim64_bf16_causal_sm80.cu"
# paired: the same 4 files with and without the tunables, 8 processes at once
timeout 200 python3 $D/bench.py $W/fa $W/include $OUT/pair_on 4 $SLOW > $OUT/pair_on.txt 2>&1 &
SMEMLINT_NO_HUGEPAGES=1 timeout 200 python3 $D/bench.py $W/fa $W/include $OUT/pair_off 4 $SLOW > $OUT/pair_off.txt 2>&1
wait; cat $OUT/pair_on.txt $OUT/pair_off.txt
