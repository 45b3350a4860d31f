"""Review in a real browser (docs/review.md): a missed puzzle enters the review and is due on the day
the schedule says (the browser's clock moved on whole days, never slept), a review plays it unrated,
a miss in review brings it back the next day, a clean solve graduates it; it all works offline; and a
signed-in player's review is kept by the server and merged with each device's."""

from __future__ import annotations

import datetime as dt
import json
import os
from typing import Any

import pytest

from puzzlebook.chess.puzzle import Puzzle
from tests.browser import chain_helpers as chain
from tests.browser import chess_helpers as ch
from tests.browser.conftest import allow_failed_fetch

pytestmark = pytest.mark.browser


def at_day(page: Any, today: str, ahead: int) -> None:
    """The browser's clock `ahead` days on from now, when the site day is `today` (the run's zone is
    where it is midday: tests/midday_zone.py); only Date is fixed, timers run."""
    now = dt.datetime.now(dt.UTC)
    assert chain_day(now) == today
    page.clock.set_fixed_time(now + dt.timedelta(days=ahead))
    if ahead > 0:  # the home page asks for the day's daily cards, which the server hasn't published
        for status in ("404", "net::ERR_FAILED"):  # (or offline, which the service worker hasn't)
            allow_failed_fetch(page, status, r"/(daily/\w+/|api/\w+/daily/)\d{4}-\d{2}-\d{2}(\.html|\.json)?",
                               "the browser's clock days ahead of the server's")


def chain_day(now: dt.datetime) -> str:
    from zoneinfo import ZoneInfo

    return now.astimezone(ZoneInfo(os.environ["SITE_TZ"])).date().isoformat()


def day(today: str, ahead: int) -> str:
    return (dt.date.fromisoformat(today) + dt.timedelta(days=ahead)).isoformat()


def review(page: Any) -> list[dict[str, Any]]:
    kept = page.evaluate("() => localStorage.getItem('pb:chess:review')")
    return list(json.loads(kept)["cards"]) if kept else []


def kept(page: Any, key: str) -> Any:
    return page.evaluate(f"() => localStorage.getItem('pb:chess:{key}')")


def show_solution(page: Any) -> None:
    page.click("#solution-button")
    page.click("#solution-yes")
    page.locator("#results-sheet[open]").wait_for()
    page.keyboard.press("Escape")


def home_says(page: Any, words: str) -> None:
    page.goto("/")
    page.wait_for_function(
        "(w) => !document.getElementById('review-card').hidden"
        " && document.getElementById('review-count').textContent.includes(w)", arg=words)


def start_review(page: Any, puzzle: Puzzle) -> None:
    page.click("#review-start")
    page.wait_for_url(f"**/#/review/{puzzle.band}/{puzzle.id}")
    ch.wait_ready(page)
    assert page.text_content("#play-kind") == "Review · unrated"


def review_solve(page: Any, puzzle: Puzzle) -> None:
    """Play the whole solution in a review, waiting for each answer (its record: pb:chess:review-current)."""
    color = ch.solver_color(puzzle)
    for k, uci in enumerate(puzzle.solution):
        ch.click_move(page, uci, color)
        if k < len(puzzle.solution) - 1:
            page.wait_for_function(
                """(n) => {
                  const rec = JSON.parse(localStorage.getItem('pb:chess:review-current') || 'null');
                  const grid = document.querySelector('.board-grid');
                  return rec && rec.moves.length === n && grid
                    && grid.getAttribute('aria-disabled') === 'false';
                }""", arg=k + 1)


def one_mover(bundle: Any, band: str = "Easy", skip: int = 0) -> Puzzle:
    found = [p for p in ch.puzzles(bundle, band) if len(p.solution) == 1]
    return found[skip]


