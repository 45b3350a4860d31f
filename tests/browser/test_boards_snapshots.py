"""The boards page reads each board from its snapshot (/snapshots/<board path>.json), never from
/api/boards: it says how fresh the snapshot is, places a signed-in player on it by places.js from
their own entry (`GET /api/me/entry/...`), and says when a board has no snapshot.

Here the snapshots are served to the page by the test (page.route: the real publisher in the server
writes over any file put in dist/), for what a test can't make the
real publisher write in its time: a board too big to read whole (its distribution is percentiles
of a sample), a stamp of a known age. tests/browser/test_boards.py reads what the real publisher
wrote."""

from __future__ import annotations

import datetime as dt
import json
from pathlib import Path
from typing import Any

import pytest

from tests.browser import chain_helpers as ch
from tests.browser.conftest import allow_failed_fetch

pytestmark = pytest.mark.browser


def serve_snapshot(page: Any, path: str, snapshot: dict[str, Any]) -> None:
    """`page` is served `snapshot` at /snapshots/<path>.json, as the site serves one (the real
    publisher, running in the server, would write over a file the test put in dist/)."""
    page.route(f"**/snapshots/{path}.json", lambda route: route.fulfill(
        status=200, content_type="application/json", body=json.dumps(snapshot),
        headers={"Cache-Control": "public, max-age=15"}))


def stamp(ago: float) -> str:
    return (dt.datetime.now(dt.UTC) - dt.timedelta(seconds=ago)).isoformat().replace("+00:00", "Z")


def sampled_board(size: int, ago: float) -> dict[str, Any]:
    """An all-time board of `size` entries, too big to read whole: its top 100 and the percentiles
    of an even sample (keys k000000 … sort as the board ranks)."""
    rows = [{"place": n + 1, "name": f"Solver {n + 1}", "key": f"a{n:05d}", "clean": 5000 - n}
            for n in range(100)]
    return {
        "board": "chess/alltime", "date": None, "band": "Expert", "published": stamp(ago), "size": size,
        "rows": rows, "runs": None, "percentiles": [f"k{(p + 1) * 1000:06d}" for p in range(99)],
    }


def requested(page: Any) -> list[str]:
    urls: list[str] = []
    page.on("request", lambda request: urls.append(request.url))
    return urls


def own_entry(page: Any, entries: dict[str, dict[str, Any] | None]) -> None:
    """The API's answers for the player's own entry on each board (by its path; null on any other),
    as the snapshots' route gives them."""
    prefix = "/api/me/entry/"

    def answer(route: Any) -> None:
        path = route.request.url.split(prefix, 1)[1]
        route.fulfill(status=200, content_type="application/json", body=json.dumps(entries.get(path)))

    page.route(f"**{prefix}**", answer)


def test_a_player_far_down_a_sampled_board_is_shown_in_their_top_per_cent(make_page, site_server, axe):
    player = ch.new_player(site_server, "Far Below")
    page = make_page()
    serve_snapshot(page, "chess/alltime/Expert", sampled_board(250_000, ago=12))
    urls = requested(page)
    ch.sign_in(page, player)
    own_entry(page, {"chess/alltime/Expert": {"key": "k012500", "row": {"clean": 7}}})
    page.goto("/boards/#/chess/alltime/Expert")
    page.wait_for_selector(".board-table tr.is-you")
    rows = page.eval_on_selector_all(
        ".board-table tbody tr", "(trs) => trs.map((tr) => [...tr.cells].map((td) => td.textContent))")
    assert len(rows) == 102, "the top 100, a gap, and their own row"
    assert rows[101] == ["top 13%", "Far Below (you)", "7"]
    assert page.text_content("#board-mine") == "You are in the top 13%, with 7 clean solves."
    fresh = page.text_content("#board-fresh")
    assert fresh.startswith("Updated 1") and fresh.endswith(" seconds ago"), fresh
    assert any("/snapshots/chess/alltime/Expert.json" in url for url in urls)
    assert not any("/api/boards/" in url for url in urls), "the rows come from the snapshot, not the API"
    assert axe(page) == []


def test_the_freshness_line_keeps_time_without_being_read_out(make_page, site_server):
    page = make_page()
    serve_snapshot(page, "chess/alltime/Hard", {**sampled_board(250_000, ago=75), "band": "Hard"})
    page.clock.install()
    page.goto("/boards/#/chess/alltime/Hard")
    page.wait_for_selector(".board-table")
    assert page.text_content("#board-fresh") == "Updated 1 minute ago"
    page.clock.run_for(60_000)
    page.wait_for_function(
        "() => document.getElementById('board-fresh').textContent === 'Updated 2 minutes ago'")
    # Not a live region, nor inside one: a screen reader hears it once, in the board's announcement.
    assert page.evaluate("""() => {
      const fresh = document.getElementById('board-fresh')
      return !fresh.closest('[aria-live], [role=status], [role=log], [role=alert]')
    }""")


def test_a_board_without_a_snapshot_says_so(make_page, site_server):
    today = ch.site_today(site_server)
    long_ago = (dt.date.fromisoformat(today) - dt.timedelta(days=40)).isoformat()
    page = make_page()
    allow_failed_fetch(page, "404", r"/snapshots/.+\.json", "boards with no snapshot, on purpose")
    urls = requested(page)
    page.goto(f"/boards/#/chain/daily/{long_ago}")
    page.wait_for_function("() => !document.getElementById('board-body').textContent.startsWith('Loading')")
    assert page.text_content("#board-body").endswith("no board was published for that day.")
    assert page.is_hidden("#board-fresh")
    # Today's board of a player on it, before the publisher has written it.
    player = ch.new_player(site_server, "Early Bird")
    page = make_page()
    allow_failed_fetch(page, "404", r"/snapshots/.+\.json", "a board with no snapshot, on purpose")
    ch.sign_in(page, player)
    page.route(f"**/snapshots/storm/daily/{today}.json",
               lambda route: route.fulfill(status=404, body="Not Found"))
    own_entry(page, {f"storm/daily/{today}": {"key": "k1", "row": {"score": 3}}})
    page.goto("/boards/#/storm/daily")
    page.wait_for_function("() => !document.getElementById('board-body').textContent.startsWith('Loading')")
    assert "this board isn’t published yet" in page.text_content("#board-body")
    assert not any("/api/boards/" in url for url in urls)


