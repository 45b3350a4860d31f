"""Play tickets in the browser: a signed-in player notices nothing (a daily, an Endless puzzle and a
Chain day post and rate as before, each result carrying the ticket its puzzle was issued as it
opened), and a puzzle whose ticket never came posts as offline: kept for the player, unrated, on no
board, and the result sheet says so."""

from __future__ import annotations

import json
from typing import Any

import pytest

from puzzlebook.chess.puzzle import Puzzle
from tests.browser import chain_helpers as chain
from tests.browser import chess_helpers as ch
from tests.browser.conftest import allow_failed_fetch

pytestmark = pytest.mark.browser

RESULTS = ("/api/chess/solves", "/api/chess/misses", "/api/chain/solves", "/api/chain/giveups")


def watch_results(page: Any) -> list[dict[str, Any]]:
    """The bodies of the results the page posts, as sent."""
    sent: list[dict[str, Any]] = []
    page.on("request", lambda r: r.method == "POST" and any(r.url.endswith(p) for p in RESULTS)
            and sent.append(json.loads(r.post_data)))
    return sent


def solve_believably(page: Any, puzzle: Puzzle) -> None:
    """Wait past the second-a-move floor, then play the line and wait for the sheet."""
    ch.wait_ready(page)
    page.wait_for_timeout(1000 * len(puzzle.solution) + 200)
    ch.solve(page, puzzle)
    page.locator("#results-sheet[open]").wait_for()


@pytest.mark.slow
def test_a_signed_in_player_notices_nothing_daily_endless_and_chain(make_page, site_server, bundle):
    player = chain.new_player(site_server, "Ticketed Tess")
    page = make_page()
    chain.sign_in(page, player)
    sent = watch_results(page)
    today = chain.site_today(site_server)

    # The daily: rated, on today's board.
    status, file = site_server.get(f"/daily/chess/{today}.json")
    assert status == 200
    entry = file["dailies"][0]
    daily = Puzzle.from_row(bundle.row(entry["band"], entry["id"]), entry["band"])
    ch.open_puzzle(page, f"/#/daily/{daily.band}")
    solve_believably(page, daily)
    page.wait_for_selector("#results-rating:not([hidden])")
    assert page.text_content("#results-rating").startswith("Your rating: ")
    assert page.text_content("#results-note") == "Posted."
    site_server.publish()  # the board's snapshot with the solve (the server's own thread: within 15 s)
    board = site_server.get(f"/api/boards/chess/daily/{today}?band={daily.band}")[1]
    assert "Ticketed Tess" in [r["name"] for r in board["rows"]]

    # The next Endless puzzle, from the sheet: rated too.
    page.click("#results-next")
    page.wait_for_function("() => location.hash.startsWith('#/p/')")
    band, puzzle_id = page.evaluate("location.hash").split("/")[2:4]
    endless = Puzzle.from_row(bundle.row(band, puzzle_id), band)
    solve_believably(page, endless)
    page.wait_for_selector("#results-rating:not([hidden])")
    me = site_server.get("/api/me", token=player["token"])[1]
    assert me["chess"]["solved"] == 2 and me["ratings"]["chess"]["games"] == 2

    # Today's Chain: on its board.
    puzzle = chain.public_day(site_server, today)
    chain.open_day(page)
    page.wait_for_timeout(1000 * puzzle["moves"] + 200)
    chain.click_tiles(page, chain.solving_order(puzzle))
    page.locator("#chain-results-sheet[open]").wait_for()
    page.wait_for_selector("#results-place:not([hidden])")
    assert page.text_content("#results-note") == "Posted to today’s board."

    # Every result went with the ticket its puzzle was issued, none as offline.
    assert len(sent) == 3
    assert all(isinstance(body.get("ticket"), str) and not body.get("offline") for body in sent), sent


@pytest.mark.slow
def test_a_puzzle_whose_ticket_never_came_posts_as_offline_and_says_so(make_page, site_server, bundle):
    player = chain.new_player(site_server, "Unticketed Uma")
    page = make_page()
    chain.sign_in(page, player)
    sent = watch_results(page)
    # The server is out of reach as the puzzle opens: no ticket comes; play starts regardless.
    # (The request says the player's date and offset: ?date=…&offset=….)
    page.route("**/api/chess/plays?*", lambda route: route.abort())
    allow_failed_fetch(page, "net::ERR_FAILED", r"/api/chess/plays\?date=[0-9-]+&offset=-?[0-9]+",
                       "the ticket never comes, on purpose")
    puzzle = ch.find_puzzle(bundle, "Medium", moves=2)
    ch.open_puzzle(page, f"/#/p/Medium/{puzzle.id}")
    solve_believably(page, puzzle)
    page.wait_for_function("() => document.getElementById('results-note').textContent.startsWith('Kept')")
    assert page.text_content("#results-note") == (
        "Kept in your own tallies and streak. It was played offline, so it isn’t rated and goes on no board."
    )
    assert page.is_hidden("#results-rating")
    assert sent == [{**sent[0], "offline": True}] and "ticket" not in sent[0]
    me = site_server.get("/api/me", token=player["token"])[1]
    assert me["chess"]["solved"] == 1 and me["ratings"]["chess"] is None
    alltime = site_server.get("/api/boards/chess/alltime")[1]
    assert "Unticketed Uma" not in [r["name"] for r in alltime["rows"]]


