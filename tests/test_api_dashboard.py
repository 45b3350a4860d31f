"""The dashboard and the history over the API, on both stores: a scripted week of results posted with
a test clock, then GET /api/me/dashboard and /api/me/history."""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from puzzlebook.chess.dashboard import dashboard, tallies_of
from service.games.chess.puzzles import puzzles_of
from tests.dashboard_week import play_week
from tests.support import (
    StoreKind,
    World,
    post_result,
    signed_up,
    world_of,
)

MONDAY = dt.datetime(2026, 11, 2, 12, 0, tzinfo=dt.UTC)


@pytest.fixture
def world(store_kind: StoreKind, tmp_path: Path) -> Iterator[World]:
    with world_of(store_kind, tmp_path, MONDAY) as world:
        yield world


def _week(world: World) -> tuple[dict[str, str], list[dict[str, Any]]]:
    me = signed_up(world.client)

    def post(path: str, body: dict[str, Any]) -> dict[str, Any]:
        got = post_result(world, path, body, me)  # as the game posts it: with its play ticket
        assert got.status_code == 200, got.text
        return got.json()

    def set_time(at: dt.datetime) -> None:
        world.clock.at = at

    log = play_week(post, set_time, MONDAY, world.ctx)
    return me, log


def test_a_week_of_results_gives_the_figures_the_rules_compute(world: World) -> None:
    me, log = _week(world)
    today = log[-1]["day"]
    for days in (7, 30, 90):
        got = world.client.get(f"/api/me/dashboard?days={days}", headers=me)
        assert got.status_code == 200, got.text
        assert got.headers["cache-control"] == "no-store"
        assert got.json() == dashboard(tallies_of(log), today, days)
    figures = world.client.get("/api/me/dashboard?days=7", headers=me).json()
    assert figures["played"] == 28
    assert figures["weak"][0]["theme"] == "fork"  # forks went badly
    assert figures["strong"] and figures["strong"][0]["performance"] > figures["performance"]
    assert len(figures["ratings"]) == 7
    # The day before the week is outside the 7 days ending the day after it.
    world.clock.at = MONDAY + dt.timedelta(days=7)
    later = world.client.get("/api/me/dashboard?days=7", headers=me).json()
    assert later["played"] == 24 and later["from"] == "2026-11-03"


def test_a_solve_after_a_miss_and_a_second_post_add_nothing(world: World) -> None:
    me, log = _week(world)
    before = world.client.get("/api/me/dashboard?days=7", headers=me).json()
    missed = next(e for e in log if e["result"] == "missed")
    puzzle = puzzles_of(world.ctx).puzzle(missed["band"], missed["id"])
    body = {
        "id": puzzle.id,
        "band": puzzle.band,
        "moves": puzzle.solution,
        "mistakes": 0,
        "hints": 0,
        "seconds": 40,
    }
    assert (
        post_result(world, "/api/chess/solves", body, me).json()["already"] is False
    )  # kept, unrated
    assert post_result(world, "/api/chess/solves", body, me).json()["already"] is True
    assert world.client.get("/api/me/dashboard?days=7", headers=me).json() == before
    # The miss stays the first result (the dashboard's figures are unchanged, and the puzzle is
    # still among the missed), but the history calls it what it was: solved after a mistake.
    lines = world.client.get("/api/me/history?missed=true", headers=me).json()["lines"]
    assert [line["result"] for line in lines if line["id"] == puzzle.id] == ["mistake"]
    everything = world.client.get("/api/me/history", headers=me).json()
    everything = everything["lines"] + world.client.get(
        f"/api/me/history?before={everything['next']}", headers=me
    ).json()["lines"]
    assert [line["result"] for line in everything if line["id"] == puzzle.id] == ["mistake"]
    others = [line["result"] for line in lines if line["id"] != puzzle.id]
    assert others and set(others) <= {"missed", "shown"}  # never solved: still missed


def test_history_pages_newest_first_and_the_missed_filter(world: World) -> None:
    me, log = _week(world)
    seen: list[dict[str, Any]] = []
    cursor = None
    pages = 0
    while True:
        query = f"?before={cursor}" if cursor else ""
        got = world.client.get(f"/api/me/history{query}", headers=me)
        assert got.status_code == 200, got.text
        page = got.json()
        seen += page["lines"]
        pages += 1
        cursor = page["next"]
        if cursor is None:
            break
    assert pages == 2 and len(seen) == 28
    assert [line["id"] for line in seen] == [e["id"] for e in reversed(log)]
    first = seen[-1]
    assert (first["result"], first["day"], first["themes"]) == (
        log[0]["result"],
        log[0]["day"],
        log[0]["themes"],
    )
    assert first["before"] == 1500 and first["change"] == first["after"] - 1500
    help_line = next(line for line in seen if line["result"] == "help")
    assert help_line["change"] is not None
    missed = world.client.get("/api/me/history?missed=true", headers=me).json()
    wanted = [e["id"] for e in reversed(log) if e["result"] in ("missed", "shown")]
    assert [line["id"] for line in missed["lines"]] == wanted and missed["next"] is None


def test_refusals_in_plain_words(world: World) -> None:
    assert world.client.get("/api/me/dashboard").status_code == 401
    assert world.client.get("/api/me/history").status_code == 401
    me = signed_up(world.client)
    bad = world.client.get("/api/me/dashboard?days=8", headers=me)
    assert bad.status_code == 400 and bad.json()["error"] == "The days must be 7, 30 or 90."
    assert world.client.get("/api/me/dashboard?days=week", headers=me).status_code == 400
    cursor = world.client.get("/api/me/history?before=yesterday", headers=me)
    assert cursor.status_code == 400 and "next" in cursor.json()["error"]
    # The cursor's shape with a time that isn't one: refused for what it asks, never a 5xx; one at the
    # end of time reads the whole history.
    no_time = world.client.get("/api/me/history?before=0000-00-00T00:00:00.000000Z~0", headers=me)
    assert no_time.status_code == 422
    assert "0000-00-00T00:00:00.000000Z isn't a time" in no_time.json()["error"]
    latest = world.client.get("/api/me/history?before=9999-12-31T23:59:59.999999Z~z", headers=me)
    assert latest.status_code == 200 and latest.json() == {"lines": [], "next": None}
    empty = world.client.get("/api/me/dashboard", headers=me).json()
    assert (empty["days"], empty["played"], empty["performance"], empty["themes"]) == (30, 0, None, [])
    assert world.client.get("/api/me/history", headers=me).json() == {"lines": [], "next": None}
