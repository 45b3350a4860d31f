"""The teacher's results as issue 40 found them, in the browser: a set's columns were told apart
only by their numbers (every head "Fork, rated…", the rating cut), a table's caption ran off a
phone's screen, and a lesson result that failed to post went only when that lesson was opened again.
Screenshots at 320, 390 and 1280 px, light and dark, in /tmp/puzzlebook-class-shots."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import pytest

from tests.browser import chain_helpers as chx
from tests.browser import chess_helpers as ch
from tests.browser.conftest import LAPTOP, PHONE, allow_failed_fetch

pytestmark = pytest.mark.browser
SHOTS = Path("/tmp/puzzlebook-class-shots")
NARROW = {"width": 320, "height": 640}
LESSON = [
    {"title": "Back rank", "fen": "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", "playerColor": "white",
     "moves": [{"uci": "a1a8"}]},
    {"title": "Back rank again", "fen": "6k1/5ppp/8/8/8/8/8/1R4K1 w - - 0 1", "playerColor": "white",
     "moves": [{"uci": "b1b8"}]},
]
# The caption's words, measured where they are drawn: their right edge inside the box the table
# scrolls in (a caption is as wide as its table, which may be wider than the box).
CAPTION_IN_BOX = """(scroll) => {
    const box = document.querySelector(scroll)
    const caption = box.querySelector('caption')
    const words = document.createRange()
    words.selectNodeContents(caption)
    return { words: words.getBoundingClientRect().right, box: box.getBoundingClientRect().right,
             wide: box.scrollWidth > box.clientWidth }
}"""


def a_class(site_server: Any, *students: str) -> tuple[dict, str, list[dict]]:
    """A teacher, their class and its students (made in the store, joined through the API)."""
    teacher, *players = site_server.many_players(["Ms Rook", *students])
    status, klass = site_server.post("/api/classes", {"name": "Thursday club"}, token=teacher["token"])
    assert status == 201, klass
    code = klass["join_url"].split("code=")[1]
    for player in players:
        status, joined = site_server.post(f"/api/classes/{klass['id']}/students",
                                          {"name": player["name"], "code": code}, token=player["token"])
        assert status == 200, joined
    return teacher, klass["id"], players


def test_a_sets_columns_are_told_apart_and_captions_stay_on_a_phone(make_page, site_server, axe):
    teacher, klass, _ = a_class(site_server, "Ada", "Bo")
    status, made = site_server.post(f"/api/classes/{klass}/sets",
                                    {"themes": ["fork"], "low": 1000, "high": 1399, "count": 6},
                                    token=teacher["token"])
    assert status == 201, made
    (drawn,) = [lesson for lesson in made["lessons"] if lesson["set"]]
    titles = [p["title"] for p in site_server.get(f"/api/lessons/{drawn['id']}")[1]["puzzles"]]
    page = make_page()
    chx.sign_in(page, teacher)
    page.goto(f"/classes/class/?id={klass}")
    page.click(f"[data-lesson='{drawn['id']}'] button.button-primary")
    page.wait_for_selector("#results-scroll table")
    shown = "#results-scroll thead [data-sort] [aria-hidden='true']:not(.sort-mark)"
    heads = page.locator(shown).all_inner_texts()
    # Every column's head says its puzzle's rating: told apart at a glance (they all began "Fork, rated…").
    assert len(heads) == 6 and len(set(heads)) == 6, heads
    for n, (head, title) in enumerate(zip(heads, titles, strict=True), 1):
        assert head.startswith(f"{n}. ") and head.endswith(title.rsplit(" ", 1)[1]), (head, title)
    page.wait_for_function("() => document.body.dataset.heatmap === 'ready-30'")
    SHOTS.mkdir(parents=True, exist_ok=True)
    for scheme in ("light", "dark"):
        page.emulate_media(color_scheme=scheme)
        for label, size in (("320", NARROW), ("390", PHONE), ("1280", LAPTOP)):
            page.set_viewport_size(size)
            assert page.evaluate("document.documentElement.scrollWidth <= innerWidth"), label
            for scroll in ("#results-scroll", "#progress-scroll"):
                seen = page.evaluate(CAPTION_IN_BOX, scroll)
                assert seen["words"] <= seen["box"] + 0.5, (label, scroll, seen)
            assert page.evaluate(CAPTION_IN_BOX, "#results-scroll")["wide"] or label == "1280"
            page.locator("#results-box").screenshot(path=str(SHOTS / f"set-table-{label}-{scheme}.png"))
            page.locator("#progress-box").screenshot(path=str(SHOTS / f"set-progress-{label}-{scheme}.png"))
        assert axe(page) == [], scheme


WAITING = "(id) => (JSON.parse(localStorage.getItem(`pb:lessons:l:${id}`) || '{}').pending || []).length"


def results_waiting(page: Any, lesson: str) -> int:
    return int(page.evaluate(WAITING, lesson))


def test_a_lesson_result_that_failed_to_post_is_sent_from_any_page(make_page, site_server):
    # Issue 40: a result whose post failed waited until its lesson was opened again.
    teacher, klass, (dot,) = a_class(site_server, "Dot")
    status, lesson = site_server.request("POST", "/api/lessons?name=Ranks", LESSON, token=teacher["token"])
    assert status == 201, lesson
    assigned = f"/api/classes/{klass}/lessons/{lesson['id']}"
    status, _ = site_server.request("PUT", assigned, token=teacher["token"])
    assert status == 200
    busy = {"status": 503, "content_type": "application/json", "body": '{"error": "Busy: try again."}'}
    played = []
    for who in (dot, None):  # a student of the class, signed in, then a guest with the lesson's link
        page = make_page()
        allow_failed_fetch(page, "503", r"/api/lessons/[^/]+/results", "the test fails the result's post")
        if who:
            chx.sign_in(page, who)
        page.route("**/api/lessons/*/results", lambda route: route.fulfill(**busy))
        page.goto(lesson["url"])
        ch.wait_ready(page)
        ch.click_move(page, "a1a8")
        page.wait_for_selector("#play-done:not([hidden])")
        page.wait_for_function(f"(id) => ({WAITING})(id) === 1", arg=lesson["id"])
        assert page.evaluate("localStorage.getItem('pb:waiting:lessons')") == "true"
        page.unroute("**/api/lessons/*/results")
        page.goto("/classes/" if who else "/about/")  # any page but the lesson's
        page.wait_for_function("() => localStorage.getItem('pb:waiting:lessons') === null")
        assert results_waiting(page, lesson["id"]) == 0
        played.append(who)
    # Both counted on the teacher's lesson, and Dot's in the class's table.
    deadline = time.monotonic() + 10
    while True:
        status, counts = site_server.get(f"/api/lessons/{lesson['id']}/results", token=teacher["token"])
        if counts["puzzles"][0]["played"] == 2:
            break
        assert time.monotonic() < deadline, counts
        time.sleep(0.1)
    status, table = site_server.get(f"{assigned}/results", token=teacher["token"])
    assert [c["outcome"] for c in table["students"][0]["results"]] == ["clean", "none"]
