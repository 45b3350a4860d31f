"""What a new player's result sheet says about their rating: a provisional
rating says it is one, with its ±, and is moved by the rule in
puzzlebook/ratings.py (a provisional rating takes half of a result), never
by hundreds of points for one slip."""

from __future__ import annotations

import pytest

from puzzlebook.ratings import NEW_PLAYER, rate_puzzle
from tests.browser import chain_helpers as chain
from tests.browser import chess_helpers as ch

pytestmark = pytest.mark.browser


def test_a_new_players_first_wrong_move_counts_half_and_says_provisional(make_page, site_server, bundle):
    player = chain.new_player(site_server, "Fresh Frida")
    page = make_page()
    chain.sign_in(page, player)
    puzzle = ch.find_puzzle(bundle, "Easy", moves=2)
    wrong = ch.find_wrong_move(puzzle, 1)
    ch.open_puzzle(page, f"/#/p/Easy/{puzzle.id}")
    ch.click_move(page, wrong, ch.solver_color(puzzle))
    page.wait_for_function("() => document.querySelector('#play-status').textContent.startsWith('Not that')")
    ch.wait_ready(page)
    # The solve after the miss must be believable (a second a move) to post; the miss was the rated result.
    page.wait_for_timeout(1000 * len(puzzle.solution) + 200)
    ch.solve(page, puzzle)
    page.locator("#results-sheet[open]").wait_for()
    page.wait_for_selector("#results-rating:not([hidden])")

    after = rate_puzzle(NEW_PLAYER, puzzle.rating, "lost")
    lost = 1500 - round(after.rating)
    assert 0 < lost <= 350, "a provisional rating takes half of a result, and a result moves 700 at most"
    assert page.text_content("#results-rating") == (
        f"Your rating: {round(after.rating)} (−{lost}), provisional (± {round(after.rd)}): "
        "a new rating moves a lot until a few dozen rated puzzles have placed it."
    )
    # The sheet says what the API keeps.
    status, me = site_server.get("/api/me", token=player["token"])
    assert status == 200
    assert me["ratings"]["chess"] == {
        "rating": round(after.rating), "rd": round(after.rd), "provisional": True, "games": 1,
    }
    assert page.text_content("#results-cheer") != "A new rating high."


def test_a_new_players_first_clean_solve_is_not_a_rating_high_to_celebrate(make_page, site_server, bundle):
    player = chain.new_player(site_server, "Fresh Felix")
    page = make_page()
    chain.sign_in(page, player)
    puzzle = ch.find_puzzle(bundle, "Easy", moves=2)
    ch.open_puzzle(page, f"/#/p/Easy/{puzzle.id}")
    page.wait_for_timeout(1000 * len(puzzle.solution) + 200)
    ch.solve(page, puzzle)
    page.locator("#results-sheet[open]").wait_for()
    page.wait_for_selector("#results-rating:not([hidden])")
    after = rate_puzzle(NEW_PLAYER, puzzle.rating, "clean")
    gained, rd = round(after.rating) - 1500, round(after.rd)
    assert page.text_content("#results-rating").startswith(
        f"Your rating: {round(after.rating)} (+{gained}), provisional (± {rd}): "
    )
    # Its cheer is the first clean time in the band, never the provisional rating's "high".
    assert page.text_content("#results-cheer") == "Your best clean time in Easy yet."
    assert page.evaluate("() => localStorage.getItem('pb:chess:rating-high')") is None