def test_a_miss_comes_back_on_its_day_until_solved_cleanly_and_never_moves_the_rating(
    make_page: Any, site_server: Any, bundle: Any, axe: Any
) -> None:
    today = chain.site_today(site_server)
    puzzle = one_mover(bundle)
    page = make_page()
    posts: list[str] = []
    page.on("request", lambda r: posts.append(r.url) if r.method == "POST" else None)
    at_day(page, today, 0)
    ch.open_puzzle(page, f"/#/p/{puzzle.band}/{puzzle.id}")
    show_solution(page)
    assert [c["results"] for c in review(page)] == [[[today, "miss"]]]
    # The first result moved the guest's estimate; nothing in the review will.
    estimate, tally, log = kept(page, "estimate"), kept(page, "tally"), kept(page, "log")
    home_says(page, "Nothing due today")
    assert page.is_hidden("#review-start")

    at_day(page, today, 1)  # the next day: it is due
    home_says(page, "1 puzzle due today.")
    assert axe(page, "#review-card") == []
    start_review(page, puzzle)
    color = ch.solver_color(puzzle)
    ch.click_move(page, ch.find_wrong_move(puzzle, 1), color)  # missed again
    page.wait_for_function(
        "() => document.getElementById('play-status').textContent.startsWith('Not that one')")
    ch.wait_ready(page)
    ch.click_move(page, puzzle.solution[0], color)
    page.wait_for_selector("#play-done:not([hidden])")
    assert (page.get_attribute("#next-link", "href") or "").endswith("/#/review")
    assert review(page)[0]["results"] == [[today, "miss"], [day(today, 1), "miss"]]
    page.goto("/#/review")
    page.wait_for_function(
        "() => document.getElementById('notice-title').textContent === 'Nothing to review today'")
    home_says(page, "Nothing due today")

    at_day(page, today, 2)  # missed again yesterday: back the next day
    home_says(page, "1 puzzle due today.")
    start_review(page, puzzle)
    ch.click_move(page, puzzle.solution[0], color)
    page.wait_for_selector("#play-done:not([hidden])")
    assert review(page)[0]["results"][-1] == [day(today, 2), "clean"]  # graduated
    share = (page.text_content("#share-preview") or "").split("\n")
    assert share[0] == f"♟️ Chess Puzzles · Review · {puzzle.band}" and "🎯 Clean" not in share[2]

    at_day(page, today, 40)  # it never comes back
    home_says(page, "Every puzzle in your review is solved cleanly")
    assert (kept(page, "estimate"), kept(page, "tally"), kept(page, "log")) == (estimate, tally, log)
    assert not [url for url in posts if "/api/" in url]  # a guest's review posts nothing


def test_review_works_offline(make_page: Any, site_server: Any, bundle: Any) -> None:
    today = chain.site_today(site_server)
    page = make_page(service_workers="allow")
    at_day(page, today, 0)
    page.goto("/")
    page.evaluate("async () => { await navigator.serviceWorker.ready }")
    page.reload()
    page.wait_for_function("() => navigator.serviceWorker.controller !== null")
    page.context.set_offline(True)
    page.goto("/#/endless/Beginner")  # the shard the service worker cached on install
    page.wait_for_url("**/#/p/Beginner/*")
    ch.wait_ready(page)
    pid = page.url.rsplit("/", 1)[1]
    puzzle = next(p for p in ch.puzzles(bundle, "Beginner") if p.id == pid)
    show_solution(page)
    assert [c["id"] for c in review(page)] == [pid]

    at_day(page, today, 1)
    home_says(page, "1 puzzle due today.")
    start_review(page, puzzle)
    review_solve(page, puzzle)
    page.wait_for_selector("#play-done:not([hidden])")
    assert review(page)[0]["results"][-1] == [day(today, 1), "clean"]


def test_a_players_review_is_kept_by_the_server_merged_with_each_devices_and_unrated(
    make_page: Any, site_server: Any, bundle: Any
) -> None:
    today = chain.site_today(site_server)
    yesterday = day(today, -1)
    player = chain.new_player(site_server, "Reviewer")
    first, second = one_mover(bundle, skip=1), one_mover(bundle, skip=2)
    phone = make_page()
    chain.sign_in(phone, player)
    ch.open_puzzle(phone, f"/#/p/{first.band}/{first.id}")
    with phone.expect_response(lambda r: r.url.endswith("/api/chess/review") and r.ok):
        show_solution(phone)  # the miss enters the review, which goes to the server at once
    status, on_server = site_server.get("/api/chess/review", token=player["token"])
    assert status == 200 and [c["id"] for c in on_server["cards"]] == [first.id]

    # Another device, with yesterday's miss kept while signed out: signed in, its home page merges both.
    laptop = make_page()
    laptop.goto("/")
    laptop.evaluate("(q) => localStorage.setItem('pb:chess:review', JSON.stringify(q))",
                    {"cards": [{"band": second.band, "id": second.id, "results": [[yesterday, "miss"]]}]})
    laptop.evaluate("(p) => localStorage.setItem('pb:player', JSON.stringify(p))", player)
    home_says(laptop, "1 puzzle due today.")
    laptop.wait_for_function(
        "() => JSON.parse(localStorage.getItem('pb:chess:review')).cards.length === 2")
    status, on_server = site_server.get("/api/chess/review", token=player["token"])
    assert sorted(c["id"] for c in on_server["cards"]) == sorted([first.id, second.id])
    assert on_server["due_today"] == 1

    # The review plays unrated: no result posted, the rating as it was; its clean solve graduates it.
    rating = site_server.get("/api/me", token=player["token"])[1].get("ratings")
    posts: list[str] = []
    laptop.on("request", lambda r: posts.append(r.url) if r.method == "POST" else None)
    start_review(laptop, second)
    with laptop.expect_response(lambda r: r.url.endswith("/api/chess/review") and r.ok):
        ch.click_move(laptop, second.solution[0], ch.solver_color(second))
    laptop.wait_for_selector("#play-done:not([hidden])")
    status, on_server = site_server.get("/api/chess/review", token=player["token"])
    graduated = {c["id"]: c["graduated"] for c in on_server["cards"]}
    assert graduated == {first.id: None, second.id: today}
    assert [url for url in posts if "/api/" in url and not url.endswith("/api/chess/review")] == []
    assert site_server.get("/api/me", token=player["token"])[1].get("ratings") == rating


