"""A phone's view of the site: every main nav item on screen and reachable by
keyboard at 320 px, and a wide leaderboard (place, name, clean, two counts,
time) showing every cell on screen, still a table to a screen reader, axe
clean."""

from __future__ import annotations

import datetime as dt
from typing import Any

import pytest

from tests.browser import chain_helpers as chain

# Its module fixture is made once: the module's tests run on one worker (tests/xdist_groups.py).
pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("browser-phone_layout")]

NAV = ["Chess", "Chain", "Lessons", "Storm", "Streak", "Themes", "Archive", "Leaderboards", "About"]
PHONES = [320, 360, 390]

# How much of each element a person can see: its box cut by the viewport and
# by every ancestor that clips or scrolls.
VISIBLE = """(els) => els.map((el) => {
  const box = el.getBoundingClientRect()
  let left = Math.max(box.left, 0), right = Math.min(box.right, innerWidth)
  for (let up = el.parentElement; up; up = up.parentElement) {
    const page = up === document.documentElement || up === document.body
    if (!page && getComputedStyle(up).overflowX !== 'visible') {
      const clip = up.getBoundingClientRect()
      left = Math.max(left, clip.left)
      right = Math.min(right, clip.right)
    }
  }
  return { text: el.textContent.trim(), width: box.width, seen: Math.max(0, right - left) }
})"""


def assert_wholly_seen(items: list[dict[str, Any]], where: str) -> None:
    hidden = [f"{i['text']!r} ({i['seen']:.0f} of {i['width']:.0f} px seen)" for i in items
              if i["width"] == 0 or i["seen"] < i["width"] - 0.5]
    assert not hidden, f"{where}: not wholly on screen: " + ", ".join(hidden)


@pytest.mark.parametrize("width", PHONES)
@pytest.mark.parametrize("signed_in", [False, True], ids=["guest", "long name"])
def test_every_main_nav_item_is_on_screen_on_a_phone(make_page, site_server, width, signed_in):
    page = make_page(viewport={"width": width, "height": 700})
    if signed_in:
        chain.sign_in(page, chain.new_player(site_server, "W" * 24))
    page.goto("/about/")
    if signed_in:
        page.wait_for_selector("[data-player-chip]:not([hidden])")
    links = page.locator("nav[aria-label=Main] a")
    assert links.all_inner_texts() == NAV
    assert_wholly_seen(links.evaluate_all(VISIBLE), f"the nav at {width} px")
    if signed_in:
        assert_wholly_seen(page.locator("[data-player-chip]").evaluate_all(VISIBLE), "the player chip")


def test_the_phone_nav_is_reached_in_order_by_keyboard(make_page):
    page = make_page(viewport={"width": 320, "height": 700})
    page.goto("/about/")
    reached = []
    for _ in range(12):
        page.keyboard.press("Tab")
        focused = page.evaluate(
            "() => document.activeElement.closest('nav[aria-label=Main]')"
            " ? document.activeElement.textContent : null"
        )
        if focused:
            reached.append(focused)
            seen = page.evaluate(f"() => ({VISIBLE})([document.activeElement])")
            assert_wholly_seen(seen, f"{focused} with keyboard focus")
        elif reached:
            break
    assert reached == NAV


@pytest.fixture(scope="module")
def long_names(site_server: Any) -> dict[str, Any]:
    """Three players on today's Chain board, one of them signed in below."""
    today = chain.site_today(site_server)
    order = chain.solving_order(chain.public_day(site_server, today))
    players = [chain.new_player(site_server, name)
               for name in ["W" * 24, "Maximiliana Wolfeschlege", "Ωμέγα Ωμέγα Ωμέγα Ωμέγα"]]

    def keep(store: Any, day: dt.date, now: dt.datetime) -> None:
        # 9:59:59 and two-digit counts: no ticket allows a ten-hour solve in a test's time, so the
        # results go straight to the store, as a post would end.
        from puzzlebook.chain.results import Solve
        from service.games.chain.records import ChainRecords

        for player in players:
            posted = ChainRecords(store).record_chain_solve(
                player["id"], Solve(today, order, 35999, 99, 99), today=day, now=now
            )
            assert posted.daily

    site_server.keep_results(keep)
    site_server.publish()  # the boards page reads the board's snapshot
    return players[0]


