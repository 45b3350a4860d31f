"""What a run mode's benchmark (bench_storm.py, bench_streak.py) measures, once: the server's
scoring of a whole day's run (the mode's score_run, with the day's starting positions kept and
without) and the whole POST /api/<mode>/results over SQLite, each beside a floor measured in the
same run. The floors: for scoring, setting up the same positions and pushing the same lines with
python-chess, nothing judged (what any replay costs); for the route, a board read through the same
app and store (what any request costs). Goal: scoring in under GOAL_MS here."""

from __future__ import annotations

import datetime as dt
import statistics
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from puzzlebook.chess.puzzle import Puzzle, position_at
from puzzlebook.chess.runs import starting_positions
from puzzlebook.chess.shards import Bundle

ROOT = Path(__file__).resolve().parent.parent / "shards"
GOAL_MS = 50


def median_ms(work: Callable[[], object], rounds: int) -> float:
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


def day_puzzles(pick_run: Callable[..., list[Any]], day: dt.date) -> list[Puzzle]:
    """The mode's run of `day`, picked with the tests' key, as puzzles."""
    bundle = Bundle(ROOT)
    run = pick_run(day, key=b"puzzlebook-test-key", bundle=bundle)
    return [Puzzle.from_row(bundle.row(p.band, p.id), p.band) for p in run]  # type: ignore[arg-type]


def bench_score(puzzles: list[Puzzle], moves: list[list[str]], score: Callable[..., Any], what: str) -> Any:
    """Time `score(puzzles, moves, starts)`; prints the figure (`what`: the run in words) beside the
    floor, and answers the tally."""
    starts = starting_positions(puzzles)
    tally = score(puzzles, moves, starts)  # warm: python-chess's tables, the first allocations
    scored = median_ms(lambda: score(puzzles, moves, starts), 30)
    cold = median_ms(lambda: score(puzzles, moves, None), 10)
    floor = median_ms(lambda: _replay_floor(puzzles), 30)
    verdict = "met" if scored < GOAL_MS else "MISSED"
    print(f"score_run(): a {len(puzzles)}-puzzle run ({sum(map(len, moves))} moves{what}), the day's "
          f"starting positions kept as the server keeps them: {scored:.1f} ms (median of 30; goal under "
          f"{GOAL_MS} ms: {verdict}); without them (the day's first post): {cold:.1f} ms")
    print(f"  floor, measured now: the same {len(puzzles)} positions read from their FEN and their lines "
          f"pushed with python-chess, nothing judged: {floor:.1f} ms")
    return tally


def bench_route(key: str, day: dt.date, moves: list[list[str]], extra: dict[str, Any]) -> None:
    """Time POST /api/<key>/results of the whole run (`moves`, and `extra` in the body) by 20 players."""
    from fastapi.testclient import TestClient

    from functions.app import create_app
    from service.store.sqlite import SqliteStore
    from tests.support import Clock, settings_for_tests

    with tempfile.TemporaryDirectory() as tmp:
        store = SqliteStore(Path(tmp) / "bench.sqlite3")
        clock = Clock(dt.datetime.combine(day, dt.time(12), tzinfo=dt.UTC))
        app = create_app(settings_for_tests(), store, clock=clock)
        with TestClient(app) as client:
            times = []
            for k in range(20):
                made = client.post("/api/players", json={"name": f"Bench {k}"}).json()
                me = {"Authorization": f"Bearer {made['token']}"}
                ticket = client.post(f"/api/{key}/runs", headers=me).json()["ticket"]
                # The whole run at a second a move, the least a run may claim (docs/storm.md).
                seconds = sum(len(m) for m in moves)
                clock.advance(seconds=seconds + 5)
                body = {"date": day.isoformat(), "ticket": ticket, "moves": moves, **extra}
                body["seconds"] = seconds
                start = time.perf_counter()
                got = client.post(f"/api/{key}/results", json=body, headers=me)
                times.append((time.perf_counter() - start) * 1000)
                assert got.status_code == 200, got.text
            floor = median_ms(lambda: client.get(f"/api/boards/{key}/best"), 20)
        store.close()
    print(f"POST /api/{key}/results (SQLite, TestClient): {statistics.median(times[1:]):.1f} ms median of "
          f"{len(times) - 1} after the first ({times[0]:.0f} ms, python-chess loaded); floor, a board read "
          f"through the same app: {floor:.1f} ms")
