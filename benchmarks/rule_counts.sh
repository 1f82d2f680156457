#!/bin/sh
# Findings per rule over the public repos in /work/repos (one JSON lint per tree, counted by code).
# Usage: benchmarks/rule_counts.sh [python]   (python: the interpreter whose smemlint to run)
PY=${1:-.venv/bin/python}
R=${REPOS:-/work/repos}
count() {  # name, then smemlint arguments
    name=$1; shift
    "$PY" -m smemlint check --format json --no-cache -j 1 --file-timeout 60 "$@" 2>/dev/null |
        "$PY" -c "import json,sys,collections as c; d=json.load(sys.stdin); n=c.Counter(x['code'] for x in d['diagnostics']); print('$name', sum(n.values()), ' '.join(f'{k}={v}' for k,v in sorted(n.items())))"
}
count cuda-samples -I "$R/cuda-samples/Common" "$R/cuda-samples/Samples/0_Introduction" "$R/cuda-samples/Samples/2_Concepts_and_Techniques" "$R/cuda-samples/Samples/6_Performance"
count llm.c "$R/llm.c/dev/cuda"
count LeetCUDA "$R/LeetCUDA/kernels"
count rodinia "$R/gpu-rodinia/cuda"
count bbuf "$R/how-to-optim-algorithm-in-cuda"
