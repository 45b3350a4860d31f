"""Three players across their own midnights (docs/ratings.md, "Whose day"): one at Kiritimati
(UTC+14, where every date begins first), one at Pago Pago (UTC-11, where it ends last but one) and
one in London. Each plays the daily of their own date a few minutes before their midnight, then
their new date's daily a minute after it: each gets their date's puzzles at their own midnight and
not before, is counted on the right date's board, and their streak counts their own days.

The server runs here, in this process, on a clock the test sets (as the browser's is set), over a
copy of the run's seed build and store: real HTTP, the real release rule and the real pages."""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from zoneinfo import ZoneInfo

import pytest

from bench.bench_honesty import Skewed
from puzzlebook.chess.puzzle import Puzzle
from tests.browser import chain_helpers as chx
from tests.browser import chess_helpers as ch
from tests.site_seed import copy_seed, seed_folder, shared_folder
from tests.support import publish_boards, uvicorn_serving

pytestmark = pytest.mark.browser

ZONES = ("Pacific/Kiritimati", "Europe/London", "Pacific/Pago_Pago")


@dataclass
class World:
    url: str
    clock: Skewed
    ctx: Any
    client: Any


@pytest.fixture(scope="module")
def world(tmp_path_factory: pytest.TempPathFactory, site_server: Any) -> Iterator[World]:
    import httpx2 as httpx

    from functions.app import create_app
    from ops.server import SiteServer
    from service.settings import load
    from service.store.sqlite import SqliteStore

    base = tmp_path_factory.mktemp("own-midnight")
    seed = seed_folder(shared_folder(tmp_path_factory.getbasetemp()))
    copy_seed(seed, base / "dist", base / "store.sqlite3")
    env = {**site_server.env, "PUZZLEBOOK_DIST": str(base / "dist"),
           "PUZZLEBOOK_STORE": f"sqlite:///{base / 'store.sqlite3'}"}
    settings = load(env, warn=False)
    clock = Skewed()  # the server's; each page's set to the same moment (Playwright's set_system_time)
    store = SqliteStore(str(base / "store.sqlite3"))
    try:
        app = create_app(settings, store, clock=clock)
        with uvicorn_serving(SiteServer(Path(settings.dist), app, clock=clock)) as url, \
                httpx.Client(base_url=url, timeout=30) as client:
            yield World(url, clock, app.state.ctx, client)
    finally:
        store.close()


def midnight(day: dt.date, zone: str) -> dt.datetime:
    """The first second of `day` in `zone`, in UTC."""
    return dt.datetime.combine(day, dt.time(), ZoneInfo(zone)).astimezone(dt.UTC)


def the_daily(world: World, bundle: Any, date: dt.date) -> Puzzle:
    got = world.client.get(f"/api/chess/daily/{date.isoformat()}")
    assert got.status_code == 200, got.text
    entry = got.json()["dailies"][0]
    return Puzzle.from_row(bundle.row(entry["band"], entry["id"]), entry["band"])


def play_daily(page: Any, world: World, when: dt.datetime, puzzle: Puzzle) -> None:
    """At `when` on both clocks, open the home page, check it offers `puzzle`'s date, solve it, and
    wait until the server has taken the solve. The sheet shows the result as soon as it is played,
    while its post waits a second a move after its ticket (lib/session.js, `notBefore`): moving the
    clocks on before it lands would send a 23:57 solve at 00:01, after its date has ended there."""
    world.clock.at(when)
    page.clock.set_system_time(when)
    # The page loaded afresh each time (the home, with no hash, then the daily): when the new date's
    # daily had the old one's band, its address was the one the page was at, and going there again
    # only moved the hash (nothing loaded: the old daily's sheet stayed up, saying the next one comes
    # in two minutes).
    page.goto("/")
    page.goto(f"/#/daily/{puzzle.band}")
    ch.wait_ready(page)
    assert page.text_content("#play-kind").startswith("Daily · ")
    with page.expect_response(lambda r: r.url.endswith("/api/chess/solves"), timeout=60_000) as posted:
        ch.solve(page, puzzle)
        page.locator("#play-done").wait_for(state="visible")
    assert posted.value.status == 200, posted.value.text()


def board_names(world: World, date: dt.date, band: str) -> list[str]:
    path = f"/api/boards/chess/daily/{date.isoformat()}?band={band}"
    publish_boards(world.ctx, path)
    return [row["name"] for row in world.client.get(path).json()["rows"]]


def test_each_player_gets_their_dates_daily_at_their_own_midnight(world: World, make_page: Any,
                                                                  bundle: Any) -> None:
    # The date after the real one in UTC: its midnights are within the next two days everywhere.
    new_day = dt.datetime.now(dt.UTC).date() + dt.timedelta(days=1)
    old_day = new_day - dt.timedelta(days=1)
    earliest = min(midnight(new_day, zone) for zone in ZONES)
    world.clock.at(earliest - dt.timedelta(days=1))
    players = {zone: world.client.post("/api/players", json={"name": zone.split("/")[1][:12]}).json()
               for zone in ZONES}
    old, new = the_daily(world, bundle, old_day), None
    # In order of their midnights: Kiritimati's first, then London's, then Pago Pago's.
    for zone in sorted(ZONES, key=lambda z: midnight(new_day, z)):
        player, turn = players[zone], midnight(new_day, zone)
        page = make_page(timezone_id=zone, base_url=world.url)
        chx.sign_in(page, player)
        # Three minutes before their midnight: their date is still old_day, and it is old_day's daily.
        play_daily(page, world, turn - dt.timedelta(minutes=3), old)
        if zone == "Pacific/Kiritimati":  # nothing of new_day is out anywhere yet
            early = world.client.get(f"/daily/chess/{new_day.isoformat()}.json")
            assert early.status_code == 404 and "isn’t out yet" in early.json()["error"]
        # A minute after it: their new date, and its daily.
        world.clock.at(turn + dt.timedelta(minutes=1))
        new = new or the_daily(world, bundle, new_day)
        play_daily(page, world, turn + dt.timedelta(minutes=1), new)
        headers = {"Authorization": f"Bearer {player['token']}"}
        for day in (old_day, new_day):
            mine = world.client.get(f"/api/me/chess/{day.isoformat()}", headers=headers).json()
            assert mine["dailies"][0]["solve"] is not None, (zone, day)
        streak = world.client.get("/api/me", headers=headers).json()["streaks"]["chess"]
        assert streak["current"] == 2, (zone, streak)
        page.goto("/")  # the home page's streak line says it too, at their own date
        page.wait_for_function("() => document.getElementById('streak-line').textContent.includes('2 days')")
    names = {zone.split("/")[1][:12] for zone in ZONES}
    assert set(board_names(world, old_day, old.band)) == names
    assert new is not None and set(board_names(world, new_day, new.band)) == names
