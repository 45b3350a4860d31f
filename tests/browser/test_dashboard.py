"""The dashboard and the history in Chromium: a week of results posted through the API with a test
clock (an app over the browser server's own store), then the pages show the figures the pure
function computes, charts drawn, weakest first; the history pages, its missed filter and Replay
missed (unrated, until each is solved cleanly)."""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Iterator
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest

from puzzlebook.chess.dashboard import dashboard, tallies_of
from puzzlebook.chess.puzzle import Puzzle
from puzzlebook.chess.themes import THEMES
from tests.browser import chain_helpers as ch
from tests.browser import chess_helpers as chx
from tests.browser.conftest import LAPTOP, PHONE
from tests.dashboard_week import play_week, wrong_move
from tests.support import Clock, sqlite_store, with_ticket

# Its module fixture is made once: the module's tests run on one worker (tests/xdist_groups.py).
pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("browser-dashboard")]
SHOTS = Path("/tmp/puzzlebook-dashboard-shots")


def theme_words(key: str) -> str:
    """The name the page shows for a theme: the catalogue's (chess/theme_words.js)."""
    if key in THEMES:
        return THEMES[key].name
    words = re.sub(r"([0-9])([A-Za-z])", r"\1 \2", re.sub(r"([a-z])([A-Z0-9])", r"\1 \2", key)).lower()
    return words[:1].upper() + words[1:]


@pytest.fixture(scope="module")
def week(site_server: Any) -> Iterator[dict[str, Any]]:
    """A player and the log of their week, posted through the API on a test clock ending today."""
    from fastapi.testclient import TestClient

    from functions.app import create_app
    from service.settings import load

    path = site_server.store_url.removeprefix("sqlite:///")
    settings = load(site_server.env, warn=False)
    with sqlite_store(path) as store:
        clock = Clock(dt.datetime.now(dt.UTC))
        app = create_app(settings, store, clock=clock)
        with TestClient(app) as client:
            today = app.state.ctx.today()
            made = client.post("/api/players", json={"name": "Weekly"}).json()
            headers = {"Authorization": f"Bearer {made['token']}"}

            world = SimpleNamespace(client=client, clock=clock)

            def post(path: str, body: dict[str, Any]) -> dict[str, Any]:
                # As the game posts it: the puzzle opened first, its play ticket carried.
                got = client.post(path, json=with_ticket(world, path, body, headers), headers=headers)
                assert got.status_code == 200, got.text
                return got.json()

            def set_time(at: dt.datetime) -> None:
                clock.at = at

            start = dt.datetime.combine(today - dt.timedelta(days=6), dt.time(12), tzinfo=settings.site_tz)
            log = play_week(post, set_time, start, app.state.ctx)
    yield {"player": made, "log": log, "today": today.isoformat()}


def _dashboard_shows(page: Any, figures: dict[str, Any], rated: int = 0) -> None:
    """The page shows `figures`; `rated`: the signed-in player's rated results in the span."""
    assert page.text_content("#dash-played") == str(figures["played"])
    assert page.text_content("#dash-first") == f"{figures['first_rate']}%"
    assert page.text_content("#dash-performance") == str(figures["performance"])
    weak = page.locator("#weak-list .theme-name").all_text_contents()
    assert weak == [theme_words(r["theme"]) for r in figures["weak"]]
    strong = page.locator("#strong-list .theme-name").all_text_contents()
    assert strong == [theme_words(r["theme"]) for r in figures["strong"]]
    figs = page.locator("#weak-list .theme-figures").all_text_contents()
    r = figures["weak"][0]
    assert (
        figs[0]
        == f"{r['first']} of {r['played']} first try ({r['first_rate']}%) · performance {r['performance']}"
    )
    # The charts: a bar a theme, and the rating's dots: with at most 100 results in the span, one
    # before the first rated result and one after each, else one a rated day. The tables behind them
    # hold the same figures.
    dots = rated + 1 if rated and figures["played"] <= 100 else len(figures["ratings"])
    assert page.locator("#rating-chart svg circle").count() == dots
    assert page.locator("#rating-rows tr").count() == dots
    assert page.locator("#theme-chart svg rect.chart-bar").count() == len(figures["themes"])
    rows = page.locator("#theme-rows tr th").all_text_contents()
    assert rows == [theme_words(r["theme"]) for r in figures["themes"]]


