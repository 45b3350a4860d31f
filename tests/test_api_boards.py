"""Leaderboards and health over the API."""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterator

import pytest

from puzzlebook.chain.generate import generate
from puzzlebook.chess.puzzle import Puzzle
from service.games.chain.records import ChainRecords
from service.games.chess.puzzles import puzzles_of
from tests.support import World, post_result, served, signed_up, sqlite_store

NOON = dt.datetime(2026, 11, 2, 12, 0, tzinfo=dt.UTC)


@pytest.fixture
def world(tmp_path) -> Iterator[World]:
    with sqlite_store(tmp_path / "puzzlebook.sqlite3") as store, served(store, NOON) as world:
        yield world


def puzzles(world: World, band: str, n: int) -> list[Puzzle]:
    bundle = puzzles_of(world.ctx).bundle
    rows = [r for r in bundle.rows(band) if len(r[2].split()) == 4 and r[0] not in bundle.retired]
    return [Puzzle.from_row(r, band) for r in rows[:n]]


def post(world: World, me: dict, puzzle: Puzzle, **kw: object) -> dict:
    body = {
        "id": puzzle.id,
        "band": puzzle.band,
        "moves": puzzle.solution,
        "mistakes": 0,
        "hints": 0,
        "seconds": 9,
    }
    got = post_result(world, "/api/chess/solves", body | kw, me)
    assert got.status_code == 200, got.text
    world.clock.advance(minutes=1)  # so "who got there first" is decided by time, as in life
    return got.json()


def test_alltime_ranks_clean_solves_by_band_and_over_all(world: World) -> None:
    ada, bob = signed_up(world.client, "Ada"), signed_up(world.client, "Bob")
    easy, hard = puzzles(world, "Easy", 3), puzzles(world, "Hard", 1)
    post(world, ada, easy[0])
    post(world, ada, hard[0])
    post(world, bob, easy[1])
    post(world, bob, easy[2])
    post(world, bob, hard[0], mistakes=1)
    before = world.client.get("/api/boards/chess/alltime", headers=bob).json()
    # Before the publisher's round the board has no snapshot: no rows, and Bob's own place not known.
    assert before["rows"] == [] and before["published"] is None
    unknown = {"place": None, "about": False, "top": None}
    assert before["mine"] == unknown | {"name": "Bob", "you": True, "clean": 2}
    world.publish()
    overall = world.client.get("/api/boards/chess/alltime", headers=bob).json()
    assert overall["band"] is None and overall["published"] is not None
    assert [(r["name"], r["clean"], r["you"]) for r in overall["rows"]] == [
        ("Ada", 2, False),
        ("Bob", 2, True),
    ]
    assert overall["mine"] == unknown | {"place": 2, "name": "Bob", "you": True, "clean": 2}
    by_band = world.client.get("/api/boards/chess/alltime?band=Hard").json()
    assert [(r["name"], r["clean"]) for r in by_band["rows"]] == [("Ada", 1)]
    assert world.client.get("/api/boards/chess/alltime?band=Nope").status_code == 400


def test_the_ratings_board_shows_no_provisional_rating(world: World) -> None:
    # A provisional rating is on no board (issue 26; test_api_standing.py has the whole rule).
    ada = signed_up(world.client, "Ada")
    post(world, ada, puzzles(world, "Hard", 1)[0])
    board = world.client.get("/api/boards/ratings/chess", headers=ada).json()
    assert world.client.get("/api/me", headers=ada).json()["ratings"]["chess"]["provisional"] is True
    assert board["rows"] == [] and board["mine"] is None
    missing = world.client.get("/api/boards/ratings/chain")
    assert missing.status_code == 404 and "chess" in missing.json()["error"]


def test_daily_boards_know_their_bands(world: World) -> None:
    three = world.client.get("/api/boards/chess/daily/2026-10-01")
    assert three.status_code == 400 and "Easy, Medium, Hard" in three.json()["error"]
    assert world.client.get("/api/boards/chess/daily/2026-10-01?band=Medium").json()["band"] == "Medium"
    assert world.client.get("/api/boards/chess/daily/2026-11-02").json()["band"] == "Easy"  # a Monday
    assert world.client.get("/api/boards/chess/daily/2026-11-02?band=Hard").status_code == 404
    assert world.client.get("/api/boards/chess/daily/2025-12-31").status_code == 404
    assert world.client.get("/api/boards/chess/daily/2026-13-01").status_code == 400
    # fromisoformat reads an ISO week date as a day; it isn't YYYY-MM-DD (tests/vectors/dates.json).
    week = world.client.get("/api/boards/chain/daily/2026-W45-1")
    assert week.status_code == 400 and "YYYY-MM-DD" in week.json()["error"]
    assert world.client.get("/api/boards/chess/daily/2026-11-02?band=Grandmaster").status_code == 400


def test_streak_boards_are_per_game(world: World) -> None:
    assert world.client.get("/api/boards/streaks/chess").json()["rows"] == []
    assert world.client.get("/api/boards/streaks/chain").json()["today"] == "2026-11-02"
    assert world.client.get("/api/boards/streaks/lessons").status_code == 404


def test_a_stale_token_still_shows_the_board(world: World) -> None:
    got = world.client.get("/api/boards/chess/alltime", headers={"Authorization": "Bearer stale"})
    assert got.status_code == 200 and got.json()["mine"] is None


def test_health_needs_tomorrows_chain(world: World) -> None:
    sick = world.client.get("/api/health")
    assert sick.status_code == 503 and "2026-11-03" in sick.json()["error"]
    for day in ("2026-11-02", "2026-11-03"):
        ChainRecords(world.store).put_chain_day(day, generate(day))
    well = world.client.get("/api/health")
    assert well.status_code == 200
    assert well.json() == {
        "ok": True,
        "bundle": puzzles_of(world.ctx).bundle.version,
        "last_chain_day": "2026-11-03",
        "today": "2026-11-02",
    }
    world.clock.advance(days=1)
    assert world.client.get("/api/health").status_code == 503