def set_visible(page: Any, visible: bool) -> None:
    """The tab hidden or in sight, as the browser tells a page when its tab is switched (headless
    Chromium keeps every page visible, so the page is told here)."""
    page.evaluate(
        """(visible) => {
          const value = visible ? 'visible' : 'hidden'
          Object.defineProperty(document, 'visibilityState', { value, configurable: true })
          document.dispatchEvent(new Event('visibilitychange'))
        }""",
        visible,
    )


def ticket_of(page: Any, puzzle: Puzzle, other_than: str | None = None) -> str:
    """The ticket the puzzle's record holds, once one has come (one other than `other_than`)."""
    page.wait_for_function(
        """([key, old]) => { const rec = JSON.parse(localStorage.getItem(key) || 'null')
          return rec && typeof rec.ticket === 'string' && rec.ticket !== old }""",
        arg=[f"pb:chess:p:{puzzle.band}/{puzzle.id}", other_than],
    )
    rec = ch.record(page, puzzle.band, puzzle.id)
    assert rec is not None
    return str(rec["ticket"])


@pytest.mark.slow
def test_a_puzzle_left_in_another_tab_is_taken_up_again_and_rated(make_page, site_server, bundle):
    # Issue 26: a human with several tabs. The server holds a play left part way with its time
    # (docs/api.md, "Play tickets"); the tab coming back takes its play up again, so its solve is rated.
    player = chain.new_player(site_server, "Tabbed Tam")
    first = make_page()
    chain.sign_in(first, player)
    sent = watch_results(first)
    here, there = [p for p in ch.puzzles(bundle, "Medium") if len(p.solution) == 2][:2]
    ch.open_puzzle(first, f"/#/p/Medium/{here.id}")
    ticket = ticket_of(first, here)
    set_visible(first, False)  # to another tab, which opens another puzzle
    second = first.context.new_page()
    second.set_default_timeout(10_000)
    ch.open_puzzle(second, f"/#/p/Medium/{there.id}")
    ticket_of(second, there)
    second.wait_for_timeout(1500)
    set_visible(first, True)  # back to the first tab: its play is taken up again
    solve_believably(first, here)
    first.wait_for_function("""() => {
      const note = document.getElementById('results-note').textContent
      return note !== '' && !note.startsWith('Waiting')
    }""")  # the answer is in
    assert first.text_content("#results-note") == "Posted."  # not "Kept in your own tallies…"
    first.wait_for_selector("#results-rating:not([hidden])")
    assert len(sent) == 1 and isinstance(sent[0].get("ticket"), str) and sent[0]["ticket"] != ticket
    me = site_server.get("/api/me", token=player["token"])[1]
    assert me["chess"]["solved"] == 1 and me["ratings"]["chess"]["games"] == 1


@pytest.mark.slow
def test_a_reload_mid_puzzle_keeps_the_solve_rated(make_page, site_server, bundle):
    # The honest resume: the current play taken up again keeps all its time (a reload).
    player = chain.new_player(site_server, "Reloading Rae")
    page = make_page()
    chain.sign_in(page, player)
    sent = watch_results(page)
    puzzle = ch.find_puzzle(bundle, "Hard", moves=3)
    ch.open_puzzle(page, f"/#/p/Hard/{puzzle.id}")
    ticket = ticket_of(page, puzzle)
    ch.click_move(page, puzzle.solution[0], ch.solver_color(puzzle))
    ch.wait_turn(page, puzzle.band, puzzle.id, 1)
    page.reload()
    ch.wait_ready(page)
    ticket_of(page, puzzle, other_than=ticket)
    color = ch.solver_color(puzzle)
    for k, uci in enumerate(puzzle.solution[1:], start=1):
        page.wait_for_timeout(1100)
        ch.click_move(page, uci, color)
        if k < len(puzzle.solution) - 1:
            ch.wait_turn(page, puzzle.band, puzzle.id, k + 1)
    page.locator("#results-sheet[open]").wait_for()
    page.wait_for_selector("#results-rating:not([hidden])")
    assert page.text_content("#results-note") == "Posted."
    assert len(sent) == 1 and sent[0]["ticket"] != ticket and not sent[0].get("offline")
    me = site_server.get("/api/me", token=player["token"])[1]
    assert me["chess"]["solved"] == 1 and me["ratings"]["chess"]["games"] == 1
