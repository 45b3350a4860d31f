"""Streak over the API, on both stores: a run starts with a play ticket, is posted as its moves, its
skip and its seconds, replayed and scored by the server; the first started run of a day is the
ranked one and counts once (posted at once too: tests/test_api_daily_run.py); forged moves, a
second skip, impossible times, a late run and other tickets are refused; the boards rank it."""

from __future__ import annotations

import datetime as dt
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from puzzlebook.chess.puzzle import Puzzle
from service.games.chess.puzzles import puzzles_of
from service.games.daily_run.records import RunRecords
from service.games.streak import STREAK
from tests.run_modes import kept_puzzles, wrong_move
from tests.run_modes import start as run_start
from tests.support import StoreKind, World, served, settings_for_tests, signed_up, sqlite_store, world_of

# Before the next date begins at UTC+14 (10:00 UTC), so it isn't out yet.
MORNING = dt.datetime(2026, 12, 5, 9, 0, tzinfo=dt.UTC)
TODAY = "2026-12-05"


@pytest.fixture
def world(store_kind: StoreKind, tmp_path: Path) -> Iterator[World]:
    with world_of(store_kind, tmp_path, MORNING) as world:
        yield world


def start(world: World, me: dict[str, str]) -> dict[str, Any]:
    return run_start(world, me, STREAK)


def puzzles(world: World, day: str = TODAY) -> list[Puzzle]:
    return kept_puzzles(world, STREAK, day)


def post(world: World, me: dict[str, str], ticket: str, moves: list[list[str]], seconds: int,
         skipped: int | None = None, date: str = TODAY):
    body = {"date": date, "ticket": ticket, "moves": moves, "skipped": skipped, "seconds": seconds}
    return world.client.post("/api/streak/results", json=body, headers=me)


def test_an_honest_run_scores_exactly_once_and_ranks(world: World) -> None:
    me = signed_up(world.client, "Ada")
    world.publish()  # the day's board, empty: the run is placed on its snapshot
    started = start(world, me)
    assert started["ranked"] is True and started["date"] == TODAY
    run = puzzles(world)
    assert len(run) == 100 and run[0].rating < 900 and run[-1].rating >= 2500
    # Solve the first, skip the second part way (or at once), solve the third, miss the fourth.
    part = run[1].solution[:-1]
    moves = [run[0].solution, part, run[2].solution, [wrong_move(run[3])]]
    world.clock.advance(seconds=61)
    got = post(world, me, started["ticket"], moves, 60, skipped=2)
    assert got.status_code == 200, got.text
    answer = got.json()
    assert answer["ranked"] is True and answer["already"] is False and answer["place"] == 1
    assert (answer["about"], answer["top"]) == (False, None)
    world.publish()
    assert answer["result"] == {
        "date": TODAY,
        "score": 2,
        "highest": max(run[0].rating, run[2].rating),
        "attempted": 4,
        "skipped": 2,
        "missed": 4,
        "moves": sum(len(m) for m in moves),
        "seconds": 60,
    }
    again = post(world, me, started["ticket"], moves, 60, skipped=2)
    assert again.status_code == 200 and again.json()["already"] is True
    assert again.json()["result"] == answer["result"]
    assert again.json()["place"] == 1  # its own row on the snapshot, by key and name
    board = world.client.get(f"/api/boards/streak/daily/{TODAY}", headers=me).json()
    assert [(r["name"], r["score"], r["you"]) for r in board["rows"]] == [("Ada", 2, True)]
    assert board["mine"]["place"] == 1
    mine = world.client.get("/api/streak/me", headers=me).json()
    assert mine["best"]["score"] == 2 and [r["date"] for r in mine["runs"]] == [TODAY]


