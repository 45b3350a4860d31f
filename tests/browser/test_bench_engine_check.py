"""`python -m bench engine_check` runs to its end (tests/test_bench.py checks the other benchmarks):
here, beside the browser tests, since it builds and serves the site and drives Chromium running
Stockfish, the longest test of the Python suite's job before (docs/operations.md, "The test suite's
time")."""

from __future__ import annotations

import pytest

from tests.test_bench import bench_output

pytestmark = pytest.mark.browser


@pytest.mark.slow  # builds and serves the site, then Chromium runs Stockfish over five puzzles
def test_engine_check_prints_its_time_per_puzzle_beside_the_floor_and_the_longest_task() -> None:
    # Cheap: one run, the CPU not slowed; the test is that every figure is measured and printed.
    out = bench_output("engine_check", "--runs", "1", "--rate", "1")
    assert "of 5 puzzles" in out and "CPU slowed 1x" in out, out
    for words in ("per puzzle, the engine loaded", "floor: fetch + compile", "longest main-thread task",
                  "load average"):
        assert words in out, (words, out)