def test_the_dashboard_after_a_scripted_week(
    make_page: Any, site_server: Any, week: dict[str, Any], axe: Any
) -> None:
    page = make_page()
    ch.sign_in(page, week["player"])
    page.goto("/dashboard/?days=7")
    page.wait_for_selector("body[data-dashboard=ready]")
    expected = dashboard(tallies_of(week["log"]), week["today"], 7)
    assert expected["played"] == 28 and expected["weak"][0]["theme"] == "fork"
    rated = sum(1 for entry in week["log"] if entry["after"] is not None)
    _dashboard_shows(page, expected, rated)
    assert page.locator("#rating-chart svg polyline").count() == 1
    assert page.get_attribute("#rating-chart svg", "role") == "img"
    practise = page.locator("#weak-list a.button").first
    assert practise.get_attribute("href") == "/#/theme/fork"
    assert axe(page) == []
    page.click("[data-days='90']")
    page.wait_for_function(
        "() => document.querySelector('[data-days=\"90\"]').getAttribute('aria-pressed') === 'true'"
    )
    assert "days=90" in page.url
    _dashboard_shows(page, dashboard(tallies_of(week["log"]), week["today"], 90), rated)
    SHOTS.mkdir(exist_ok=True)
    for scheme in ("light", "dark"):
        for name, viewport in (("phone", PHONE), ("laptop", LAPTOP)):
            shot = make_page(viewport=viewport, color_scheme=scheme)
            ch.sign_in(shot, week["player"])
            shot.goto("/dashboard/?days=7")
            shot.wait_for_selector("body[data-dashboard=ready]")
            shot.evaluate("() => document.querySelectorAll('details').forEach((d) => { d.open = true })")
            assert axe(shot) == [], (name, scheme)
            shot.screenshot(path=str(SHOTS / f"dashboard-{name}-{scheme}.png"), full_page=True)


def test_a_guest_dashboard_comes_from_this_browser(make_page: Any, week: dict[str, Any]) -> None:
    """The same log kept in the browser (a guest) gives the same figures, computed by the browser."""
    page = make_page()
    log = [{**e, "after": None} for e in week["log"]]  # a guest has no rating
    page.goto("/about/")
    page.evaluate("(log) => localStorage.setItem('pb:chess:log', JSON.stringify(log))", log)
    page.goto("/dashboard/?days=30")
    page.wait_for_selector("body[data-dashboard=ready]")
    figures = dashboard(tallies_of(log), week["today"], 30)
    _dashboard_shows(page, figures)
    assert page.is_visible("#rating-none")


def test_history_pages_newest_first_and_filters_missed(
    make_page: Any, week: dict[str, Any], axe: Any
) -> None:
    page = make_page()
    ch.sign_in(page, week["player"])
    page.goto("/history/")
    page.wait_for_selector("body[data-history=ready]")
    newest = list(reversed(week["log"]))
    links = page.locator("#history-rows th a")
    assert links.count() == 20
    assert links.first.get_attribute("href") == f"/#/p/{newest[0]['band']}/{newest[0]['id']}"
    assert axe(page) == []
    page.click("#history-more")
    page.wait_for_function("() => document.querySelectorAll('#history-rows tr').length === 28")
    hrefs = [links.nth(i).get_attribute("href") for i in range(28)]
    assert hrefs == [f"/#/p/{e['band']}/{e['id']}" for e in newest]
    assert page.is_hidden("#history-more")
    results = page.locator("#history-rows tr").evaluate_all("(rows) => rows.map((r) => r.dataset.result)")
    assert results == [e["result"] for e in newest]
    page.check("#missed-only")
    missed = [e for e in newest if e["result"] in ("missed", "shown")]
    page.wait_for_function(f"() => document.querySelectorAll('#history-rows tr').length === {len(missed)}")
    assert page.locator("#history-rows tr").evaluate_all("(rows) => rows.map((r) => r.dataset.result)") == [
        e["result"] for e in missed
    ]
    SHOTS.mkdir(exist_ok=True)
    for scheme in ("light", "dark"):
        for name, viewport in (("phone", {"width": 320, "height": 700}), ("laptop", LAPTOP)):
            shot = make_page(viewport=viewport, color_scheme=scheme)
            ch.sign_in(shot, week["player"])
            shot.goto("/history/")
            shot.wait_for_selector("body[data-history=ready]")
            assert axe(shot) == [], (name, scheme)
            shot.screenshot(path=str(SHOTS / f"history-{name}-{scheme}.png"))
    links.first.click()
    page.wait_for_selector("#play-view:not([hidden])")
    assert page.text_content("#play-title") == missed[0]["band"]