def test_the_days_run_is_served_as_its_file_on_its_day_only(world: World) -> None:
    from service.games.daily_run.hooks import day_file

    got = world.client.get(f"/api/streak/daily/{TODAY}")  # kept now: no player started it yet
    assert got.status_code == 200, got.text
    assert got.headers["Cache-Control"] == "public, max-age=300"
    kept = RunRecords(world.store, STREAK).run_of(TODAY)
    assert kept is not None
    assert got.json() == json.loads(json.dumps(day_file(kept, puzzles_of(world.ctx).bundle)))
    assert len(got.json()["puzzles"]) == 100
    tomorrow = world.client.get("/api/streak/daily/2026-12-06")
    assert tomorrow.status_code == 404 and "isn’t out yet" in tomorrow.json()["error"]
    assert world.client.get("/api/streak/daily/2026-10-31").status_code == 404


def test_a_second_run_the_same_day_is_practice(world: World) -> None:
    me = signed_up(world.client, "Ada")
    first = start(world, me)
    second = start(world, me)
    assert (first["ranked"], second["ranked"]) == (True, False)
    run = puzzles(world)
    world.clock.advance(seconds=30)
    practice = post(world, me, second["ticket"], [p.solution for p in run[:4]], 25)
    assert practice.status_code == 200, practice.text
    assert practice.json()["ranked"] is False and practice.json()["result"]["score"] == 4
    assert world.client.get(f"/api/boards/streak/daily/{TODAY}").json()["rows"] == []
    ranked = post(world, me, first["ticket"], [[wrong_move(run[0])]], 20)
    assert ranked.json()["ranked"] is True and ranked.json()["result"]["score"] == 0
    assert world.client.get("/api/streak/me", headers=me).json()["best"]["score"] == 0


@pytest.mark.parametrize(
    ("moves", "skipped", "words"),
    [
        (lambda run: [["zz99"]], None, "isn't a move written as"),
        (lambda run: [[wrong_move(run[0]), run[0].solution[0]]], None, "has a move after it was over"),
        (lambda run: [["h1h8"] if "h1h8" not in run[0].solution else ["a1a8"]], None, "can’t be played"),
        # The first puzzle's line short of its end (none of it, for a one-move line), then the second.
        (lambda run: [run[0].solution[:-1], run[1].solution], None, "left before it was solved, missed"),
        (lambda run: [[wrong_move(run[0])], run[1].solution], None, "comes after the wrong move"),
        (lambda run: [run[0].solution, run[1].solution], 1, "Puzzle 1 is skipped after it was over."),
        (lambda run: [run[0].solution], 2, "The skip can’t be in puzzle 2"),
        (lambda run: [run[0].solution], 0, "The puzzle skipped must be null or its number"),
        (lambda run: [p.solution for p in run] + [["e2e4"]], None, "A run has at most 100 puzzles"),
    ],
    ids=["not-uci", "after-end", "illegal", "unfinished", "after-wrong", "skip-after-solve", "skip-outside",
         "skip-zero", "too-many"],
)
def test_a_forged_run_is_refused_and_nothing_is_kept(
    world: World, moves: Any, skipped: int | None, words: str
) -> None:
    me = signed_up(world.client, "Ada")
    ticket = start(world, me)["ticket"]
    world.clock.advance(seconds=400)
    got = post(world, me, ticket, moves(puzzles(world)), 300, skipped=skipped)
    assert got.status_code in (400, 422), got.text
    assert words in got.json()["error"]
    assert world.client.get("/api/streak/me", headers=me).json() == {"best": None, "runs": []}


def test_impossible_times_and_a_late_run_are_refused(world: World) -> None:
    me = signed_up(world.client, "Ada")
    ticket = start(world, me)["ticket"]
    run = puzzles(world)
    world.clock.advance(seconds=30)
    too_long = post(world, me, ticket, [run[0].solution], 90)
    assert too_long.status_code == 422 and "claims 90 seconds" in too_long.json()["error"]
    moves = [p.solution for p in run[:3]]
    floor = sum(len(m) for m in moves)
    claimed_less = post(world, me, ticket, moves, floor - 1)
    assert claimed_less.status_code == 422
    assert f"{floor} moves take at least {floor} seconds" in claimed_less.json()["error"]
    # Once the next day has ended everywhere (noon UTC on the 7th), the run is past taking.
    world.clock.advance(days=2, hours=3)
    late = post(world, me, ticket, [run[0].solution], 60)
    assert late.status_code == 422 and "arrived on 2026-12-07" in late.json()["error"]
    assert world.client.get("/api/streak/me", headers=me).json()["runs"] == []


