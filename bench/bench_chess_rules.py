"""Chess rules speed: the referee's replays and the daily's picks, over the committed bundle.

Goal (issue 3): solves() at 2,000 a second or more on one core.
"""

from __future__ import annotations

import datetime as dt
import time
from pathlib import Path

from puzzlebook.chess.bands import BANDS
from puzzlebook.chess.daily import EPOCH, bands_of, pick
from puzzlebook.chess.puzzle import Puzzle, position_at
from puzzlebook.chess.referee import solves
from puzzlebook.chess.shards import Bundle

ROOT = Path(__file__).resolve().parent.parent / "shards"
GOAL = 2000


def _wrong_last(puzzle: Puzzle) -> list[str]:
    """The solution with its last move swapped for a legal move that neither is the line's nor mates."""
    board = position_at(puzzle, len(puzzle.line) - 1)
    for move in board.legal_moves:
        uci = board.uci(move)
        if uci == puzzle.line[-1]:
            continue
        board.push(move)
        mates = board.is_checkmate()
        board.pop()
        if not mates:
            return [*puzzle.solution[:-1], uci]
    return [*puzzle.solution[:-1], "a1a1"]  # no such move: an illegal one instead


def bench_solves(bundle: Bundle) -> None:
    puzzles = [Puzzle.from_row(row, band) for band in BANDS for row in bundle.rows(band)]
    cases = [(p, p.solution, True) for p in puzzles] + [(p, _wrong_last(p), False) for p in puzzles]
    start = time.perf_counter()
    results = [solves(p, moves) for p, moves, _ in cases]
    took = time.perf_counter() - start
    wrong = sum(got != want for got, (_, _, want) in zip(results, cases, strict=True))
    rate = len(cases) / took
    verdict = "met" if rate >= GOAL else "MISSED"
    print(f"solves(): {len(cases):,} replays ({len(puzzles):,} puzzles, own solution and one wrong last "
          f"move) in {took:.2f} s: {rate:,.0f} solves/s (goal {GOAL:,}: {verdict})")
    if wrong:
        print(f"  !! {wrong} replays gave the unexpected result")


def bench_picks(bundle: Bundle) -> None:
    key = b"bench-key"
    kept: list[tuple[dt.date, str, str]] = []
    start = time.perf_counter()
    for n in range(1400):
        day = EPOCH + dt.timedelta(days=n)
        for band in bands_of(day, key):
            kept.append((day, band, pick(band, day, kept, key=key, bundle=bundle)))
    took = time.perf_counter() - start
    print(f"pick(): {len(kept):,} dailies over 1,400 days, each given those kept before it, in {took:.2f} s "
          f"(the three orders built once, then cached)")


def main() -> None:
    bundle = Bundle(ROOT)
    bench_solves(bundle)
    bench_picks(bundle)


if __name__ == "__main__":
    main()
