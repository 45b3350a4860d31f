"""Who goes on the boards, over the API on both stores (issue 26, "Sybils own every board"): a new
account's results go on no board until it is established (three days old), the ratings board holds
no provisional rating and none of fewer than 30 rated results, and new players are metered per
address while a class of 60 still joins from one. docs/ratings.md, "Who goes on the boards"."""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

import pytest

from puzzlebook.chain.generate import generate
from puzzlebook.chain.solver import full_chains
from puzzlebook.chain.tiles import parse_tile
from puzzlebook.chess.bands import BANDS
from puzzlebook.chess.puzzle import Puzzle
from puzzlebook.standing import NEW_ACCOUNT_DAYS, RATED_FOR_BOARD
from service.games.chain.records import ChainRecords
from service.games.chess.puzzles import puzzles_of
from service.games.daily_run.records import RunRecords
from service.games.storm import STORM
from service.store.base import Store
from tests.support import (
    World,
    post_result,
    served,
    settings_for_tests,
    signed_up,
)

NOON = dt.datetime(2026, 11, 30, 12, 0, tzinfo=dt.UTC)  # a Monday, with Storm
TODAY = "2026-11-30"
BOARDS = ("/api/boards/chess/alltime", "/api/boards/chess/alltime?band=Expert", "/api/boards/ratings/chess",
          f"/api/boards/chain/daily/{TODAY}", "/api/boards/streaks/chess", "/api/boards/streaks/chain",
          f"/api/boards/storm/daily/{TODAY}", "/api/boards/storm/best")


@dataclass
class Standing(World):
    """The world, and the bundle's two-move puzzles with their bands once a test has asked for them."""

    two_movers: list[tuple[Any, str]] = field(default_factory=list)


@pytest.fixture
def world(store: Store) -> Iterator[Standing]:
    settings = settings_for_tests(PUZZLEBOOK_NEW_ACCOUNT_DAYS=str(NEW_ACCOUNT_DAYS))  # the rule itself
    with served(store, NOON, settings=settings) as world:
        ChainRecords(store).put_chain_day(TODAY, generate(TODAY))
        yield world.grown(Standing)


def made_days_ago(world: Standing, name: str, days: float) -> dict[str, str]:
    world.clock.advance(days=-days)
    try:
        return signed_up(world.client, name)
    finally:
        world.clock.advance(days=days)


def experts(world: Standing, n: int, skip: int = 0) -> list[Puzzle]:
    bundle = puzzles_of(world.ctx).bundle
    rows = [r for r in bundle.rows("Expert") if len(r[2].split()) == 4 and r[0] not in bundle.retired]
    return [Puzzle.from_row(r, "Expert") for r in rows[skip:skip + n]]


def daily(world: World) -> Puzzle:
    band, pid = next(iter(puzzles_of(world.ctx).dailies(world.ctx.today()).items()))
    return Puzzle.from_row(puzzles_of(world.ctx).bundle.row(band, pid), band)


def solve(world: Standing, me: dict[str, str], puzzle: Puzzle) -> dict[str, Any]:
    body = {"id": puzzle.id, "band": puzzle.band, "moves": puzzle.solution, "mistakes": 0, "hints": 0,
            "seconds": 9}
    got = post_result(world, "/api/chess/solves", body, me)
    assert got.status_code == 200, got.text
    return dict(got.json())


def chain(world: Standing, me: dict[str, str]) -> dict[str, Any]:
    row = world.client.get(f"/api/chain/daily/{TODAY}").json()
    hand = [parse_tile(t) for t in row["hand"]]
    tiles = next(list(o) for o, end in full_chains(row["start"], hand, row["moves"]) if end == row["target"])
    body = {"date": TODAY, "tiles": tiles, "seconds": 30, "undos": 0, "resets": 0}
    got = post_result(world, "/api/chain/solves", body, me)
    assert got.status_code == 200, got.text
    return dict(got.json())


def storm(world: Standing, me: dict[str, str]) -> dict[str, Any]:
    started = world.client.post("/api/storm/runs", headers=me).json()
    run = RunRecords(world.store, STORM).run_of(TODAY)
    first = puzzles_of(world.ctx).puzzle(run.puzzles[0].band, run.puzzles[0].id)
    world.clock.advance(seconds=20)
    body = {"date": TODAY, "ticket": started["ticket"], "moves": [first.solution], "seconds": 15}
    got = world.client.post("/api/storm/results", json=body, headers=me)
    assert got.status_code == 200, got.text
    return dict(got.json())


def names_on(world: Standing, path: str) -> list[str]:
    world.publish(path)  # the board's snapshot as it is now: what the board answers
    got = world.client.get(path)
    assert got.status_code == 200, got.text
    return [r["name"] for r in got.json()["rows"]]


