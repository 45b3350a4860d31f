"""The leaderboards page after play, over the real publisher: a Chain solved in the browser shows
on today's board (read from its snapshot, not the API) and the Chain streaks, a place outside the
top 100 is placed from the board's distribution, and every chess board answers.
tests/browser/test_boards_snapshots.py has what the publisher can't be made to write in a test's
time (a sampled board, a snapshot of a known age)."""

from __future__ import annotations

import datetime as dt
import json
from typing import Any
from zoneinfo import ZoneInfo

import pytest

from puzzlebook.calendar import long_date
from puzzlebook.places import placed, standing_in
from tests.browser import chain_helpers as ch

pytestmark = pytest.mark.browser


def requested(page: Any) -> list[str]:
    """The URLs `page` asks for from now on."""
    urls: list[str] = []
    page.on("request", lambda request: urls.append(request.url))
    return urls


def read_from_snapshot(urls: list[str], path: str) -> None:
    assert any(url.endswith(f"/snapshots/{path}.json") for url in urls), urls
    assert not any("/api/boards/" in url for url in urls), "a board view never asks the API for the board"


def board_rows(page) -> list[dict[str, str]]:
    page.wait_for_selector(".board-table tbody tr")
    return page.eval_on_selector_all(
        ".board-table tbody tr",
        """(trs) => trs.map((tr) => ({
            you: tr.classList.contains('is-you'), gap: tr.classList.contains('board-gap'),
            cells: [...tr.cells].map((td) => td.textContent),
            name: tr.querySelector('.board-name [translate=no]')?.textContent ?? null,
        }))""",
    )


def test_a_solve_in_the_browser_shows_on_todays_board_and_streaks(make_page, site_server):
    today = ch.site_today(site_server)
    puzzle = ch.public_day(site_server, today)
    player = ch.new_player(site_server, "Board Walker")
    site_server.publish()  # what other tests posted is on the board the post is placed on
    page = make_page()
    urls = requested(page)
    ch.sign_in(page, player)
    ch.open_day(page)
    ch.click_tiles(page, ch.solving_order(puzzle))
    page.locator("#chain-results-sheet[open]").wait_for()
    page.wait_for_selector("#results-place:not([hidden])")
    place = page.text_content("#results-place")
    assert place.startswith("Your place on today’s board: #")
    assert page.text_content("#results-streak") == "Chain streak: 1 day."
    assert "Posted to today’s board." in page.text_content("#results-note")
    number = place.rsplit("#", 1)[1].rstrip(".")
    assert f"🏆 #{number} today" in page.text_content("#share-preview")

    # The publisher's round (the server's own loop runs one every 15 s): the board now holds the solve.
    site_server.publish()
    page.click("#results-board")
    page.wait_for_url("**/boards/#/chain/daily/*")
    rows = board_rows(page)
    mine = [r for r in rows if r["you"]]
    assert len(mine) == 1
    assert mine[0]["cells"][0] == f"#{number}"
    assert mine[0]["cells"][1].startswith("Board Walker")
    assert mine[0]["cells"][2] == "Yes", "a solve without undo or reset is clean"
    assert page.get_attribute("[data-board='chain/daily']", "aria-current") == "page"
    assert page.text_content("#board-mine") == f"You are #{number} on this day’s board."
    assert page.text_content("#board-fresh").startswith("Updated ")
    read_from_snapshot(urls, f"chain/daily/{today}")

    page.click("[data-board='chain/streaks']")
    page.wait_for_function("(c) => document.querySelector('.board-table caption')?.textContent === c",
                           arg="Chain streaks")
    mine = [r for r in board_rows(page) if r["you"]]
    assert mine and mine[0]["cells"][2] == "1 day"
    read_from_snapshot(urls, "streaks/chain")


def test_a_place_outside_the_top_100_is_placed_from_the_distribution(make_page, site_server):
    today = ch.site_today(site_server)
    puzzle = ch.public_day(site_server, today)
    order = ch.solving_order(puzzle)
    fast = {"date": today, "tiles": order, "seconds": puzzle["moves"], "undos": 0, "resets": 0}
    quick = site_server.many_players([f"Quick {k}" for k in range(101)])
    answers = site_server.post_results([("/api/chain/solves", fast, other["token"]) for other in quick])
    assert all(status == 200 for status, _ in answers), answers
    site_server.publish()  # the board's snapshot holds the 101: the slow solve is placed after them
    slow = ch.new_player(site_server, "Slow Coach")
    # Slower to place than all of them: nine undos and nine resets (and the time a ticket allows).
    status, posted = site_server.post_result(
        "/api/chain/solves", {**fast, "seconds": 8, "undos": 9, "resets": 9}, slow["token"]
    )
    assert status == 200, posted
    site_server.publish()
    path = f"chain/daily/{today}"
    snapshot = site_server.snapshot(path)
    assert len(snapshot["rows"]) == 100 and snapshot["size"] > 100 and snapshot["runs"]
    assert "Slow Coach" not in [r["name"] for r in snapshot["rows"]]
    status, entry = site_server.get(f"/api/me/entry/{path}", token=slow["token"])
    assert status == 200 and entry["key"], entry
    # Where puzzlebook.places puts them on what was published: the page must say the same.
    where = placed(standing_in(snapshot, entry["key"], "Slow Coach"))
    assert where["place"] and where["place"] > 100, where
    shown = f"{'about ' if where['about'] else ''}#{where['place']}"

    page = make_page()
    urls = requested(page)
    ch.sign_in(page, slow)
    page.goto("/boards/#/chain/daily")
    rows = board_rows(page)
    assert len(rows) == 102, "the top 100, a gap, and the player's own row"
    assert rows[100]["gap"] and rows[101]["you"]
    assert rows[101]["cells"][:2] == [shown, "Slow Coach (you)"]
    # A name is the player's, in no language: a browser's translator leaves it be (translate="no").
    assert all(r["name"] for r in rows[:100]) and rows[101]["name"] == "Slow Coach"
    assert rows[101]["cells"][3:5] == ["9", "9"], "their row's undos and resets, from their own entry"
    assert [r["cells"][0] for r in rows[:100]] == [f"#{n}" for n in range(1, 101)]
    assert page.text_content("#board-mine") == f"You are {shown} on this day’s board."
    read_from_snapshot(urls, path)


