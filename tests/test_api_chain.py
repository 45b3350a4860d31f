"""Chain over the API: solves checked against the stored day, give-ups, the walkthrough, the board."""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterator

import pytest

from puzzlebook.chain.generate import generate
from service.games.chain.records import ChainRecords
from tests.support import ChainDays, World, post_result, served, signed_up, sqlite_store

# Before the next date begins at UTC+14 (10:00 UTC), so it isn't out yet.
MORNING = dt.datetime(2026, 11, 2, 9, 0, tzinfo=dt.UTC)
TODAY = "2026-11-02"
YESTERDAY = "2026-11-01"
TOMORROW = "2026-11-03"


@pytest.fixture
def world(tmp_path) -> Iterator[ChainDays]:
    with sqlite_store(tmp_path / "puzzlebook.sqlite3") as store:
        rows = {day: generate(day) for day in (YESTERDAY, TODAY, TOMORROW)}
        for day, row in rows.items():
            ChainRecords(store).put_chain_day(day, row)
        with served(store, MORNING) as world:
            yield world.grown(ChainDays, rows=rows)


def solve(world: ChainDays, headers: dict, day: str = TODAY, **kw: object):
    body = {"date": day, "tiles": world.rows[day]["solution"], "seconds": 40, "undos": 0, "resets": 0}
    body.update(kw)
    return post_result(world, "/api/chain/solves", body, headers)


def test_a_solve_today_goes_on_the_board_and_starts_a_streak(world: World) -> None:
    me = signed_up(world.client)
    world.publish()  # the day's board, empty: its snapshot is what the post is placed on
    got = solve(world, me)
    assert got.status_code == 200, got.text
    assert got.json() == {
        "ok": True,
        "already": False,
        "kept": "solve",
        "clean": True,
        "daily": TODAY,
        "place": 1,
        "about": False,
        "top": None,
        "streak": 1,
        "freezes_used": 0,
        "offline": False,
    }
    mine = world.client.get("/api/me", headers=me).json()
    assert mine["chain_line"] == "1 Chain solved, 1 cleanly · 1-day Chain streak"
    assert mine["streaks"]["chain"] == {"current": 1, "best": 1, "freezes_used": 0, "freezes_held": 0}
    again = solve(world, me, undos=3)
    assert again.json()["already"] is True and again.json()["kept"] == "solve"


def test_the_board_ranks_clean_then_undos_and_resets_then_time(world: World) -> None:
    entries = [("Undo", 1, 0, 20), ("Slow", 0, 0, 90), ("Fast", 0, 0, 30), ("Resets", 0, 2, 10)]
    for name, undos, resets, seconds in entries:
        assert (
            solve(
                world, signed_up(world.client, name), undos=undos, resets=resets, seconds=seconds
            ).status_code
            == 200
        )
    world.publish()
    board = world.client.get(f"/api/boards/chain/daily/{TODAY}").json()
    assert [r["name"] for r in board["rows"]] == ["Fast", "Slow", "Undo", "Resets"]
    assert board["rows"][2] == {
        "place": 3,
        "name": "Undo",
        "you": False,
        "about": False,
        "top": None,
        "undos": 1,
        "resets": 0,
        "seconds": 20,
        "clean": False,
    }


def test_wrong_tiles_are_422_with_the_reason(world: World) -> None:
    me = signed_up(world.client)
    moves = world.rows[TODAY]["moves"]
    short = solve(world, me, tiles=world.rows[TODAY]["solution"][:-1])
    assert short.status_code == 422 and f"exactly {moves} moves" in short.json()["error"]
    twice = solve(world, me, tiles=[0, 0])
    assert twice.status_code == 422 and "twice" in twice.json()["error"]
    nowhere = solve(world, me, tiles=[9])
    assert nowhere.status_code == 422 and "no tile 9" in nowhere.json()["error"]
    assert world.client.get("/api/me", headers=me).json()["chain"]["solved"] == 0


def test_a_solve_needs_a_second_a_move(world: World) -> None:
    got = solve(world, signed_up(world.client), seconds=1)
    assert got.status_code == 422 and "second a move" in got.json()["error"]


def test_days_not_out_or_not_stored_are_refused(world: World) -> None:
    me = signed_up(world.client)
    future = solve(world, me, day=TOMORROW)
    assert future.status_code == 404 and future.json()["error"] == f"The Chain of {TOMORROW} isn’t out yet."
    old = {"date": "2025-06-01", "tiles": [0], "seconds": 5, "undos": 0, "resets": 0}
    missing = post_result(world, "/api/chain/solves", old, me)
    assert missing.status_code == 404
    bad = post_result(world, "/api/chain/giveups", {"date": "2026-02-30"}, me)
    assert bad.status_code == 400 and "YYYY-MM-DD" in bad.json()["error"]