def test_a_new_accounts_results_go_on_no_board_until_it_is_established(world: World) -> None:
    old = made_days_ago(world, "Old hand", NEW_ACCOUNT_DAYS)
    new = made_days_ago(world, "Newcomer", NEW_ACCOUNT_DAYS - 0.01)  # a quarter of an hour short
    puzzle, expert = daily(world), experts(world, 1)[0]
    world.publish()  # the day's boards, empty: the posts are placed on their snapshots
    answers = {}
    for name, me in (("Old hand", old), ("Newcomer", new)):
        answers[name] = solve(world, me, puzzle), solve(world, me, expert), chain(world, me), storm(world, me)
    # Kept, rated and counted for both; on a board, and given a place, only for the established one.
    assert [a["place"] for a in answers["Old hand"]] == [1, None, 1, 1]  # the expert is no daily
    assert [a["place"] for a in answers["Newcomer"]] == [None, None, None, None]
    assert answers["Newcomer"][0]["rated"] is True and answers["Newcomer"][3]["ranked"] is True
    mine = world.client.get("/api/me", headers=new).json()
    assert mine["chess"]["clean"] == 2 and mine["chain"]["solved"] == 1
    assert mine["streaks"]["chess"]["current"] == 1
    band = puzzle.band
    for path in (*BOARDS[:2], *BOARDS[3:], f"/api/boards/chess/daily/{TODAY}?band={band}"):
        assert names_on(world, path) == ["Old hand"], path
    assert world.client.get("/api/boards/storm/best", headers=new).json()["mine"] is None
    # Established (three days on), its next results take it onto the boards, tallies and best run with it.
    world.clock.advance(days=1)
    solve(world, new, experts(world, 1, skip=1)[0])
    world.publish()
    overall = world.client.get("/api/boards/chess/alltime", headers=new).json()
    assert overall["mine"]["clean"] == 3 and overall["mine"]["name"] == "Newcomer"


def at_level(world: Standing, rating: float, used: set[str]) -> Puzzle:
    """An unused two-move puzzle rated nearest `rating`, of any band."""
    if not world.two_movers:
        bundle = puzzles_of(world.ctx).bundle
        world.two_movers = [(r, band) for band in BANDS for r in bundle.rows(band)
                            if len(r[2].split()) == 4 and r[0] not in bundle.retired]
    row, band = min((rb for rb in world.two_movers if rb[0][0] not in used),
                    key=lambda rb: abs(int(rb[0][3]) - rating))
    used.add(row[0])
    return Puzzle.from_row(row, band)


@pytest.mark.slow  # thirty rated results and a board read after each: 20 s on moto
def test_the_ratings_board_holds_no_provisional_rating(world: World) -> None:
    # Issue 26: the script's accounts held the ratings board's top 100, the highest 2987 (provisional).
    me = made_days_ago(world, "Settled", NEW_ACCOUNT_DAYS + 1)
    used: set[str] = set()
    rating = 1500.0
    for n in range(1, RATED_FOR_BOARD + 1):  # won and lost in turn, each at the player's own level
        puzzle = at_level(world, rating, used)
        if n % 2:
            answer = solve(world, me, puzzle)
        else:
            miss = {"id": puzzle.id, "band": puzzle.band, "how": "gave-up", "moves": []}
            answer = post_result(world, "/api/chess/misses", miss, me).json()
        rating, provisional = answer["rating"]["after"], answer["rating"]["provisional"]
        on_board = names_on(world, "/api/boards/ratings/chess")
        # Provisional until about the 23rd result, then 30 rated results: only then on the board.
        assert on_board == (["Settled"] if n == RATED_FOR_BOARD else []), (n, provisional)
    assert provisional is False
    board = world.client.get("/api/boards/ratings/chess", headers=me).json()
    assert board["rows"][0]["provisional"] is False and board["mine"]["place"] == 1


@pytest.mark.slow  # 260 requests: a minute on moto
def test_new_players_are_metered_per_address_yet_a_class_of_sixty_joins(world: World) -> None:
    from functions.routes.players import PLAYERS_PER_DAY, PLAYERS_PER_HOUR

    teacher = signed_up(world.client, "Teacher")
    klass = world.client.post("/api/classes", json={"name": "Year 7"}, headers=teacher).json()
    code = klass["join_url"].split("code=")[1]
    for n in range(60):  # the largest class, each student making a player on the join page
        me = signed_up(world.client, f"Student {n}")
        body = {"name": f"S{n}", "code": code}
        joined = world.client.post(f"/api/classes/{klass['id']}/students", json=body, headers=me)
        assert joined.status_code == 200, joined.text
    for n in range(PLAYERS_PER_HOUR - 61):
        signed_up(world.client, f"More {n}")
    refused = world.client.post("/api/players", json={"name": "One more"})
    assert refused.status_code == 429 and refused.headers["Retry-After"] == "3600"
    assert f"at most {PLAYERS_PER_HOUR} an hour and {PLAYERS_PER_DAY} a day" in refused.json()["error"]
    # A rolling hour: an hour on, there is room again; a rolling day: 200 at most in any 24 hours.
    made = PLAYERS_PER_HOUR
    while made < PLAYERS_PER_DAY:
        world.clock.advance(hours=1)
        for _ in range(min(PLAYERS_PER_HOUR, PLAYERS_PER_DAY - made)):
            assert world.client.post("/api/players", json={"name": "Later"}).status_code == 201
            made += 1
    world.clock.advance(hours=1)
    day = world.client.post("/api/players", json={"name": "Too many"})
    assert day.status_code == 429 and int(day.headers["Retry-After"]) > 3600
