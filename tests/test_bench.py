"""The benchmarks run: `python -m bench NAME [options]` reaches each one's main as it expects, and
the quick ones print their figures beside their goals (two had broken unnoticed: Chain's main took
the options list as its number of days, the lessons' fixture had moved)."""

from __future__ import annotations

import importlib
import inspect
import pkgutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
BENCHMARKS = sorted(
    m.name for m in pkgutil.iter_modules([str(ROOT / "bench")]) if m.name.startswith("bench_")
)


@pytest.mark.parametrize("name", BENCHMARKS)
def test_each_main_takes_nothing_or_the_options(name: str) -> None:
    parameters = list(inspect.signature(importlib.import_module(f"bench.{name}").main).parameters.values())
    assert parameters == [] or (len(parameters) == 1 and parameters[0].name == "argv"), parameters


def _bench(*args: str) -> str:
    done = subprocess.run([sys.executable, "-m", "bench", *args], cwd=ROOT, capture_output=True, text=True,
                          check=False, timeout=300)
    assert done.returncode == 0, done.stderr[-2000:]
    return done.stdout


def test_chain_prints_its_goals() -> None:
    out = _bench("chain", "--days", "20")
    assert "generate(day) over 20 dates" in out and "goal < 30 ms" in out and "goals " in out


@pytest.mark.slow
def test_lessons_times_every_import_shape() -> None:
    # One run of each: the test is that every shape is checked and timed, not the best time.
    out = _bench("lessons", "--runs", "1")
    lines = [line for line in out.splitlines() if line.endswith((" ok", " SLOW"))]
    assert len(lines) == 5, lines
