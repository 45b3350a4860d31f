"""The dashboard route's cost for a player with 5,000 results, on SQLite and on DynamoDB (moto).

    python -m bench dashboard [--results N] [--runs N]

A player is given 5,000 first results over the last year (their records and their days of the
history, each day's item and pages of lines as ChessRecords leaves them, put straight into the store
in batches), then, in-process
through the ASGI app (FastAPI's TestClient), GET /api/me/dashboard?days=90 (the widest span) and
the first page of /api/me/history are measured in CPU time (steadier than the clock on a shared
machine). Beside them, the floor measured the same way in the same run: a bare route behind the
same sign-in that reads one item.

Goals: on SQLite, the dashboard's p50 within 3× the floor's; on DynamoDB, the dashboard reads at
most 90 day items beyond what the sign-in reads (each keeps its day's tally; its pages of older lines
are apart), however long the history (the items a call reads are what DynamoDB bills and what its
time follows). moto runs DynamoDB in-process and filters a
whole table in Python for every Query, so its times are moto's cost, printed with no goal.
"""

# No `from __future__ import annotations`: the floor route's annotations name types imported in
# `_measure`, which FastAPI must see as objects, not strings.
import datetime as dt
import os
import random
import statistics
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Annotated, Any

from bench.figures import load, verdict

RESULTS = 5000
RUNS = 300
MOTO_RUNS = 3  # moto's Query filters the whole table in Python: seconds a call at this size
GOAL = 3.0
DAYS = 90  # the widest span the dashboard shows: the most day items it may read
TODAY = dt.date(2026, 11, 2)
THEMES = ["fork", "pin", "skewer", "endgame", "middlegame", "mateIn2", "short", "sacrifice", "deflection",
          "discoveredAttack", "backRankMate", "hangingPiece", "rookEndgame", "long", "crushing"]


