"""The archive: every past day of each game listed, and each day playable at
its own URL exactly as it was published."""

from __future__ import annotations

import datetime as dt

import pytest
from playwright.sync_api import expect

from puzzlebook.chess.puzzle import Puzzle
from tests.browser import chain_helpers as ch
from tests.browser import chess_helpers as chp
from tests.browser.conftest import allow_failed_fetch

pytestmark = pytest.mark.browser

# The chess page has opened a puzzle of this band.
PLAYING = "(band) => document.getElementById('play-title').textContent === band"


def ch_long_date(day: dt.date) -> str:
    """lib/dates.js longDate: "Sunday 6 December"."""
    return f"{day:%A} {day.day} {day:%B}"


def published(site_server) -> dict[str, list[str]]:
    status, index = site_server.get("/daily/index.json")
    assert status == 200
    return index


def test_the_archive_lists_past_days_only_and_opens_an_archived_chain(page, site_server):
    today = ch.site_today(site_server)
    index = published(site_server)
    yesterday = (dt.date.fromisoformat(today) - dt.timedelta(days=1)).isoformat()
    assert yesterday in index["chain"] and yesterday in index["chess"]
    # The day opened: one that has ended everywhere, so its walkthrough is open to all (yesterday may
    # still be the date at UTC-12: docs/ratings.md, "Whose day").
    past = (dt.date.fromisoformat(today) - dt.timedelta(days=2)).isoformat()
    page.goto("/archive/")
    page.wait_for_selector(".archive-day")
    month = past[:7]
    if page.input_value("#archive-month") != month:
        page.select_option("#archive-month", month)
        page.wait_for_url(f"**/archive/#/{month}")
    links = page.locator(".archive-games a[href^='/chain/#/']")
    hrefs = links.evaluate_all("(as) => as.map((a) => a.getAttribute('href'))")
    days_listed = [h.rsplit("/", 1)[1] for h in hrefs]
    assert today not in days_listed, "today is the Chain page's, not the archive's"
    assert sorted(days_listed, reverse=True) == days_listed
    in_month = [d for d in index["chain"] if d.startswith(month) and d < today]
    assert days_listed == sorted(in_month, reverse=True)

    page.click(f"a[href='/chain/#/{past}']")
    page.wait_for_selector("#chain-hand [data-tile]")
    puzzle = ch.public_day(site_server, past)
    assert page.text_content("#chain-kind").startswith("Archive · ")
    assert page.text_content("#chain-start") == str(puzzle["start"])
    assert page.text_content("#chain-target") == str(puzzle["target"])
    assert page.locator("#chain-hand .tile-face").all_text_contents() == ch.labels(puzzle)
    ch.click_tiles(page, ch.solving_order(puzzle))
    page.locator("#chain-results-sheet[open]").wait_for()
    assert page.text_content("#results-day").startswith("The archive’s Chain")
    assert page.get_attribute("#results-board", "href") == f"/boards/#/chain/daily/{past}"
    assert page.text_content("#share-preview").split("\n")[-1].endswith(f"/chain/#/{past}")
    # A day ended everywhere: its walkthrough is open to everyone.
    page.wait_for_selector("#walkthrough .walk-steps li")
    steps = page.locator("#walkthrough .walk-steps li").all_text_contents()
    assert steps[-1].endswith(f"= {puzzle['target']}") or steps[-1].endswith(f": {puzzle['target']}")
    # Back in the archive, the day is marked solved.
    page.goto(f"/archive/#/{month}")
    page.wait_for_selector(f"a[href='/chain/#/{past}']")
    assert "solved" in page.get_attribute(f"a[href='/chain/#/{past}']", "aria-label")


def test_a_future_or_unknown_chain_day_is_refused_in_words(page, site_server):
    today = dt.date.fromisoformat(ch.site_today(site_server))
    page.goto(f"/chain/#/{(today + dt.timedelta(days=1)).isoformat()}")
    page.wait_for_selector("#notice-view:not([hidden])")
    assert page.text_content("#notice-title") == "That Chain isn’t out yet"
    # The browser logs the 404 for the day that has no file, which this test asks for.
    allow_failed_fetch(page, "404", r"/daily/chain/2019-01-01\.json", "no Chain that day, on purpose")
    page.goto("/chain/#/2019-01-01")
    notice = "(t) => document.getElementById('notice-title').textContent === t"
    page.wait_for_function(notice, arg="No Chain that day")
    page.goto("/chain/#/yesterday")
    page.wait_for_function(notice, arg="That page isn’t in the book")


