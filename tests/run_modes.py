"""What the run modes' API tests share (tests/test_api_storm.py, tests/test_api_streak.py,
tests/test_api_daily_run.py): a served app on either store, a run started, the day's puzzles, a
wrong move, a ticket's nonce."""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterator
from pathlib import Path
from types import SimpleNamespace
from typing import Any

from puzzlebook.chess.puzzle import Puzzle
from service.games.chess.puzzles import puzzles_of
from service.games.daily_run.mode import RunMode
from service.games.daily_run.records import RunRecords
from tests.dashboard_week import wrong_move
from tests.support import dynamo_store, served, settings_for_tests, sqlite_store

__all__ = ["kept_puzzles", "nonce_of", "run_world", "start", "wrong_move"]


def run_world(kind: str, tmp_path: Path, noon: dt.datetime) -> Iterator[SimpleNamespace]:
    """The app served at `noon` over `kind` ("sqlite" or "dynamodb"), with `kind` noted."""
    if kind == "sqlite":
        with sqlite_store(tmp_path / "puzzlebook.sqlite3") as store, served(store, noon) as w:
            w.kind = "sqlite"
            yield w
    else:
        with dynamo_store() as dynamo, served(dynamo, noon) as w:
            w.kind = "dynamodb"
            yield w


def start(world: SimpleNamespace, me: dict[str, str], mode: RunMode[Any]) -> dict[str, Any]:
    got = world.client.post(f"/api/{mode.key}/runs", headers=me)
    assert got.status_code == 200, got.text
    return dict(got.json())


def kept_puzzles(world: SimpleNamespace, mode: RunMode[Any], day: str) -> list[Puzzle]:
    kept = RunRecords(world.store, mode).run_of(day)
    assert kept is not None
    found = [puzzles_of(world.ctx).puzzle(p.band, p.id) for p in kept.puzzles]
    assert all(found)
    return found  # type: ignore[return-value]


def nonce_of(ticket: str) -> str:
    from puzzlebook.tickets import read, ticket_key

    return read(ticket, ticket_key(settings_for_tests().site_key)).nonce
