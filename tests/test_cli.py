"""The command line, end to end through the installed console script (real clang, real files)."""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

import smemlint

from kernels import transpose

ROOT = Path(__file__).parent.parent
SMEMLINT = [sys.executable, "-m", "smemlint.cli"]

CONFLICT = transpose(grid=1)
CLEAN = CONFLICT.replace("tile[32][32]", "tile[32][33]")


def run(*args: str, cwd: Path | None = None, env: dict | None = None) -> subprocess.CompletedProcess:
    e = dict(os.environ)
    e.update(env or {})
    e.pop("NO_COLOR", None)
    return subprocess.run([*SMEMLINT, *args], capture_output=True, text=True, cwd=cwd or ROOT, env=e,
                          timeout=120)


def write(tmp_path: Path, name: str, text: str | bytes) -> Path:
    p = tmp_path / name
    p.parent.mkdir(parents=True, exist_ok=True)
    if isinstance(text, bytes):
        p.write_bytes(text)
    else:
        p.write_text(text)
    return p


def test_version_and_help() -> None:
    r = run("--version")
    assert r.returncode == 0 and "smemlint" in r.stdout and smemlint.__version__ in r.stdout
    r = run("--help")
    assert r.returncode == 0 and "check" in r.stdout


def test_conflict_exit_1_and_compiler_style_text(tmp_path: Path) -> None:
    f = write(tmp_path, "k.cu", CONFLICT)
    r = run("check", str(f))
    assert r.returncode == 1, r.stdout + r.stderr
    assert f"{f}:6:43: warning: 32-way bank conflict on `tile`" in r.stdout
    assert "^~~~" in r.stdout and "tile[32][33]" in r.stdout
    assert "\033[" not in r.stdout  # no colour when piped


def test_clean_exit_0(tmp_path: Path) -> None:
    f = write(tmp_path, "k.cu", CLEAN)
    r = run("check", str(f))
    assert r.returncode == 0, r.stdout
    assert "no findings" in r.stdout


def test_json_report_follows_output_md(tmp_path: Path) -> None:
    f = write(tmp_path, "k.cu", CONFLICT)
    r = run("check", "--format", "json", str(f))
    assert r.returncode == 1
    doc = json.loads(r.stdout)
    assert set(doc) >= {"tool", "arch", "files", "accesses", "diagnostics", "kernels"}
    assert doc["tool"]["name"] == "smemlint" and doc["arch"] == "sm_90"
    assert doc["files"] == [{"path": str(f), "status": "ok", "error": None, "notes": doc["files"][0]["notes"],
                             "headers": doc["files"][0]["headers"], "seconds": doc["files"][0]["seconds"],
                             "not_analysed": None}]
    keys = {"file", "line", "column", "kernel", "space", "op", "symbol", "width_bits", "block", "predictable",
            "wavefronts_per_request", "ideal_wavefronts_per_request", "sectors_per_request",
            "ideal_sectors_per_request", "assumptions", "worst_case"}
    for a in doc["accesses"]:
        assert keys <= set(a)
    col = [a for a in doc["accesses"] if a["line"] == 6 and a["space"] == "shared"]
    assert col and col[0]["wavefronts_per_request"] == 32.0 and col[0]["ideal_wavefronts_per_request"] == 1.0
    assert col[0]["block"] == [32, 32, 1]
    assert any("launch" in s for s in col[0]["assumptions"])
    (d,) = doc["diagnostics"]
    assert d["code"] == "SMEM001" and d["name"] == "shared-bank-conflict" and d["severity"] == "warning"
    assert d["facts"]["ways"] == 32 and d["fix"]["edits"][0]["new_text"] == "33"


def test_missing_path_exit_2(tmp_path: Path) -> None:
    f = write(tmp_path, "k.cu", CLEAN)
    r = run("check", str(f), str(tmp_path / "nope.cu"))
    assert r.returncode == 2
    assert "no such file" in r.stderr


