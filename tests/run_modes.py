"""What the run modes' API tests share (tests/test_api_storm.py, tests/test_api_streak.py,
tests/test_api_daily_run.py, tests/test_api_direct.py): a run started, the day's puzzles, a wrong
move, a ticket's nonce. Their world over either store is tests/support.py's `world_of`."""

from __future__ import annotations

from typing import Any

from puzzlebook.chess.puzzle import Puzzle
from service.games.chess.puzzles import puzzles_of
from service.games.daily_run.mode import RunMode
from service.games.daily_run.records import RunRecords
from tests.dashboard_week import wrong_move
from tests.support import World, settings_for_tests

__all__ = ["kept_puzzles", "nonce_of", "start", "wrong_move"]


def start(world: World, me: dict[str, str], mode: RunMode[Any]) -> dict[str, Any]:
    got = world.client.post(f"/api/{mode.key}/runs", headers=me)
    assert got.status_code == 200, got.text
    return dict(got.json())


def kept_puzzles(world: World, mode: RunMode[Any], day: str) -> list[Puzzle]:
    kept = RunRecords(world.store, mode).run_of(day)
    assert kept is not None
    found = [puzzles_of(world.ctx).puzzle(p.band, p.id) for p in kept.puzzles]
    assert all(found)
    return found  # type: ignore[return-value]


def nonce_of(ticket: str) -> str:
    from puzzlebook.tickets import read, ticket_key

    return read(ticket, ticket_key(settings_for_tests().site_key)).nonce
