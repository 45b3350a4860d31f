"""A day that doesn't exist in an address (the 32nd of October, the 31st of
September, the 0th of November, a 13th month) gets the mistyped-address notice
on every page that reads a date from its address: it is never rolled over into
a real day and described as one ("There is no Chain puzzle for Sunday 1
November"). The rule is site/static/js/lib/dates.js's parseDay."""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.browser

IMPOSSIBLE = ["2026-10-32", "2026-09-31", "2026-11-00", "2026-13-01"]
NOTICE_SHOWN = (
    "(t) => !document.getElementById('notice-view').hidden"
    " && document.getElementById('notice-title').textContent === t"
)
MISTYPED = "That page isn’t in the book"
# What a rolled-over date would be described as (1 November, 1 October, 31 October, 1 January).
ROLLED = ["November", "October", "January", "Sunday", "Thursday", "Saturday", "Friday"]


def assert_mistyped(page) -> None:
    page.wait_for_function(NOTICE_SHOWN, arg=MISTYPED)
    text = page.text_content("#notice-text")
    assert "mistyped" in text
    for word in ROLLED:
        assert word not in text, f"{word!r} in {text!r}"


@pytest.mark.parametrize("date", IMPOSSIBLE)
def test_chain_says_an_impossible_day_is_a_mistyped_address(page, date):
    page.goto(f"/chain/#/{date}")
    assert_mistyped(page)
    assert page.is_hidden("#chain-view")


@pytest.mark.parametrize("date", IMPOSSIBLE)
def test_a_chess_daily_of_an_impossible_day_is_a_mistyped_address(page, date):
    page.goto(f"/#/daily/Medium/{date}")
    assert_mistyped(page)
    assert page.is_hidden("#play-view")


@pytest.mark.parametrize("date", IMPOSSIBLE)
def test_the_archive_says_an_impossible_chess_day_is_a_mistyped_address(page, date):
    page.goto(f"/archive/#/chess/{date}")
    assert_mistyped(page)
    assert page.is_hidden("#chess-day-view") and page.is_hidden("#archive-view")


@pytest.mark.parametrize("month", ["2026-13", "2026-00"])
def test_the_archive_says_an_impossible_month_is_a_mistyped_address(page, month):
    page.goto(f"/archive/#/{month}")
    assert_mistyped(page)
    assert page.is_hidden("#archive-view")


def test_the_archive_notice_leads_back_to_the_archive_and_is_axe_clean(page, axe):
    page.goto("/archive/#/chess/2026-10-32")
    assert_mistyped(page)
    assert axe(page) == []
    page.click("#notice-view a[href='#/']")
    page.wait_for_selector(".archive-day")
    assert page.is_hidden("#notice-view")


@pytest.mark.parametrize("date", IMPOSSIBLE)
def test_the_boards_say_an_impossible_day_is_a_mistyped_address(page, date):
    page.goto(f"/boards/#/chain/daily/{date}")
    page.wait_for_function("() => document.getElementById('board-body').textContent.includes('mistyped')")
    text = page.text_content("#board-body")
    for word in ROLLED:
        assert word not in text, f"{word!r} in {text!r}"
    assert page.locator("#board-body table").count() == 0