def test_signing_in_merges_what_this_browser_missed_into_the_players_review(
    make_page: Any, site_server: Any, bundle: Any
) -> None:
    today = chain.site_today(site_server)
    player = chain.new_player(site_server, "Later Signer")
    puzzle = one_mover(bundle, skip=3)
    page = make_page()
    ch.open_puzzle(page, f"/#/p/{puzzle.band}/{puzzle.id}")
    show_solution(page)  # missed as a guest: kept in this browser's review only
    assert site_server.get("/api/chess/review", token=player["token"])[1]["cards"] == []
    with page.expect_response(lambda r: r.url.endswith("/api/chess/review") and r.ok):
        page.goto(f"/signin/#token={player['token']}")
    page.wait_for_selector("#signin-done:not([hidden])")
    cards = site_server.get("/api/chess/review", token=player["token"])[1]["cards"]
    assert [(c["id"], c["results"]) for c in cards] == [(puzzle.id, [[today, "miss"]])]


@pytest.mark.parametrize("width", [320, 390, 1280])
def test_the_review_page_reads_at_every_width(make_page: Any, width: int) -> None:
    page = make_page(viewport={"width": width, "height": 800})
    page.goto("/review/")
    rows = page.locator(".review-example tbody tr")
    assert rows.count() == 7
    assert rows.last.text_content() is not None and "leaves your review" in (rows.last.text_content() or "")
    assert page.evaluate("() => document.documentElement.scrollWidth <= window.innerWidth")
    if width == 320:  # stacked: each figure after its column's name
        label = page.evaluate(
            "() => getComputedStyle(document.querySelector('.review-example td'), '::before').content")
        assert "How it went" in label



def missed_signed_in(page: Any, player: dict[str, Any], puzzle: Any) -> Any:
    """`page` signed in as `player`, who has missed `puzzle` (Show solution): the miss in this
    browser's review and, once its sync answered, in the player's on the server."""
    page.goto("/")
    page.evaluate("(p) => localStorage.setItem('pb:player', JSON.stringify(p))", player)
    ch.open_puzzle(page, f"/#/p/{puzzle.band}/{puzzle.id}")
    with page.expect_response(lambda r: r.url.endswith("/api/chess/review") and r.ok):
        show_solution(page)
    return page


def test_signing_out_leaves_no_review_for_the_next_player_to_merge(
    make_page: Any, site_server: Any, bundle: Any
) -> None:
    first, second = chain.new_player(site_server, "Leaver"), chain.new_player(site_server, "Next One")
    puzzle = one_mover(bundle, skip=4)
    page = missed_signed_in(make_page(), first, puzzle)
    assert [c["id"] for c in review(page)] == [puzzle.id]

    page.goto("/account/")
    page.click("#account-sign-out")
    page.click("#account-sign-out-yes")
    page.wait_for_selector("#account-anonymous:not([hidden])")
    assert review(page) == []  # the first player's review went with them

    with page.expect_response(lambda r: r.url.endswith("/api/chess/review") and r.ok):
        page.goto(f"/signin/#token={second['token']}")
    page.wait_for_selector("#signin-done:not([hidden])")
    assert site_server.get("/api/chess/review", token=second["token"])[1]["cards"] == []
    # Signing out ended the first player's token on the server (docs/accounts.md); their review stays
    # theirs, kept in their own item for when they sign in again.
    assert site_server.get("/api/chess/review", token=first["token"])[0] == 401
    kept: list[Any] = []
    site_server.keep_results(
        lambda store, day, now: kept.append(store.get_item(f"P#{first['id']}", "REVIEW#chess")))
    assert [card["id"] for card in kept[0]["doc"]["cards"]] == [puzzle.id]


