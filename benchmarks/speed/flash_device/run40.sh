#!/bin/bash
# (the record of what ran: it ran as .bench40/final.sh, run39.sh's every-file part (NO_PAIRS=1) as
#  .bench40/flash_run.sh, from the session's ignored .bench40/ and .bench39/ folders, which held the package
#  archives, wheels and sources it names; nothing fetched is committed)
# stop 40's final device call: every flash-attention csrc/flash_attn/src file 16 at a time with the final package
# (.bench39/flash/pkg.tar.gz rebuilt from main), then HeCBench's 250 programs scored with it (pkg_final).
R=$(pwd); O=$OUT
OUT=$O/flash W=/tmp/wf NO_PAIRS=1 bash $R/.bench39/flash/run.sh ${FLASH_LIMIT:-330} pkg > $O/flash.txt 2>&1
tail -n 3 $O/flash.txt
python3 - <<PY
import json
rows = [json.loads(l) for l in open("$O/flash/all/per_file.jsonl")]
bwd = [r for r in rows if r["file"].startswith("flash_bwd_hdim")]
over = [(r["file"], r["wall"], r.get("status")) for r in rows if r["wall"] > 60 or r.get("status") != "ok"]
print(len(rows), "files; bwd max wall", max(r["wall"] for r in bwd), "mean cpu", round(sum(r["user"] + r["sys"] for r in bwd) / len(bwd), 1), "max wall", max(r["wall"] for r in rows), "over/err", over)
PY
OUT=$O bash $R/.bench40/run_hb.sh pkg_final
