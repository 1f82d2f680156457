"""The `smemlint` command (console script and `python -m smemlint`): the allocator set up for
clang's parse, then the command line (cli.py).

Why: libclang's parse of a template-heavy file (CuTe, as in flash-attention) allocates about 2 GB in
small blocks. Where Linux gives transparent huge pages only to memory that asks for them (`madvise`,
the default of most distributions), glibc's malloc does not ask unless its `glibc.malloc.hugetlb`
tunable says so, and the parse then takes ~580,000 page faults and as many TLB misses on 4 KiB pages.
With the tunable (and a fixed mmap threshold and top pad, so that the heap grows in steps a huge page
can back) the same parse takes ~4,000 faults: flash_bwd_hdim256_fp16_sm80.cu lints in 41-42 s instead of
48-49 s on a quiet 2-core machine, ~7% faster 8 processes at a time on a 16-core host, and no faster
measurably 16 at a time there, where shared caches bound it (benchmarks/speed/results.md, stop 39). glibc reads its tunables only when a process
starts, so the command executes itself once more with them set, before anything heavy is imported
(~25 ms). `SMEMLINT_NO_HUGEPAGES=1`, or any `glibc.malloc.hugetlb` the caller sets, leaves the
process as it is.
"""
from __future__ import annotations

import os
import sys

TUNABLES = "glibc.malloc.hugetlb=1:glibc.malloc.mmap_threshold=33554432:glibc.malloc.top_pad=67108864"
THP_SETTING = "/sys/kernel/mm/transparent_hugepage/enabled"
FIRST_GLIBC = (2, 35)  # the first glibc with glibc.malloc.hugetlb


def thp_mode(path: str = THP_SETTING) -> str | None:
    """The kernel's transparent-huge-page mode (`always`, `madvise`, `never`), None where unknown."""
    try:
        with open(path, encoding="ascii") as f:
            text = f.read()
    except (OSError, ValueError):
        return None
    start, end = text.find("["), text.find("]")
    return text[start + 1:end] if 0 <= start < end else None


def glibc_version() -> tuple[int, ...] | None:
    """(major, minor) of the C library this Python runs on, if it is glibc."""
    try:
        name, version = os.confstr("CS_GNU_LIBC_VERSION").split()  # "glibc 2.36"
        return tuple(int(p) for p in version.split(".")[:2]) if name == "glibc" else None
    except (AttributeError, ValueError, OSError):  # not glibc, or not a POSIX system
        return None


def tuned_environment(environ: dict[str, str], mode: str | None,
                      glibc: tuple[int, ...] | None) -> dict[str, str] | None:
    """The environment to execute again with, or None where it would gain nothing (huge pages
    always or never given, not glibc, a glibc without the tunable) or the caller has decided."""
    if environ.get("SMEMLINT_NO_HUGEPAGES", "") not in ("", "0"):
        return None
    tunables = environ.get("GLIBC_TUNABLES", "")
    if mode != "madvise" or glibc is None or glibc < FIRST_GLIBC or "glibc.malloc.hugetlb" in tunables:
        return None
    return {**environ, "GLIBC_TUNABLES": f"{tunables}:{TUNABLES}" if tunables else TUNABLES}


def main() -> None:
    env = tuned_environment(dict(os.environ), thp_mode(), glibc_version())
    argv = getattr(sys, "orig_argv", None)  # the interpreter's own command line, -m and -X included
    if env is not None and argv and sys.executable:
        try:
            os.execve(sys.executable, argv, env)
        except OSError:
            pass  # run as we are
    from .cli import main as cli_main
    cli_main(prog_name="smemlint")
