"""The same first solve posted 50 times at once over real HTTP is kept once and rated once."""

from __future__ import annotations

import datetime as dt
import threading
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor

import httpx
import pytest

from functions.app import create_app
from puzzlebook.chess.puzzle import Puzzle
from puzzlebook.ratings import NEW_PLAYER, rate_puzzle
from service.games.chess.records import ChessRecords
from service.store.sqlite import SqliteStore
from tests.support import settings_for_tests, uvicorn_serving


@pytest.fixture
def served(tmp_path) -> Iterator[tuple[str, SqliteStore, object]]:
    store = SqliteStore(tmp_path / "puzzlebook.sqlite3")
    app = create_app(settings_for_tests(), store, clock=lambda: dt.datetime(2026, 11, 2, 12, tzinfo=dt.UTC))
    try:
        with uvicorn_serving(app) as base:
            yield base, store, app
    finally:
        store.close()


def test_fifty_concurrent_first_solves_are_kept_once(served) -> None:
    base, store, app = served
    made = httpx.post(f"{base}/api/players", json={"name": "Racer"}).json()
    headers = {"Authorization": f"Bearer {made['token']}"}
    bundle = app.state.ctx.bundle
    row = next(r for r in bundle.rows("Medium") if len(r[2].split()) == 4 and r[0] not in bundle.retired)
    puzzle = Puzzle.from_row(row, "Medium")
    body = {
        "id": puzzle.id,
        "band": "Medium",
        "moves": puzzle.solution,
        "mistakes": 0,
        "hints": 0,
        "seconds": 9,
    }
    start = threading.Barrier(50)

    def post(_: int) -> httpx.Response:
        with httpx.Client(timeout=30) as client:
            start.wait()
            return client.post(f"{base}/api/chess/solves", json=body, headers=headers)

    with ThreadPoolExecutor(max_workers=50) as pool:
        answers = list(pool.map(post, range(50)))
    assert [a.status_code for a in answers] == [200] * 50
    kept = [a.json() for a in answers if not a.json()["already"]]
    assert len(kept) == 1
    assert kept[0]["rated"] is True
    chess = ChessRecords(store).stats(made["id"])
    assert (chess.solved, chess.clean, chess.rated) == (1, 1, 1)
    assert chess.rating == rate_puzzle(NEW_PLAYER, puzzle.rating, "clean")


def test_one_players_solves_of_different_puzzles_at_once_are_all_kept_and_rated(served) -> None:
    base, store, app = served
    made = httpx.post(f"{base}/api/players", json={"name": "Queue"}).json()
    headers = {"Authorization": f"Bearer {made['token']}"}
    bundle = app.state.ctx.bundle
    rows = [r for r in bundle.rows("Hard") if len(r[2].split()) == 4 and r[0] not in bundle.retired][:30]
    bodies = [
        {
            "id": r[0],
            "band": "Hard",
            "moves": Puzzle.from_row(r, "Hard").solution,
            "mistakes": 0,
            "hints": 0,
            "seconds": 9,
        }
        for r in rows
    ]
    start = threading.Barrier(len(bodies))

    def post(body: dict) -> httpx.Response:
        with httpx.Client(timeout=30) as client:
            start.wait()
            return client.post(f"{base}/api/chess/solves", json=body, headers=headers)

    with ThreadPoolExecutor(max_workers=len(bodies)) as pool:
        answers = list(pool.map(post, bodies))
    assert [a.status_code for a in answers] == [200] * len(bodies)
    assert all(a.json()["rated"] for a in answers)
    chess = ChessRecords(store).stats(made["id"])
    assert (chess.solved, chess.rated) == (len(bodies), len(bodies))
    # The changes form one chain from 1500: each started where another left off, so none was lost.
    befores = sorted(a.json()["rating"]["before"] for a in answers)
    afters = [a.json()["rating"]["after"] for a in answers]
    final = round(chess.rating.rating)
    chained = sorted([1500, *afters])
    chained.remove(final)
    assert befores == chained
