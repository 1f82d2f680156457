#!/bin/bash
# flash37 on the device machine: smemlint (pkg.tar.gz: `git archive HEAD smemlint`) over flash-attention 0251105
# csrc/flash_attn/src with cutlass 7127592 include/, one process per file, default --file-timeout; the folder
# .bench36/flash37 of the carried checkout holds this script, bench.py, phases_dev.py, whl/ (libclang-ng 22.1.4.2,
# click 8.5.1, pathspec 1.1.1 wheels for cp312), cutlass_inc.tar.xz, fa_src.tar.xz, pkg.tar.gz, pkg_base.tar.gz.
# usage: bash .bench36/flash37/run.sh SECONDS   (results under $OUT)
LIMIT=${1:-300}
R=$(pwd); D=$R/.bench36/flash37; W=${W:-/tmp/w}; SITE=${SITE:-/tmp/site}
mkdir -p $W/pkg $W/fa $OUT/all $OUT/phases
{ date -u; nproc; lscpu; ls -d /usr/local/cuda*; which nvcc; free -g; cat /proc/loadavg; python3 --version; } > $OUT/machine.txt 2>&1
python3 -m pip install -q --no-index --no-deps --no-compile --no-cache-dir --upgrade --target $SITE $D/whl/*.whl \
  > $OUT/pip.txt 2>&1 || echo "pip install of the wheels failed" >> $OUT/pip.txt
tar xJf $D/cutlass_inc.tar.xz -C $W && tar xJf $D/fa_src.tar.xz -C $W/fa && tar xzf $D/pkg.tar.gz -C $W/pkg || exit 3
export PYTHONPATH=$SITE:$W/pkg CUTLASS_INC=$W/include
python3 -c "import smemlint, clang.cindex as ci, click, pathspec, numpy; print('imports ok', ci.__file__)" >> $OUT/pip.txt 2>&1 || { cat $OUT/pip.txt; exit 4; }
cat $OUT/pip.txt
TPC=$(lscpu | awk -F: '/Thread\(s\) per core/{gsub(/ /,"",$2); print $2}')
JOBS=16; [ "$TPC" = "2" ] && JOBS=8
echo "threads per core: $TPC, jobs: $JOBS"; grep -m1 "model name" /proc/cpuinfo
cd $W/fa
# phases of the forward file in one process (CPU per phase), beside the first round
mkdir -p $W/base && tar xzf $D/pkg_base.tar.gz -C $W/base
(timeout 200 python3 $D/phases_dev.py csrc/flash_attn/src/flash_fwd_hdim128_fp16_sm80.cu > $OUT/phases/fwd128.txt 2>&1 &)
(PYTHONPATH=$SITE:$W/base timeout 200 python3 $D/phases_dev.py csrc/flash_attn/src/flash_fwd_hdim128_fp16_sm80.cu > $OUT/phases/fwd128_base.txt 2>&1 &)
# what `smemlint check csrc/flash_attn/src` lints (collect): the 96 .cu files and 3 headers; the forward
# hdim128 file first, the headers next, then each family, fp16 before bf16
FILES=$(python3 - <<'PY'
from smemlint.lint import collect
fs = collect(["csrc/flash_attn/src"])[0]
def rank(f):
    b = f.rsplit("/", 1)[-1]
    fam = next((i for i, p in enumerate(("flash_fwd_hdim", "flash_bwd_hdim", "flash_fwd_split_hdim", "flash_fwd_split_align_hdim")) if b.startswith(p)), -1)
    return (b != "flash_fwd_hdim128_fp16_sm80.cu", fam, "bf16" in b, b)
print("\n".join(sorted(fs, key=rank)))
PY
)
echo "$(echo $FILES | wc -w) files"
timeout $LIMIT python3 $D/bench.py $W/fa $W/include $OUT/all $JOBS $FILES
echo "bench rc $?"; cat /proc/loadavg
cat $OUT/phases/fwd128.txt $OUT/phases/fwd128_base.txt
