"""Streak's server scoring: a 100-puzzle run (the whole day's run) replayed with the referee and
tallied (score_run), and the whole POST /api/streak/results over SQLite, each beside a floor
measured in the same run.

The run scored: every puzzle solved but one skipped after its first move (the 50th) and the last
missed, so every rule is exercised. The floors: for score_run, setting up the same 100 positions
and pushing the same moves with python-chess and no judging (what any replay costs); for the route,
a board read through the same app and store (what any request costs). Goal: scoring in under
50 ms here, as Storm's 150 puzzles (docs/storm.md).
"""

from __future__ import annotations

import datetime as dt
import statistics
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from puzzlebook.chess.puzzle import Puzzle, position_at
from puzzlebook.chess.shards import Bundle
from puzzlebook.streak.results import score_run, starting_positions
from puzzlebook.streak.run import pick_run

ROOT = Path(__file__).resolve().parent.parent / "shards"
GOAL_MS = 50
DAY = dt.date(2026, 12, 5)
SKIPPED = 50


def _median_ms(work: Callable[[], object], rounds: int) -> float:
    times = []
    for _ in range(rounds):
        start = time.perf_counter()
        work()
        times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times)


def _replay_floor(puzzles: list[Puzzle]) -> None:
    for p in puzzles:
        board = position_at(p, 1)
        for ply in range(1, len(p.line)):
            board.push_uci(p.line[ply])


def _wrong(puzzle: Puzzle) -> str:
    """A legal first move that is neither the line's nor a mate."""
    board = position_at(puzzle, 1)
    for move in board.legal_moves:
        board.push(move)
        mate = board.is_checkmate()
        board.pop()
        if move.uci() != puzzle.solution[0] and not mate:
            return move.uci()
    raise LookupError(f"{puzzle.id} has no wrong move")


def the_run(puzzles: list[Puzzle]) -> list[list[str]]:
    """Every puzzle solved, the SKIPPED-th left after its first move (skipped there), the last missed."""
    moves = [p.solution for p in puzzles[:-1]]
    moves[SKIPPED - 1] = puzzles[SKIPPED - 1].solution[:1] if len(puzzles[SKIPPED - 1].solution) > 1 else []
    return [*moves, [_wrong(puzzles[-1])]]


def bench_score(puzzles: list[Puzzle], moves: list[list[str]]) -> None:
    starts = starting_positions(puzzles)
    tally = score_run(puzzles, moves, SKIPPED, starts)  # warm: python-chess's tables, the first allocations
    assert (tally.score, tally.skipped, tally.missed) == (len(puzzles) - 2, SKIPPED, len(puzzles)), tally
    scored = _median_ms(lambda: score_run(puzzles, moves, SKIPPED, starts), 30)
    cold = _median_ms(lambda: score_run(puzzles, moves, SKIPPED), 10)
    floor = _median_ms(lambda: _replay_floor(puzzles), 30)
    verdict = "met" if scored < GOAL_MS else "MISSED"
    print(f"score_run(): a {len(puzzles)}-puzzle run ({sum(map(len, moves))} moves, {tally.score} solved, "
          f"one skip, the last missed), the day's starting positions kept as the server keeps them: "
          f"{scored:.1f} ms (median of 30; goal under {GOAL_MS} ms: {verdict}); without them (the day's "
          f"first post): {cold:.1f} ms")
    print(f"  floor, measured now: the same {len(puzzles)} positions read from their FEN and their lines "
          f"pushed with python-chess, nothing judged: {floor:.1f} ms")


def bench_route(moves: list[list[str]]) -> None:
    from fastapi.testclient import TestClient

    from functions.app import create_app
    from service.store.sqlite import SqliteStore
    from tests.support import Clock, settings_for_tests

    with tempfile.TemporaryDirectory() as tmp:
        store = SqliteStore(Path(tmp) / "bench.sqlite3")
        clock = Clock(dt.datetime(2026, 12, 5, 12, tzinfo=dt.UTC))
        app = create_app(settings_for_tests(), store, clock=clock)
        with TestClient(app) as client:
            times = []
            for k in range(20):
                made = client.post("/api/players", json={"name": f"Bench {k}"}).json()
                me = {"Authorization": f"Bearer {made['token']}"}
                ticket = client.post("/api/streak/runs", headers=me).json()["ticket"]
                # The whole run at a second a move, the least a run may claim (docs/streak.md).
                seconds = sum(len(m) for m in moves)
                clock.advance(seconds=seconds + 5)
                body = {"date": DAY.isoformat(), "ticket": ticket, "moves": moves, "skipped": SKIPPED,
                        "seconds": seconds}
                start = time.perf_counter()
                got = client.post("/api/streak/results", json=body, headers=me)
                times.append((time.perf_counter() - start) * 1000)
                assert got.status_code == 200, got.text
            floor = _median_ms(lambda: client.get("/api/boards/streak/best"), 20)
        store.close()
    print(f"POST /api/streak/results (SQLite, TestClient): {statistics.median(times[1:]):.1f} ms median of "
          f"{len(times) - 1} after the first ({times[0]:.0f} ms, python-chess loaded); floor, a board read "
          f"through the same app: {floor:.1f} ms")


def main() -> None:
    bundle = Bundle(ROOT)
    run = pick_run(DAY, key=b"puzzlebook-test-key", bundle=bundle)
    puzzles = [Puzzle.from_row(bundle.row(p.band, p.id), p.band) for p in run]  # type: ignore[arg-type]
    moves = the_run(puzzles)
    bench_score(puzzles, moves)
    bench_route(moves)


if __name__ == "__main__":
    main()
