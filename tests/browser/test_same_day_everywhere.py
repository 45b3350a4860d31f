"""The same day on every device (docs/site.md): a signed-in player who finished today's Chain on one
device opens it on another and sees their result there, as the server keeps it: not the day unplayed,
and never "Solved, cleanly" for a go this device never played beside "Your earlier result for this
day stands"."""

from __future__ import annotations

import pytest

from tests.browser import chain_helpers as ch
from tests.browser.test_chess_play import results as results_of
from tests.browser.test_chess_play import todays_daily

pytestmark = pytest.mark.browser


def test_todays_chain_finished_elsewhere_shows_the_servers_result(make_page, site_server):
    today = ch.site_today(site_server)
    order = ch.solving_order(ch.public_day(site_server, today))
    player = ch.new_player(site_server, "Two Devices")
    # The first device: solved with one undo, so not cleanly.
    answer = ch.solved_elsewhere(site_server, player, today, seconds=40, undos=1)
    assert answer["streak"] == 1, answer
    # The second device: signed in, nothing of the day kept here.
    page = make_page()
    ch.sign_in(page, player)
    page.goto("/chain/")
    page.locator("#chain-done").wait_for(state="visible")
    assert page.text_content("#chain-done-title") == "Solved."
    assert page.locator("#chain-actions").is_hidden()
    page.click("#results-button")
    page.locator("#chain-results-sheet[open]").wait_for()
    assert page.text_content("#chain-results-sheet-title") == "Solved"
    assert page.text_content("#results-time") == "0:40"
    assert page.text_content("#results-undos") == "1"
    assert page.text_content("#results-streak") == "Chain streak: 1 day."
    assert "earlier result" not in (page.text_content("#results-note") or "")
    # Kept here now as theirs: a reload shows it again without a new go, and nothing is queued.
    kept = ch.record(page, today)
    assert kept and kept["state"] == "solved" and kept["played"] == order and kept["by"] == player["id"]
    assert page.evaluate("() => localStorage.getItem('pb:chain:queue')") in (None, "[]")


def test_the_home_cards_chain_says_solved_when_solved_elsewhere(make_page, site_server):
    today = ch.site_today(site_server)
    player = ch.new_player(site_server, "Card Elsewhere")
    ch.solved_elsewhere(site_server, player, today, seconds=30)
    page = make_page()
    ch.sign_in(page, player)
    page.goto("/")
    page.wait_for_function("() => document.getElementById('chain-card-state').textContent === 'Solved'")
    assert page.text_content("#chain-card-streak") == "Chain streak: 1 day."


def chess_solved_elsewhere(site_server, player, puzzle, seconds: int, hints: int = 0) -> dict:
    """`player` solves the daily `puzzle` on another device (through the API, with a ticket)."""
    body = {"id": puzzle.id, "band": puzzle.band, "moves": puzzle.solution, "mistakes": 0, "hints": hints,
            "seconds": seconds}
    status, answer = site_server.post_result("/api/chess/solves", body, player["token"])
    assert status == 200, answer
    return answer


def test_todays_chess_daily_finished_elsewhere_shows_the_servers_result(make_page, site_server, bundle):
    puzzle = todays_daily(site_server, bundle)
    player = ch.new_player(site_server, "Chess Elsewhere")
    answer = chess_solved_elsewhere(site_server, player, puzzle, seconds=len(puzzle.solution) + 1, hints=1)
    assert answer["streak"] == 1
    page = make_page()
    ch.sign_in(page, player)
    # The home card says Solved, with the server's streak, before the daily is opened here.
    page.goto("/")
    item = f'#daily-list .daily-item[data-band="{puzzle.band}"] .daily-state'
    page.wait_for_function("(sel) => document.querySelector(sel).textContent === 'Solved'", arg=item)
    assert page.text_content("#streak-line") == "Daily streak: 1 day."
    # The daily opens finished, as it was solved: with a hint, so not cleanly, and nothing to post.
    page.goto(f"/#/daily/{puzzle.band}")
    page.locator("#play-done").wait_for(state="visible")
    assert page.text_content("#play-done-title") == "Solved with help."
    page.click("#results-button")
    got = results_of(page)
    assert (got["title"], got["hints"], got["mistakes"]) == ("Solved with help", "1", "0")
    assert page.text_content("#results-streak") == "Daily streak: 1 day."
    assert "first result" not in (page.text_content("#results-note") or "")
    key = f"pb:chess:p:{puzzle.band}/{puzzle.id}"
    kept = page.evaluate("(key) => JSON.parse(localStorage.getItem(key))", key)
    assert kept["state"] == "solved" and kept["moves"] == puzzle.solution and kept["by"] == player["id"]
    assert page.evaluate("() => localStorage.getItem('pb:chess:queue')") in (None, "[]")


def test_a_chess_daily_given_up_elsewhere_opens_shown(make_page, site_server, bundle):
    puzzle = todays_daily(site_server, bundle)
    player = ch.new_player(site_server, "Gave Up Elsewhere")
    body = {"id": puzzle.id, "band": puzzle.band, "how": "gave-up", "moves": []}
    status, answer = site_server.post_result("/api/chess/misses", body, player["token"])
    assert status == 200, answer
    page = make_page()
    ch.sign_in(page, player)
    page.goto(f"/#/daily/{puzzle.band}")
    page.locator("#play-done").wait_for(state="visible")
    assert page.text_content("#play-done-title") == "Solution shown."
