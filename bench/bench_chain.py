"""Chain: how long generating one day takes, over 3,000 dates from 2026-01-01.

Goals (issue 4): median under 30 ms a day, all 3,000 under 90 s on one core.
generate() is timed whole: every attempt, the survey of each, and the
walkthrough of the day kept.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time

from puzzlebook.chain.generate import generate
from puzzlebook.chain.report import CALIBRATION_DAYS, CALIBRATION_START, days_from
from puzzlebook.chain.solver import survey
from puzzlebook.chain.tiles import ADD

MEDIAN_GOAL_MS = 30.0
TOTAL_GOAL_S = 90.0


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m bench chain")
    parser.add_argument("--days", type=int, default=CALIBRATION_DAYS,
                        help=f"how many dates to generate (default {CALIBRATION_DAYS:,}: the total's goal)")
    days = parser.parse_args(argv or []).days
    dates = days_from(CALIBRATION_START, days)
    timings = []
    started = time.perf_counter()
    for date in dates:
        t0 = time.perf_counter()
        row = generate(date)
        timings.append((time.perf_counter() - t0, row["attempts"], date))
    total = time.perf_counter() - started
    seconds = [t for t, _, _ in timings]
    worst, attempts, when = max(timings)
    median_ms = statistics.median(seconds) * 1000
    print(f"generate(day) over {days:,} dates from {dates[0]} (one core, CPython "
          f"{sys.version_info.major}.{sys.version_info.minor})")
    print(f"  median  {median_ms:8.2f} ms   (goal < {MEDIAN_GOAL_MS:.0f} ms)")
    print(f"  p95     {sorted(seconds)[len(seconds) * 95 // 100] * 1000:8.2f} ms")
    print(f"  worst   {worst * 1000:8.2f} ms   ({when}, {attempts} attempts)")
    print(f"  total   {total:8.2f} s    (goal < {TOTAL_GOAL_S:.0f} s)")
    hand = [(ADD, n) for n in range(1, 7)]
    runs = 200
    t0 = time.perf_counter()
    for _ in range(runs):
        survey(10, 9999, hand, 5)
    per = (time.perf_counter() - t0) / runs
    print(f"  survey of a full 1,236-sequence tree: {per * 1e6:.0f} µs")
    verdict = "met" if median_ms < MEDIAN_GOAL_MS and total < TOTAL_GOAL_S else "MISSED"
    print(f"  goals {verdict}")


if __name__ == "__main__":
    main()
