"""Classes in the browser, as a teacher and three students: the teacher makes a class and assigns a
lesson; the students join by the link (a player made on the spot) and play it; the teacher's table
and its CSV show each student's results, sortable, names as text; an edit of the lesson keeps its
link and the results on the puzzles it didn't change. axe on every new page; keyboard sorting."""

from __future__ import annotations

import csv
import io
import json
import time
from typing import Any

import pytest

from tests.browser import chess_helpers as ch
from tests.browser.conftest import allow_failed_fetch

pytestmark = pytest.mark.browser

LESSON = [
    {"title": "Back rank", "fen": "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", "playerColor": "white",
     "moves": [{"uci": "a1a8", "comment": "Mate on the back rank.", "hint": "The eighth rank."}]},
    {"title": "Back rank again", "fen": "6k1/5ppp/8/8/8/8/8/1R4K1 w - - 0 1", "playerColor": "white",
     "moves": [{"uci": "b1b8", "hint": "Same idea."}]},
]
NAMES = ["Ana", "Ben", "<i>Cat</i>"]


def sign_in(page: Any, player: dict[str, str]) -> None:
    page.goto("/classes/")
    page.evaluate("(p) => localStorage.setItem('pb:player', JSON.stringify(p))", player)


def table_rows(page: Any) -> list[list[str]]:
    """The teacher's table, a list of cells' texts per row (white space made single spaces)."""
    return page.evaluate("""() => [...document.querySelectorAll('#results-scroll tbody tr')].map((tr) =>
        [...tr.cells].map((c) => c.innerText.split(/\\s+/).join(' ').trim()))""")


def wait_for_result(
    site_server: Any, teacher: dict, klass: str, lesson: str, name: str, puzzle: int, outcome: str,
    earlier: bool = False,
) -> None:
    """Until the teacher's table (the API) shows `name`'s `outcome` on `puzzle`: results post after play."""
    deadline = time.monotonic() + 10
    while True:
        url = f"/api/classes/{klass}/lessons/{lesson}/results"
        status, table = site_server.get(url, token=teacher["token"])
        assert status == 200, table
        row = next(r for r in table["students"] if r["name"] == name)
        cell = row["results"][puzzle - 1]
        if (cell["outcome"], cell["earlier"]) == (outcome, earlier):
            return
        assert time.monotonic() < deadline, (name, puzzle, cell)
        time.sleep(0.1)


def join_and_open_the_lesson(page: Any, join_url: str, name: str, lesson_id: str) -> None:
    page.goto(join_url)
    page.fill("#join-name", name)
    page.click("#join-form button[type=submit]")
    page.wait_for_url("**/classes/class/?id=*")
    page.wait_for_selector(".own-results")
    lede = f"You are in this class as {name}. Your teacher sees your results in its lessons."
    assert page.text_content("#class-lede") == lede
    page.click(f"[data-lesson='{lesson_id}'] a.button")
    ch.wait_ready(page)


