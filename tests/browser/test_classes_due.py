"""Due dates in the browser (issue 30, part 2): a teacher gives an assigned lesson a due date on the
class page (a day that has passed is refused, saying so, and nothing changes); a student sees it due
on the home page and the class page; the days move on (results posted through an app over the
server's own store on a test clock, the pages' own clock moved with Playwright's), and the teacher's
table and its CSV mark each student's work on time, late (with the day) or not done. Screenshots at
320, 390 and 1280 px, light and dark; axe; no sideways scroll; the form and the column by keyboard."""

from __future__ import annotations

import csv
import datetime as dt
import io
from collections.abc import Iterator
from pathlib import Path
from types import SimpleNamespace
from typing import Any
from zoneinfo import ZoneInfo

import pytest

from tests.browser import chain_helpers as chx
from tests.browser.conftest import LAPTOP, PHONE, allow_failed_fetch
from tests.support import Clock, sqlite_store

pytestmark = pytest.mark.browser
SHOTS = Path("/tmp/puzzlebook-due-shots")
NARROW = {"width": 320, "height": 640}

LESSON = [
    {"title": "Back rank", "fen": "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", "playerColor": "white",
     "moves": [{"uci": "a1a8"}]},
    {"title": "Back rank again", "fen": "6k1/5ppp/8/8/8/8/8/1R4K1 w - - 0 1", "playerColor": "white",
     "moves": [{"uci": "b1b8"}]},
]


@pytest.fixture
def clocked(site_server: Any) -> Iterator[SimpleNamespace]:
    """The API over the browser server's own store on a test clock: results posted "on" any day."""
    from fastapi.testclient import TestClient

    from functions.app import create_app
    from service.settings import load

    settings = load(site_server.env, warn=False)
    with sqlite_store(site_server.store_url.removeprefix("sqlite:///")) as store:
        clock = Clock(dt.datetime.now(dt.UTC))
        with TestClient(create_app(settings, store, clock=clock)) as client:
            yield SimpleNamespace(client=client, clock=clock, zone=settings.site_tz)


def play_all(world: SimpleNamespace, lesson: str, player: dict, at: dt.datetime) -> None:
    """Every puzzle of the lesson solved by `player` at `at`, as the lesson page posts them."""
    headers = {"Authorization": f"Bearer {player['token']}"}
    world.clock.at = at
    for puzzle in (1, 2):
        ticket = world.client.post(f"/api/lessons/{lesson}/tickets", json={"puzzle": puzzle}, headers=headers)
        assert ticket.status_code == 200, ticket.text
        world.clock.advance(seconds=20)
        got = world.client.post(f"/api/lessons/{lesson}/results", headers=headers, json={
            "puzzle": puzzle, "solved": True, "clean": True, "seconds": 15,
            "ticket": ticket.json()["ticket"]})
        assert got.status_code == 200 and got.json()["counted"], got.text


def noon(day: dt.date, zone: ZoneInfo) -> dt.datetime:
    return dt.datetime.combine(day, dt.time(12), tzinfo=zone)


def no_sideways_scroll(page: Any) -> None:
    assert page.evaluate("document.documentElement.scrollWidth <= innerWidth"), page.url


def shoot(page: Any, name: str, axe: Any) -> None:
    """Screenshots at 320, 390 and 1280 px, light and dark; axe and no sideways scroll at each."""
    SHOTS.mkdir(parents=True, exist_ok=True)
    for scheme in ("light", "dark"):
        page.emulate_media(color_scheme=scheme)
        for label, size in (("320", NARROW), ("390", PHONE), ("1280", LAPTOP)):
            page.set_viewport_size(size)
            no_sideways_scroll(page)
            page.screenshot(path=str(SHOTS / f"{name}-{label}-{scheme}.png"), full_page=True)
        assert axe(page) == [], (name, scheme)
    page.emulate_media(color_scheme="light")
    page.set_viewport_size(LAPTOP)


