#!/bin/bash
# stop 39's final timing: the backward files (48) at 16 at a time with the base package (149f36d, before this stop),
# then all 99 files at 16 at a time with the final package; same machine, one call.
R=$(pwd); O=$OUT
OUT=$O/base W=/tmp/wb bash $R/.bench39/flash/run.sh 230 pkg_base flash_bwd_hdim > $O/base.txt 2>&1
OUT=$O/final W=/tmp/wn bash $R/.bench39/flash/run.sh 330 pkg > $O/final.txt 2>&1
tail -n 3 $O/base.txt; grep -c . $O/base/all/per_file.jsonl; tail -n 3 $O/final.txt
python3 - <<PY
import json
for n in ("base", "final"):
    rows = [json.loads(l) for l in open("$O/" + n + "/all/per_file.jsonl")]
    bwd = [r for r in rows if r["file"].startswith("flash_bwd_hdim")]
    over = [(r["file"], r["wall"], r.get("status")) for r in rows if r["wall"] > 60 or r.get("status") != "ok"]
    print(n, len(rows), "files; bwd max wall", max(r["wall"] for r in bwd), "mean cpu", round(sum(r["user"] + r["sys"] for r in bwd) / len(bwd), 1), "over/err", over)
PY