@pytest.mark.slow
def test_a_teacher_and_three_students(make_page, site_server, axe, tmp_path):
    status, teacher = site_server.post("/api/players", {"name": "Ms Rook"})
    assert status == 201
    status, lesson = site_server.request(
        "POST", "/api/lessons?name=Back%20ranks", LESSON, token=teacher["token"]
    )
    assert status == 201, lesson
    lesson_link = site_server.url + lesson["url"]

    # The teacher makes the class and assigns the lesson, all through the pages.
    tpage = make_page()
    sign_in(tpage, teacher)
    tpage.goto("/classes/")
    tpage.fill("#class-name", "Tuesday club")
    tpage.click("#new-class button[type=submit]")
    tpage.wait_for_url("**/classes/class/?id=*")
    tpage.wait_for_selector("#teacher-view:not([hidden])")
    klass = tpage.url.split("id=")[1]
    assert tpage.text_content("#class-name") == "Tuesday club"
    tpage.select_option("#assign-lesson", lesson["id"])
    tpage.click("#assign-form button[type=submit]")
    tpage.wait_for_selector(f"[data-lesson='{lesson['id']}']")
    join_url = tpage.input_value("#join-link")
    assert join_url.startswith(f"{site_server.url}/classes/join/?id={klass}&code=")
    assert axe(tpage) == []

    # Three students join (each a new browser, so a player is made on the spot) and play.
    students = {}
    for name in NAMES:
        spage = make_page()
        join_and_open_the_lesson(spage, join_url, name, lesson["id"])
        students[name] = spage
    ana, ben = students["Ana"], students["Ben"]
    assert axe(ben) == []
    ch.click_move(ana, "a1a8")  # solved first try
    ana.wait_for_selector("#play-done:not([hidden])")
    ana.click("#next-button")
    ch.wait_ready(ana)
    ch.click_move(ana, "b1b8")
    ana.wait_for_selector("#play-done:not([hidden])")
    ch.click_move(ben, "a1a2")  # a wrong move first: solved with help
    ben.wait_for_selector("#play-status.is-hint")
    ch.wait_ready(ben)
    ch.click_move(ben, "a1a8")
    ben.wait_for_selector("#play-done:not([hidden])")
    ben.click("#next-button")
    ch.wait_ready(ben)
    ben.click("#solution-button")  # the solution shown
    ben.click("#solution-yes")
    ben.wait_for_selector("#play-done:not([hidden])")
    for name, puzzle, outcome in [("Ana", 1, "clean"), ("Ana", 2, "clean"), ("Ben", 1, "helped"),
                                  ("Ben", 2, "shown")]:
        wait_for_result(site_server, teacher, klass, lesson["id"], name, puzzle, outcome)

    # A student's class page: their own progress only.
    ana.goto(f"/classes/class/?id={klass}")
    ana.wait_for_selector(".own-results")
    assert ana.locator(".lesson-progress-line").inner_text() == "You solved 2 of 2 puzzles, 2 first try."
    assert "Ben" not in ana.inner_text("main")
    assert axe(ana) == []
    ana.screenshot(path=str(tmp_path / "class-student.png"), full_page=True)

    # The teacher's table: each student's results, names as text, sortable.
    tpage.reload()
    tpage.click(f"[data-lesson='{lesson['id']}'] button.button-primary")
    tpage.wait_for_selector("#results-scroll table")
    rows = table_rows(tpage)
    assert [r[0] for r in rows] == ["<i>Cat</i>", "Ana", "Ben"]  # by name, markup as typed
    assert tpage.locator("#results-scroll tbody i").count() == 0
    by_name = {r[0]: r for r in rows}
    assert by_name["Ana"][1] == "2 (2 first try)" and by_name["Ana"][3].startswith("First try")
    assert by_name["Ben"][3].startswith("With help") and by_name["Ben"][4].startswith("Shown")
    assert by_name["<i>Cat</i>"][1:] == ["0 (0 first try)", "–", "– Not started", "– Not started"]
    # Sorted by solved (most first) from the keyboard: Tab to the column's button, Enter.
    tpage.focus("#results-scroll [data-sort='name']")
    tpage.keyboard.press("Tab")
    assert tpage.evaluate("document.activeElement.dataset.sort") == "solved"
    tpage.keyboard.press("Enter")
    tpage.wait_for_selector("th[aria-sort='ascending'] [data-sort='solved']")
    assert [r[0] for r in table_rows(tpage)] == ["Ana", "Ben", "<i>Cat</i>"]
    assert axe(tpage) == []
    tpage.screenshot(path=str(tmp_path / "class-teacher.png"), full_page=True)
    tpage.emulate_media(color_scheme="dark")
    tpage.set_viewport_size({"width": 390, "height": 844})
    tpage.screenshot(path=str(tmp_path / "class-teacher-phone-dark.png"), full_page=True)
    tpage.emulate_media(color_scheme="light")
    tpage.set_viewport_size({"width": 1280, "height": 800})
    with tpage.expect_download() as download:
        tpage.click("#csv-button")
    got = download.value
    assert got.suggested_filename == "Tuesday-club-Back-ranks.csv"
    with open(got.path(), encoding="utf-8-sig") as saved:
        sheet = list(csv.reader(io.StringIO(saved.read())))
    assert sheet[0][:5] == ["Student", "Solved", "Solved first try", "Seconds in all", "1. Back rank"]
    assert [(r[0], r[1], r[4], r[9]) for r in sheet[1:]] == [
        ("Ana", "2", "Solved first try", "Solved first try"),
        ("Ben", "1", "Solved with help", "Solution shown"),
        ("<i>Cat</i>", "0", "Not started", "Not started"),
    ]
    assert sheet[2][6] == "1"  # Ben's wrong move on puzzle 1

    # The teacher edits the lesson in place: a comment of puzzle 1 (the same task), puzzle 2's rook.
    tpage.goto(f"/lessons/edit/?id={lesson['id']}")
    tpage.wait_for_function("() => document.getElementById('import-text').value.length > 0")
    doc = json.loads(tpage.input_value("#import-text"))
    doc[0]["moves"][0]["comment"] = "Mate on the eighth rank."
    doc[1]["fen"], doc[1]["moves"][0]["uci"] = "6k1/5ppp/8/8/8/8/8/2R2K2 w - - 0 1", "c1c8"
    tpage.fill("#import-text", json.dumps(doc, indent=2))
    assert axe(tpage) == []
    tpage.click("#import-button")
    tpage.wait_for_selector("#import-done:not([hidden])")
    assert tpage.input_value("#done-link") == lesson_link
    assert "puzzle 2;" in tpage.text_content("#done-changed")
    wait_for_result(site_server, teacher, klass, lesson["id"], "Ana", 1, "clean")
    wait_for_result(site_server, teacher, klass, lesson["id"], "Ana", 2, "clean", earlier=True)

    # Ana opens the same link: puzzle 2 is new to her, and her new result replaces the earlier one.
    ana.goto(lesson_link)
    ch.wait_ready(ana)
    assert ana.text_content("#puzzle-meta") == "Puzzle 2 of 2 · You play White"
    ch.click_move(ana, "c1c8")
    ana.wait_for_selector("#play-done:not([hidden])")
    wait_for_result(site_server, teacher, klass, lesson["id"], "Ana", 2, "clean")
    tpage.goto(f"/classes/class/?id={klass}")
    tpage.click(f"[data-lesson='{lesson['id']}'] button.button-primary")
    tpage.wait_for_selector("#results-scroll table")
    rows = {r[0]: r for r in table_rows(tpage)}
    assert rows["Ben"][3].startswith("With help") and rows["Ben"][4].startswith("Shown*")
    assert not rows["Ana"][4].startswith("First try*")