def test_an_archive_solve_is_kept_but_ranks_nowhere(world: World) -> None:
    me = signed_up(world.client)
    got = solve(world, me, day=YESTERDAY).json()
    assert got["already"] is False and got["daily"] is None and got["place"] is None and got["streak"] is None
    assert world.client.get(f"/api/boards/chain/daily/{YESTERDAY}").json()["rows"] == []
    assert world.client.get("/api/me", headers=me).json()["chain"]["solved"] == 1


def test_a_giveup_stands_and_opens_the_walkthrough(world: World) -> None:
    me = signed_up(world.client)
    closed = world.client.get(f"/api/chain/{TODAY}/walkthrough", headers=me)
    assert closed.status_code == 403
    gave = post_result(world, "/api/chain/giveups", {"date": TODAY}, me)
    assert gave.status_code == 200 and gave.json()["kept"] == "giveup"
    late = solve(world, me).json()
    assert late["already"] is True and late["kept"] == "giveup"
    opened = world.client.get(f"/api/chain/{TODAY}/walkthrough", headers=me)
    assert opened.status_code == 200
    assert opened.json()["solution"] == world.rows[TODAY]["solution"]
    assert opened.json()["walkthrough"] == world.rows[TODAY]["walkthrough"]
    mine = world.client.get("/api/me", headers=me).json()
    assert mine["chain"] == {"solved": 0, "clean": 0, "gave_up": 1}


def test_the_walkthrough_opens_after_a_solve_or_once_the_day_is_past(world: World) -> None:
    me = signed_up(world.client)
    assert world.client.get(f"/api/chain/{TODAY}/walkthrough").status_code == 403
    assert world.client.get(f"/api/chain/{TOMORROW}/walkthrough", headers=me).status_code == 404
    # At 09:00 UTC yesterday is still the date at UTC-12 (21:00): its walkthrough waits for it to end there.
    assert world.client.get(f"/api/chain/{YESTERDAY}/walkthrough").status_code == 403
    world.clock.advance(hours=3)
    assert world.client.get(f"/api/chain/{YESTERDAY}/walkthrough").status_code == 200
    solve(world, me)
    assert world.client.get(f"/api/chain/{TODAY}/walkthrough", headers=me).status_code == 200
    world.clock.advance(days=1)
    assert world.client.get(f"/api/chain/{TODAY}/walkthrough").status_code == 200


def test_chain_streaks_count_days_in_a_row(world: World) -> None:
    me = signed_up(world.client)
    world.clock.at = MORNING - dt.timedelta(days=1)
    assert solve(world, me, day=YESTERDAY).json()["streak"] == 1
    world.clock.at = MORNING
    assert solve(world, me).json()["streak"] == 2
    world.publish()
    board = world.client.get("/api/boards/streaks/chain", headers=me).json()
    assert [(r["name"], r["streak"]) for r in board["rows"]] == [("Ada", 2)]


def test_your_own_result_for_a_day_reads_back_on_any_device(world: World) -> None:
    """GET /api/me/chain/<date>: what a second device shows of a day a player finished on another."""
    me = signed_up(world.client)
    none = world.client.get(f"/api/me/chain/{TODAY}", headers=me)
    assert none.status_code == 200 and none.json()["kept"] is None and none.json()["streak"] == 0
    assert solve(world, me, undos=1, seconds=50).status_code == 200
    got = world.client.get(f"/api/me/chain/{TODAY}", headers=me)
    assert got.status_code == 200 and got.headers["cache-control"] == "no-store"
    mine = got.json()
    assert mine.pop("posted").startswith("2026-11-02T09:00:")
    assert mine == {
        "date": TODAY, "kept": "solve", "played": world.rows[TODAY]["solution"], "seconds": 50, "undos": 1,
        "resets": 0, "clean": False, "on_board": True, "offline": False, "streak": 1, "freezes_used": 0,
    }
    assert world.client.post("/api/chain/giveups", json={"date": YESTERDAY, "offline": True},
                             headers=me).status_code == 200
    gave = world.client.get(f"/api/me/chain/{YESTERDAY}", headers=me).json()
    assert gave["kept"] == "giveup" and gave["played"] is None and gave["offline"] is True
    assert world.client.get(f"/api/me/chain/{TODAY}").status_code == 401
    bad = world.client.get("/api/me/chain/2026-02-30", headers=me)
    assert bad.status_code == 400 and "2026-02-30" in bad.json()["error"]


def test_wrong_tiles_are_refused_in_the_request_language(world: ChainDays) -> None:
    me = signed_up(world.client)
    got = solve(world, {**me, "Accept-Language": "es"}, tiles=[0, 0])
    assert got.status_code == 422, got.text
    assert got.json() == {"error": "La ficha 0 se juega dos veces; cada ficha se juega una sola vez.",
                          "code": "chain_tile_reused"}
    assert world.client.get("/api/me", headers=me).json()["chain"]["solved"] == 0
