"""The play views on the smallest phone, 320 × 568: the header is one row (the nav behind Menu), and
the board, the status and the controls are on screen together in chess, a lesson, Storm, Streak
and Chain, before and after a hint; the player chip shows a short name whole; a guest has "Sign in /
make a player" in the header (docs/site.md, "Play views on a phone")."""

from __future__ import annotations

from typing import Any

import pytest

from tests.browser import chain_helpers as chain
from tests.browser import chess_helpers as chess
from tests.browser.test_lessons import GUIDE, import_by_api, make_player

pytestmark = pytest.mark.browser

SMALL = {"width": 320, "height": 568}
NAV = ["Chess", "Chain", "Lessons", "Storm", "Streak", "Themes", "Archive", "Leaderboards", "About"]

# Each element's box as a person sees it: [top, bottom, left, right] in the viewport.
BOXES = """(sels) => sels.map((s) => {
  const el = document.querySelector(s)
  if (!el || !el.getClientRects().length) return [s, null]
  const b = el.getBoundingClientRect()
  return [s, [b.top, b.bottom, b.left, b.right]]
})"""


def assert_on_screen(page: Any, selectors: list[str], when: str) -> None:
    """Every one of `selectors` drawn and wholly inside the 320 × 568 viewport, as it is scrolled now."""
    boxes = dict(page.evaluate(BOXES, selectors))
    missing = [s for s, box in boxes.items() if box is None]
    assert not missing, f"{when}: not drawn: {missing}"
    height, width = SMALL["height"] + 0.5, SMALL["width"] + 0.5
    off = {s: [round(v) for v in box] for s, box in boxes.items()
           if box[0] < -0.5 or box[1] > height or box[2] < -0.5 or box[3] > width}
    assert not off, f"{when}: off the 320 × 568 screen (top, bottom, left, right): {off}"


def assert_one_row_header(page: Any) -> None:
    height = page.evaluate("() => document.querySelector('.site-header').getBoundingClientRect().height")
    assert height <= 56, f"the header takes {height:.0f} px on a play view"
    assert page.is_hidden("nav[aria-label=Main]") and page.is_visible("[data-menu-button]")


CHESS = ["#board-frame", "#play-status", "#hint-button", "#pause-button", "#solution-button"]


def test_a_chess_puzzle_fits_with_its_status_and_controls(make_page: Any, site_server: Any) -> None:
    page = make_page(viewport=SMALL)
    # Today's daily, in the day's band (a band with no daily today has no puzzle to fit).
    status, daily = site_server.get(f"/daily/chess/{chain.site_today(site_server)}.json")
    assert status == 200, daily
    chess.open_puzzle(page, f"/#/daily/{daily['dailies'][0]['band']}")
    assert_one_row_header(page)
    assert_on_screen(page, CHESS, "a daily, opened")
    page.click("#hint-button")
    page.wait_for_function("() => document.getElementById('play-status').textContent.startsWith('Hint')")
    page.click("#hint-button")  # the longer hint: the piece and its square
    page.wait_for_function("() => document.getElementById('play-status').textContent.includes('goes to')")
    assert_on_screen(page, CHESS, "after two hints")


LESSON = ["#board-frame", "#play-status", "#hint-button", "#solution-button"]


def test_a_lesson_fits_and_hint_keeps_the_board_in_sight(make_page: Any, site_server: Any) -> None:
    """The seed's complaint: at 320 px, pressing Hint scrolled the board off screen."""
    made = import_by_api(site_server, make_player(site_server, "Phone Teacher"), GUIDE)
    page = make_page(viewport=SMALL)
    page.goto(made["url"])
    chess.wait_ready(page)
    assert page.text_content("#puzzle-intro") == GUIDE[0]["intro"]  # the intro is there, below
    assert_one_row_header(page)
    assert_on_screen(page, LESSON, "a lesson with an intro, opened")
    page.click("#hint-button")
    page.wait_for_selector("#play-status.is-hint")
    assert_on_screen(page, LESSON, "after Hint")


def test_storm_fits_with_its_clock_and_end_the_run(make_page: Any) -> None:
    page = make_page(viewport=SMALL)
    page.goto("/storm/")
    page.click("#start-button:not([disabled])")
    chess.wait_ready(page)
    assert_one_row_header(page)
    assert_on_screen(page, ["#board-frame", "#storm-clock", "#play-status", "#combo", "#end-button"], "a run")


