"""Puzzle Racer in the browser (issue 43's "Done when"; docs/live.md, "The pages"): three racers in
three browser contexts race from a link to the table over the real server's live rooms (a race of
RACE_SECONDS after a countdown of RACE_COUNTDOWN: the test server's pace). The maker plays by
keyboard at 1280 px in light; a racer at 390 px in dark clicks; a racer at 320 px takes the race up
again after a reload and then leaves. Each sees the others' progress live and hears the changes
through the live region; at the end the table and each racer's puzzles, then race again."""

from __future__ import annotations

from typing import Any

import pytest

from tests.browser import chess_helpers as ch
from tests.browser.chain_helpers import sign_in
from tests.browser.live_helpers import hear, no_sideways_scroll, race_puzzles, tab_to, wait_said

pytestmark = pytest.mark.browser

LANES = "#race-lanes li"
TAKES_MOVES = ".board-grid[aria-disabled='false']"


def racer(make_page: Any, player: dict[str, Any], width: int, scheme: str) -> Any:
    page = make_page(viewport={"width": width, "height": 800 if width > 400 else 700}, color_scheme=scheme,
                     reduced_motion="reduce")
    sign_in(page, player)
    hear(page)
    return page


def lane(page: Any, player: dict[str, Any]) -> Any:
    return page.locator(f"{LANES}[data-pid='{player['id']}']")


def on_puzzle(page: Any, n: int, moves: int) -> None:
    """Wait until the racer is on puzzle `n` (from 1), `moves` of theirs played, the board taking moves."""
    page.wait_for_selector(f"#board-frame[data-puzzle='{n}'][data-moves='{moves}'] {TAKES_MOVES}")


def solve(page: Any, puzzle: Any, n: int, how: str) -> None:
    """Play puzzle `n`'s solution by keyboard or by clicks, waiting for each reply."""
    color = ch.solver_color(puzzle)
    for k, uci in enumerate(puzzle.solution):
        on_puzzle(page, n, k)
        if how == "keys":
            ch.key_move(page, uci, color)
        else:
            ch.click_move(page, uci, color)
    page.wait_for_selector(f"#board-frame[data-puzzle='{n + 1}']")


