"""`python -m bench engine_check` runs to its end (tests/test_bench.py checks the other benchmarks):
here, beside the browser tests, since it drives Chromium running Stockfish, on the browser tests'
own server (`--url`: a build and a server of its own were most of its time)."""

from __future__ import annotations

from typing import Any

import pytest

from tests.test_bench import bench_output

pytestmark = pytest.mark.browser


@pytest.mark.slow  # Chromium runs Stockfish over five puzzles
def test_engine_check_prints_its_time_per_puzzle_beside_the_floor_and_the_longest_task(
    site_server: Any,
) -> None:
    # Cheap: one run, the CPU not slowed; the test is that every figure is measured and printed.
    out = bench_output("engine_check", "--runs", "1", "--rate", "1", "--url", site_server.url)
    assert "of 5 puzzles" in out and "CPU slowed 1x" in out, out
    for words in ("per puzzle, the engine loaded", "floor: fetch + compile", "longest main-thread task",
                  "load average"):
        assert words in out, (words, out)
