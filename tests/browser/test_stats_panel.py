"""The stats panel of a daily game (docs/site.md, "Stats"): played, solved %, the current and best
streak, and each distribution as a chart with its table; a guest's from this browser, a signed-in
player's from the server merged with this browser's records; reachable by keyboard, axe clean (and,
as every browser test, no console warning: the page fixtures' check)."""

from __future__ import annotations

import pytest

from tests.browser import chain_helpers as chain
from tests.browser import chess_helpers as ch
from tests.browser.test_chess_play import todays_daily
from tests.browser.test_same_day_everywhere import chess_solved_elsewhere

pytestmark = pytest.mark.browser

COUNTED = "() => !['', 'Counting…'].includes(document.getElementById('stats-source').textContent)"
FIGURES = ("played", "solved", "current", "best", "source")


def figures(page) -> dict[str, str]:
    page.locator("#stats-sheet[open]").wait_for()
    page.wait_for_function(COUNTED)
    return {k: page.text_content(f"#stats-{k}") or "" for k in FIGURES}


def table(page, part: str) -> list[tuple[str, str]]:
    rows = page.locator(f"#stats-charts details:has(summary:text-is('{part} as a table')) tbody tr")
    return [(r.locator("th").text_content() or "", r.locator("td").text_content() or "") for r in rows.all()]


def test_a_guests_chess_daily_stats_after_the_day_is_done(page, site_server, bundle, axe):
    puzzle = todays_daily(site_server, bundle)
    ch.open_puzzle(page, f"/#/daily/{puzzle.band}")
    ch.solve(page, puzzle, ch.click_move)
    page.locator("#results-sheet[open]").wait_for()
    page.keyboard.press("Escape")
    # Beside the countdown in the done box, by keyboard.
    page.locator("#play-done-next").wait_for(state="visible")
    page.focus("#done-stats-button")
    page.keyboard.press("Enter")
    got = figures(page)
    assert got == {"played": "1", "solved": "100%", "current": "1", "best": "1",
                   "source": "From this browser: sign in to count every device."}
    assert page.text_content("#stats-sheet-title") == "The chess daily: your stats"
    assert table(page, "How your days went") == [  # the chess results' one names (issue 40, 2.4)
        ("Solved cleanly", "1"), ("Solved with help", "0"), ("Solved after a mistake", "0"), ("Missed", "0"),
        ("Solution shown", "0")]
    times = dict(table(page, "Time to solve"))
    assert sum(int(n) for n in times.values()) == 1
    assert page.locator("#stats-charts svg[role=img]").count() == 2
    assert table(page, "Undos in a solve") == []  # chess counts none
    assert axe(page, "#stats-sheet") == []
    page.keyboard.press("Escape")
    assert page.locator("#stats-sheet[open]").count() == 0
    # Reachable at any time: from the home page's daily card too.
    page.goto("/")
    page.click("#home-stats-button")
    assert figures(page)["played"] == "1"


def test_a_signed_in_players_chain_stats_come_from_the_server_merged(make_page, site_server, axe):
    today = chain.site_today(site_server)
    player = chain.new_player(site_server, "Stats Elsewhere")
    chain.solved_elsewhere(site_server, player, today, seconds=30, undos=2)
    page = make_page()
    chain.sign_in(page, player)
    page.goto("/chain/")
    page.locator("#chain-done").wait_for(state="visible")
    page.click("#stats-button")
    got = figures(page)
    assert got == {"played": "1", "solved": "100%", "current": "1", "best": "1",
                   "source": "From your account, with anything played in this browser not posted yet."}
    assert table(page, "How your days went") == [("Clean", "0"), ("With help", "1"), ("Missed", "0")]
    assert table(page, "Undos in a solve") == [("None", "0"), ("1", "0"), ("2", "1"), ("3 or more", "0")]
    assert dict(table(page, "Time to solve"))["Under 1 min"] == "1"
    assert axe(page, "#stats-sheet") == []


def test_before_anything_is_played_the_panel_says_so(page, site_server):
    chain.open_day(page)
    page.click("#stats-button")
    got = figures(page)
    assert (got["played"], got["solved"], got["current"]) == ("0", "–", "0")
    assert "Nothing played yet" in (page.text_content("#stats-charts") or "")


def test_a_signed_in_players_chess_stats_count_a_day_solved_on_another_device(make_page, site_server, bundle):
    puzzle = todays_daily(site_server, bundle)
    player = chain.new_player(site_server, "Chess Stats Elsewhere")
    chess_solved_elsewhere(site_server, player, puzzle, seconds=len(puzzle.solution) + 1, hints=1)
    page = make_page()
    chain.sign_in(page, player)
    page.goto("/")
    page.click("#home-stats-button")
    got = figures(page)
    assert (got["played"], got["solved"], got["current"], got["best"]) == ("1", "100%", "1", "1")
    assert got["source"].startswith("From your account")
    assert table(page, "How your days went") == [
        ("Solved cleanly", "0"), ("Solved with help", "1"), ("Solved after a mistake", "0"), ("Missed", "0"),
        ("Solution shown", "0")]
