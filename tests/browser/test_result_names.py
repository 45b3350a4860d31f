"""One result, one word (issue 40, 2.4): a daily solved after one wrong move is "Solved after a
mistake" on the results sheet (whose rating line shows the loss the wrong move was rated), in the
stats panel, on the account page, in the history and on the review page, the names of
site/static/js/chess/result_names.js and puzzlebook/chess/result_names.py."""

from __future__ import annotations

import json
from typing import Any

import pytest

from tests.browser import chain_helpers as chain
from tests.browser import chess_helpers as ch
from tests.browser.test_chess_play import todays_daily
from tests.browser.test_stats_panel import figures, table

pytestmark = pytest.mark.browser

NAME = "Solved after a mistake"


def test_a_daily_solved_after_one_wrong_move_has_one_name_everywhere(
    make_page: Any, site_server: Any, bundle: Any
) -> None:
    puzzle = todays_daily(site_server, bundle)
    player = chain.new_player(site_server, "One Word")
    page = make_page()
    chain.sign_in(page, player)
    ch.open_puzzle(page, f"/#/daily/{puzzle.band}")
    ch.click_move(page, ch.find_wrong_move(puzzle, 1), ch.solver_color(puzzle))
    page.wait_for_function("() => document.getElementById('play-status').textContent.startsWith('Not that')")
    ch.wait_ready(page)
    # The solve after the miss must be believable (a second a move) to post; the miss was the rated result.
    page.wait_for_timeout(1000 * len(puzzle.solution) + 200)
    ch.solve(page, puzzle)
    page.locator("#results-sheet[open]").wait_for()
    page.wait_for_selector("#results-rating:not([hidden])")
    assert page.text_content("#results-sheet-title") == NAME
    assert "(−" in (page.text_content("#results-rating") or "")  # the rating fell: the name says why
    note = page.text_content("#results-note") or ""
    assert note.startswith("Your first move was wrong, so your rating counts")
    page.keyboard.press("Escape")
    assert page.text_content("#play-done-title") == f"{NAME}."

    page.click("#stats-button")
    assert figures(page)["played"] == "1"
    assert dict(table(page, "How your days went"))[NAME] == "1"
    page.keyboard.press("Escape")

    page.goto("/history/")
    page.wait_for_selector("#history-table:not([hidden])")
    assert page.locator("#history-rows .result").all_text_contents() == [NAME]

    page.goto("/account/")
    page.wait_for_function("() => document.getElementById('account-chess-mistake').textContent !== ''")
    figures_shown = dict(zip(page.locator(".account-ratings dt").all_text_contents(),
                             page.locator(".account-ratings dd").all_text_contents(), strict=True))
    assert (figures_shown[NAME], figures_shown["Missed"], figures_shown["Solution shown"]) == ("1", "0", "0")

    cards = json.loads(page.evaluate("() => localStorage.getItem('pb:chess:review')"))["cards"]
    assert [c["id"] for c in cards] == [puzzle.id]
    page.goto("/review/")
    assert NAME in (page.text_content("main") or "")
