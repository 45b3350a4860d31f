"""GET /api/me/stats/<game> over HTTP, on both stores: a player's days of the chess daily and of Chain,
one result a day, and their streak, which the stats panel counts (docs/site.md, "Stats")."""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterator

import pytest

from puzzlebook.chain.generate import generate
from puzzlebook.chess.puzzle import Puzzle
from puzzlebook.chess.result_names import NAMES
from service.games.chain.records import ChainRecords
from service.games.chess.puzzles import puzzles_of
from service.store.base import Store
from tests.dashboard_week import wrong_move
from tests.support import ChainDays, post_result, served, signed_up

NOON = dt.datetime(2026, 11, 2, 12, 0, tzinfo=dt.UTC)
TODAY, YESTERDAY, BEFORE = "2026-11-02", "2026-11-01", "2026-10-31"


@pytest.fixture
def world(store: Store) -> Iterator[ChainDays]:
    rows = {day: generate(day) for day in (BEFORE, YESTERDAY, TODAY)}
    for day, row in rows.items():
        ChainRecords(store).put_chain_day(day, row)
    with served(store, NOON) as world:
        yield world.grown(ChainDays, rows=rows)


def daily(world: ChainDays, day: str) -> Puzzle:
    puzzles = puzzles_of(world.ctx)
    band, puzzle_id = sorted(puzzles.dailies(dt.date.fromisoformat(day)).items())[0]
    puzzle = puzzles.puzzle(band, puzzle_id)
    assert puzzle is not None
    return puzzle


def posted(world: ChainDays, me: dict[str, str], path: str, body: dict[str, object]) -> None:
    got = post_result(world, path, body, me)
    assert got.status_code == 200, got.text


def test_the_chess_dailies_one_result_a_day(world: ChainDays) -> None:
    me = signed_up(world.client)
    empty = world.client.get("/api/me/stats/chess", headers=me)
    assert empty.status_code == 200 and empty.headers["cache-control"] == "no-store"
    assert empty.json()["days"] == [] and empty.json()["streak"]["current"] == 0
    assert (empty.json()["since"], empty.json()["today"]) == ("2025-11-02", TODAY)
    old = daily(world, BEFORE)
    posted(world, me, "/api/chess/misses", {"id": old.id, "band": old.band, "how": "gave-up", "moves": []})
    last = daily(world, YESTERDAY)
    posted(world, me, "/api/chess/solves", {"id": last.id, "band": last.band, "moves": last.solution,
                                            "mistakes": 0, "hints": 1, "seconds": 20})
    now = daily(world, TODAY)
    posted(world, me, "/api/chess/solves", {"id": now.id, "band": now.band, "moves": now.solution,
                                            "mistakes": 0, "hints": 0, "seconds": 15})
    got = world.client.get("/api/me/stats/chess", headers=me).json()
    assert got["days"] == [
        {"day": BEFORE, "result": "shown", "seconds": None, "undos": None},
        {"day": YESTERDAY, "result": "help", "seconds": 20, "undos": None},
        {"day": TODAY, "result": "clean", "seconds": 15, "undos": None},
    ]
    # Yesterday's daily solved today is an archive solve: no streak day; today's is.
    assert got["streak"] == {"current": 1, "best": 1, "freezes_used": 0, "freezes_held": 0}


def test_a_daily_solved_after_one_wrong_move_has_one_name_everywhere(world: ChainDays) -> None:
    """Issue 40, 2.4: the stats panel's day, the account page's tallies and the history all call a
    daily solved after a wrong move "solved after a mistake" (not "help", not "missed"), and the
    rating fell: the wrong move was the first result, rated a loss (docs/ratings.md)."""
    me = signed_up(world.client)
    now = daily(world, TODAY)
    wrong = [wrong_move(now)]
    body = {"id": now.id, "band": now.band, "how": "wrong", "moves": wrong}
    miss = post_result(world, "/api/chess/misses", body, me)
    assert miss.status_code == 200 and miss.json()["rating"]["after"] < miss.json()["rating"]["before"]
    posted(world, me, "/api/chess/solves", {"id": now.id, "band": now.band, "moves": now.solution,
                                            "mistakes": 1, "hints": 0, "seconds": 25})
    days = world.client.get("/api/me/stats/chess", headers=me).json()["days"]
    assert days == [{"day": TODAY, "result": "mistake", "seconds": 25, "undos": None}]
    tally = world.client.get("/api/me", headers=me).json()["chess"]
    assert tally == {"solved": 1, "clean": 0, "missed": 0, "after_mistake": 1, "shown": 0}
    lines = world.client.get("/api/me/history", headers=me).json()["lines"]
    assert [(line["id"], line["result"]) for line in lines] == [(now.id, "mistake")]
    assert NAMES["mistake"] == "Solved after a mistake"

    # Another daily left after its wrong move stays "missed"; one shown first is "shown".
    before = daily(world, YESTERDAY)
    posted(world, me, "/api/chess/misses", {"id": before.id, "band": before.band, "how": "wrong",
                                            "moves": [wrong_move(before)]})
    old = daily(world, BEFORE)
    posted(world, me, "/api/chess/misses", {"id": old.id, "band": old.band, "how": "gave-up", "moves": []})
    tally = world.client.get("/api/me", headers=me).json()["chess"]
    assert tally == {"solved": 1, "clean": 0, "missed": 1, "after_mistake": 1, "shown": 1}


def test_chain_days_with_their_undos(world: ChainDays) -> None:
    me = signed_up(world.client)
    posted(world, me, "/api/chain/giveups", {"date": YESTERDAY})
    solve = {"date": TODAY, "tiles": world.rows[TODAY]["solution"], "seconds": 40, "undos": 2, "resets": 0}
    posted(world, me, "/api/chain/solves", solve)
    got = world.client.get("/api/me/stats/chain", headers=me).json()
    assert got["game"] == "chain"
    assert got["days"] == [
        {"day": YESTERDAY, "result": "missed", "seconds": None, "undos": None},
        {"day": TODAY, "result": "help", "seconds": 40, "undos": 2},
    ]
    assert got["streak"]["current"] == 1 and got["streak"]["best"] == 1


def test_refusals(world: ChainDays) -> None:
    assert world.client.get("/api/me/stats/chess").status_code == 401
    me = signed_up(world.client)
    lessons = world.client.get("/api/me/stats/lessons", headers=me)
    assert lessons.status_code == 404 and lessons.json()["error"] == (
        "There are no daily stats for “lessons”: the games with them are chess, chain."
    )