def test_three_racers_race_from_a_link_to_the_table_and_again(
    make_page: Any, site_server: Any, axe: Any
) -> None:
    ada_p, bob_p, cy_p = site_server.many_players(["Ada", "Bob", "Cy"])
    ada = racer(make_page, ada_p, 1280, "light")
    bob = racer(make_page, bob_p, 390, "dark")
    cy = racer(make_page, cy_p, 320, "light")

    # Ada makes the race by keyboard and shares its link.
    ada.goto("/race/")
    ada.wait_for_selector("#make-button:not([disabled])")
    tab_to(ada, "make-button")
    ada.keyboard.press("Enter")
    ada.wait_for_selector("#race-lobby:not([hidden])")
    link = ada.input_value("#race-link")
    race_id = link.split("?id=")[1]
    assert ada.url.endswith(f"/race/?id={race_id}")
    for page in (bob, cy):
        page.goto(link)
        page.wait_for_selector("#race-lobby:not([hidden])")
    ada.wait_for_function("() => document.querySelectorAll('#race-lanes li').length === 3")
    wait_said(ada, "Cy joined the race.")
    assert bob.is_hidden("#start-button"), "only the maker starts"
    assert lane(cy, cy_p).inner_text().startswith("Cy (you)")
    no_sideways_scroll(cy, "light")
    assert axe(ada) == []

    tab_to(ada, "start-button")
    ada.keyboard.press("Enter")
    wait_said(bob, "The race starts in")
    puzzles = race_puzzles(site_server, race_id)
    for page in (ada, bob, cy):
        on_puzzle(page, 1, 0)
    wait_said(ada, "Go! Puzzle 1")

    # Ada solves two by keyboard; Bob misses the first with a wrong move and solves the second by
    # clicks; Cy solves the first, then reloads mid-race and is taken up where the server has her.
    ch.tab_to_board(ada)
    solve(ada, puzzles[0], 1, "keys")
    solve(ada, puzzles[1], 2, "keys")
    on_puzzle(bob, 1, 0)
    ch.click_move(bob, ch.find_wrong_move(puzzles[0], 1), ch.solver_color(puzzles[0]))
    solve(bob, puzzles[1], 2, "clicks")
    solve(cy, puzzles[0], 1, "clicks")
    assert cy.inner_text("#stat-score") == "1"
    cy.reload()
    on_puzzle(cy, 2, 0)
    assert cy.inner_text("#stat-score") == "1", "the server's tally, taken up again"

    # Progress shows live on everyone's track.
    ada.wait_for_selector(f"{LANES}[data-pid='{bob_p['id']}'][data-score='1']")
    ada.wait_for_selector(f"{LANES}[data-pid='{cy_p['id']}'][data-score='1']")
    bob.wait_for_selector(f"{LANES}[data-pid='{ada_p['id']}'][data-score='2']")
    assert "is-first" in (lane(bob, ada_p).get_attribute("class") or "")
    no_sideways_scroll(bob, "dark")
    assert axe(bob) == []

    # Cy leaves: marked so on the others' tracks, and said.
    cy.click("#leave-button")
    cy.click("#leave-yes")
    cy.wait_for_selector("#choose-view:not([hidden]) #choose-notice:not([hidden])")
    assert cy.inner_text("#choose-notice") == "You left the race."
    wait_said(ada, "Cy left the race.")
    ada.wait_for_selector(f"{LANES}[data-pid='{cy_p['id']}'].is-left")

    # The end: the table, the same on both, and each racer's puzzles to review.
    for page in (ada, bob):
        page.wait_for_selector("#race-results:not([hidden]) #race-rows tr", timeout=30_000)
    wait_said(ada, "Race over. You placed 1st of 3 with 2 puzzles solved.")
    rows = [ada.inner_text(f"#race-rows tr:nth-child({k}) th") for k in (1, 2, 3)]
    assert rows[0] == "1st Ada (you)"
    assert sorted(r.split(" ", 1)[1] for r in rows[1:]) == ["Bob", "Cy · left"]
    assert bob.inner_text("#race-rows tr:nth-child(1) th") == "1st Ada", "the same table, from Bob's side"
    review = ada.locator(".race-review[open] a[href^='/#/p/']")
    assert review.count() == 2, "Ada's own puzzles, each a link that plays it"
    assert ada.locator(".race-review").count() == 3
    assert ada.evaluate("() => document.activeElement.id") in ("done-title", "")
    no_sideways_scroll(ada, "light")
    no_sideways_scroll(bob, "dark")
    assert axe(ada) == []

    # Race again: Ada makes the next race, Bob hears of it and joins.
    ada.click("#again-button")
    ada.wait_for_selector("#race-lobby:not([hidden]) #start-button")
    assert race_id not in ada.url
    wait_said(bob, "Ada made the next race")
    bob.click("#again-button")
    bob.wait_for_selector("#race-lobby:not([hidden])")
    ada.wait_for_function("() => document.querySelectorAll('#race-lanes li').length === 2")
    assert ada.is_enabled("#start-button")


def test_a_quick_race_pairs_whoever_is_waiting(make_page: Any, site_server: Any) -> None:
    eve_p, fay_p = site_server.many_players(["Eve", "Fay"])
    eve = racer(make_page, eve_p, 390, "light")
    fay = racer(make_page, fay_p, 1280, "dark")
    for page in (eve, fay):
        page.goto("/race/")
        page.click("#quick-button:not([disabled])")
        page.wait_for_selector("#race-view:not([hidden])")
    assert eve.url == fay.url, "the same race"
    for page in (eve, fay):
        wait_said(page, "The race starts in")
        assert page.text_content("#race-kind") == "Quick race"
        assert page.is_hidden("#race-share") and page.is_hidden("#start-button"), "no link, no maker"
        page.wait_for_function("() => document.querySelectorAll('#race-lanes li').length === 2")
    wait_said(eve, "Fay joined the race.")
