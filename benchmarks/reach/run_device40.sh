#!/bin/bash
# (the record of what ran: it ran as .bench40/reach/run.sh from the session's ignored .bench40/ and .bench39/ folders, which held
#  the package archives, wheels and sources it names; nothing fetched is committed)
# stop 40: reach (issue 29) over the seven repositories on the device machine's CPUs (no GPU used), as stop 38's
# benchmarks/reach/run_device.sh `reach`: benchmarks/reach/reach.py, 16 jobs, with the package .bench40/pkg_final.tar.gz
# (`git archive` of smemlint, benchmarks, pyproject.toml) and the wheels of .bench39/flash/whl (libclang-ng, click,
# pathspec). repos.tar.xz beside this script: every source, header and build file (.cu .cuh .h .hpp .cuhpp .inl .c .cc
# .cpp .cxx .hxx .inc .ipp .tcc, CMakeLists.txt, Makefile, setup.py, pyproject.toml, .gitignore) of the seven
# checkouts at benchmarks/precision/rejudge.py's commits, an empty .git in each root (for parse/discovery.py).
# usage, from the repository root: bash .bench40/reach/run.sh [--dry | REPOSITORY...]  (no argument: all seven)
#   --dry: extract, install, import, and count the kernels written under each run's paths; no lint
# writes under $OUT: machine.txt, reach_log.txt, reach.json (--dry: dry.txt)
R=$(pwd); D=$R/.bench40/reach; W=${W:-/tmp/w40reach}; PY=${PY:-python3}
PKG=${PKG:-$R/.bench40/pkg_final.tar.gz}; WHL=${WHL:-$R/.bench39/flash/whl}
: "${OUT:?OUT must name the folder for the results}"
rm -rf $W; mkdir -p $W/pkg $W/repos
{ date -u; nproc; lscpu | grep -m1 "Model name"; $PY --version; which nvcc; nvcc --version | tail -1; cat /proc/loadavg; } > $OUT/machine.txt 2>&1
tar xzf $PKG -C $W/pkg || { echo "package $PKG not extracted"; exit 3; }
cd $W/pkg  # here, not the repository root: python -c imports from its working directory first
$PY -m pip install -q --no-index --no-deps --no-compile --no-cache-dir --target $W/pkg $WHL/*.whl >> $OUT/machine.txt 2>&1
PYTHONPATH=$W/pkg $PY -c "import smemlint, clang.cindex as c, click, pathspec, numpy; print('imports ok', smemlint.__file__, c.__file__)" \
  >> $OUT/machine.txt 2>&1 || { cat $OUT/machine.txt; exit 4; }
tar xJf $D/repos.tar.xz -C $W/repos || { echo "repos.tar.xz not extracted"; exit 5; }
for n in llm.c cuda-samples ggml LeetCUDA tiny-cuda-nn mamba pytorch_scatter; do
  [ -d $W/repos/$n/.git ] || { echo "checkout $n (or its .git) missing"; exit 6; }
done
cat $OUT/machine.txt
if [ "$1" = --dry ]; then
  # the kernels written in each run's source files (reach.py's sources()): the "written" of results.md, give or take
  # a kernel in a linted file outside the run's paths
  REPOS=$W/repos PYTHONPATH=$W/pkg $PY - <<'PY' > $OUT/dry.txt 2>&1
import pathlib, sys
sys.path[:0] = ["benchmarks/reach", "benchmarks/precision"]
from reach import REACH, REPOS, _runs, checkout, sources
from smemlint.parse.written import written_kernels
for name in REACH:
    root, seen = checkout(name), set()
    for args in _runs(name):
        for f in sources(root, args):
            text = pathlib.Path(f).read_text(encoding="utf-8", errors="replace")
            seen |= {(f, k) for k, _ in written_kernels(text)} if "__global__" in text else set()
    print(f"{name} at {REPOS[name][1][:10]}: {len(seen)} kernels written in its runs' sources")
PY
  echo "dry rc $?"; cat $OUT/dry.txt; exit 0
fi
PYTHONUNBUFFERED=1 REPOS=$W/repos PYTHONPATH=$W/pkg timeout 540 $PY benchmarks/reach/reach.py "$@" -j 16 --timeout 520 \
  --out $OUT/reach.json > $OUT/reach_log.txt 2>&1
echo "rc $?"; tail -40 $OUT/reach_log.txt
date -u; cat /proc/loadavg
