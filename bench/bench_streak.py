"""Streak's server scoring: a 100-puzzle run (the whole day's run) replayed with the referee and
tallied (score_run), and the whole POST /api/streak/results over SQLite, each beside a floor
measured in the same run (bench/run_modes.py: what every run mode's benchmark measures).

The run scored: every puzzle solved but one skipped after its first move (the 50th) and the last
missed, so every rule is exercised. Goal: scoring in under 50 ms here, as Storm's 150 puzzles
(docs/storm.md).
"""

from __future__ import annotations

import datetime as dt

from bench.run_modes import bench_route, bench_score, day_puzzles
from puzzlebook.chess.puzzle import Puzzle
from puzzlebook.streak.results import score_run
from puzzlebook.streak.run import pick_run
from tests.run_modes import wrong_move

DAY = dt.date(2026, 12, 5)
SKIPPED = 50


def the_run(puzzles: list[Puzzle]) -> list[list[str]]:
    """Every puzzle solved, the SKIPPED-th left after its first move (skipped there), the last missed."""
    moves = [p.solution for p in puzzles[:-1]]
    moves[SKIPPED - 1] = puzzles[SKIPPED - 1].solution[:1] if len(puzzles[SKIPPED - 1].solution) > 1 else []
    return [*moves, [wrong_move(puzzles[-1])]]


def main() -> None:
    puzzles = day_puzzles(pick_run, DAY)
    moves = the_run(puzzles)
    tally = bench_score(puzzles, moves, lambda ps, ms, starts: score_run(ps, ms, SKIPPED, starts),
                        ", every one solved but one skip and the last missed")
    assert (tally.score, tally.skipped, tally.missed) == (len(puzzles) - 2, SKIPPED, len(puzzles)), tally
    bench_route("streak", DAY, moves, {"skipped": SKIPPED})


if __name__ == "__main__":
    main()