def _fill(store: Any, pid: str, results: int) -> None:
    """`results` first results over 365 days: their records and their days of the history."""
    from puzzlebook.chess.kept import HistoryLine
    from service.games.chess import keys as CK
    from service.games.chess.history import day_items
    from service.store import keys as K
    from service.store.items import Put, make_item

    rnd = random.Random(5000)
    days: dict[str, list[HistoryLine]] = {}
    puts: list[Any] = []
    rating = 1500
    for n in range(results):
        day = (TODAY - dt.timedelta(days=364 - n * 365 // results)).isoformat()
        posted = f"{day}T{n % 24:02d}:00:{n % 60:02d}.{n:06d}Z"
        themes = rnd.sample(THEMES, 3)
        result = rnd.choice(["clean", "clean", "help", "missed", "shown"])
        puzzle_rating = rnd.randrange(800, 2400)
        before, rating = rating, rating + rnd.randint(-12, 12)
        pid_key = K.player(pid)
        puzzle = f"b{n:05d}"
        kind = CK.chess_solve(puzzle) if result in ("clean", "help") else CK.chess_miss(puzzle)
        puts.append(Put(make_item(pid_key, kind, {"id": puzzle, "posted": posted, "themes": themes})))
        days.setdefault(day, []).append(
            HistoryLine(puzzle, "Medium", puzzle_rating, tuple(themes), result, day, posted, before, rating))
    for day, lines in days.items():
        puts += [Put(item) for item in day_items(pid, day, lines)]
    if hasattr(store, "client"):  # DynamoDB: BatchWriteItem (moto takes about a second a transaction)
        from service.store.dynamo import _encode

        for i in range(0, len(puts), 25):
            requests = [{"PutRequest": {"Item": _encode(op.item)}} for op in puts[i : i + 25]]
            store.client.batch_write_item(RequestItems={store.table: requests})
    else:
        for i in range(0, len(puts), 25):
            store.transact(puts[i : i + 25])


def _p50s_ms(calls: list[Callable[[], Any]], runs: int) -> list[float]:
    """The p50 of each call in ms of this process's CPU time (the app runs in TestClient's thread,
    in this process), taken in turn within every run, so a busy moment lands on all of them alike."""
    for _ in range(5):
        for call in calls:
            call()
    times: list[list[float]] = [[] for _ in calls]
    for _ in range(runs):
        for i, call in enumerate(calls):
            start = time.process_time()
            call()
            times[i].append(time.process_time() - start)
    return [statistics.median(t) * 1000 for t in times]


class _Counting:
    """A DynamoDB client that counts the items its reads return (what DynamoDB bills and reads)."""

    def __init__(self, client: Any) -> None:
        self.client = client
        self.items = 0

    def __getattr__(self, name: str) -> Any:
        method = getattr(self.client, name)
        if name not in ("query", "get_item", "batch_get_item"):
            return method

        def counted(**kwargs: Any) -> Any:
            got = method(**kwargs)
            if name == "query":
                self.items += got.get("Count", 0)
            elif name == "get_item":
                self.items += 1 if "Item" in got else 0
            else:
                self.items += sum(len(v) for v in got.get("Responses", {}).values())
            return got

        return counted


def _items_read(store: Any, call: Callable[[], Any]) -> int | None:
    """How many items one call reads from DynamoDB (None on SQLite)."""
    if not hasattr(store, "client"):
        return None
    counting = _Counting(store.client)
    # The store's client is a read-only property (made at first use): swap what it returns.
    store._client = counting
    try:
        call()
    finally:
        store._client = counting.client
    return counting.items


def _measure(label: str, store: Any, runs: int, results: int) -> None:
    from fastapi import APIRouter
    from fastapi.testclient import TestClient

    from functions.app import create_app
    from functions.deps import Signed, signed_in
    from service.store import keys as K
    from tests.support import Clock, settings_for_tests, signed_up

    app = create_app(settings_for_tests(), store, clock=Clock(dt.datetime(2026, 11, 2, 12, tzinfo=dt.UTC)))
    floor = APIRouter()

    @floor.get("/api/bench/floor")
    def one_item(me: Annotated[Signed, signed_in("Sign in.")]) -> dict[str, bool]:
        return {"ok": me.ctx.store.get_item(K.player(me.player.id), "STATS#chess") is None}

    app.include_router(floor)
    with TestClient(app) as client:
        headers = signed_up(client, "Bench")
        pid = client.get("/api/me", headers=headers).json()["id"]
        started = time.perf_counter()
        _fill(store, pid, results)
        filled = time.perf_counter() - started
        for path in ("/api/bench/floor", "/api/me/dashboard?days=90", "/api/me/history"):
            got = client.get(path, headers=headers)
            assert got.status_code == 200, (path, got.text)
        # About 90/365 of the results are in the span (1,233 of 5,000).
        assert client.get("/api/me/dashboard?days=90", headers=headers).json()["played"] > results // 5
        reads = [
            _items_read(store, lambda p=path: client.get(p, headers=headers))
            for path in ("/api/bench/floor", "/api/me/dashboard?days=90", "/api/me/history")
        ]
        base, dash, hist = _p50s_ms(
            [
                lambda: client.get("/api/bench/floor", headers=headers),
                lambda: client.get("/api/me/dashboard?days=90", headers=headers),
                lambda: client.get("/api/me/history", headers=headers),
            ],
            runs,
        )
    print(f"{label}: {results:,} results stored in {filled:.1f} s; {load()}")
    print(f"  floor (sign-in + one item)  p50 {base:6.2f} ms of CPU")
    moto = reads[0] is not None
    ratio = f"{dash / base:.2f}× the floor"
    if moto:
        print(f"  dashboard, 90 days          p50 {dash:6.2f} ms of CPU ({ratio}: moto's cost, no goal)")
        print(f"  history, first page         p50 {hist:6.2f} ms of CPU ({hist / base:.2f}× the floor)")
        beyond = reads[1] - reads[0]
        print(f"  items read a request: floor {reads[0]}, dashboard {reads[1]}, history {reads[2]}; "
              f"the dashboard beyond the sign-in: {beyond} (goal <= {DAYS}: {verdict(beyond <= DAYS)})")
    else:
        print(f"  dashboard, 90 days          p50 {dash:6.2f} ms of CPU "
              f"({ratio}; goal <= {GOAL}×: {verdict(dash / base <= GOAL)})")
        print(f"  history, first page         p50 {hist:6.2f} ms of CPU ({hist / base:.2f}× the floor)")


def main(argv: list[str] | None = None) -> None:
    import argparse

    from tests.support import dynamo_store, sqlite_store

    parser = argparse.ArgumentParser(prog="python -m bench dashboard")
    parser.add_argument("--results", type=int, default=RESULTS,
                        help=f"the player's results (default {RESULTS})")
    parser.add_argument("--runs", type=int, default=RUNS,
                        help=f"timed calls of each route (default {RUNS}; on moto at most {MOTO_RUNS})")
    args = parser.parse_args(argv or [])
    if args.results < 5 or args.runs < 1:
        parser.error("--results must be at least 5 and --runs at least 1")
    os.environ.setdefault("AWS_DEFAULT_REGION", "us-east-1")
    with tempfile.TemporaryDirectory() as tmp, sqlite_store(Path(tmp) / "bench.sqlite3") as store:
        _measure("SQLite", store, args.runs, args.results)
    with dynamo_store() as store:
        _measure("DynamoDB (moto)", store, min(args.runs, MOTO_RUNS), args.results)
