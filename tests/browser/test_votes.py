"""Votes and reports after a chess puzzle (docs/votes.md): up or down and "Report a problem" with a
reason, shown as chosen (aria-pressed), changeable, by mouse and keyboard, kept on the server for a
signed-in player; a guest's kept in the browser and sent when they sign in."""

from __future__ import annotations

import json
from typing import Any

import pytest

from puzzlebook.votes import REASONS
from tests.browser import chess_helpers as h
from tests.browser.chain_helpers import sign_in

pytestmark = pytest.mark.browser

NOTE_IS = "(t) => document.getElementById('vote-note').textContent === t"


def finish(page: Any, puzzle: Any) -> None:
    """Solve `puzzle` and close the result sheet: the done box, with the vote, is what stays."""
    h.open_puzzle(page, f"/#/p/{puzzle.band}/{puzzle.id}")
    h.solve(page, puzzle)
    page.locator("#results-sheet[open]").wait_for()
    page.click("#results-sheet [data-close]")
    page.locator("#results-sheet[open]").wait_for(state="detached")
    page.locator("#puzzle-vote").wait_for()


def pressed(page: Any) -> dict[str, str | None]:
    return page.evaluate("""() => ({
      up: document.getElementById('vote-up').getAttribute('aria-pressed'),
      down: document.getElementById('vote-down').getAttribute('aria-pressed'),
      expanded: document.getElementById('report-button').getAttribute('aria-expanded'),
      reason: [...document.querySelectorAll('[data-reason][aria-pressed=true]')]
        .map((b) => b.dataset.reason).join() || null,
    })""")


def server_word(site_server: Any, player: dict[str, Any], puzzle_id: str) -> Any:
    status, word = site_server.get(f"/api/chess/votes/{puzzle_id}", token=player["token"])
    assert status == 200, word
    return word


def kept(page: Any, site_server: Any, player: dict[str, Any], puzzle_id: str, want: dict[str, Any]) -> None:
    """The page says the word just given is kept (its PUT answered), and the server has it."""
    said = "Thanks: your word is kept." if want["vote"] or want["reason"] else "Taken back."
    page.wait_for_function(NOTE_IS, arg=said)
    assert server_word(site_server, player, puzzle_id) == {"id": puzzle_id, **want}


def test_a_player_votes_changes_it_and_reports_a_problem(make_page, site_server, bundle, axe):
    (player,) = site_server.many_players(["Vera Voter"])
    page = make_page()
    sign_in(page, player)
    puzzle = h.find_puzzle(bundle, "Easy", moves=1)
    finish(page, puzzle)
    assert pressed(page) == {"up": "false", "down": "false", "expanded": "false", "reason": None}
    assert page.is_hidden("#report-reasons")
    # The reasons' words are the server's (puzzlebook/votes.py).
    names = page.evaluate("() => Object.fromEntries([...document.querySelectorAll('[data-reason]')]"
                          ".map((b) => [b.dataset.reason, b.textContent]))")
    assert names == REASONS

    page.click("#vote-up")
    assert pressed(page)["up"] == "true"
    kept(page, site_server, player, puzzle.id, {"vote": "up", "reason": None})
    page.wait_for_function("() => document.getElementById('announcer').textContent === 'Voted good.'")

    # Changed by keyboard: one vote, the other one no longer pressed.
    page.focus("#vote-down")
    page.keyboard.press("Space")
    assert pressed(page)["up"] == "false" and pressed(page)["down"] == "true"
    kept(page, site_server, player, puzzle.id, {"vote": "down", "reason": None})

    page.focus("#report-button")
    page.keyboard.press("Enter")
    assert pressed(page)["expanded"] == "true" and page.is_visible("#report-reasons")
    assert axe(page, "#play-done") == []
    page.click('[data-reason="several-moves"]')
    assert pressed(page)["reason"] == "several-moves"
    kept(page, site_server, player, puzzle.id, {"vote": "down", "reason": "several-moves"})

    # Shown as chosen when the puzzle is opened again.
    page.goto("/about/")
    page.goto(f"/#/p/{puzzle.band}/{puzzle.id}")
    page.locator("#puzzle-vote").wait_for()
    assert pressed(page) == {"up": "false", "down": "true", "expanded": "true", "reason": "several-moves"}

    # The chosen vote pressed again takes it back.
    page.click("#vote-down")
    assert pressed(page)["down"] == "false"
    kept(page, site_server, player, puzzle.id, {"vote": None, "reason": "several-moves"})


def test_a_guests_vote_is_kept_here_and_sent_when_they_sign_in(make_page, site_server, bundle):
    (player,) = site_server.many_players(["Gus Guest"])
    page = make_page()
    puzzle = h.find_puzzle(bundle, "Medium", moves=1)
    finish(page, puzzle)
    page.click("#vote-down")
    page.click("#report-button")
    page.click('[data-reason="broken"]')
    assert pressed(page) == {"up": "false", "down": "true", "expanded": "true", "reason": "broken"}
    page.wait_for_function(NOTE_IS, arg="Kept in this browser: it is sent when you sign in.")
    waiting = json.loads(page.evaluate("() => localStorage.getItem('pb:chess:votes')"))
    assert [item["body"]["guest"] for item in waiting] == [True, True] and all("by" not in i for i in waiting)
    assert server_word(site_server, player, puzzle.id)["vote"] is None

    # Signing in with the player's link: the sign-in page sends what waits.
    page.goto("/about/")
    page.goto(f"/signin/#token={player['token']}")
    page.wait_for_function("() => document.getElementById('signin-title').textContent.startsWith('Welcome')")
    page.wait_for_function("() => JSON.parse(localStorage.getItem('pb:chess:votes') || '[]').length === 0")
    sent = json.loads(page.evaluate("() => localStorage.getItem('pb:chess:votes-sent')"))
    assert len(sent) == 2
    want = {"id": puzzle.id, "vote": "down", "reason": "broken"}
    assert server_word(site_server, player, puzzle.id) == want
    # The puzzle opened again says it is kept.
    page.goto(f"/#/p/{puzzle.band}/{puzzle.id}")
    page.wait_for_function(NOTE_IS, arg="Thanks: your word is kept.")


def test_a_word_given_on_another_device_shows_as_chosen(make_page, site_server, bundle):
    (player,) = site_server.many_players(["Two Devices"])
    puzzle = h.find_puzzle(bundle, "Hard", moves=1)
    phone = make_page()
    sign_in(phone, player)
    finish(phone, puzzle)
    phone.click("#vote-up")
    phone.click("#report-button")
    phone.click('[data-reason="wrong-theme"]')
    kept(phone, site_server, player, puzzle.id, {"vote": "up", "reason": "wrong-theme"})

    # The laptop never voted on it: once the puzzle is over there, the server's word is shown.
    laptop = make_page()
    sign_in(laptop, player)
    finish(laptop, puzzle)
    laptop.wait_for_function(
        "() => document.getElementById('vote-up').getAttribute('aria-pressed') === 'true'")
    assert pressed(laptop) == {"up": "true", "down": "false", "expanded": "true", "reason": "wrong-theme"}
    assert laptop.text_content("#vote-note") == "Thanks: your word is kept."