def test_the_join_and_classes_pages_are_clean(make_page, site_server, axe):
    page = make_page()
    allow_failed_fetch(page, "404", "/api/classes/AAAAAAAAAAAAAAAA(/students)?", "a class that isn't there")
    page.goto("/classes/")
    page.wait_for_selector("#classes-player:not([hidden])")
    assert axe(page) == []
    page.goto("/classes/join/?id=AAAAAAAAAAAAAAAA&code=abc")
    page.wait_for_selector("#join-form:not([hidden])")
    assert axe(page) == []
    page.fill("#join-name", "Dee")
    page.click("#join-form button[type=submit]")
    page.wait_for_selector("#join-error:text-matches('join link')")
    page.goto("/classes/class/?id=AAAAAAAAAAAAAAAA")
    page.wait_for_selector("#class-notice:not([hidden])")
    assert page.text_content("#notice-title") == "This class won’t open"
    assert axe(page) == []


def test_a_removed_student_stays_out_until_let_back_and_a_new_link_ends_the_old(
    make_page, site_server, axe
) -> None:
    # Issue 26: a removed student rejoined at once with the link they had; the teacher could only
    # close joining for everyone.
    status, teacher = site_server.post("/api/players", {"name": "Mr Knight"})
    assert status == 201
    status, klass = site_server.post("/api/classes", {"name": "Tuesday club"}, token=teacher["token"])
    assert status == 201, klass
    status, ada = site_server.post("/api/players", {"name": "Ada"})
    code = klass["join_url"].split("code=")[1]
    status, _ = site_server.post(f"/api/classes/{klass['id']}/students", {"name": "Ada", "code": code},
                                 token=ada["token"])
    assert status == 200
    page = make_page()
    sign_in(page, teacher)
    page.goto(f"/classes/class/?id={klass['id']}")
    page.wait_for_selector("[data-student] .student-name:text('Ada')")
    page.click("[aria-label='Remove Ada']")
    page.click("[data-student] [data-yes]")
    page.wait_for_selector("#removed-box:not([hidden]) [data-removed] .student-name:text('Ada')")
    assert page.is_hidden("[data-student]")
    assert axe(page) == []
    # The student, with the link they had: refused, in words that say why.
    student = make_page()
    allow_failed_fetch(student, "403", f"/api/classes/{klass['id']}/students", "a removed student joining")
    sign_in(student, ada)
    student.goto(klass["join_url"])
    student.fill("#join-name", "Ada")
    student.click("#join-form button[type=submit]")
    student.wait_for_selector("#join-error:text-matches('removed you')")
    # A new link, asked once more; the old one lets nobody in.
    old_link = page.input_value("#join-link")
    page.click("#new-link")
    assert page.is_visible("#new-link-confirm")
    assert page.evaluate("document.activeElement.id") == "new-link-no"
    page.click("#new-link-yes")
    page.wait_for_function("(old) => document.getElementById('join-link').value !== old", arg=old_link)
    new_link = page.input_value("#join-link")
    # Let back in: the student joins with the new link.
    page.click("[aria-label='Let back in: Ada']")
    page.wait_for_selector("#removed-box[hidden]", state="attached")
    student.goto(new_link.removeprefix(site_server.url))
    student.fill("#join-name", "Ada")
    student.click("#join-form button[type=submit]")
    student.wait_for_url("**/classes/class/?id=*")
    status, seen = site_server.get(f"/api/classes/{klass['id']}", token=teacher["token"])
    assert [s["name"] for s in seen["students"]] == ["Ada"] and seen["removed"] == []
    old_code = old_link.split("code=")[1]
    status, bo = site_server.post("/api/players", {"name": "Bo"})
    status, refused = site_server.post(
        f"/api/classes/{klass['id']}/students", {"name": "Bo", "code": old_code}, token=bo["token"]
    )
    assert status == 404, refused