def _one_movers(bundle: Any, n: int) -> list[Puzzle]:
    found = [p for p in chx.puzzles(bundle, "Easy") if len(p.solution) == 1]
    return found[:n]


@pytest.mark.parametrize("signed_in", [True, False], ids=["player", "guest"])
def test_a_solve_after_a_mistake_is_called_so_in_the_history(
    make_page: Any, site_server: Any, bundle: Any, signed_in: bool
) -> None:
    """A wrong move is the first result (a player's miss is posted at once), but a puzzle solved
    after it reads "Solved after a mistake", not "Missed"; one never solved still reads "Missed"."""
    solved, left = _one_movers(bundle, 4)[2:]
    page = make_page()
    if signed_in:
        ch.sign_in(page, ch.new_player(site_server, "Second Try"))
    for puzzle in (left, solved):
        chx.open_puzzle(page, f"/#/p/{puzzle.band}/{puzzle.id}")
        chx.click_move(page, wrong_move(puzzle), chx.solver_color(puzzle))
        page.wait_for_function(
            "() => document.getElementById('play-status').textContent.startsWith('Not that one')"
        )
        chx.wait_ready(page)  # the piece back on its square before the next puzzle opens
    chx.click_move(page, solved.solution[0], chx.solver_color(solved))
    page.wait_for_selector("#results-sheet[open]")
    if signed_in:  # the solve is posted before the history is read
        page.wait_for_function(
            "(key) => JSON.parse(localStorage.getItem('pb:chess:queue-sent') || '[]').includes(key)",
            arg=f"solve:{solved.band}/{solved.id}",
        )
    else:  # a guest's record of the unsolved one is finished by Show solution
        chx.open_puzzle(page, f"/#/p/{left.band}/{left.id}")
        page.click("#solution-button")
        page.click("#solution-yes")
        page.wait_for_selector("#play-done:not([hidden])")
    page.goto("/history/")
    page.wait_for_selector("body[data-history=ready]")
    words = page.locator("#history-rows tr").evaluate_all(
        "(rows) => rows.map((r) =>"
        " [r.querySelector('th a').getAttribute('href'), r.querySelector('.result').textContent])"
    )
    assert dict(words) == {
        f"/#/p/{solved.band}/{solved.id}": "Solved after a mistake",
        f"/#/p/{left.band}/{left.id}": "Missed",
    }


