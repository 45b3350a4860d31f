"""Offline: a puzzle solved without a connection is posted when the browser
is back online, exactly once; the site opens and Endless plays offline."""

from __future__ import annotations

import json

import pytest

from tests.browser import chain_helpers as ch_chain
from tests.browser import chess_helpers as ch
from tests.browser.conftest import allow_failed_fetch

pytestmark = pytest.mark.browser


def sign_in(page, site_server, name: str) -> str:
    status, player = site_server.post("/api/players", {"name": name})
    assert status == 201, player
    page.goto("/")
    page.evaluate("(p) => localStorage.setItem('pb:player', JSON.stringify(p))", player)
    return player["token"]


@pytest.mark.slow
def test_an_offline_solve_posts_once_back_online(make_page, site_server, bundle):
    page = make_page()
    token = sign_in(page, site_server, "Offline Olga")
    posts = []  # posts that reached the server (tries while offline fail in the browser)
    # Results, not openings (asked with the player's date: /plays?date=…), nor the review, which is no
    # result (docs/review.md).
    page.on("response", lambda r: r.request.method == "POST" and "/api/chess/" in r.url
            and not r.url.split("?")[0].endswith(("/plays", "/review")) and posts.append(r.url))
    puzzle = ch.find_puzzle(bundle, "Medium", moves=2)
    color = ch.solver_color(puzzle)
    ch.open_puzzle(page, f"/#/p/Medium/{puzzle.id}")
    # The browser logs each post refused while the test has it offline.
    allow_failed_fetch(page, "net::ERR_INTERNET_DISCONNECTED", r"/api/chess/(misses|solves)", "offline")
    page.context.set_offline(True)
    # A wrong move first: its miss waits too, and goes before the solve.
    ch.click_move(page, ch.find_wrong_move(puzzle, 1), color)
    page.wait_for_function("() => document.getElementById('stat-mistakes').textContent === '1'")
    ch.wait_ready(page)
    page.wait_for_timeout(1000 * len(puzzle.solution) + 200)  # past the server's second-a-move floor
    for k, uci in enumerate(puzzle.solution):
        ch.click_move(page, uci, color)
        if k < len(puzzle.solution) - 1:
            ch.wait_turn(page, "Medium", puzzle.id, k + 1)
    page.locator("#results-sheet[open]").wait_for()
    queue = json.loads(page.evaluate("localStorage.getItem('pb:chess:queue')"))
    assert [item["kind"] for item in queue] == ["miss", "solve"]
    assert "Waiting to post" in page.text_content("#results-note")
    assert site_server.get("/api/me", token=token)[1]["chess"]["solved"] == 0

    page.context.set_offline(False)  # the browser's "online" event sends the queue
    page.wait_for_function("() => JSON.parse(localStorage.getItem('pb:chess:queue')).length === 0")
    page.wait_for_function("() => document.getElementById('results-note').textContent !== ''"
                           " && !document.getElementById('results-note').textContent.startsWith('Waiting')")
    me = site_server.get("/api/me", token=token)[1]
    assert me["chess"]["solved"] == 1 and me["chess"]["clean"] == 0
    assert [u.rsplit("/", 1)[1] for u in posts if "/api/chess/" in u] == ["misses", "solves"]
    # The rating change is shown once posted.
    assert page.is_visible("#results-rating")
    assert page.text_content("#results-rating").startswith("Your rating: ")

    page.reload()
    page.goto("/#/")
    page.wait_for_timeout(800)
    assert len(posts) == 2, posts
    assert site_server.get("/api/me", token=token)[1]["chess"]["solved"] == 1


def test_the_site_opens_and_endless_plays_offline(make_page, site_server):
    page = make_page(service_workers="allow")
    page.goto("/")
    page.evaluate("async () => { await navigator.serviceWorker.ready }")
    page.reload()  # now controlled by the service worker
    page.wait_for_function("() => navigator.serviceWorker.controller !== null")
    # Offline, Endless asks only for the shards the service worker cached: no fetch fails, so the
    # browser logs nothing (it tried a dozen uncached shards first, 38 console errors).
    page.context.set_offline(True)
    page.reload()
    page.locator("#home-title").wait_for()
    # Chromium 150 forgets the emulated offline state in a document the reload opened (its
    # navigator.onLine says true, as no offline browser would): set again, the page is told.
    page.context.set_offline(False)
    page.context.set_offline(True)
    assert page.evaluate("navigator.onLine") is False
    asked: list[str] = []
    page.on("request", lambda r: asked.append(r.url) if "/shards/Beginner/" in r.url else None)
    page.goto("/#/endless/Beginner")
    page.wait_for_url("**/#/p/Beginner/*")
    ch.wait_ready(page)
    assert page.text_content("#play-title") == "Beginner"
    assert len(asked) == 1, asked  # shard 0, the one the service worker fetched on install


def test_chain_opens_offline_after_a_visit_of_the_home_page(make_page, site_server):
    """The home page shows today's Chain, so Chain must open offline after it, though the home
    page never asks for Chain's file: the service worker keeps today's files."""
    today = ch_chain.site_today(site_server)
    page = make_page(service_workers="allow")
    page.goto("/")
    page.evaluate("async () => { await navigator.serviceWorker.ready }")
    page.reload()  # a visit the service worker sees
    page.wait_for_function("() => navigator.serviceWorker.controller !== null")
    page.wait_for_function("(day) => caches.match(`/daily/chain/${day}.json`).then(Boolean)", arg=today)
    page.context.set_offline(True)
    page.goto("/chain/")
    page.wait_for_selector("#chain-hand [data-tile]")
    assert page.is_hidden("#notice-view")
    assert page.text_content("#chain-kind").startswith("Today")


def test_offline_a_page_never_visited_says_it_isnt_available_offline(make_page, site_server):
    """Issue 40, 2.5: offline, History and Account (pages the service worker keeps only once they are
    visited) say they aren't available offline, under their own address; a page kept still opens."""
    page = make_page(service_workers="allow")
    page.goto("/")
    page.evaluate("async () => { await navigator.serviceWorker.ready }")
    page.reload()
    page.wait_for_function("() => navigator.serviceWorker.controller !== null")
    page.context.set_offline(True)
    for path in ("/history/", "/account/"):
        page.goto(path)
        assert page.url.endswith(path)
        assert page.text_content("h1") == "This page isn’t available offline"
        assert page.locator("#home-title").count() == 0
        assert page.get_attribute("main a.button-primary", "href") == "/"
    page.goto("/")  # kept on install: it still opens
    page.locator("#home-title").wait_for()
