"""The live class in the browser (issue 43's "Done when"; docs/live.md, "The pages"): a teacher and
three students in four browser contexts over the real server's live rooms, and a fifth context, a
player not in the class, refused. The teacher runs it from the class page on a projector (1280 px,
dark) by keyboard; the students join from their class page, one by keyboard (390 px, light), one by
clicks (320 px, dark), one at 1280 px in light. Each hears the changes through the live region; no
student ever sees another's answer; the answers go into the class's results, marked live."""

from __future__ import annotations

from typing import Any

import chess
import pytest

from tests.browser import chess_helpers as ch
from tests.browser.chain_helpers import sign_in
from tests.browser.conftest import allow_failed_fetch
from tests.browser.live_helpers import hear, no_sideways_scroll, said, wait_said

pytestmark = pytest.mark.browser

# A mate in one, then a line of two student moves (the reply forced).
LESSON = [
    {"title": "Back rank", "fen": "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", "playerColor": "white",
     "moves": [{"uci": "a1a8"}]},
    {"title": "Corner", "fen": "k7/8/1K6/8/8/8/8/7R w - - 0 1", "playerColor": "white",
     "moves": [{"uci": "h1h2"}, {"uci": "a8b8"}, {"uci": "h2h8"}]},
]


def the_class(site_server: Any, teacher: dict[str, Any], students: list[dict[str, Any]]) -> tuple[str, str]:
    """A class of `teacher`'s with `students` in it and LESSON assigned: (its id, the lesson's)."""
    status, made = site_server.post("/api/classes", {"name": "Year 7 chess"}, token=teacher["token"])
    assert status == 201, made
    code = made["join_url"].split("code=")[1]
    for student in students:
        status, body = site_server.post(f"/api/classes/{made['id']}/students",
                                        {"name": student["name"], "code": code}, token=student["token"])
        assert status == 200, body
    status, lesson = site_server.request("POST", "/api/lessons?name=Mates", LESSON, token=teacher["token"])
    assert status == 201, lesson
    status, body = site_server.request("PUT", f"/api/classes/{made['id']}/lessons/{lesson['id']}", None,
                                       token=teacher["token"])
    assert status == 200, body
    return made["id"], lesson["id"]


def person(make_page: Any, player: dict[str, Any], width: int, scheme: str) -> Any:
    page = make_page(viewport={"width": width, "height": 800 if width > 400 else 700}, color_scheme=scheme,
                     reduced_motion="reduce")
    sign_in(page, player)
    hear(page)
    return page


TAKES_MOVES = ".board-grid[aria-disabled='false']"


def student_turn(page: Any, moves: int) -> None:
    page.wait_for_selector(f"#board-frame[data-stage='puzzle'][data-moves='{moves}'] {TAKES_MOVES}")


