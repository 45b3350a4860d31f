"""`build.py chain report` and `calibrate`: their figures agree with the rows
generate() makes, and the committed bands are the calibration's output."""

from __future__ import annotations

import datetime as dt
import re
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest

from puzzlebook.chain import score
from puzzlebook.chain.candidate import FAILURES
from puzzlebook.chain.generate import generate
from puzzlebook.chain.report import CALIBRATION_DAYS, CALIBRATION_START, calibrate, days_from

ROOT = Path(__file__).resolve().parent.parent


def _run(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "build.py", "chain", *args], cwd=ROOT, capture_output=True,
                          text=True, check=False, timeout=120)


def _number(text: str, label: str) -> int:
    match = re.search(rf"^\s*{re.escape(label)}\s+(\d+)", text, re.MULTILINE)
    assert match, f"no line for {label!r} in:\n{text}"
    return int(match.group(1))


def test_the_report_counts_what_generate_did() -> None:
    done = _run("report", "--from", "2026-09-01", "--days", "21", "--cap-days", "40")
    assert done.returncode == 0, done.stderr
    out = done.stdout
    rows = [generate(day) for day in days_from(dt.date(2026, 9, 1), 21)]
    failures = Counter(code for row in rows for code in row["failures"])
    assert _number(out, "candidates built") == sum(row["attempts"] for row in rows)
    assert _number(out, "rejected") == sum(failures.values())
    for code in FAILURES:
        assert _number(out, code) == failures[code]
    assert re.search(r"^\s*easy\s+6\s", out, re.MULTILINE)  # three weeks: 6 easy, 6 medium, 9 hard days
    assert re.search(r"^\s*hard\s+9\s", out, re.MULTILINE)
    assert "cap check: none of 40 dates" in out


@pytest.mark.slow
def test_the_committed_bands_are_the_calibrations_output() -> None:
    found = calibrate(days_from(CALIBRATION_START, CALIBRATION_DAYS))
    assert found.bands() == score.BANDS, (
        "the score changed without recalibrating: run `build.py chain calibrate`, commit its BANDS in "
        "puzzlebook/chain/score.py and its output in docs/chain.md, and bump ENGINE_VERSION"
    )
    assert sum(len(scores) for scores in found.scores.values()) == CALIBRATION_DAYS


def test_calibrate_prints_the_constants_to_commit() -> None:
    done = _run("calibrate", "--days", "30")
    assert done.returncode == 0, done.stderr
    assert "BANDS: dict[str, tuple[int, int]] = {" in done.stdout
    for level in ("easy", "medium", "hard"):
        assert re.search(rf'"{level}": \(\d+, \d+\),', done.stdout)


def test_bad_arguments_are_clear_errors() -> None:
    done = _run("report", "--from", "2026-13-01")
    assert done.returncode == 2 and "YYYY-MM-DD" in done.stderr
    done = _run("report", "--days", "0")
    assert done.returncode == 2 and "--days must be at least 1" in done.stderr
    done = _run("report", "--days", "many")
    assert done.returncode == 2 and "not a whole number" in done.stderr
    for command in ("report", "calibrate"):
        done = _run(command, "--help")
        assert done.returncode == 0 and f"build.py chain {command}" in done.stdout