def test_a_run_posted_the_next_day_counts_for_its_own(world: World) -> None:
    me = signed_up(world.client, "Ada")
    ticket = start(world, me)["ticket"]
    run = puzzles(world)
    world.clock.advance(hours=13)  # past midnight: the site day is the 6th
    got = post(world, me, ticket, [run[0].solution, []], 3000)
    assert got.status_code == 200, got.text
    assert got.json()["ranked"] is True and got.json()["result"]["date"] == TODAY
    world.publish()  # yesterday's board is live through today
    board = world.client.get(f"/api/boards/streak/daily/{TODAY}").json()
    assert [r["name"] for r in board["rows"]] == ["Ada"]
    assert world.client.get("/api/boards/streak/daily/2026-12-06").json()["rows"] == []


def test_a_run_faster_than_a_second_a_move_is_refused_claimed_or_arriving(world: World) -> None:
    # Storm's issue 26: a script's whole run claimed 0 seconds and was posted at once. A run claims
    # at least a second a solver move, and at least that long must really have passed since its
    # ticket (less the tickets' 1 s allowance).
    me = signed_up(world.client, "Script")
    ticket = start(world, me)["ticket"]
    run = puzzles(world)
    everything = [p.solution for p in run]
    moves = sum(len(m) for m in everything)
    world.clock.advance(seconds=0.86)
    claimed_nothing = post(world, me, ticket, everything, 0)
    assert claimed_nothing.status_code == 422, claimed_nothing.text
    at_once = post(world, me, ticket, everything, moves)
    assert at_once.status_code == 422 and at_once.headers["X-Ticket-Refused"] == "too-fast", at_once.text
    world.clock.at = MORNING + dt.timedelta(seconds=moves - 3)  # believable claimed, but too soon
    too_soon = post(world, me, ticket, everything, moves)
    assert too_soon.status_code == 422 and too_soon.headers["X-Ticket-Refused"] == "too-fast", too_soon.text
    assert world.client.get(f"/api/boards/streak/daily/{TODAY}").json()["rows"] == []
    world.clock.at = MORNING + dt.timedelta(seconds=moves - 1)  # a second a move, less the allowance
    kept = post(world, me, ticket, everything, moves)
    assert kept.status_code == 200, kept.text
    assert kept.json()["result"]["score"] == len(run) and kept.json()["result"]["seconds"] == moves


def test_another_players_another_games_or_a_forged_ticket_is_refused(world: World) -> None:
    ada, bob = signed_up(world.client, "Ada"), signed_up(world.client, "Bob")
    ticket = start(world, ada)["ticket"]
    run = puzzles(world)
    world.clock.advance(seconds=30)
    theirs = post(world, bob, ticket, [run[0].solution], 20)
    assert theirs.status_code == 422 and "another player" in theirs.json()["error"]
    payload, mac = ticket.split(".")
    forged = post(world, ada, f"{payload}.{mac[::-1]}", [run[0].solution], 20)
    assert forged.status_code == 422 and "signature" in forged.json()["error"]
    storm = world.client.post("/api/storm/runs", headers=ada).json()["ticket"]
    world.clock.advance(seconds=30)
    other_game = post(world, ada, storm, [run[0].solution], 20)
    assert other_game.status_code == 422 and other_game.headers["X-Ticket-Refused"] == "other-game"
    assert post(world, ada, ticket, [run[0].solution], 20).json()["ranked"] is True