def test_every_chess_board_answers(page, site_server):
    site_server.publish()
    page.goto("/boards/")
    page.wait_for_selector("#board-body table, #board-body p:not(:empty)")
    for board, caption in [
        ("chess/alltime", "Chess clean solves of all time · all bands"),
        ("chess/ratings", "Chess ratings"),
        ("chess/streaks", "Chess streaks"),
    ]:
        page.click(f"[data-board='{board}']")
        page.wait_for_function(
            "(c) => (document.querySelector('#board-body')?.textContent || '').startsWith(c)", arg=caption
        )
    page.click("[data-board='chess/alltime']")
    page.select_option("#board-band", "Hard")
    page.wait_for_url("**/boards/#/chess/alltime/Hard")
    page.wait_for_function(
        "(c) => (document.querySelector('#board-body')?.textContent || '').startsWith(c)",
        arg="Chess clean solves of all time · Hard",
    )


@pytest.mark.parametrize(
    "board",
    ["chess/daily", "chess/alltime", "chess/ratings", "chess/streaks", "chain/daily", "chain/streaks"],
)
def test_every_board_is_axe_clean(make_page, site_server, axe, board):
    site_server.publish()
    page = make_page()
    ch.sign_in(page, ch.new_player(site_server, "Looker"))
    page.goto(f"/boards/#/{board}")
    page.wait_for_selector("#board-body table, #board-body p:not(:empty)")
    page.wait_for_function("() => !document.getElementById('board-body').textContent.startsWith('Loading')")
    assert axe(page) == []


def _open_words(until: dt.datetime, now: dt.datetime, zone: ZoneInfo) -> str:
    """What the boards page says of a board open until `until`, to a player in `zone` at `now`."""
    at, today = until.astimezone(zone), now.astimezone(zone).date()
    if (at.hour, at.minute) == (0, 0):
        ending = at.date() - dt.timedelta(days=1)
        when = "midnight" if ending == today else f"the end of {long_date(ending)}"
        return f"Open until {when}, your time"  # whose time, said (issue 40)
    minutes = f":{at.minute:02d}" if at.minute else ""
    clock = f"{at.hour % 12 or 12}{minutes} {'am' if at.hour < 12 else 'pm'}"
    if (at.hour, at.minute) == (12, 0):
        clock = "noon"
    on = "" if at.date() == today else f" on {long_date(at.date())}"
    return f"Open until {clock}{on}, your time"


def test_a_dated_board_says_until_when_it_is_open_in_the_players_time(make_page, site_server, axe):
    """Today's board takes results until the day has ended everywhere (its midnight at UTC−12), said in
    the player's own time; a snapshot's own word wins (null: final, no line); a day long past says
    nothing. On a 320 px phone, axe clean and no sideways scroll."""
    today = dt.date.fromisoformat(ch.site_today(site_server))
    zone = ZoneInfo(site_server.env["SITE_TZ"])
    page = make_page(viewport={"width": 320, "height": 640})
    published = dt.datetime.now(dt.UTC).strftime("%Y-%m-%dT%H:%M:%SZ")
    snapshot: dict[str, Any] = {"published": published, "size": 0, "rows": []}

    def serving(body: dict[str, Any]) -> Any:
        return lambda route: route.fulfill(status=200, content_type="application/json", body=json.dumps(body))

    page.route(f"**/snapshots/chain/daily/{today}.json", serving(snapshot))
    page.goto("/boards/#/chain/daily")
    page.wait_for_selector("#board-open:not([hidden])")
    until = dt.datetime.combine(today + dt.timedelta(days=1), dt.time(12), dt.UTC)
    words = _open_words(until, dt.datetime.now(dt.UTC), zone)
    assert page.text_content("#board-open") == words
    assert axe(page) == []
    assert page.evaluate("document.documentElement.scrollWidth") <= 320

    snapshot["open_until"] = None  # the server's word: final
    page.reload()
    page.wait_for_selector("#board-fresh:not([hidden])")  # shown after the open line's turn
    assert page.is_hidden("#board-open")

    # A day long past, its snapshot saying nothing of it: its end everywhere has passed.
    past = (today - dt.timedelta(days=3)).isoformat()
    silent = {"published": published, "size": 0, "rows": []}
    page.route(f"**/snapshots/chain/daily/{past}.json", serving(silent))
    page.goto(f"/boards/#/chain/daily/{past}")
    page.wait_for_function("(day) => document.getElementById('board-date').value === day", arg=past)
    page.wait_for_selector("#board-fresh:not([hidden])")
    assert page.is_hidden("#board-open")
