"""A post's place and a board's rows come from the board's snapshot (issue 28), over real HTTP: the
local server's app (the site's files with the API under /api) on uvicorn, the publisher run by hand
as the server's thread runs it every 15 s."""

from __future__ import annotations

import datetime as dt
import json
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import httpx2
import pytest

from functions.app import create_app
from ops.server import SiteServer
from puzzlebook.chess.puzzle import Puzzle
from puzzlebook.places import runs_of
from service.boards.snapshot import Snapshots
from service.context import Context
from service.games.chess.puzzles import puzzles_of
from service.publish import DirWriter
from tests.support import Clock, publish_boards, settings_for_tests, sqlite_store, uvicorn_serving

# Before the next date begins at UTC+14 (10:00 UTC), so it isn't out yet.
MORNING = dt.datetime(2026, 11, 2, 9, 0, tzinfo=dt.UTC)
TODAY = "2026-11-02"


@dataclass
class Site:
    """The local server's app served over real HTTP at `base` (asked through `http`), its Context, clock
    and site files."""

    base: str
    http: httpx2.Client
    ctx: Context
    clock: Clock
    dist: Path

    def publish(self) -> list[str]:
        """One round of the boards' publisher (tests/support.py, `publish_boards`)."""
        return publish_boards(self.ctx)


@pytest.fixture
def site(tmp_path) -> Iterator[Site]:
    settings = settings_for_tests()
    with sqlite_store(tmp_path / "puzzlebook.sqlite3") as store:
        clock = Clock(MORNING)
        app = create_app(settings, store, clock=clock)
        ctx = app.state.ctx
        # httpx's 5 s default was once too short for a first request with the whole of `make test`
        # on two cores: this test is about what comes back, never how fast.
        with uvicorn_serving(SiteServer(settings.dist, app, clock=clock)) as base, \
                httpx2.Client(timeout=60) as http:
            yield Site(base=base, http=http, ctx=ctx, clock=clock, dist=Path(settings.dist))


def signed_up(site: Site, name: str) -> dict[str, str]:
    made = site.http.post(f"{site.base}/api/players", json={"name": name})
    assert made.status_code == 201, made.text
    return {"Authorization": f"Bearer {made.json()['token']}"}


def daily(site: Site) -> Puzzle:
    band, pid = next(iter(puzzles_of(site.ctx).dailies(site.ctx.today()).items()))
    return Puzzle.from_row(puzzles_of(site.ctx).bundle.row(band, pid), band)


def solve(site: Site, headers: dict[str, str], puzzle: Puzzle, seconds: int) -> dict[str, Any]:
    site.clock.at -= dt.timedelta(seconds=seconds + 1)
    try:
        opened = site.http.post(f"{site.base}/api/chess/plays", json={"id": puzzle.id, "band": puzzle.band},
                             headers=headers)
    finally:
        site.clock.at += dt.timedelta(seconds=seconds + 1)
    body = {"id": puzzle.id, "band": puzzle.band, "moves": puzzle.solution, "mistakes": 0, "hints": 0,
            "seconds": seconds, "ticket": opened.json()["ticket"]}
    got = site.http.post(f"{site.base}/api/chess/solves", json=body, headers=headers)
    assert got.status_code == 200, got.text
    site.clock.advance(minutes=1)
    return dict(got.json())


def test_a_posts_place_is_read_from_the_boards_snapshot(site: Site) -> None:
    puzzle = daily(site)
    path = f"snapshots/chess/daily/{TODAY}/{puzzle.band}.json"
    ada, bob, cy = signed_up(site, "Ada"), signed_up(site, "Bob"), signed_up(site, "Cy")
    # Before any snapshot of the board: the place isn't known yet, and none is claimed.
    first = solve(site, ada, puzzle, 30)
    assert first["daily"] == TODAY and (first["place"], first["about"], first["top"]) == (None, False, None)
    assert not (site.dist / path).exists()

    assert path in site.publish()
    served = site.http.get(f"{site.base}/{path}")
    assert served.status_code == 200 and served.headers["cache-control"] == "public, max-age=15"
    snapshot = served.json()
    assert [(r["place"], r["name"]) for r in snapshot["rows"]] == [(1, "Ada")]
    assert snapshot["size"] == 1 and snapshot["runs"] == [[snapshot["rows"][0]["key"], 1]]
    me = site.http.get(f"{site.base}/api/me", headers=ada).json()
    assert me["id"] not in served.text  # no player ids in a snapshot

    # Bob, slower: second, found on the snapshot that holds Ada.
    second = solve(site, bob, puzzle, 50)
    assert (second["place"], second["about"], second["top"]) == (2, False, None)

    # The place is the snapshot's word, not a count of the board: on a snapshot of 5,000 clean solves of
    # 1 to 5,000 seconds (a board read whole, in runs), Cy's 4,000-second solve is about #4,000.
    keys = [f"0#0000#{n:06d}#2026-11-01T00:00:00.000000Z" for n in range(1, 5001)]
    rows = [{"place": n + 1, "name": f"P{n}", "key": k, "mistakes": 0, "hints": 0, "seconds": n + 1,
             "clean": True} for n, k in enumerate(keys[:100])]
    big = {**snapshot, "rows": rows, "size": 5000, "runs": [list(r) for r in runs_of(keys)]}
    DirWriter(site.dist).write(path, json.dumps(big).encode())
    site.ctx.part(Snapshots.of).forget()
    third = solve(site, cy, puzzle, 4000)
    assert third["about"] is True and abs(third["place"] - 4000) <= 40 and third["top"] is None