def test_an_archived_chess_daily_plays_as_the_daily_it_was(make_page, site_server, bundle):
    today = ch.site_today(site_server)
    index = published(site_server)
    one = max(d for d in index["chess"] if d < today)
    status, file = site_server.get(f"/daily/chess/{one}.json")
    assert status == 200 and len(file["dailies"]) == 1
    daily = file["dailies"][0]
    band = daily["band"]
    puzzle = Puzzle.from_row(bundle.row(band, daily["id"]), band)
    player = ch.new_player(site_server, "Archive Arthur")
    page = make_page()
    ch.sign_in(page, player)
    page.goto(f"/archive/#/{one[:7]}")
    page.click(f"a[href='#/chess/{one}']")
    page.wait_for_url(f"**/#/daily/{band}/{one}")
    page.wait_for_selector("#play-view:not([hidden])")
    page.wait_for_function(PLAYING, arg=band)
    day = dt.date.fromisoformat(one)
    # The header names the day (as "Sun 19 Oct"), not Endless.
    assert page.text_content("#play-kind").startswith(f"Daily · {day:%a} {day.day} ")
    chp.wait_ready(page)
    # A believable solve takes a second a move (the server refuses faster ones); the clock
    # runs in real time here, so let it pass that floor before the last move lands.
    page.wait_for_timeout(1000 * len(puzzle.solution) + 200)
    chp.solve(page, puzzle)
    page.locator("#results-sheet[open]").wait_for()
    share = page.text_content("#share-preview").split("\n")
    assert share[0] == f"♟️ Chess Puzzles · {day:%a}, {day:%b} {day.day} · {band}"
    assert share[1] == "✅" * len(puzzle.solution)
    assert share[-1] == site_server.url + "/", "a daily's share links the game, not the puzzle"
    assert daily["id"] not in "\n".join(share)
    # It posts like any puzzle; the API keeps it off the board (not its own day) and off the streak.
    page.wait_for_function(
        "(t) => document.getElementById('results-note').textContent === t",
        arg="Posted. A past daily counts for your rating; only one solved on its day goes on the board.",
    )
    status, me = site_server.get("/api/me", token=player["token"])
    assert status == 200 and me["chess"]["solved"] == 1 and me["streaks"]["chess"]["current"] == 0
    status, board = site_server.get(f"/api/boards/chess/daily/{one}?band={band}", token=player["token"])
    assert status == 200 and board["mine"] is None
    assert page.is_hidden("#results-streak")
    assert page.evaluate("() => JSON.parse(localStorage.getItem('pb:chess:days') || '[]')") == []
    # Back in the archive, the day's chess daily is marked as played, by its result's name (issue 40).
    page.goto(f"/archive/#/{one[:7]}")
    link = page.locator(f"a[href='#/chess/{one}']")
    link.wait_for()
    assert link.get_attribute("aria-label") == f"Chess daily of {ch_long_date(day)}, solved cleanly"
    assert page.locator(f"a[href='#/chess/{one}'] + .archive-mark").text_content() == "solved cleanly"
    # Another day's chess daily, not played here, carries no mark.
    other = page.locator(f".archive-games a[href^='#/chess/']:not([href='#/chess/{one}'])").first
    assert other.evaluate("(a) => a.nextElementSibling?.classList.contains('archive-mark') ?? false") is False


def test_a_future_missing_or_impossible_chess_daily_is_refused_in_words(page, site_server):
    ahead = ch.not_out_yet().isoformat()
    assert site_server.get(f"/daily/chess/{ahead}.json")[0] == 404, "a day's file waits for its day"
    notice = "(t) => document.getElementById('notice-title').textContent === t"
    page.goto(f"/#/daily/Medium/{ahead}")
    page.wait_for_function(notice, arg="That daily isn’t out yet")
    assert page.is_hidden("#play-view")
    # The browser logs the 404 for the day that has no file, which this test asks for.
    allow_failed_fetch(page, "404", r"/daily/chess/2019-01-01\.json", "no daily that day, on purpose")
    page.goto("/#/daily/Medium/2019-01-01")
    page.wait_for_function(notice, arg="No daily that day")
    page.goto("/#/daily/Medium/2026-02-31")
    page.wait_for_function(notice, arg="That page isn’t in the book")


def test_a_day_with_three_chess_dailies_offers_each(page, site_server):
    index = published(site_server)
    three = next(d for d in index["chess"] if d < "2026-10-20")
    status, file = site_server.get(f"/daily/chess/{three}.json")
    assert status == 200 and len(file["dailies"]) == 3
    page.goto(f"/archive/#/chess/{three}")
    page.wait_for_selector("#chess-day-list a")
    links = page.locator("#chess-day-list a")
    assert links.count() == 3
    wanted = file["dailies"][1]
    assert links.nth(1).get_attribute("href") == f"/#/daily/{wanted['band']}/{three}"
    text = links.nth(1).text_content()
    assert wanted["band"] in text and str(wanted["rating"]) in text
    links.nth(1).click()
    page.wait_for_selector("#play-view:not([hidden])")
    page.wait_for_function(PLAYING, arg=wanted["band"])
    assert page.text_content("#play-kind").startswith("Daily · ")
    assert chp.record(page, wanted["band"], wanted["id"])["daily"] == three


def test_the_archive_pages_are_axe_clean(page, site_server, axe):
    page.goto("/archive/")
    page.wait_for_selector(".archive-day")
    assert axe(page) == []
    index = published(site_server)
    three = next(d for d in index["chess"] if d < "2026-10-20")
    page.goto(f"/archive/#/chess/{three}")
    page.wait_for_selector("#chess-day-list a")
    assert axe(page) == []


def test_an_archive_with_no_past_day_yet_says_so_in_the_pages_language(page, site_server):
    """A site's first day: no day has ended, and the notice is Spanish on a Spanish page (it was the
    English source on every page)."""
    today = ch.site_today(site_server)
    first_day = {"chess": [today], "chain": [today], "storm": [today], "streak": [today]}
    page.route("**/daily/index.json", lambda route: route.fulfill(json=first_day))
    page.goto("/es/archive/")
    expect(page.locator("#archive-list")).to_have_text(
        "Aún no hay días pasados: el archivo se llena a partir de mañana.")
