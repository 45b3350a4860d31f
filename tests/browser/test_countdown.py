"""The countdown to the next daily (docs/site.md, "The countdown"): once today's chess daily or
today's Chain is over, its done box shows the time to the player's next day (their next local
midnight), ticking each second for the eye, in words for a screen reader, and said once through its
polite live region; an archive day's shows none. tests/browser/test_player_day.py has it in
Kiritimati."""

from __future__ import annotations

import datetime as dt
import re
from zoneinfo import ZoneInfo

import pytest

from tests.browser import chain_helpers as chain
from tests.browser import chess_helpers as ch
from tests.browser.test_chess_play import todays_daily

pytestmark = pytest.mark.browser

CLOCK = re.compile(r"^Next (daily|Chain) in (\d+):(\d\d):(\d\d)$")


def seconds_to_next_day(page) -> int:
    """Seconds from now to the player's next midnight (the browser's own zone: the run's SITE_TZ
    unless the test gave another), worked out here."""
    zone = ZoneInfo(page.evaluate("() => Intl.DateTimeFormat().resolvedOptions().timeZone"))
    now = dt.datetime.now(zone)
    midnight = dt.datetime.combine(now.date() + dt.timedelta(days=1), dt.time(), zone)
    return int((midnight - now).total_seconds())


def check_countdown(page, box: str, what: str) -> None:
    node = page.locator(f"#{box}")
    node.wait_for(state="visible")
    clock = node.locator("[aria-hidden=true]")
    first = clock.text_content() or ""
    m = CLOCK.match(first)
    assert m and m.group(1) == what, first
    left = int(m.group(2)) * 3600 + int(m.group(3)) * 60 + int(m.group(4))
    assert abs(left - seconds_to_next_day(page)) <= 5
    # It ticks (a second on, the clock is another), and the words follow the minutes only.
    page.wait_for_function("([sel, was]) => document.querySelector(sel).textContent !== was",
                           arg=[f"#{box} [aria-hidden=true]", first])
    words = node.locator(".visually-hidden").text_content() or ""
    span = r"(\d+ hours?( and \d+ minutes?)?|\d+ minutes?|less than a minute)"
    assert re.fullmatch(rf"The next {what} comes in {span}\.", words), words
    assert node.locator("[aria-live]").count() == 0  # the ticking clock is never live
    said = page.locator(f"#{box}-said")
    assert said.get_attribute("aria-live") == "polite"
    assert (said.text_content() or "").startswith(f"The next {what} comes in")


def test_todays_daily_over_counts_down_to_the_next(page, site_server, bundle, axe):
    puzzle = todays_daily(site_server, bundle)
    ch.open_puzzle(page, f"/#/daily/{puzzle.band}")
    ch.solve(page, puzzle, ch.click_move)
    page.locator("#results-sheet[open]").wait_for()
    page.keyboard.press("Escape")
    check_countdown(page, "play-done-next", "daily")
    said = page.text_content("#play-done-next-said")
    # Said once: another redraw (the sheet opened again) says nothing new.
    page.click("#results-button")
    page.locator("#results-sheet[open]").wait_for()
    assert page.text_content("#play-done-next-said") == said
    page.keyboard.press("Escape")
    assert axe(page, "#play-done") == []


def test_todays_chain_over_counts_down_and_an_archive_day_does_not(page, site_server):
    today = chain.site_today(site_server)
    puzzle = chain.public_day(site_server, today)
    chain.open_day(page)
    chain.click_tiles(page, chain.solving_order(puzzle))
    page.locator("#chain-results-sheet[open]").wait_for()
    page.keyboard.press("Escape")
    check_countdown(page, "chain-done-next", "Chain")
    yesterday = (dt.date.fromisoformat(today) - dt.timedelta(days=1)).isoformat()
    old = chain.public_day(site_server, yesterday)
    chain.open_day(page, yesterday)
    chain.click_tiles(page, chain.solving_order(old))
    page.locator("#chain-results-sheet[open]").wait_for()
    page.keyboard.press("Escape")
    page.locator("#chain-done").wait_for(state="visible")
    assert page.locator("#chain-done-next").is_hidden()
