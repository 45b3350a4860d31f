"""Storm's server scoring: a 150-puzzle run replayed with the referee and tallied (score_run), and the
whole POST /api/storm/results over SQLite, each beside a floor measured in the same run
(bench/run_modes.py: what every run mode's benchmark measures).

Goal (issue 16): scoring a 150-puzzle run in under 50 ms here.
"""

from __future__ import annotations

import datetime as dt

from bench.run_modes import bench_route, bench_score, day_puzzles
from puzzlebook.storm.results import score_run
from puzzlebook.storm.run import pick_run

DAY = dt.date(2026, 11, 30)


def main() -> None:
    puzzles = day_puzzles(pick_run, DAY)
    moves = [p.solution for p in puzzles]
    bench_score(puzzles, moves, lambda ps, ms, starts: score_run(ps, ms, 170, starts), "")
    bench_route("storm", DAY, moves, {})


if __name__ == "__main__":
    main()