def test_a_due_date_set_seen_and_marked_on_time_late_or_not_done(make_page, site_server, clocked, axe):
    teacher, ana, ben, cat = site_server.many_players(["Ms Due", "Ana", "Ben", "Cat"])
    status, lesson = site_server.request("POST", "/api/lessons?name=Back%20ranks", LESSON,
                                         token=teacher["token"])
    assert status == 201, lesson
    status, klass = site_server.post("/api/classes", {"name": "Friday club"}, token=teacher["token"])
    assert status == 201, klass
    code = klass["join_url"].split("code=")[1]
    for student in (ana, ben, cat):
        status, joined = site_server.post(f"/api/classes/{klass['id']}/students",
                                          {"name": student["name"], "code": code}, token=student["token"])
        assert status == 200, joined
    status, _ = site_server.request("PUT", f"/api/classes/{klass['id']}/lessons/{lesson['id']}",
                                    token=teacher["token"])
    assert status == 200
    today = dt.date.fromisoformat(chx.site_today(site_server))
    class_url = f"/classes/class/?id={klass['id']}"
    item = f"[data-lesson='{lesson['id']}']"

    # The teacher sets the due date on the class page: a day that has passed is refused first.
    tpage = make_page()
    allow_failed_fetch(tpage, "422", "/api/classes/[^/]+/lessons/[^/]+",
                       "the test sets a day that has passed")
    chx.sign_in(tpage, teacher)
    tpage.goto(class_url)
    tpage.wait_for_selector(f"{item} .due-form")
    assert tpage.text_content(f"{item} .due-line") == "No due date."
    due_input = f"#due-{lesson['id']}"
    tpage.fill(due_input, (today - dt.timedelta(days=1)).isoformat())
    tpage.click(f"{item} .due-form button[type=submit]")
    error = tpage.locator(f"{item} .due-form .form-error")
    error.filter(has_text="has passed").wait_for()
    assert error.text_content() == (
        f"{today - dt.timedelta(days=1)} has passed (today is {today}): give today or a later day.")
    seen = site_server.get(f"/api/classes/{klass['id']}", token=teacher["token"])[1]
    assert seen["lessons"][0]["due"] is None  # refused: nothing changed
    # Then today, from the keyboard: the date box, then Enter.
    tpage.fill(due_input, today.isoformat())
    tpage.focus(due_input)
    tpage.keyboard.press("Enter")
    tpage.locator(f"{item} .due-line").filter(has_text="Due today.").wait_for()
    assert tpage.evaluate("document.activeElement.id") == due_input[1:]
    assert tpage.text_content(f"{item} .due-form button[type=submit]") == "Change due date"
    shoot(tpage, "class-teacher-set", axe)

    # A student sees it due on the home page and on the class page.
    spage = make_page()
    chx.sign_in(spage, cat)
    spage.goto("/")
    spage.wait_for_selector("#due-card:not([hidden])")
    assert spage.locator("#due-list .due-item").count() == 1
    assert spage.text_content("#due-list .due-lesson") == "Back ranks"
    assert spage.text_content("#due-list .due-when") == "Due today"
    assert spage.text_content("#due-list .due-class") == "Friday club · 2 puzzles"
    shoot(spage, "home-due-today", axe)
    spage.goto(class_url)
    spage.locator(f"{item} .due-line").filter(has_text="Due today.").wait_for()
    spage.wait_for_selector(".own-results")
    shoot(spage, "class-student-due-today", axe)

    # The days move on: Ana does the lesson today, Ben the day after it was due, Cat never.
    play_all(clocked, lesson["id"], ana, noon(today, clocked.zone) - dt.timedelta(hours=1))
    late = today + dt.timedelta(days=1)
    play_all(clocked, lesson["id"], ben, noon(late, clocked.zone))
    later = noon(today + dt.timedelta(days=2), clocked.zone)

    # Two days on, in the teacher's browser: on time, late (with the day), not done.
    tpage2 = make_page()
    tpage2.clock.install(time=later)
    chx.sign_in(tpage2, teacher)
    tpage2.goto(class_url)
    tpage2.click(f"{item} button.button-primary")
    tpage2.wait_for_selector("#results-scroll table .due-cell")
    heads = tpage2.locator("#results-scroll thead th").all_inner_texts()
    assert heads[3].startswith("Due "), heads
    marks = tpage2.evaluate("""() => Object.fromEntries(
        [...document.querySelectorAll('#results-scroll tbody tr')].map((tr) =>
          [tr.cells[0].textContent, tr.querySelector('.due-cell').innerText.split(/\\s+/).join(' ')]))""")
    assert marks["Ana"].startswith("On time"), marks
    assert marks["Ben"].startswith("Late"), marks
    assert marks["Cat"].startswith("Not done"), marks
    ben_row = tpage2.locator("#results-scroll tbody tr", has_text="Ben")
    words = ben_row.locator(".due-cell").get_attribute("title")
    assert words == f"Done late, on {late.strftime('%A')} {late.day} {late.strftime('%B')}"
    # Sorted by the due column from the keyboard: on time, late, not done.
    tpage2.focus("#results-scroll [data-sort='time']")
    tpage2.keyboard.press("Tab")
    assert tpage2.evaluate("document.activeElement.dataset.sort") == "due"
    tpage2.keyboard.press("Enter")
    tpage2.wait_for_selector("th[aria-sort='ascending'] [data-sort='due']")
    assert [r for r in tpage2.locator("#results-scroll tbody th").all_inner_texts()] == ["Ana", "Ben", "Cat"]
    shoot(tpage2, "class-teacher-marks", axe)
    with tpage2.expect_download() as download:
        tpage2.click("#csv-button")
    with open(download.value.path(), encoding="utf-8-sig") as saved:
        sheet = list(csv.reader(io.StringIO(saved.read())))
    assert sheet[0][4:6] == [f"Due {today}", "Done on"]
    assert [(r[0], r[4], r[5]) for r in sheet[1:]] == [
        ("Ana", "On time", today.isoformat()), ("Ben", "Late", late.isoformat()), ("Cat", "Not done", "")]

    # And Cat, two days on, is told it is overdue, at home and on the class page.
    cpage = make_page()
    dailies = (r"/daily/chess/[0-9-]+\.html", r"/daily/chain/[0-9-]+\.json",
               r"/api/(chess|chain)/daily/[0-9-]+")
    for path in dailies:
        allow_failed_fetch(cpage, "404", path, "two days ahead, the home page's dailies aren't out yet")
    cpage.clock.install(time=later)
    chx.sign_in(cpage, cat)
    cpage.goto("/")
    cpage.wait_for_selector("#due-card:not([hidden])")
    assert cpage.text_content("#due-list .due-when").startswith("Overdue: it was due ")
    shoot(cpage, "home-overdue", axe)
    cpage.goto(class_url)
    cpage.locator(f"{item} .due-line").filter(has_text="Overdue").wait_for()
    # Ana, who did it, has nothing due at home, and her class page says she did it on time.
    apage = make_page()
    chx.sign_in(apage, ana)
    apage.goto(class_url)
    apage.locator(f"{item} .due-line").filter(has_text="Done on time.").wait_for()
    apage.goto("/")
    apage.wait_for_selector("#daily-list .daily-item")
    assert site_server.get("/api/classes/due", token=ana["token"])[1] == {"due": []}
    assert apage.locator("#due-card").is_hidden()