def test_bad_files_are_reported_and_others_still_linted(tmp_path: Path) -> None:
    write(tmp_path, "a_binary.cu", bytes(range(256)) * 10)
    write(tmp_path, "b_latin1.cu", "// caf\xe9\n".encode("latin-1") + CONFLICT.encode())
    write(tmp_path, "c_syntax.cu", "__global__ void k(float* o) { o[threadIdx.x] = ; \n")
    write(tmp_path, "d_missing.cu", '#include "cutlass/cutlass.h"\n' + CONFLICT)
    write(tmp_path, "e_ok.cu", CONFLICT)
    r = run("check", "--format", "json", str(tmp_path))
    assert r.returncode == 2, r.stdout + r.stderr
    assert "Traceback" not in r.stderr
    doc = json.loads(r.stdout)
    status = {Path(f["path"]).name: f for f in doc["files"]}
    assert status["a_binary.cu"]["status"] == "error" and "binary" in status["a_binary.cu"]["error"]
    assert status["b_latin1.cu"]["status"] == "ok" and any("UTF-8" in n for n in status["b_latin1.cu"]["notes"])
    assert status["c_syntax.cu"]["status"] == "ok" and status["c_syntax.cu"]["notes"]
    assert any("cutlass/cutlass.h" in n for n in status["d_missing.cu"]["notes"])
    lines = {(Path(d["file"]).name, d["code"]) for d in doc["diagnostics"]}
    assert {("b_latin1.cu", "SMEM001"), ("d_missing.cu", "SMEM001"), ("e_ok.cu", "SMEM001")} <= lines


def test_huge_file_is_refused_quickly(tmp_path: Path) -> None:
    f = tmp_path / "huge.cu"
    with open(f, "w") as fh:
        line = "// " + "x" * 1000 + "\n"
        for _ in range(9 * 1024):
            fh.write(line)
    r = run("check", "--format", "json", str(f))
    assert r.returncode == 2
    assert "MB" in json.loads(r.stdout)["files"][0]["error"]


def test_directories_are_walked_for_cu_and_cuh(tmp_path: Path) -> None:
    write(tmp_path, "src/a.cu", CLEAN)
    write(tmp_path, "src/inc/b.cuh", CLEAN)
    write(tmp_path, "src/c.cpp", "int x;")
    write(tmp_path, "src/.hidden/d.cu", CLEAN)
    r = run("check", "--format", "json", str(tmp_path / "src"))
    names = sorted(Path(f["path"]).name for f in json.loads(r.stdout)["files"])
    assert names == ["a.cu", "b.cuh"]


def test_defines_and_includes_from_command_line(tmp_path: Path) -> None:
    write(tmp_path, "inc/tile.h", "#define PAD 0\n")
    f = write(tmp_path, "k.cu", '#include "tile.h"\n' + CONFLICT.replace("tile[32][32]", "tile[N][N + PAD]"))
    r = run("check", "--format", "json", "-I", str(tmp_path / "inc"), "-D", "N=32", str(f))
    doc = json.loads(r.stdout)
    assert [d["code"] for d in doc["diagnostics"]] == ["SMEM001"], doc["files"]


def test_compile_commands_flags_and_nothing_executed(tmp_path: Path) -> None:
    write(tmp_path, "inc/tile.h", "#define PAD 1\n")
    f = write(tmp_path, "k.cu", '#include "tile.h"\n' + CONFLICT.replace("tile[32][32]", "tile[N][N + PAD]"))
    marker = tmp_path / "executed"
    entry = {"directory": str(tmp_path), "file": "k.cu",
             "command": f"nvcc -Iinc -DN=32 --expt-relaxed-constexpr $(touch {marker}) `touch {marker}` -c k.cu"}
    write(tmp_path, "compile_commands.json", json.dumps([entry]))
    r = run("check", "--format", "json", str(f))
    doc = json.loads(r.stdout)
    assert doc["diagnostics"] == [] and doc["files"][0]["status"] == "ok", doc["files"]
    shared = [a for a in doc["accesses"] if a["space"] == "shared"]
    assert shared and all(a["wavefronts_per_request"] == 1.0 for a in shared)
    assert not marker.exists()


