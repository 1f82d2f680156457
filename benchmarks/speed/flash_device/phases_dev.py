"""CPU time per phase: python phases.py FILE_OR_DIR..."""
import os, sys, time, importlib
from smemlint.lint import collect, lint_file
from smemlint.config import Settings
import smemlint.analysis as an, smemlint.rules as rules
import smemlint.lower.extract as ex
import smemlint.host.calls as hc, smemlint.host.launches as hl
from smemlint.symbolic import interp
acc = {}
def wrap(mod, name, key):
    f = getattr(mod, name)
    def w(*a, **k):
        t = time.process_time()
        try:
            return f(*a, **k)
        finally:
            acc[key] = acc.get(key, 0) + time.process_time() - t
    setattr(mod, name, w)
wrap(an, "parse", "parse")
wrap(ex, "extract", "extract"); an.extract = ex.extract
wrap(ex.Extractor if hasattr(ex, "Extractor") else ex, "lower_kernel", "  lower_kernel")
wrap(hc, "collect", "  calls.collect"); ex.collect = hc.collect
wrap(hl, "launch_site", "  launch_site"); ex.launch_site = hl.launch_site
wrap(an, "analyze_kernel", "analyze_kernel")
wrap(interp.Interpreter, "run", "  interp.run")
wrap(rules, "run_rules", "rules")
import smemlint.lint as lint
files = collect(sys.argv[1:])[0]
t0 = time.process_time()
for f in files:
    lint_file(f, Settings(include=("csrc/flash_attn", os.environ["CUTLASS_INC"])))
print(f"{len(files)} files cpu {time.process_time()-t0:.2f}s")
for k, v in acc.items():
    print(f"  {k:20s} {v:.2f}")
