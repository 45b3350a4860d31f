"""For the tests of playing together over the API: a served world with Chain days stored, players who
follow each other by their codes, and each playing the day's chess daily and Chain as a page would."""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from puzzlebook.chain.generate import generate
from puzzlebook.chess.puzzle import Puzzle
from service.games.chain.records import ChainRecords
from service.games.chess.puzzles import puzzles_of
from tests.support import World, post_result, served, signed_up, sqlite_store

MONDAY = dt.datetime(2026, 11, 2, 8, 0, tzinfo=dt.UTC)  # before the next date begins anywhere
DAYS = 4


@contextmanager
def social_world(tmp_path: Any, at: dt.datetime = MONDAY) -> Iterator[World]:
    """The API over a fresh SQLite store at `at`, Chain stored for the days around it."""
    with sqlite_store(tmp_path / "puzzlebook.sqlite3") as store:
        for n in range(-1, DAYS):
            day = (at.date() + dt.timedelta(days=n)).isoformat()
            ChainRecords(store).put_chain_day(day, generate(day))
        with served(store, at) as world:
            yield world


def player(world: World, name: str) -> dict[str, str]:
    """A new player's Authorization header, with their id (`id`) and follow code (`code`) beside it."""
    headers = signed_up(world.client, name)
    me = world.client.get("/api/me", headers=headers).json()
    code = world.client.get("/api/me/follow", headers=headers).json()["code"]
    return {**headers, "X-Test-Id": me["id"], "X-Test-Code": code}


def auth(who: dict[str, str]) -> dict[str, str]:
    return {"Authorization": who["Authorization"]}


def follow(world: World, who: dict[str, str], whom: dict[str, str]) -> Any:
    return world.client.post("/api/follows", json={"code": whom["X-Test-Code"]}, headers=auth(who))


def todays_daily(world: World) -> Puzzle:
    band, pid = next(iter(puzzles_of(world.ctx).dailies(world.ctx.today()).items()))
    return Puzzle.from_row(puzzles_of(world.ctx).bundle.row(band, pid), band)


def play_chess(world: World, who: dict[str, str], seconds: int = 30, hints: int = 0) -> Any:
    puzzle = todays_daily(world)
    body = {"id": puzzle.id, "band": puzzle.band, "moves": puzzle.solution, "mistakes": 0, "hints": hints,
            "seconds": seconds}
    got = post_result(world, "/api/chess/solves", body, auth(who))
    assert got.status_code == 200 and got.json()["daily"], got.text
    return got


def play_chain(world: World, who: dict[str, str], seconds: int = 40, undos: int = 0) -> Any:
    day = world.ctx.today().isoformat()
    body = {"date": day, "tiles": generate(day)["solution"], "seconds": seconds, "undos": undos, "resets": 0}
    got = post_result(world, "/api/chain/solves", body, auth(who))
    assert got.status_code == 200 and got.json()["daily"] == day, got.text
    return got
