"""The pages around Chain that only read: the how-to pages of both games and
the home page's Chain card."""

from __future__ import annotations

import pytest

from tests.browser import chain_helpers as ch

pytestmark = pytest.mark.browser


@pytest.mark.parametrize("path", ["/howto/chain/", "/howto/chess/"])
def test_the_how_to_pages_are_axe_clean(page, axe, path):
    page.goto(path)
    assert page.locator("h1").text_content() in {"Chain", "Chess Puzzles"}
    assert axe(page) == []


def test_the_chain_how_to_page_has_the_rules(page):
    page.goto("/howto/chain/")
    text = page.text_content("main")
    rules = ["Each tile plays once", "1 to 9999", "ends in 0", "two spares on easy days",
             "Monday and Tuesday"]
    for rule in rules:
        assert rule in text


def test_the_home_cards_chain_shows_today_and_this_browsers_progress(page, site_server, axe):
    today = ch.site_today(site_server)
    puzzle = ch.public_day(site_server, today)
    page.goto("/")
    page.wait_for_function("() => document.getElementById('chain-card-meta').textContent !== ''")
    level = {"easy": "Easy", "medium": "Medium", "hard": "Hard"}[puzzle["level"]]
    assert page.text_content("#chain-card-level") == level
    assert page.text_content("#chain-card-meta") == f"{puzzle['moves']} moves · {len(puzzle['hand'])} tiles"
    assert page.text_content("#chain-card-state") == "Play"
    assert axe(page, ".chain-card") == []
    page.click("#chain-card-link")
    page.wait_for_selector("#chain-hand [data-tile]")
    ch.click_tiles(page, ch.solving_order(puzzle))
    page.locator("#chain-results-sheet[open]").wait_for()
    page.goto("/")
    page.wait_for_function("() => document.getElementById('chain-card-state').textContent === 'Solved'")
    assert page.text_content("#chain-card-streak") == "Chain streak: 1 day."
