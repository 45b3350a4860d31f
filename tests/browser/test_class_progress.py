"""A student's progress, to their teacher, in Chromium (issue 30, part 1): a teacher with three
students sees the class's heatmap (students × themes, weakest first), sorts it by keyboard, switches
its days, downloads its CSV and, from a theme's column, opens the set form with that theme; opens a
student's dashboard and history as the student sees them; then the student leaves the class (after
reading, on joining and on the class page, what the teacher sees) and the teacher loses the view.
axe on every new view; screenshots at 320, 390 and 1280 px, light and dark."""

from __future__ import annotations

import csv
import datetime as dt
import io
import re
from pathlib import Path
from typing import Any

import pytest

from puzzlebook.chess.puzzle import Puzzle
from puzzlebook.chess.themes import theme
from tests.browser import chain_helpers as ch
from tests.browser.conftest import allow_failed_fetch

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("browser-class_progress")]
SHOTS = Path("/tmp/puzzlebook-class-progress-shots")
WIDTHS = (320, 390, 1280)
TWO_FRAMES = "() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))"


def puzzles_of(bundle: Any, wanted: str, avoid: str, count: int) -> list[Puzzle]:
    """`count` Medium puzzles with the theme `wanted` and without `avoid`, not retired."""
    out = []
    for row in bundle.rows("Medium"):
        themes = set(str(row[4]).split())
        if wanted in themes and avoid not in themes and row[0] not in bundle.retired:
            out.append(Puzzle.from_row(row, "Medium"))
        if len(out) == count:
            return out
    raise AssertionError(f"not {count} puzzles of {wanted}")


def keep_plays(site_server: Any, pid: str, plays: list[tuple[Puzzle, bool]], days_ago: int = 0) -> None:
    """Keep each (puzzle, first try?) as the student's first result, `days_ago` site days back."""
    from puzzlebook.chess.results import MissPost, SolvePost
    from service.games.chess.records import ChessRecords

    def keep(store: Any, day: dt.date, now: dt.datetime) -> None:
        when, on = now - dt.timedelta(days=days_ago), day - dt.timedelta(days=days_ago)
        for n, (puzzle, clean) in enumerate(plays):
            at = when - dt.timedelta(minutes=len(plays) - n)
            common = dict(puzzle_id=puzzle.id, band=puzzle.band, puzzle_rating=puzzle.rating, on=on,
                          themes=tuple(puzzle.themes))
            if clean:
                post = SolvePost(**common, moves=puzzle.solution, mistakes=0, hints=0, seconds=30)
                ChessRecords(store).record_solve(pid, post, at, on_boards=False)
            else:
                miss = MissPost(**common, how="gave-up", moves=[])
                ChessRecords(store).record_miss(pid, miss, at, on_boards=False)

    site_server.keep_results(keep)


def heat_rows(page: Any) -> list[list[str]]:
    return page.evaluate("""() => [...document.querySelectorAll('#progress-scroll tbody tr')].map((tr) =>
        [...tr.cells].map((c) => c.innerText.split(/\\s+/).join(' ').trim()))""")


def heat_columns(page: Any) -> list[str]:
    """The theme columns' names, in order (after Student and All puzzles)."""
    return page.evaluate("""() => [...document.querySelectorAll('#progress-scroll thead th [data-heat-sort]')]
        .map((b) => b.childNodes[0].textContent).slice(2)""")


def shoot(make_page: Any, axe: Any, player: dict[str, Any], url: str, ready: str, name: str) -> None:
    """axe clean and no sideways scroll at each width, light and dark; a screenshot of each."""
    SHOTS.mkdir(exist_ok=True)
    for scheme in ("light", "dark"):
        page = make_page(viewport={"width": WIDTHS[0], "height": 900}, color_scheme=scheme)
        ch.sign_in(page, player)
        page.goto(url)
        page.wait_for_selector(ready)
        assert axe(page) == [], (name, scheme)
        for width in WIDTHS:
            page.set_viewport_size({"width": width, "height": 900})
            page.evaluate(TWO_FRAMES)
            wide = page.evaluate("() => document.documentElement.scrollWidth - innerWidth")
            assert wide <= 0, (name, width, scheme, wide)
            page.screenshot(path=str(SHOTS / f"{name}-{width}-{scheme}.png"), full_page=True)


