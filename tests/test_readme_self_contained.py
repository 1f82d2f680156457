"""The README is self-contained (issue 27 item 9): every path it cites is in the repository, and it
cites nothing outside it (no `../`, no design notes or research seeds a clone does not have)."""
from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).parent.parent
DOCS = ["README.md", "fixtures/README.md", "docs/cli-conventions.md"]
# a backquoted path with a directory and a file or folder name: `benchmarks/accuracy/README.md`
CITED = re.compile(r"`((?:\.\./|\./)?[A-Za-z0-9_.-]+(?:/[A-Za-z0-9_.*<>-]+)+/?)`")
NOT_OURS = ("/usr/", "/opt/", "~/", "/path/", "src/", "kernels/", "third_party/", "build", "$", "REPO_URL",
            "github/", "actions/", "cuda/", "cub/", "thrust/", "cutlass/", ".github/", "dev/", "project/",
            "include/", "tests/*.cu", "**/")


FILE_KINDS = {".md", ".py", ".cu", ".cuh", ".h", ".json", ".jsonl", ".txt", ".yaml", ".yml", ".toml"}


def test_every_cited_path_is_in_the_repository() -> None:
    missing = []
    for doc in DOCS:
        text = (ROOT / doc).read_text()
        assert "../shared" not in text and "shared/design" not in text, doc
        for path in CITED.findall(text):
            if path.startswith(NOT_OURS) or "<" in path or "*" in path or " " in path or path.startswith("/"):
                continue
            if not (path.endswith("/") or Path(path).suffix in FILE_KINDS):
                continue  # `__shfl_up/down/xor`, `t/2`: code, not a path
            base = ROOT if doc == "README.md" or path.split("/")[0] in ("smemlint", "benchmarks", "fixtures",
                                                                         "tests", "docs") else ROOT / Path(doc).parent
            if not (base / path).exists():
                missing.append(f"{doc}: {path}")
    assert not missing, missing


def test_no_research_seed_is_cited() -> None:
    readme = (ROOT / "README.md").read_text()
    assert not re.search(r"\bseed \d{3}\b|\bseed pattern", readme)