def test_a_live_class_of_three_students_and_a_stranger_refused(
    make_page: Any, site_server: Any, axe: Any
) -> None:
    teacher_p, ann_p, ben_p, cat_p, dee_p = site_server.many_players(["Ms Reed", "Ann", "Ben", "Cat", "Dee"])
    klass, lesson = the_class(site_server, teacher_p, [ann_p, ben_p, cat_p])
    teacher = person(make_page, teacher_p, 1280, "dark")
    ann = person(make_page, ann_p, 390, "light")
    ben = person(make_page, ben_p, 320, "dark")
    cat = person(make_page, cat_p, 1280, "light")
    dee = person(make_page, dee_p, 390, "dark")

    # The teacher runs the lesson live from the class page, by keyboard.
    teacher.goto(f"/classes/class/?id={klass}")
    run = teacher.locator(f"a[href='/classes/live/?id={klass}&lesson={lesson}']")
    assert run.text_content() == "Run live: Mates"
    run.focus()
    teacher.keyboard.press("Enter")
    teacher.wait_for_selector("#open-form:not([hidden])")
    assert teacher.evaluate("() => document.activeElement.id") == "open-seconds"
    teacher.keyboard.press("Control+a")
    teacher.keyboard.type("45")
    teacher.keyboard.press("Enter")
    wait_said(teacher, "The live session of Mates is open: 2 puzzles.")

    # The students join from their class page.
    for page in (ann, ben, cat):
        page.goto(f"/classes/class/?id={klass}")
        page.click("#live-box:not([hidden]) #live-join")
        wait_said(page, "You joined the live session: Mates.")
    teacher.wait_for_function(
        "() => document.getElementById('live-status').textContent.startsWith('3 students in.')")

    # A player not in the class, with the link, gets a notice and nothing of the class.
    allow_failed_fetch(dee, "404", rf"/api/classes/{klass}", "a player not in the class asks for it: refused")
    dee.goto(f"/classes/live/?id={klass}")
    dee.wait_for_selector("#notice-view:not([hidden])")
    assert dee.inner_text("#notice-title") == "This live session isn’t open to you"
    assert dee.is_hidden("#live-view")
    assert "Year 7" not in dee.inner_text("main") and "Mates" not in dee.inner_text("main")
    no_sideways_scroll(dee, "dark")
    assert axe(dee) == []

    # Puzzle 1 up: Ann answers by keyboard (right), Ben by clicks (wrong), Cat right.
    assert teacher.evaluate("() => document.activeElement.id") == "next-button"
    teacher.keyboard.press("Enter")
    for page in (ann, ben, cat):
        student_turn(page, 0)
    wait_said(ann, "Puzzle 1 of 2: Back rank. You play White.")
    ch.tab_to_board(ann)
    ch.key_move(ann, "a1a8", "w")
    ch.click_move(ben, "a1a2", "w")
    ch.click_move(cat, "a1a8", "w")
    wait_said(ann, "Solved! Wait for the reveal.")
    wait_said(ben, "Not the move")
    teacher.wait_for_selector("#live-answered:text-is('3 / 3')")
    wait_said(teacher, "3 of 3 students answered.")
    no_sideways_scroll(ben, "dark")
    assert axe(ann) == []

    # The reveal: the first moves, the right one marked, the wrong counted, each shown on the board.
    assert teacher.evaluate("() => document.activeElement.id") == "reveal-button"
    teacher.keyboard.press("Enter")
    teacher.wait_for_selector("#live-reveal:not([hidden]) #live-moves li")
    moves = teacher.locator("#live-moves button")
    assert moves.nth(0).inner_text().split() == ["Ra8#", "2", "right", "move"]
    assert moves.nth(1).inner_text().split() == ["Ra2", "1"]
    assert "1 wrong first move" in teacher.inner_text("#reveal-summary")
    moves.nth(1).focus()
    teacher.keyboard.press("Enter")
    teacher.wait_for_selector("#live-moves button[data-uci='a1a2'][aria-pressed='true']")
    wait_said(teacher, "On the board:")
    ch.assert_squares_show(teacher, chess.Board("6k1/5ppp/8/8/8/8/R7/6K1 b - - 1 1"))
    wait_said(ann, "The right move: Ra8#. Yours: Ra8#, solved.")
    wait_said(ben, "The right move: Ra8#. Yours: Ra2, missed.")
    for page in (ann, ben, cat):
        assert page.is_hidden("#live-reveal"), "a student sees no one's answer but their own"
    for page in (ann, cat):
        assert not any("Ra2" in s for s in said(page)), "nor hears of one"
    no_sideways_scroll(teacher, "dark")
    assert axe(teacher) == []

    # Puzzle 2: Ann plays a line of two moves, the server's reply between.
    teacher.click("#next-button")
    student_turn(ann, 0)
    ch.tab_to_board(ann)
    ch.key_move(ann, "h1h2", "w")
    wait_said(ann, "Reply:")
    student_turn(ann, 1)
    ch.key_move(ann, "h2h8", "w")
    wait_said(ann, "Solved! Wait for the reveal.", times=2)
    teacher.click("#reveal-button")
    teacher.wait_for_selector("#live-reveal:not([hidden])")
    assert teacher.is_hidden("#next-button"), "the last puzzle: no next"
    teacher.click("#close-button")
    for page in (teacher, ann, ben, cat):
        page.wait_for_selector("#live-over:not([hidden])")
    wait_said(cat, "Your teacher closed the session.")

    # The answers are in the class's results, marked live.
    results = f"/api/classes/{klass}/lessons/{lesson}/results"
    status, table = site_server.get(results, token=teacher_p["token"])
    assert status == 200, table
    cells = {row["name"]: [(c["outcome"], c["live"]) for c in row["results"]] for row in table["students"]}
    assert cells["Ann"] == [("clean", True), ("clean", True)]
    # A wrong live answer: kept as not solved, which the page words as missed.
    assert cells["Ben"][0] == ("shown", True)
    teacher.goto(f"/classes/class/?id={klass}")
    teacher.click(f"[data-lesson='{lesson}'] button.button-primary")
    teacher.wait_for_selector("#results-scroll table")
    words = teacher.inner_text("#results-scroll tbody")
    assert "Missed · live" in words and "First try · live" in words