def test_explain_and_rules() -> None:
    r = run("rules")
    assert "SMEM001" in r.stdout and "GMEM001" in r.stdout
    r = run("explain", "SMEM001")
    assert r.returncode == 0 and "## Why it is slow" in r.stdout
    r = run("explain", "NOPE999")
    assert r.returncode == 2


def test_show_prints_lane_bank_picture(tmp_path: Path) -> None:
    f = write(tmp_path, "k.cu", CONFLICT)
    r = run("show", f"{f}:6")
    assert r.returncode == 0, r.stderr
    assert "lane   0   1" in r.stdout and "32 different words" in r.stdout


def test_show_reuses_the_results_check_cached(tmp_path: Path) -> None:
    """`show` serves an unchanged file from the cache `check` fills (the costliest request's lanes
    are kept in the portable results), with the same picture as a fresh analysis."""
    from smemlint.config import Settings
    from smemlint.lint import lint_file
    from smemlint.picture import describe_access
    from smemlint.results import portable

    f = write(tmp_path, "k.cu", CONFLICT)
    env = {"SMEMLINT_CACHE_DIR": str(tmp_path / "cache")}
    first = run("show", f"{f}:6", env=env)
    assert first.returncode == 0, first.stderr
    assert any((tmp_path / "cache").rglob("*")), "show stored nothing"
    second = run("show", f"{f}:6", env=env)
    assert second.stdout == first.stdout and "32 different words" in second.stdout
    # what makes that possible: a portable result still draws the picture
    r = portable(lint_file(str(f), Settings()))
    (a,) = [a for a in r.accesses if a.line == 6 and a.space == "shared"]
    assert a.stats is None and "32 different words" in describe_access(a, str(f))


@pytest.mark.parametrize("bad", ["--block=0,1", "--block=64,32", "--arch=sm_1"])
def test_usage_errors_exit_2(bad: str, tmp_path: Path) -> None:
    f = write(tmp_path, "k.cu", CLEAN)
    r = run("check", bad, str(f))
    assert r.returncode == 2 and "Traceback" not in r.stderr


@pytest.mark.parametrize("args, config, said", [
    (["--select", "smem001"], "", "--select: unknown rule code 'smem001'; rule codes are upper case: 'SMEM001'"),
    (["--ignore", "SMEM01"], "", "--ignore: unknown rule code 'SMEM01'; did you mean 'SMEM001'?"),
    (["--select", "FOO"], "", "--select: unknown rule code 'FOO'"),
    ([], 'select = ["GMEM001", "SYNC05"]\n', "[tool.smemlint] select: unknown rule code 'SYNC05'"),
    ([], '[tool.smemlint.per-path-ignores]\n"*.cu" = ["smem"]\n', "per-path-ignores] '*.cu': unknown rule code 'smem'"),
])
def test_unknown_rule_codes_are_usage_errors(tmp_path: Path, args, config, said) -> None:
    write(tmp_path, "k.cu", CONFLICT)
    if config:
        head = "" if config.startswith("[tool.smemlint.") else "[tool.smemlint]\n"
        write(tmp_path, "pyproject.toml", head + config)
    r = run("check", *args, str(tmp_path / "k.cu"), cwd=tmp_path)
    assert r.returncode == 2, r.stdout + r.stderr
    assert said in r.stderr, r.stderr
    if not config:  # prefixes of real codes stay valid; a comma-separated list is a list
        ok = run("check", "--select", "SMEM", "--ignore", "SYNC00", str(tmp_path / "k.cu"), cwd=tmp_path)
        assert ok.returncode == 1 and "SMEM001" in ok.stdout, ok.stderr
        ok = run("check", "--select", "GMEM001,SMEM001", str(tmp_path / "k.cu"), cwd=tmp_path)
        assert ok.returncode == 1 and "SMEM001" in ok.stdout, ok.stderr


def test_exit_zero_keeps_findings_but_not_errors(tmp_path: Path) -> None:
    k = write(tmp_path, "k.cu", CONFLICT)
    r = run("check", "--exit-zero", str(k))
    assert r.returncode == 0 and "SMEM001" in r.stdout
    r = run("check", "--exit-zero", str(k), str(tmp_path / "missing.cu"))
    assert r.returncode == 2  # a file that could not be linted is still an error