def test_streak_fits_with_its_status_skip_and_end_the_run(make_page: Any) -> None:
    page = make_page(viewport=SMALL)
    page.goto("/streak/")
    page.click("#start-button:not([disabled])")
    chess.wait_ready(page)
    assert_one_row_header(page)
    assert_on_screen(page, ["#board-frame", "#play-status", "#skip-button", "#end-button"], "a run")


def test_chain_fits_with_a_hard_days_trail(make_page: Any, site_server: Any) -> None:
    """The worst a day gets: five moves, four of them played (the trail's five steps)."""
    today = chain.site_today(site_server)
    status, index = site_server.get("/daily/index.json")
    assert status == 200, index
    date, puzzle = next(
        (d, p) for d in sorted(index["chain"], reverse=True) if d <= today
        for p in [chain.public_day(site_server, d)] if p["moves"] == 5
    )
    page = make_page(viewport=SMALL)
    chain.open_day(page, date)
    assert_one_row_header(page)
    controls = ["#undo-button", "#reset-button", "#pause-button", "#giveup-button"]
    seen = [".chain-goal", "#chain-stats", "#chain-status", "#chain-hand", *controls]
    assert_on_screen(page, seen, "a hard day, opened")
    chain.click_tiles(page, chain.solving_order(puzzle)[:4])
    page.wait_for_function("() => document.querySelectorAll('#chain-trail li').length === 5")
    assert_on_screen(page, [*seen, "#chain-trail"], "four moves in")
    assert page.evaluate("document.documentElement.scrollWidth") <= 320


def test_menu_opens_the_nav_from_the_keyboard_and_escape_closes_it(make_page: Any, axe: Any) -> None:
    page = make_page(viewport=SMALL)
    chain.open_day(page)
    menu = page.locator("[data-menu-button]")
    assert menu.get_attribute("aria-expanded") == "false"
    for _ in range(6):  # Skip to content, the brand, then Menu
        page.keyboard.press("Tab")
        if page.evaluate("() => document.activeElement.hasAttribute('data-menu-button')"):
            break
    else:
        raise AssertionError("Menu isn't reached by Tab")
    page.keyboard.press("Enter")
    assert menu.get_attribute("aria-expanded") == "true"
    links = page.locator("nav[aria-label=Main] a")
    assert links.all_inner_texts() == NAV and all(link.is_visible() for link in links.all())
    page.keyboard.press("Tab")  # the nav follows Menu in the Tab order
    assert page.evaluate("() => document.activeElement.textContent") == "Chess"
    assert axe(page) == []
    page.keyboard.press("Escape")
    assert menu.get_attribute("aria-expanded") == "false" and page.is_hidden("nav[aria-label=Main]")
    assert page.evaluate("() => document.activeElement.hasAttribute('data-menu-button')")


@pytest.mark.parametrize("path", ["/about/", "/chain/"])
def test_a_short_name_shows_whole_in_the_chip_at_320(make_page: Any, site_server: Any, path: str) -> None:
    """It was cut to "Alic…": the chip now has the room the brand leaves."""
    page = make_page(viewport=SMALL)
    chain.sign_in(page, chain.new_player(site_server, "Alice"))
    page.goto(path)
    page.wait_for_selector("[data-player-chip]:not([hidden])")
    name = page.locator("[data-player-chip] [data-player-name]")
    assert name.text_content() == "Alice"
    assert name.evaluate("(el) => el.scrollWidth <= el.clientWidth"), "the name is cut"
    assert page.is_hidden("[data-guest-link]")
    assert page.evaluate("document.documentElement.scrollWidth") <= 320


def test_a_guest_finds_sign_in_or_make_a_player_in_the_header(make_page: Any, site_server: Any) -> None:
    """On a 320 px home page it began 1,881 px down; now it is in the header's first row."""
    page = make_page(viewport=SMALL)
    page.goto("/")
    link = page.get_by_role("link", name="Sign in / make a player")
    assert link.get_attribute("href") == "/account/"
    box = link.bounding_box()
    assert box is not None and box["y"] + box["height"] <= 56 and box["x"] + box["width"] <= 320
    link.click()
    page.wait_for_selector("#account-anonymous:not([hidden])")
    page.fill("#account-name", "Newcomer")
    page.click("#account-form button[type=submit]")
    page.wait_for_selector("[data-player-chip]:not([hidden])")
    assert page.is_hidden("[data-guest-link]")