def test_the_boards_rank_score_then_highest_then_time(world: World) -> None:
    run = None
    entries = [("Slow", 2, 50), ("Fast", 2, 30), ("Most", 3, 90)]
    for name, solved, seconds in entries:
        me = signed_up(world.client, name)
        ticket = start(world, me)["ticket"]
        run = run or puzzles(world)
        world.clock.advance(seconds=100)
        got = post(world, me, ticket, [p.solution for p in run[:solved]], seconds)
        assert got.status_code == 200, got.text
    world.publish()
    board = world.client.get(f"/api/boards/streak/daily/{TODAY}").json()
    assert [r["name"] for r in board["rows"]] == ["Most", "Fast", "Slow"]
    best = world.client.get("/api/boards/streak/best").json()
    assert [(r["name"], r["date"]) for r in best["rows"]] == [(n, TODAY) for n in ("Most", "Fast", "Slow")]
    assert world.client.get("/api/boards/streak/daily/2026-12-09").status_code == 404
    assert world.client.get("/api/boards/streak/daily/2026-10-31").status_code == 404


def test_a_run_without_its_ticket_is_told_it_counts_only_with_one(world: World) -> None:
    me = signed_up(world.client, "Ada")
    start(world, me)
    body = {"date": TODAY, "moves": [], "seconds": 0, "offline": True}
    got = world.client.post("/api/streak/results", json=body, headers=me)
    assert got.status_code == 400, got.text
    words = "A Streak run counts only with the play ticket it started with (POST /api/streak/runs)."
    assert got.json()["error"] == words


def test_a_new_accounts_run_is_kept_and_ranked_but_on_no_board_until_it_is_established(tmp_path) -> None:
    # docs/ratings.md, "Who goes on the boards": as Storm's, a new account's runs wait three days.
    from puzzlebook.standing import NEW_ACCOUNT_DAYS

    settings = settings_for_tests(PUZZLEBOOK_NEW_ACCOUNT_DAYS=str(NEW_ACCOUNT_DAYS))
    with sqlite_store(tmp_path / "s.sqlite3") as store, served(store, MORNING, settings=settings) as world:
        world.clock.advance(days=-NEW_ACCOUNT_DAYS)
        old = signed_up(world.client, "Old hand")
        world.clock.advance(days=0.01)
        new = signed_up(world.client, "Newcomer")  # a quarter of an hour short of established
        world.clock.advance(days=NEW_ACCOUNT_DAYS - 0.01)
        world.publish()
        answers = {}
        for name, me in (("Old hand", old), ("Newcomer", new)):
            ticket = start(world, me)["ticket"]
            run = puzzles(world)
            world.clock.advance(seconds=30)
            answers[name] = post(world, me, ticket, [p.solution for p in run[:2]], 20).json()
        assert (answers["Old hand"]["place"], answers["Newcomer"]["place"]) == (1, None)
        # On the board or not is said apart from the place, which may be unknown yet (no snapshot).
        assert (answers["Old hand"]["boarded"], answers["Newcomer"]["boarded"]) == (True, False)
        assert answers["Newcomer"]["ranked"] is True and answers["Newcomer"]["result"]["score"] == 2
        world.publish()
        for path in (f"/api/boards/streak/daily/{TODAY}", "/api/boards/streak/best"):
            assert [r["name"] for r in world.client.get(path).json()["rows"]] == ["Old hand"], path
        assert world.client.get("/api/streak/me", headers=new).json()["best"]["score"] == 2
        # Established, its next ranked run takes its best (the better, kept while new) onto the best board.
        world.clock.advance(days=1)
        world.publish()
        ticket = start(world, new)["ticket"]
        world.clock.advance(seconds=30)
        assert post(world, new, ticket, [[wrong_move(puzzles(world, "2026-12-06")[0])]], 20,
                    date="2026-12-06").json()["place"] == 1
        best = world.client.get("/api/boards/streak/best", headers=new).json()
        assert best["mine"]["score"] == 2 and best["mine"]["date"] == TODAY


def test_signed_out_is_401(world: World) -> None:
    assert world.client.post("/api/streak/runs").status_code == 401
    assert world.client.get("/api/streak/me").status_code == 401
    body = {"date": TODAY, "ticket": "x.y", "moves": [], "seconds": 0}
    assert world.client.post("/api/streak/results", json=body).status_code == 401