SKEWER = {
    "title": "Skewer", "fen": "8/8/8/8/3k3r/8/8/R5K1 w - - 0 1", "playerColor": "white",
    "moves": [{"uci": "a1a4", "comment": "Check!", "hint": "Check along the fourth rank."},
              {"uci": "d4e3"}, {"uci": "a4h4", "hint": "What did the king leave behind?"}],
}


def a_class_with_a_student(site_server: Any, lessons: Any) -> tuple[dict, dict, dict, str]:
    """A teacher, their lesson (`lessons`, imported) assigned to their class, and a student in it."""
    status, teacher = site_server.post("/api/players", {"name": "Ms Rook"})
    status, lesson = site_server.request("POST", "/api/lessons?name=Skewers", lessons, token=teacher["token"])
    assert status == 201, lesson
    status, klass = site_server.post("/api/classes", {"name": "Friday club"}, token=teacher["token"])
    assert status == 201, klass
    status, _ = site_server.request("PUT", f"/api/classes/{klass['id']}/lessons/{lesson['id']}",
                                    token=teacher["token"])
    assert status == 200
    status, student = site_server.post("/api/players", {"name": "Dot"})
    code = klass["join_url"].split("code=")[1]
    status, _ = site_server.post(f"/api/classes/{klass['id']}/students", {"name": "Dot", "code": code},
                                 token=student["token"])
    assert status == 200
    return teacher, student, lesson, klass["id"]


