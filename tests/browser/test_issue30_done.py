"""Issue 30's "Done when", as one teacher's afternoon in Chromium: a teacher with three students
sees a student's dashboard, the class heatmap and its CSV; assigns a theme set with a due date;
sees on time, late and not done (results posted through an app over the server's own store on a
test clock, the page's clock moved with Playwright's: no sleeps); imports a lesson whose line has
a losing move and sees the engine's warning, kept with the lesson; and, as a student, plays a
refutation. Each step's details are in its own test (test_class_progress, test_classes_due,
test_lessons_engine_check, test_lessons): this one is the scenario end to end, kept short."""

from __future__ import annotations

import csv
import datetime as dt
import io
import json
from typing import Any

import pytest

from tests.browser import chain_helpers as ch
from tests.browser import chess_helpers as chess
from tests.browser.test_class_progress import keep_plays, puzzles_of
from tests.browser.test_classes_due import clocked, noon, play_all  # noqa: F401 (clocked: a fixture)
from tests.browser.test_lessons import REFUTED

pytestmark = [pytest.mark.browser, pytest.mark.slow]

LOSING = {"title": "Grab the pawn?", "playerColor": "white",
          "fen": "r1b1kbnr/pppp1ppp/2n2q2/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 0 1",
          "moves": [{"uci": "f3e5"}, {"uci": "c6e5"}, {"uci": "d2d4"}]}


def test_a_teacher_with_three_students_end_to_end(
    make_page: Any, site_server: Any, clocked: Any, bundle: Any  # noqa: F811 (the fixture imported)
) -> None:
    teacher, ana, ben, cat = site_server.many_players(["Ms Thirty", "Ana", "Ben", "Cat"])
    status, klass = site_server.post("/api/classes", {"name": "Thursday club"}, token=teacher["token"])
    assert status == 201, klass
    code = klass["join_url"].split("code=")[1]
    for student in (ana, ben, cat):
        status, joined = site_server.post(f"/api/classes/{klass['id']}/students",
                                          {"name": student["name"], "code": code}, token=student["token"])
        assert status == 200, joined
    forks = puzzles_of(bundle, "fork", "pin", 5)
    keep_plays(site_server, ana["id"], [(p, n < 3) for n, p in enumerate(forks)])  # 3 of 5 first try
    class_url = f"/classes/class/?id={klass['id']}"
    today = dt.date.fromisoformat(ch.site_today(site_server))

    # The heatmap, its CSV, and a student's dashboard from her name.
    page = make_page()
    ch.sign_in(page, teacher)
    page.goto(class_url)
    page.wait_for_selector("body[data-heatmap=ready-30]")
    with page.expect_download() as download:
        page.click("#progress-csv")
    with open(download.value.path(), encoding="utf-8-sig") as saved:
        sheet = list(csv.reader(io.StringIO(saved.read())))
    at = sheet[0].index("Fork: played")
    assert {r[0]: r[at: at + 2] for r in sheet[1:]}["Ana"] == ["5", "3"]
    assert [r[0] for r in sheet[1:]] == ["Whole class", "Ana", "Ben", "Cat"]
    page.click("#progress-scroll a:has-text('Ana')")  # the name in it is translate="no"
    page.wait_for_selector("body[data-dashboard=ready]")
    assert page.text_content("#dash-title") == "Ana’s puzzle dashboard"
    assert page.text_content("#dash-played") == "5"

    # A set of forks, two puzzles, due today, made on the class page.
    page.goto(class_url)
    page.wait_for_selector("#set-theme-1 option[value=fork]", state="attached")
    page.select_option("#set-theme-1", "fork")
    page.fill("#set-count", "2")
    page.fill("#set-due", today.isoformat())
    page.click("#set-form button[type=submit]")
    page.wait_for_selector(".class-lessons .lesson-item")
    (made,) = site_server.get(f"/api/classes/{klass['id']}", token=teacher["token"])[1]["lessons"]
    assert made["set"] and made["due"] == today.isoformat()

    # Ana does it today, Ben the day after, Cat never; two days on, the teacher's table says so.
    play_all(clocked, made["id"], ana, noon(today, clocked.zone) - dt.timedelta(hours=1))
    play_all(clocked, made["id"], ben, noon(today + dt.timedelta(days=1), clocked.zone))
    later = make_page()
    later.clock.install(time=noon(today + dt.timedelta(days=2), clocked.zone))
    ch.sign_in(later, teacher)
    later.goto(class_url)
    later.click(f"[data-lesson='{made['id']}'] button.button-primary")
    later.wait_for_selector("#results-scroll table .due-cell")
    marks = later.evaluate("""() => Object.fromEntries(
        [...document.querySelectorAll('#results-scroll tbody tr')].map((tr) =>
          [tr.cells[0].textContent, tr.querySelector('.due-cell').innerText.split(/\\s+/)[0]]))""")
    assert marks == {"Ana": "On", "Ben": "Late", "Cat": "Not"}, marks

    # A lesson whose second line loses a piece: the engine warns, the import goes on, the warning kept.
    page.goto("/lessons/new/")
    page.fill("#import-text", json.dumps([REFUTED, LOSING], indent=2))
    page.fill("#import-name", "Thursday traps")
    page.click("#check-button")
    page.wait_for_selector("body[data-engine-check=done]", timeout=180_000)
    warned = page.locator(".import-puzzle[data-puzzle='2'] .engine-finding").all_inner_texts()
    assert any("White’s 1st move Nxe5 loses" in w for w in warned), warned
    page.click("#import-button")
    page.wait_for_selector("body[data-engine-kept='200']", timeout=180_000)
    lesson_url = page.get_attribute("#done-open", "href")

    # A student plays the refutation: the wrong move answered, the teacher's words, another try.
    student = make_page()
    ch.sign_in(student, cat)
    student.goto(lesson_url)
    chess.wait_ready(student)
    chess.click_move(student, "h5e5")
    student.wait_for_function(
        "() => document.getElementById('play-status').textContent.includes('answers it')")
    assert "The knight on c6 guards e5: the queen is lost. Try again." in student.text_content("#play-status")
    assert "Nxe5 loses" not in student.content()  # the engine's findings are the teacher's only