@pytest.mark.parametrize("width", [320, 390])
def test_a_wide_board_shows_every_cell_on_a_phone(make_page, axe, long_names, width):
    page = make_page(viewport={"width": width, "height": 800})
    chain.sign_in(page, long_names)
    page.goto("/boards/#/chain/daily")
    page.wait_for_selector(".board-table tbody tr.is-you")
    cells = page.locator(".board-table tbody td").evaluate_all(VISIBLE)
    assert len(cells) >= 3 * 6
    assert_wholly_seen(cells, f"the Chain daily board at {width} px")
    # Each figure still says what it is, on screen (its column's name drawn before it).
    mine = page.locator(".board-table tr.is-you")
    shown = mine.locator("td").evaluate_all(
        "(tds) => tds.map((td) =>"
        " (getComputedStyle(td, '::before').content.match(/^\"([^\"]*)/) || ['', ''])[1] + td.textContent)"
    )
    assert shown[2:] == ["Clean No", "Undos 99", "Resets 99", "Time 9:59:59"]
    assert axe(page) == []


def test_a_wide_board_drawn_for_a_phone_is_still_a_table_to_a_screen_reader(make_page, long_names):
    page = make_page(viewport={"width": 320, "height": 800})
    chain.sign_in(page, long_names)
    page.goto("/boards/#/chain/daily")
    page.wait_for_selector(".board-table tbody tr.is-you")
    # Chromium's own accessibility tree, as a screen reader gets it.
    tree = page.context.new_cdp_session(page).send("Accessibility.getFullAXTree")["nodes"]
    roles = [n.get("role", {}).get("value") for n in tree if not n.get("ignored")]
    names = {n.get("name", {}).get("value", "").title() for n in tree
             if n.get("role", {}).get("value") == "columnheader"}
    assert "table" in roles
    assert {"Place", "Name", "Clean", "Undos", "Resets", "Time"} <= names
    rows = page.locator(".board-table tbody tr").count()
    assert roles.count("row") == rows + 1  # the header row too
    assert roles.count("cell") >= rows * 6


# Each line of a caption's words, cut by the viewport and by every ancestor that clips or scrolls.
CAPTION_LINES = """() => [...document.querySelectorAll('caption')].flatMap((cap) => {
  // Hidden, or for screen readers only: nothing on screen to cut.
  if (!cap.getClientRects().length || getComputedStyle(cap).position === 'absolute') return []
  const range = document.createRange()
  range.selectNodeContents(cap)
  return [...range.getClientRects()].map((line) => {
    let left = Math.max(line.left, 0), right = Math.min(line.right, innerWidth)
    for (let up = cap.parentElement; up; up = up.parentElement) {
      const page = up === document.documentElement || up === document.body
      if (!page && getComputedStyle(up).overflowX !== 'visible') {
        const clip = up.getBoundingClientRect()
        left = Math.max(left, clip.left)
        right = Math.min(right, clip.right)
      }
    }
    return { text: cap.textContent.trim(), width: line.width, seen: Math.max(0, right - left) }
  })
})"""


@pytest.fixture(scope="module")
def with_a_lesson(site_server: Any, long_names: dict[str, Any]) -> dict[str, Any]:
    """The long name's player with a lesson of a long name: its results table has a caption."""
    lesson = [{"title": "Back rank", "fen": "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", "playerColor": "white",
               "moves": [{"uci": "a1a8"}]}]
    status, made = site_server.post("/api/lessons?name=" + "Mates%20on%20the%20back%20rank%20" * 3, lesson,
                                    token=long_names["token"])
    assert status == 201, made
    return long_names


@pytest.mark.parametrize("width", PHONES)
def test_table_captions_are_never_cut_on_a_phone(make_page, with_a_lesson, width):
    """Issue 40, 2.6: every table's caption is read whole on a phone (the class page's were cut)."""
    page = make_page(viewport={"width": width, "height": 800})
    chain.sign_in(page, with_a_lesson)
    seen = 0
    for path, ready in (("/boards/#/chain/daily", ".board-table tbody tr.is-you"),
                        ("/review/", ".review-example"), ("/chain/strategy/", "table caption"),
                        ("/lessons/", ".lesson-item")):
        page.goto(path)
        page.wait_for_selector(ready)
        if path == "/lessons/":
            page.click(".lesson-item .lesson-item-actions button:has-text('Results')")
            page.wait_for_selector(".results-table caption")
        lines = page.evaluate(CAPTION_LINES)
        seen += len(lines)
        assert_wholly_seen(lines, f"{path} at {width} px")
    assert seen >= 4