@pytest.mark.slow
def test_a_teacher_sees_their_students_progress_until_one_leaves(
    make_page: Any, site_server: Any, bundle: Any, axe: Any
) -> None:
    teacher = ch.new_player(site_server, "Ms Rook")
    status, klass = site_server.post("/api/classes", {"name": "Tuesday club"}, token=teacher["token"])
    assert status == 201, klass
    code = klass["join_url"].split("code=")[1]
    forks = puzzles_of(bundle, "fork", "pin", 9)
    pins = puzzles_of(bundle, "pin", "fork", 6)

    # Ana joins through the join page, which says what the teacher will see; Ben and Cat by the API.
    ana_page = make_page()
    ana_page.goto(klass["join_url"])
    ana_page.wait_for_selector("#join-form:not([hidden])")
    sees = ana_page.text_content(".join-sees")
    assert "Your chess puzzle dashboard and history" in sees and "leave it from the class’s page" in sees
    assert axe(ana_page) == []
    ana_page.fill("#join-name", "Ana")
    ana_page.click("#join-form button[type=submit]")
    ana_page.wait_for_url("**/classes/class/?id=*")
    ana = ana_page.evaluate("() => JSON.parse(localStorage.getItem('pb:player'))")
    students = {"Ana": ana}
    for name in ("Ben", "Cat"):
        students[name] = ch.new_player(site_server, name)
        status, body = site_server.post(f"/api/classes/{klass['id']}/students", {"name": name, "code": code},
                                        token=students[name]["token"])
        assert status == 200, body
    # Ana: 6 forks (4 first try) and 5 pins (all) today, 3 forks (none) ten days ago; Ben: 2 forks
    # missed; Cat plays nothing.
    today = [(p, n < 4) for n, p in enumerate(forks[:6])] + [(p, True) for p in pins[:5]]
    keep_plays(site_server, ana["id"], today)
    keep_plays(site_server, ana["id"], [(p, False) for p in forks[6:9]], days_ago=10)
    keep_plays(site_server, students["Ben"]["id"], [(p, False) for p in forks[:2]])

    # The teacher's class page: the heatmap, weakest theme first.
    page = make_page()
    ch.sign_in(page, teacher)
    page.goto(f"/classes/class/?id={klass['id']}")
    page.wait_for_selector("body[data-heatmap=ready-30]")
    columns = heat_columns(page)
    status, heat = site_server.get(f"/api/classes/{klass['id']}/progress?days=30", token=teacher["token"])
    assert status == 200, heat
    assert columns == [c["name"] for c in heat["themes"]] and "Fork" in columns and "Pin" in columns
    rates = [c["first"] / c["played"] for c in heat["themes"]]
    assert rates == sorted(rates)  # weakest first
    fork = columns.index("Fork")
    rows = heat_rows(page)
    assert [r[0] for r in rows] == ["Ana", "Ben", "Cat"]  # by name at first
    assert rows[0][2 + fork].startswith("44% 4/9")  # 4 of 9 forks first try in 30 days
    assert rows[1][2 + fork].startswith("0% 0/2") and rows[2][2 + fork].startswith("– None played")
    head = page.text_content("#progress-scroll thead")
    assert "Class: 36% of 11" in head  # the class's forks: 4 of 11

    # Sorted by keyboard: the Fork column's button, Enter, then Enter again to reverse.
    page.focus(f"#progress-scroll [data-heat-sort='{fork}']")
    page.keyboard.press("Enter")
    page.wait_for_function(f"""() => document.querySelector("#progress-scroll [data-heat-sort='{fork}']")
        .closest('th').getAttribute('aria-sort') === 'ascending'""")
    assert [r[0] for r in heat_rows(page)] == ["Ben", "Ana", "Cat"]  # 0/2, 4/9, none played last
    assert page.evaluate("() => document.activeElement.dataset.heatSort") == str(fork)
    page.keyboard.press("Enter")
    page.wait_for_function(f"""() => document.querySelector("#progress-scroll [data-heat-sort='{fork}']")
        .closest('th').getAttribute('aria-sort') === 'descending'""")
    assert [r[0] for r in heat_rows(page)] == ["Ana", "Ben", "Cat"]

    # Seven days: Ana's old forks leave the span.
    page.click("[data-heat-days='7']")
    page.wait_for_selector("body[data-heatmap=ready-7]")
    assert page.get_attribute("[data-heat-days='7']", "aria-pressed") == "true"
    fork7 = heat_columns(page).index("Fork")
    ana7 = next(r for r in heat_rows(page) if r[0] == "Ana")
    assert ana7[2 + fork7].startswith("67% 4/6")

    # The CSV, from the server, of the span shown.
    with page.expect_download() as download:
        page.click("#progress-csv")
    got = download.value
    assert got.suggested_filename == "Tuesday-club-progress-7-days.csv"
    with open(got.path(), encoding="utf-8-sig") as saved:
        sheet = list(csv.reader(io.StringIO(saved.read())))
    assert sheet[0][:4] == ["Student", "Played", "Solved first try", "First try %"]
    at = sheet[0].index("Fork: played")
    assert {r[0]: r[at : at + 3] for r in sheet[1:]} == {
        "Whole class": ["8", "4", "50"], "Ana": ["6", "4", "67"], "Ben": ["2", "0", "0"],
        "Cat": ["0", "0", ""],
    }

    # "Assign a set" on the Pin column: the set form, with Pin, focused; made and assigned.
    page.click(f"button[aria-label='Assign a set of {theme('pin').name}']")
    page.wait_for_function("() => document.activeElement.id === 'set-theme-1'")
    assert page.input_value("#set-theme-1") == "pin" and page.input_value("#set-theme-2") == ""
    page.fill("#set-count", "5")
    page.click("#set-form button[type=submit]")
    page.wait_for_selector(".class-lessons .lesson-item")
    assert "Pin" in page.text_content(".class-lessons .lesson-item-title")

    # Ana's name opens her dashboard as she sees it, and from there her history.
    page.click("#progress-scroll a:has-text('Ana')")  # the name in it is translate="no"
    page.wait_for_url("**/dashboard/?class=*")
    page.wait_for_selector("body[data-dashboard=ready]")
    assert page.text_content("#dash-title") == "Ana’s puzzle dashboard"
    assert "You see this as their teacher in Tuesday club." in page.text_content("#dash-lede")
    assert page.text_content("#dash-played") == "14"
    assert page.locator("#weak-list a.button").first.text_content() == "Assign a set"
    # A weak theme's "Assign a set" opens the class page's set form with that theme.
    weakest = page.locator("#weak-list .theme-name").first.text_content()
    page.locator("#weak-list a.button").first.click()
    page.wait_for_url("**/classes/class/?id=*&assign=*")
    page.wait_for_function("() => document.activeElement.id === 'set-theme-1'")
    assert page.evaluate("() => document.getElementById('set-theme-1').selectedOptions[0].text") == weakest
    page.go_back()
    page.wait_for_selector("body[data-dashboard=ready]")
    page.click("#history-link")
    page.wait_for_url("**/history/?class=*")
    page.wait_for_selector("body[data-history=ready] #history-rows tr")
    assert page.text_content("#history-title") == "Ana’s puzzle history"
    assert page.locator("#history-rows tr").count() == 14
    assert page.is_hidden("#replay-missed")

    dashboard = f"/dashboard/?class={klass['id']}&student={ana['id']}"
    history = f"/history/?class={klass['id']}&student={ana['id']}"
    class_page = f"/classes/class/?id={klass['id']}"
    shoot(make_page, axe, teacher, class_page, "body[data-heatmap=ready-30]", "class-heatmap")
    shoot(make_page, axe, teacher, dashboard, "body[data-dashboard=ready]", "student-dashboard")
    shoot(make_page, axe, teacher, history, "body[data-history=ready] #history-rows tr", "student-history")
    shoot(make_page, axe, ana, class_page, "#leave-box:not([hidden])", "student-class")
    dan = ch.new_player(site_server, "Dan")
    shoot(make_page, axe, dan, klass["join_url"], "#join-form:not([hidden])", "join")

    # Ana reads what her teacher sees on the class page, and leaves.
    ana_page.goto(class_page)
    ana_page.wait_for_selector("#leave-box:not([hidden])")
    assert "your chess puzzle dashboard and history" in ana_page.text_content("#leave-box")
    ana_page.click("#leave")
    ana_page.click("#leave-yes")
    ana_page.wait_for_selector("#class-notice:not([hidden])")
    assert "your teacher no longer sees" in ana_page.text_content("#class-notice")

    # The teacher loses the view: her dashboard and history say so, the heatmap drops her.
    gone = make_page()
    ch.sign_in(gone, teacher)
    student_api = f"/api/classes/{klass['id']}/students/{ana['id']}"
    allow_failed_fetch(gone, "404", re.escape(f"{student_api}/dashboard?days=30"),
                       "Ana left the class: the teacher's read of her dashboard is refused")
    gone.goto(dashboard)
    gone.wait_for_selector("body[data-dashboard=refused]")
    assert "a student who left the class" in gone.text_content("#dash-error")
    assert gone.is_hidden("#dash-body")
    allow_failed_fetch(gone, "404", re.escape(f"{student_api}/history"),
                       "Ana left the class: the teacher's read of her history is refused")
    gone.goto(history)
    gone.wait_for_selector("body[data-history=refused]")
    assert "a student who left the class" in gone.text_content("#history-error")
    gone.goto(class_page)
    gone.wait_for_selector("body[data-heatmap=ready-30]")
    assert [r[0] for r in heat_rows(gone)] == ["Ben", "Cat"]