@pytest.mark.parametrize("arch", ["sm_70", "sm_80", "sm_100", "sm_120"])
def test_unmeasured_architectures_say_what_is_assumed(tmp_path: Path, arch: str) -> None:
    k = write(tmp_path, "k.cu", CONFLICT)
    r = run("check", "--arch", arch, "--format", "json", str(k))
    assert r.returncode == 1, r.stderr
    doc = json.loads(r.stdout)
    assert doc["arch"] == arch
    assert any(n.startswith(f"{arch} was not measured") and "assumed to carry over" in n
               for n in doc["files"][0]["notes"])
    measured = json.loads(run("check", "--arch", "sm_90", "--format", "json", str(k)).stdout)
    assert not any("not measured" in n for n in measured["files"][0]["notes"])


def test_output_file_and_quiet(tmp_path: Path) -> None:
    k = write(tmp_path, "k.cu", CONFLICT)
    out = tmp_path / "report.json"
    r = run("check", "--format", "json", "-o", str(out), str(k))
    assert r.returncode == 1 and r.stdout == "" and json.loads(out.read_text())["diagnostics"]
    r = run("check", "-q", str(k))
    assert r.returncode == 1 and "SMEM001" in r.stdout
    assert "finding" not in r.stdout and "coverage" not in r.stdout  # no summary lines
    r = run("check", "-o", str(tmp_path / "missing-dir" / "r.txt"), str(k))
    assert r.returncode == 2 and "cannot write" in r.stderr


def test_output_format_ruff_names(tmp_path: Path) -> None:
    k = write(tmp_path, "k.cu", CONFLICT)
    concise = run("check", "--output-format", "concise", str(k))
    first = concise.stdout.splitlines()[0]
    assert concise.returncode == 1 and first.startswith(f"{k}:6:43: SMEM001 32-way bank conflict"), concise.stdout
    # one line per finding, as ruff's concise (the fix is in the full format and --diff)
    assert "^~" not in concise.stdout and "fix:" not in concise.stdout
    full = run("check", "--output-format", "full", str(k))
    assert full.stdout == run("check", "--format", "text", str(k)).stdout
    assert json.loads(run("check", "--output-format", "json", str(k)).stdout)["diagnostics"]


def test_standard_input_with_a_file_name(tmp_path: Path) -> None:
    e = dict(os.environ)
    e.pop("NO_COLOR", None)
    r = subprocess.run([*SMEMLINT, "check", "--output-format", "concise", "--stdin-filename", "src/t.cu", "-"],
                       input=CONFLICT, capture_output=True, text=True, cwd=tmp_path, env=e, timeout=120)
    assert r.returncode == 1 and r.stdout.startswith("src/t.cu:6:43: SMEM001"), r.stdout + r.stderr
    r = subprocess.run([*SMEMLINT, "check", "-"], input=CLEAN, capture_output=True, text=True, cwd=tmp_path,
                       env=e, timeout=120)
    assert r.returncode == 0 and "no findings" in r.stdout, r.stdout + r.stderr


def test_extend_select_and_show_settings(tmp_path: Path) -> None:
    write(tmp_path, "pyproject.toml", '[tool.smemlint]\nselect = ["GMEM001"]\n')
    k = write(tmp_path, "k.cu", CONFLICT)
    only_config = run("check", str(k), cwd=tmp_path)
    assert "SMEM001" not in only_config.stdout
    extended = run("check", "--extend-select", "SMEM001", str(k), cwd=tmp_path)
    assert extended.returncode == 1 and "SMEM001" in extended.stdout
    shown = run("check", "--extend-select", "SMEM001", "--show-settings", str(k), cwd=tmp_path)
    assert shown.returncode == 0 and 'select = ["GMEM001", "SMEM001"]' in shown.stdout
    assert str(tmp_path / "pyproject.toml") in shown.stdout.splitlines()[0]
    assert run("check", "--extend-select", "SMEM01", str(k), cwd=tmp_path).returncode == 2