def test_a_set_from_the_bundle_made_on_the_page_is_played_and_in_the_table(make_page, site_server, axe):
    from tests.browser import chess_helpers as ch

    teacher, dan = site_server.many_players(["Mr Set", "Dan"])
    status, klass = site_server.post("/api/classes", {"name": "Saturday club"}, token=teacher["token"])
    assert status == 201, klass
    status, _ = site_server.post(f"/api/classes/{klass['id']}/students",
                                 {"name": "Dan", "code": klass["join_url"].split("code=")[1]},
                                 token=dan["token"])
    assert status == 200
    today = dt.date.fromisoformat(chx.site_today(site_server))
    class_url = f"/classes/class/?id={klass['id']}"

    # The teacher makes a set on the class page: forks or pins, 1400–1799, three, due in two days.
    tpage = make_page()
    chx.sign_in(tpage, teacher)
    tpage.goto(class_url)
    tpage.wait_for_selector("#set-theme-1 option[value=pin]", state="attached")
    assert tpage.input_value("#set-theme-1") == "fork"
    tpage.select_option("#set-theme-2", "pin")
    tpage.fill("#set-low", "1400")
    tpage.fill("#set-high", "1200")  # the wrong way round first: refused, saying so
    tpage.fill("#set-count", "3")
    tpage.fill("#set-due", (today + dt.timedelta(days=2)).isoformat())
    allow_failed_fetch(tpage, "422", r"/api/classes/[^/]+/sets",
                       "the test asks for a range the wrong way round")
    tpage.click("#set-form button[type=submit]")
    tpage.locator("#set-error").filter(has_text="swap them").wait_for()
    assert site_server.get(f"/api/classes/{klass['id']}", token=teacher["token"])[1]["lessons"] == []
    tpage.fill("#set-high", "1799")
    tpage.click("#set-form button[type=submit]")
    tpage.wait_for_selector(".lesson-item")
    name = "Fork, Pin · rated 1400–1799 · 3 puzzles"
    assert tpage.text_content(".lesson-item-title") == name
    assert tpage.text_content(".lesson-item .muted") == "3 puzzles · a set from the site’s puzzles"
    assert tpage.evaluate("document.activeElement.textContent") == name
    due_words = tpage.text_content(".lesson-item .due-line")
    assert due_words.startswith("Due ") and due_words.endswith(".")
    shoot(tpage, "class-teacher-set-made", axe)
    (drawn,) = site_server.get(f"/api/classes/{klass['id']}", token=teacher["token"])[1]["lessons"]

    # Dan sees it due at home, opens it and solves its first puzzle: the bundle's line.
    spage = make_page()
    chx.sign_in(spage, dan)
    spage.goto("/")
    spage.wait_for_selector("#due-card:not([hidden])")
    assert spage.text_content("#due-list .due-lesson") == name
    spage.click("#due-list .due-lesson")
    spage.wait_for_url("**/lessons/play/?id=*")
    first = site_server.get(f"/api/lessons/{drawn['id']}")[1]["puzzles"][0]
    for k, move in enumerate(first["moves"]):
        if move["by_student"]:
            ch.wait_lesson_turn(spage, k)
            ch.click_move(spage, move["uci"], "w" if move["color"] == "white" else "b")
    spage.wait_for_selector("#play-done:not([hidden])")

    # The teacher's table has it, as any lesson's.
    tpage.reload()
    tpage.click(f"[data-lesson='{drawn['id']}'] button.button-primary")
    tpage.locator("#results-scroll tbody tr", has_text="Dan").locator(".result-cell.is-clean").wait_for()
    heads = tpage.locator("#results-scroll thead th").all_inner_texts()
    assert heads[3].startswith("Due ") and heads[4].startswith("1. ")