def test_a_reload_mid_puzzle_keeps_its_wrong_moves_hints_and_time(make_page, site_server):
    # Issue 30: a wrong move and a hint, then a reload, and the lesson forgot both: solving it then
    # recorded "Solved cleanly", and the teacher's table "First try 0:04" with 0 wrong moves.
    teacher, student, lesson, klass = a_class_with_a_student(site_server, [SKEWER])
    page = make_page()
    sign_in(page, student)
    page.goto(lesson["url"])
    ch.wait_ready(page)
    opened = time.monotonic()
    ch.click_move(page, "a1a2")  # legal, wrong
    page.wait_for_selector("#play-status.is-hint")
    ch.wait_ready(page)
    page.keyboard.press("h")
    assert page.text_content("#play-status") == "Hint: Check along the fourth rank."
    ch.click_move(page, "a1a4")
    page.wait_for_function("() => document.querySelectorAll('#lesson-line li').length === 2")
    ch.wait_ready(page)
    time.sleep(2)  # some time on the puzzle before the reload, which the result must keep
    page.reload()
    ch.wait_ready(page)
    before_reload = time.monotonic() - opened
    # Where it was left: the two moves played, the student's turn on the rook's second move.
    assert page.locator("#lesson-line li").all_inner_texts() == ["1. Ra4+\nCheck!", "1... Ke3"]
    assert ch.cell(page, "a4").get_attribute("aria-label") == "a4, white rook"
    ch.click_move(page, "a4h4")
    page.wait_for_selector("#play-done:not([hidden])")
    assert page.text_content("#done-title") == "Solved."  # not cleanly: a wrong move and a hint
    wait_for_result(site_server, teacher, klass, lesson["id"], "Dot", 1, "helped")
    status, table = site_server.get(f"/api/classes/{klass}/lessons/{lesson['id']}/results",
                                    token=teacher["token"])
    assert status == 200, table
    cell = table["students"][0]["results"][0]
    assert (cell["mistakes"], cell["hints"]) == (1, 1)
    assert cell["seconds"] >= int(before_reload) - 1, (cell, before_reload)

    # The teacher's table and its CSV say what happened.
    tpage = make_page()
    sign_in(tpage, teacher)
    tpage.goto(f"/classes/class/?id={klass}")
    tpage.click(f"[data-lesson='{lesson['id']}'] button.button-primary")
    tpage.wait_for_selector("#results-scroll table")
    assert table_rows(tpage)[0][3].startswith("With help")
    with tpage.expect_download() as download:
        tpage.click("#csv-button")
    with open(download.value.path(), encoding="utf-8-sig") as saved:
        sheet = list(csv.reader(io.StringIO(saved.read())))
    seconds = str(cell["seconds"])
    assert sheet[1][:6] == ["Dot", "1", "0", seconds, "Solved with help", seconds]
    assert sheet[1][6:8] == ["1", "1"]  # the wrong move and the hint


def test_assigning_updates_the_page_at_once_and_the_table_shows_puzzle_titles(
    make_page, site_server, axe
):
    """After assigning, the lede counts the lesson and the form is gone when nothing is left to
    assign (no reload); the results table's columns say each puzzle's title, cut short, whole on
    hover and to a screen reader."""
    status, teacher = site_server.post("/api/players", {"name": "Mr Knight"})
    assert status == 201
    long_title = [{**LESSON[0]}, {**LESSON[1], "title": "Back rank mate with the rook, again"}]
    status, lesson = site_server.request(
        "POST", "/api/lessons?name=Ranks", long_title, token=teacher["token"]
    )
    assert status == 201, lesson
    status, klass = site_server.request(
        "POST", "/api/classes", {"name": "Friday club"}, token=teacher["token"]
    )
    assert status == 201, klass
    page = make_page()
    sign_in(page, teacher)
    page.goto(f"/classes/class/?id={klass['id']}")
    page.wait_for_selector("#assign-lesson option", state="attached")
    assert page.text_content("#class-lede") == "You teach this class: 0 students, 0 lessons."
    page.select_option("#assign-lesson", lesson["id"])
    page.click("#assign-form button[type=submit]")
    page.wait_for_selector(f"[data-lesson='{lesson['id']}']")
    page.wait_for_selector("#assign-none:not([hidden])")
    assert page.text_content("#class-lede") == "You teach this class: 0 students, 1 lesson."
    # Nothing left to assign: no empty list, no Assign button beside the words that say so.
    assert page.is_hidden("#assign-lesson") and page.is_hidden("#assign-form button[type=submit]")
    assert page.is_visible("#assign-none")
    # A student joins: the table then has a row, and its heads name the puzzles.
    status, student = site_server.post("/api/players", {"name": "Dee"})
    join = klass["join_url"].split("?", 1)[1]
    code = dict(part.split("=", 1) for part in join.split("&"))["code"]
    status, joined = site_server.request(
        "POST", f"/api/classes/{klass['id']}/students", {"code": code, "name": "Dee"}, token=student["token"]
    )
    assert status == 200, joined
    page.reload()
    page.click(f"[data-lesson='{lesson['id']}'] button.button-primary")
    page.wait_for_selector("#results-scroll table")
    heads = page.locator("#results-scroll thead [data-sort='1'], #results-scroll thead [data-sort='2']")
    assert heads.evaluate_all("(bs) => bs.map((b) => b.querySelector('[aria-hidden]').textContent)") == [
        "1. Back rank", "2. Back rank mate…"]
    assert heads.evaluate_all("(bs) => bs.map((b) => b.title)") == [
        "1. Back rank", "2. Back rank mate with the rook, again"]
    assert page.get_by_role("button", name="2. Back rank mate with the rook, again").count() == 1
    assert axe(page) == []