def test_a_board_is_its_snapshot_and_mine_the_callers_own_entry(site: Site) -> None:
    puzzle = daily(site)
    ada, bob = signed_up(site, "Ada"), signed_up(site, "Bob")
    board_url = f"{site.base}/api/boards/chess/daily/{TODAY}"
    solve(site, ada, puzzle, 30)
    empty = site.http.get(board_url, headers=ada).json()
    assert empty["rows"] == [] and empty["published"] is None
    assert empty["mine"]["place"] is None and empty["mine"]["seconds"] == 30  # her own item: known
    site.publish()
    solve(site, bob, puzzle, 20)  # faster, after the snapshot: the board shows it within 15 s
    board = site.http.get(board_url, headers=ada).json()
    assert [(r["name"], r["you"]) for r in board["rows"]] == [("Ada", True)]
    assert board["mine"]["place"] == 1 and board["published"].startswith(TODAY)
    bobs = site.http.get(board_url, headers=bob).json()["mine"]
    assert bobs["place"] == 1 and bobs["seconds"] == 20  # his own entry, placed on the snapshot
    site.publish()
    board = site.http.get(board_url, headers=ada).json()
    assert [r["name"] for r in board["rows"]] == ["Bob", "Ada"] and board["mine"]["place"] == 2

    # The caller's own entry, for a page that reads the snapshot itself.
    entry_url = f"{site.base}/api/me/entry/chess/daily/{TODAY}/{puzzle.band}"
    entry = site.http.get(entry_url, headers=ada)
    assert entry.status_code == 200 and entry.headers["cache-control"] == "no-store"
    snapshot = site.http.get(f"{site.base}{entry.json()['snapshot']}").json()
    assert entry.json() == {
        "board": "chess/daily", "date": TODAY, "band": puzzle.band,
        "snapshot": f"/snapshots/chess/daily/{TODAY}/{puzzle.band}.json",
        "key": snapshot["rows"][1]["key"],
        "row": {"mistakes": 0, "hints": 0, "seconds": 30, "clean": True},
    }
    nobody = signed_up(site, "Cy")
    none = site.http.get(entry_url, headers=nobody).json()
    assert (none["key"], none["row"]) == (None, None)
    assert site.http.get(entry_url).status_code == 401
    assert site.http.get(f"{site.base}/api/me/entry/chess/daily/{TODAY}/Nope", headers=ada).status_code == 404
    assert site.http.get(f"{site.base}/api/me/entry/ratings/chain", headers=ada).status_code == 404
    late = site.http.get(f"{site.base}/api/me/entry/chain/daily/2026-11-03", headers=ada)
    assert late.status_code == 404 and "isn’t out yet" in late.json()["error"]
    alltime = site.http.get(f"{site.base}/api/me/entry/chess/alltime", headers=ada).json()
    assert alltime["row"] == {"clean": 1} and alltime["snapshot"] == "/snapshots/chess/alltime.json"


def test_a_past_day_without_a_snapshot_is_read_once(site: Site) -> None:
    """A day from before snapshots (no snapshot was published while it was live) is read from the store
    once per container, and kept: it no longer changes."""
    puzzle = daily(site)
    ada = signed_up(site, "Ada")
    solve(site, ada, puzzle, 30)
    site.clock.advance(days=3)
    url = f"{site.base}/api/boards/chess/daily/{TODAY}"
    first = site.http.get(url).json()
    assert [r["name"] for r in first["rows"]] == ["Ada"] and first["published"]
    assert site.http.get(url).json() == first