def test_replay_missed_serves_them_unrated_until_each_is_solved_cleanly(
    make_page: Any, site_server: Any, bundle: Any
) -> None:
    player = ch.new_player(site_server, "Replayer")
    first, second = _one_movers(bundle, 2)
    for puzzle, how, moves in ((first, "wrong", [wrong_move(first)]), (second, "gave-up", [])):
        status, body = site_server.post_result(
            "/api/chess/misses",
            {"id": puzzle.id, "band": puzzle.band, "how": how, "moves": moves},
            player["token"],
        )
        assert status == 200, body
    page = make_page()
    ch.sign_in(page, player)
    posts: list[str] = []
    page.on("request", lambda r: posts.append(r.url) if r.method == "POST" else None)
    page.goto("/history/")
    page.wait_for_selector("body[data-history=ready]")
    page.click("#replay-missed")
    # Newest first: the shown one, then the missed one. A wrong move first: it goes to the back.
    chx.wait_ready(page)
    assert page.text_content("#play-kind") == "Replay missed · unrated"
    color = chx.solver_color(second)
    chx.click_move(page, wrong_move(second), color)
    page.wait_for_function(
        "() => document.getElementById('play-status').textContent.startsWith('Not that one')"
    )
    chx.wait_ready(page)
    chx.click_move(page, second.solution[0], color)
    page.wait_for_selector("#play-done:not([hidden])")
    assert (page.get_attribute("#next-link", "href") or "").endswith("/#/replay")
    assert page.url.endswith(f"/#/replay/{second.band}/{second.id}")
    page.locator("#results-sheet[open]").wait_for()
    page.click("#results-next")  # Next missed puzzle
    chx.wait_ready(page)
    assert page.evaluate(
        "() => JSON.parse(localStorage.getItem('pb:chess:replay')).left.map((p) => p.id)"
    ) == [first.id, second.id]
    chx.click_move(page, first.solution[0], chx.solver_color(first))
    page.wait_for_selector("#play-done:not([hidden])")
    # Solved cleanly, but a replay: its share text says so and never reads as a clean rated solve (issue 26).
    share = (page.text_content("#share-preview") or "").split("\n")
    assert share[0] == f"♟️ Chess Puzzles · Replay · {first.band}"
    assert share[2].startswith("🔁 Unrated · ⏱️ ") and "🎯 Clean" not in share[2]
    page.goto("/#/replay")
    chx.wait_ready(page)
    chx.click_move(page, second.solution[0], color)
    page.wait_for_selector("#play-done:not([hidden])")
    page.goto("/#/replay")
    page.wait_for_function("() => document.getElementById('notice-title').textContent === 'Replay done'")
    assert page.is_visible("#notice-title")
    assert not [url for url in posts if "/api/chess/" in url]  # replays are never posted
    assert page.evaluate("() => localStorage.getItem('pb:chess:tally')") is None  # nor counted
    status, history = site_server.get("/api/me/history", token=player["token"])
    assert [line["result"] for line in history["lines"]] == ["shown", "missed"]


def test_a_new_players_rating_chart_draws_each_result_in_text_of_one_size(
    make_page: Any, site_server: Any, bundle: Any
) -> None:
    """A new player's first day was one dot (a point a day) while the rating moved 1500 → 1685:
    now each rated result is a point. The chart's text is the same size at 320 and 1280 px (it
    was scaled with the width: 8 px to 18 px)."""
    player = ch.new_player(site_server, "First Day")
    for puzzle in _one_movers(bundle, 4):
        body = {"id": puzzle.id, "band": puzzle.band, "moves": puzzle.solution, "mistakes": 0, "hints": 0,
                "seconds": 3}
        status, answer = site_server.post_result("/api/chess/solves", body, player["token"])
        assert status == 200, answer
    sizes = {}
    for width in (320, 1280):
        page = make_page(viewport={"width": width, "height": 800})
        ch.sign_in(page, player)
        page.goto("/dashboard/?days=7")
        page.wait_for_selector("body[data-dashboard=ready]")
        page.wait_for_selector("#rating-chart svg")
        assert page.locator("#rating-chart circle.chart-dot").count() == 5  # before the first, after each
        assert page.locator("#rating-rows tr").count() == 5
        assert page.locator("#rating-rows tr th").first.text_content() == "Before the first"
        summary = page.get_attribute("#rating-chart svg", "aria-label") or ""
        assert summary.startswith("Your rating over 4 rated puzzles")
        sizes[width] = page.locator("#rating-chart .chart-text").evaluate_all(
            "(texts) => texts.map((t) => t.getBoundingClientRect().height)"
        )
        assert page.evaluate("document.documentElement.scrollWidth") <= width
    assert max(sizes[320]) == pytest.approx(max(sizes[1280]), abs=0.5), sizes