SHOTS = Path("/tmp/puzzlebook-boards-shots")


def chain_board(today: str, ago: float) -> dict[str, Any]:
    """Today's Chain board of 5,000 entries, read whole: its top 100 and its runs (as
    puzzlebook.places.runs_of cuts them), the longest names the API takes among them."""
    from puzzlebook.places import runs_of

    keys = [f"k{n:05d}" for n in range(5000)]
    names = ["W" * 24, "Maximiliana Wolfeschlege", "Bartholomew Featherstone"]
    rows = [{"place": n + 1, "name": names[n] if n < len(names) else f"Chainer {n + 1}", "key": keys[n],
             "clean": n < 60, "undos": 0 if n < 60 else n % 7, "resets": 0 if n < 60 else n % 3,
             "seconds": 40 + n} for n in range(100)]
    return {"board": "chain/daily", "date": today, "band": None, "published": stamp(ago), "size": len(keys),
            "rows": rows, "runs": [list(run) for run in runs_of(keys)], "percentiles": None}


NO_SIDEWAYS = "() => document.documentElement.scrollWidth <= innerWidth"


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("width", [320, 390, 1280])
def test_what_a_player_below_the_top_sees(make_page, site_server, axe, scheme, width):
    """The screens of docs/screenshots/boards-*.png: Chain's board (wide: two lines a row on a
    phone) with the player about #3975, and a sampled board with the player in its top 13%.
    Looked at by a person when they change; here, axe-clean and never scrolling sideways."""
    today = ch.site_today(site_server)
    player = ch.new_player(site_server, "Far Below")
    page = make_page(viewport={"width": width, "height": 900}, color_scheme=scheme)
    serve_snapshot(page, f"chain/daily/{today}", chain_board(today, ago=12))
    serve_snapshot(page, "chess/alltime", {**sampled_board(900_000, ago=40), "band": None})
    serve_snapshot(page, "chess/alltime/Expert", sampled_board(250_000, ago=40))
    ch.sign_in(page, player)
    own_entry(page, {
        f"chain/daily/{today}": {
            "key": "k04000", "row": {"clean": False, "undos": 3, "resets": 1, "seconds": 95}},
        "chess/alltime": {"key": "k012500", "row": {"clean": 7}},
        "chess/alltime/Expert": {"key": "k012500", "row": {"clean": 7}},
    })
    SHOTS.mkdir(exist_ok=True)
    page.goto("/boards/#/chain/daily")
    page.wait_for_selector(".board-table tr.is-you")
    assert page.text_content("#board-mine") == "You are about #3975 on this day’s board."
    assert page.text_content(".board-table tr.is-you td") == "about #3975"
    assert page.evaluate(NO_SIDEWAYS)
    assert axe(page) == []
    page.screenshot(path=str(SHOTS / f"boards-{width}-{scheme}.png"))
    page.locator(".board-table tr.is-you").scroll_into_view_if_needed()
    page.screenshot(path=str(SHOTS / f"boards-{width}-{scheme}-you.png"))
    page.click("[data-board='chess/alltime']")
    page.select_option("#board-band", "Expert")
    page.wait_for_function(
        "() => document.querySelector('.board-table caption')?.textContent.endsWith('Expert')")
    page.wait_for_selector(".board-table tr.is-you")
    assert page.text_content(".board-table tr.is-you td") == "top 13%"
    assert page.evaluate(NO_SIDEWAYS)
    assert axe(page) == []
    page.locator(".board-table tr.is-you").scroll_into_view_if_needed()
    page.screenshot(path=str(SHOTS / f"boards-{width}-{scheme}-top.png"))


def test_every_control_is_reached_and_used_by_keyboard(page, site_server):
    """Tab reaches every board's tab, the day and the band; Enter on a tab opens its board."""
    today = ch.site_today(site_server)
    serve_snapshot(page, f"chain/daily/{today}", chain_board(today, ago=5))
    serve_snapshot(page, "chess/alltime", {**sampled_board(900_000, ago=5), "band": None})
    page.goto("/boards/#/chain/daily")
    page.wait_for_selector(".board-table")

    def walk() -> list[str]:
        page.evaluate("() => document.activeElement && document.activeElement.blur()")
        reached: list[str] = []
        for _ in range(60):
            page.keyboard.press("Tab")
            here = page.evaluate(
                "() => { const e = document.activeElement;"
                " return e === document.body ? null : (e.dataset.board || e.id || e.textContent.trim()) }")
            if here in reached:
                break
            if here:
                reached.append(here)
        return reached

    boards = page.eval_on_selector_all("[data-board]", "(links) => links.map((a) => a.dataset.board)")
    reached = walk()
    assert set(boards) <= set(reached) and "board-date" in reached, reached
    page.click("[data-board='chess/alltime']")
    page.wait_for_selector("#band-field:not([hidden])")
    assert "board-band" in walk()
    page.focus("[data-board='chain/daily']")
    page.keyboard.press("Enter")
    page.wait_for_url("**/boards/#/chain/daily")
    page.wait_for_function(
        "() => document.querySelector('.board-table caption')?.textContent.startsWith('Chain')")
