"""Dated routes and days that aren't out yet: every one answers 404 "isn’t out yet" (docs/api.md), never
an empty board or a claim that the day has no puzzle. A date is out from its first second at UTC+14."""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterator
from dataclasses import dataclass

import pytest

from puzzlebook.chain.generate import generate
from service.games.chain.records import ChainRecords
from tests.support import Signed, World, post_result, served, signed_up, sqlite_store

# An hour before 2026-11-03 begins at UTC+14 (10:00 UTC on the 2nd).
EARLY = dt.datetime(2026, 11, 2, 9, 0, tzinfo=dt.UTC)
TODAY, TOMORROW = "2026-11-02", "2026-11-03"
FAR = "2027-06-01"


@dataclass
class Member(Signed):
    """A signed-in player with a club of their own (`club`: its id)."""

    club: str


@pytest.fixture
def world(tmp_path) -> Iterator[Member]:
    with sqlite_store(tmp_path / "puzzlebook.sqlite3") as store:
        for day in ("2026-11-01", TODAY, TOMORROW):
            ChainRecords(store).put_chain_day(day, generate(day))
        with served(store, EARLY) as world:
            me = signed_up(world.client)
            club = world.client.post("/api/clubs", json={"name": "Club"}, headers=me).json()["id"]
            yield world.grown(Member, me=me, club=club)


# The routes a player's own friends and clubs are at: the player comes first (401 without one).
YOURS = ("/api/me/", "/api/friends/", "/api/clubs/")


def dated_requests(
    day: str, game: str = "chess", club: str = "{club_id}"
) -> list[tuple[str, str, dict | None]]:
    chain = {"date": day, "tiles": [0, 1], "seconds": 40, "undos": 0, "resets": 0}
    return [
        ("GET", f"/api/friends/boards/{game}/{day}", None),
        ("GET", f"/api/friends/boards/{game}/week/{day}", None),
        ("GET", f"/api/clubs/{club}/boards/{game}/{day}", None),
        ("GET", f"/api/clubs/{club}/boards/{game}/week/{day}", None),
        ("GET", f"/api/boards/chess/daily/{day}", None),
        ("GET", f"/api/boards/chess/daily/{day}?band=Easy", None),
        ("GET", f"/api/boards/chain/daily/{day}", None),
        ("GET", f"/api/chain/{day}/walkthrough", None),
        ("GET", f"/api/me/chain/{day}", None),
        ("GET", f"/api/me/chess/{day}", None),
        ("POST", "/api/chain/solves", chain),
        ("POST", "/api/chain/giveups", {"date": day}),
        ("POST", "/api/chain/plays", {"date": day}),
        ("GET", f"/api/chess/daily/{day}", None),
        ("GET", f"/api/chain/daily/{day}", None),
        ("GET", f"/api/boards/storm/daily/{day}", None),
        ("GET", f"/api/storm/daily/{day}", None),
        ("POST", "/api/storm/results", {"date": day, "ticket": "x.y", "moves": [["e2e4"]], "seconds": 1}),
        ("GET", f"/api/boards/streak/daily/{day}", None),
        ("GET", f"/api/streak/daily/{day}", None),
        ("POST", "/api/streak/results", {"date": day, "ticket": "x.y", "moves": [["e2e4"]], "seconds": 1}),
    ]


def test_the_test_covers_every_dated_route(world: World) -> None:
    document = world.client.get("/api/openapi.json").json()
    dated = {path for path in document["paths"] if "{date}" in path}
    dated |= {
        path
        for path, operations in document["paths"].items()
        for operation in operations.values()
        for body in operation.get("requestBody", {}).get("content", {}).values()
        if "date" in body.get("schema", {}).get("properties", {})
    }
    covered = {path.split("?")[0] for _, path, _ in dated_requests("{date}", "{game}")}
    assert dated <= covered


@pytest.mark.parametrize("day", [TOMORROW, FAR])
@pytest.mark.parametrize("signed_in", [False, True])
def test_a_day_not_out_yet_is_404_on_every_dated_route(world: Member, day: str, signed_in: bool):
    headers = world.me if signed_in else {}
    for method, path, body in dated_requests(day, club=world.club):
        if method == "POST" and not signed_in:
            continue
        got = world.client.request(method, path, json=body, headers=headers)
        if path.startswith(YOURS) and not signed_in:  # your own results: the player comes first
            assert got.status_code == 401, f"{method} {path}: {got.status_code} {got.text}"
            continue
        assert got.status_code == 404, f"{method} {path}: {got.status_code} {got.text}"
        assert got.json()["error"].endswith(f"{day} isn’t out yet."), f"{method} {path}: {got.text}"
    nothing = {"solved": 0, "clean": 0, "gave_up": 0}
    assert world.client.get("/api/me", headers=world.me).json()["chain"] == nothing


def test_the_next_date_is_out_once_it_begins_at_utc_plus_14(world: World) -> None:
    assert world.client.get(f"/api/boards/chain/daily/{TOMORROW}").status_code == 404
    world.clock.advance(minutes=59, seconds=59)
    assert world.client.get(f"/api/chain/daily/{TOMORROW}").status_code == 404
    world.clock.advance(seconds=1)  # 10:00 UTC: midnight at Kiritimati, where 2026-11-03 begins first
    board = world.client.get(f"/api/boards/chain/daily/{TOMORROW}")
    assert board.status_code == 200 and board.json()["rows"] == []
    assert world.client.get(f"/api/boards/chess/daily/{TOMORROW}").status_code == 200
    given = post_result(world, "/api/chain/giveups", {"date": TOMORROW}, world.me)
    assert given.status_code == 200


def test_a_past_day_with_no_chain_is_404_saying_so(world: World) -> None:
    for path in ("/api/boards/chain/daily/2026-08-01", "/api/chain/2026-08-01/walkthrough"):
        got = world.client.get(path)
        assert got.status_code == 404, path
        assert got.json()["error"] == "There’s no Chain puzzle for 2026-08-01."


@pytest.mark.parametrize("day", ["2026-02-30", "2026-13-01"])
def test_a_date_that_doesnt_exist_is_400_in_the_calendars_words_in_a_path_or_a_body(
    world: Member, day: str
) -> None:
    for method, path, body in dated_requests(day, club=world.club):
        got = world.client.request(method, path, json=body, headers=world.me)
        assert got.status_code == 400, f"{method} {path}: {got.status_code} {got.text}"
        assert got.json()["error"] == f"'{day}' is not a date written YYYY-MM-DD.", f"{method} {path}"
