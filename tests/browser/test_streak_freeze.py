"""A streak freeze on the pages (docs/ratings.md, "Streak freezes"): a guest's streak kept in this
browser stands over a missed day on a freeze, and its lines say so, on the home page and on the
result sheet of today's daily."""

from __future__ import annotations

import datetime as dt
import json

import pytest

from tests.browser import chess_helpers as ch
from tests.browser.chain_helpers import site_today
from tests.browser.test_chess_play import todays_daily

pytestmark = pytest.mark.browser


def days_to(last: dt.date, n: int) -> list[str]:
    """`n` days in a row ending on `last`, as this browser keeps them."""
    return [(last - dt.timedelta(days=k)).isoformat() for k in reversed(range(n))]


def keep_days(page, chess: list[str], chain: list[str]) -> None:
    page.evaluate(
        """([chess, chain]) => {
          localStorage.setItem('pb:chess:days', chess)
          localStorage.setItem('pb:chain:days', chain)
        }""",
        [json.dumps(chess), json.dumps(chain)],
    )


def test_the_home_page_says_a_streak_stands_on_its_freezes(page, site_server):
    today = dt.date.fromisoformat(site_today(site_server))
    page.goto("/")
    # Chess: a week to the day before yesterday (a freeze earned), yesterday missed: it stands on it.
    # Chain: a fortnight (two earned) to three days ago, two days missed: it stands on both.
    keep_days(page, days_to(today - dt.timedelta(days=2), 7), days_to(today - dt.timedelta(days=3), 14))
    page.reload()
    page.wait_for_function("() => !document.getElementById('streak-line').hidden")
    assert page.text_content("#streak-line") == "Daily streak: 7 days · 1 freeze used."
    page.wait_for_function("() => !document.getElementById('chain-card-streak').hidden")
    assert page.text_content("#chain-card-streak") == "Chain streak: 14 days · 2 freezes used."
    # A week to three days ago: one freeze can't cover two missed days, and no streak line shows.
    keep_days(page, days_to(today - dt.timedelta(days=3), 7), days_to(today - dt.timedelta(days=4), 14))
    page.reload()
    page.wait_for_function("() => document.getElementById('chain-card-state').textContent !== ''")
    assert page.locator("#streak-line").is_hidden() and page.locator("#chain-card-streak").is_hidden()


def test_todays_daily_carries_a_frozen_streak_on(page, site_server, bundle):
    today = dt.date.fromisoformat(site_today(site_server))
    puzzle = todays_daily(site_server, bundle)
    page.goto("/")
    keep_days(page, days_to(today - dt.timedelta(days=2), 7), [])
    ch.open_puzzle(page, f"/#/daily/{puzzle.band}")
    ch.solve(page, puzzle, ch.click_move)
    page.locator("#results-sheet[open]").wait_for()
    # The frozen day adds no day: seven played, then today's.
    assert page.text_content("#results-streak") == "Daily streak: 8 days · 1 freeze used."
    page.goto("/#/")
    page.locator(".daily-item .daily-state.is-solved").wait_for()
    assert page.text_content("#streak-line") == "Daily streak: 8 days · 1 freeze used."