def test_a_review_of_a_puzzle_not_in_the_book_is_skipped(
    make_page: Any, site_server: Any, bundle: Any
) -> None:
    today = chain.site_today(site_server)
    puzzle = one_mover(bundle, skip=5)
    page = make_page()
    page.goto("/")
    # Both due today; the one a later bundle lacks sorts first ("Easy/0..." before any real id).
    queue = {"cards": [{"band": "Easy", "id": "00000", "results": [[day(today, -1), "miss"]]},
                       {"band": puzzle.band, "id": puzzle.id, "results": [[day(today, -1), "miss"]]}]}
    page.evaluate("(q) => localStorage.setItem('pb:chess:review', JSON.stringify(q))", queue)
    home_says(page, "2 puzzles due today.")
    start_review(page, puzzle)


def test_another_player_signing_in_here_doesnt_merge_the_last_ones_review(
    make_page: Any, site_server: Any, bundle: Any
) -> None:
    first, second = chain.new_player(site_server, "Was Here"), chain.new_player(site_server, "Comes After")
    page = missed_signed_in(make_page(), first, one_mover(bundle, skip=6))
    with page.expect_response(lambda r: r.url.endswith("/api/chess/review") and r.ok):
        page.goto(f"/signin/#token={second['token']}")  # no sign-out first
    page.wait_for_selector("#signin-done:not([hidden])")
    assert site_server.get("/api/chess/review", token=second["token"])[1]["cards"] == []


@pytest.mark.parametrize("who", ["guest", "player"])
def test_a_miss_left_while_the_solution_plays_out_is_in_the_review(
    make_page: Any, site_server: Any, bundle: Any, who: str
) -> None:
    """Issue 40, 2.1: Endless, a wrong move, Show solution, then "All puzzles" before the line has
    played out (the page's clock stands still, so its beats never come): the miss is in the review,
    the browser's and a player's on the server, and in this browser's history."""
    today = chain.site_today(site_server)
    page = make_page()
    player = chain.new_player(site_server, "Leaves Early") if who == "player" else None
    if player:
        chain.sign_in(page, player)
    page.clock.install()
    page.goto("/#/endless/Medium")
    page.wait_for_url("**/#/p/Medium/*")
    page.clock.run_for(3000)  # past the beat before the opponent's first move
    ch.wait_ready(page)
    # From here the page's time moves only when the test says.
    page.clock.pause_at(dt.datetime.fromtimestamp(page.evaluate("() => Date.now()") / 1000 + 1, dt.UTC))
    pid = page.url.rsplit("/", 1)[1]
    puzzle = next(p for p in ch.puzzles(bundle, "Medium") if p.id == pid)
    wrong = ch.find_wrong_move(puzzle, 1)
    if player:  # the miss enters the review as it is made, and a player's goes to the server at once
        with page.expect_response(lambda r: r.url.endswith("/api/chess/review") and r.ok):
            ch.click_move(page, wrong, ch.solver_color(puzzle))
            page.clock.run_for(2000)  # the wrong move slides back
    else:
        ch.click_move(page, wrong, ch.solver_color(puzzle))
        page.clock.run_for(2000)
    assert page.text_content("#stat-mistakes") == "1"
    assert page.get_attribute(".board-grid", "aria-disabled") == "false"
    page.click("#solution-button")
    page.click("#solution-yes")
    page.click("#play-view .play-links a[href='#/']")  # All puzzles, the line still to play out
    page.wait_for_selector("#home-view:not([hidden])")
    assert [(c["id"], c["results"]) for c in review(page)] == [(pid, [[today, "miss"]])]
    log = json.loads(kept(page, "log") or "[]")
    assert [(e["id"], e["result"]) for e in log] == [(pid, "missed")]
    if player:
        cards = site_server.get("/api/chess/review", token=player["token"])[1]["cards"]
        assert [(c["id"], c["results"]) for c in cards] == [(pid, [[today, "miss"]])]


def test_the_home_shows_the_servers_review_from_its_one_request(
    make_page: Any, site_server: Any, bundle: Any
) -> None:
    """A device that never kept a review: its home's card counts the server's review, taken from the
    home's one request (GET /api/me/home), with no request of the review's own and nothing posted."""
    today = chain.site_today(site_server)
    player = chain.new_player(site_server, "Elsewhere")
    missed = one_mover(bundle, skip=3)
    cards = [{"band": missed.band, "id": missed.id, "results": [[day(today, -1), "miss"]]}]
    status, _ = site_server.post("/api/chess/review", {"cards": cards}, token=player["token"])
    assert status == 200
    page = make_page()
    chain.sign_in(page, player)
    asked: list[str] = []
    page.on("request", lambda r: asked.append(f"{r.method} {r.url}") if "/api/" in r.url else None)
    home_says(page, "1 puzzle due today.")
    assert [a for a in asked if "/api/chess/review" in a] == [], asked
    assert any(a.startswith("GET ") and "/api/me/home" in a for a in asked), asked
    assert [c["id"] for c in review(page)] == [missed.id]
