"""Classes over the API (real HTTP through FastAPI's TestClient, both stores): a teacher's class, its
join link, students joining, renamed and removed, lessons assigned, the students × puzzles table,
and every refusal: above all, nobody but the teacher reads the class's results, and a student reads
only their own. Also a lesson's edit in place, refused whole when it has problems."""

from __future__ import annotations

import datetime as dt
import json
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from puzzlebook.classes import MAX_STUDENTS
from tests.support import StoreKind, World, served, signed_up, sqlite_store, world_of

EXAMPLES = Path(__file__).resolve().parents[1] / "site" / "templates" / "lessons" / "_examples"
LESSON = (EXAMPLES / "guide_lesson.json").read_text(encoding="utf-8")
NOON = dt.datetime(2026, 11, 2, 12, 0, tzinfo=dt.UTC)
JSON = {"Content-Type": "application/json"}


@dataclass
class Teaching(World):
    """The world with a teacher (their Authorization header) and a lesson of theirs (its id)."""

    teacher: dict[str, str]
    lesson: str


@pytest.fixture
def world(store_kind: StoreKind, tmp_path: Path) -> Iterator[Teaching]:
    with world_of(store_kind, tmp_path, NOON) as world:
        teacher = signed_up(world.client, "Teacher")
        made = world.client.post("/api/lessons", content=LESSON.encode(), headers={**JSON, **teacher})
        yield world.grown(Teaching, teacher=teacher, lesson=made.json()["id"])


def make_class(world: Teaching, name: str = "Year 7 club", headers: dict | None = None) -> dict:
    got = world.client.post("/api/classes", json={"name": name}, headers=headers or world.teacher)
    assert got.status_code == 201, got.text
    return got.json()


def code_of(klass: dict) -> str:
    return klass["join_url"].split("code=")[1]


def join(
    world: Teaching, klass: dict, name: str, headers: dict | None = None, code: str | None = None
):
    who = headers or signed_up(world.client, name)
    got = world.client.post(
        f"/api/classes/{klass['id']}/students",
        json={"name": name, "code": code or code_of(klass)},
        headers=who,
    )
    return who, got


def me(world: Teaching, headers: dict) -> str:
    return world.client.get("/api/me", headers=headers).json()["id"]


def play(world: Teaching, headers: dict, puzzle: int, **result) -> None:
    text = world.client.post(f"/api/lessons/{world.lesson}/tickets", json={"puzzle": puzzle}, headers=headers)
    world.clock.advance(seconds=40)
    body = {
        "puzzle": puzzle,
        "solved": True,
        "clean": True,
        "seconds": 30,
        "ticket": text.json()["ticket"],
    } | result
    assert (
        world.client.post(f"/api/lessons/{world.lesson}/results", json=body, headers=headers).status_code
        == 200
    )


def test_a_teacher_makes_a_class_students_join_and_the_table_shows_each(world: Teaching) -> None:
    klass = make_class(world)
    assert klass["role"] == "teacher" and klass["open"] and klass["students"] == [] and klass["lessons"] == []
    assert klass["url"] == f"/classes/class/?id={klass['id']}"
    assert klass["join_url"].startswith(f"/classes/join/?id={klass['id']}&code=")
    ada, joined = join(world, klass, "Ada")
    assert joined.json() == {"id": klass["id"], "name": "Year 7 club", "url": klass["url"], "joined": True}
    assert join(world, klass, "Ada again", ada)[1].json()["joined"] is False
    bo, _ = join(world, klass, "<b>Bo</b>")
    cy, _ = join(world, klass, "Cy")
    assigned = world.client.put(f"/api/classes/{klass['id']}/lessons/{world.lesson}", headers=world.teacher)
    assert [lesson["id"] for lesson in assigned.json()["lessons"]] == [world.lesson]
    play(world, ada, 1)
    play(world, ada, 2, clean=False, mistakes=1)
    play(world, bo, 1, solved=False, clean=False, hints=2)
    table = world.client.get(
        f"/api/classes/{klass['id']}/lessons/{world.lesson}/results", headers=world.teacher
    )
    assert table.status_code == 200, table.text
    got = table.json()
    assert [p["title"] for p in got["puzzles"]] == [
        "Skewer on the fourth rank",
        "Promote to a knight",
        "Castle with check",
    ]
    rows = {row["name"]: [(c["outcome"], c["seconds"]) for c in row["results"]] for row in got["students"]}
    assert rows == {
        "Ada": [("clean", 30), ("helped", 30), ("none", None)],
        "<b>Bo</b>": [("shown", 30), ("none", None), ("none", None)],  # names are kept as typed: text
        "Cy": [("none", None)] * 3,
    }
    # A student sees the class's lessons and only their own row, and no other student.
    seen = world.client.get(f"/api/classes/{klass['id']}", headers=bo).json()
    assert (seen["role"], seen["you"], seen["students"], seen["join_url"]) == (
        "student",
        "<b>Bo</b>",
        [],
        None,
    )
    assert [lesson["id"] for lesson in seen["lessons"]] == [world.lesson]
    own = world.client.get(f"/api/classes/{klass['id']}/lessons/{world.lesson}/results", headers=bo).json()
    assert [row["name"] for row in own["students"]] == ["<b>Bo</b>"]
    mine = world.client.get("/api/classes", headers=cy).json()
    assert [c["id"] for c in mine["joined"]] == [klass["id"]] and mine["teaching"] == []


def test_nobody_else_reads_a_class_or_its_results(world: Teaching) -> None:
    klass = make_class(world)
    join(world, klass, "Ada")
    world.client.put(f"/api/classes/{klass['id']}/lessons/{world.lesson}", headers=world.teacher)
    stranger = signed_up(world.client, "Eve")
    base = f"/api/classes/{klass['id']}"
    for method, url, body in [
        ("GET", base, None),
        ("GET", f"{base}/lessons/{world.lesson}/results", None),
        ("PATCH", base, {"open": False}),
        ("DELETE", base, None),
        ("PUT", f"{base}/lessons/{world.lesson}", None),
        ("DELETE", f"{base}/lessons/{world.lesson}", None),
    ]:
        got = world.client.request(method, url, json=body, headers=stranger)
        assert got.status_code == 404, (method, url, got.text)
        assert world.client.request(method, url, json=body).status_code == 401
    # Another teacher's class id answers the same as one that doesn't exist: no hint either way.
    assert (
        world.client.get("/api/classes/AAAAAAAAAAAAAAAA", headers=stranger).json()
        == world.client.get(base, headers=stranger).json()
    )
    # A student can't act as the teacher.
    ada, _ = join(world, make_class(world, "Other"), "Ada2")
    ada_class = make_class(world, "Third")
    join(world, ada_class, "Ada2", ada)
    for method, url, body in [
        ("PATCH", f"/api/classes/{ada_class['id']}", {"open": False}),
        ("PUT", f"/api/classes/{ada_class['id']}/lessons/{world.lesson}", None),
        ("PATCH", f"/api/classes/{ada_class['id']}/students/{me(world, ada)}", {"name": "Hacker"}),
        ("DELETE", f"/api/classes/{ada_class['id']}/students/{me(world, ada)}", None),
    ]:
        assert world.client.request(method, url, json=body, headers=ada).status_code == 404


def test_a_teacher_assigns_only_their_own_lessons(world: Teaching) -> None:
    klass = make_class(world)
    other = signed_up(world.client, "Other teacher")
    theirs = world.client.post("/api/lessons", content=LESSON.encode(), headers={**JSON, **other}).json()[
        "id"
    ]
    got = world.client.put(f"/api/classes/{klass['id']}/lessons/{theirs}", headers=world.teacher)
    assert got.status_code == 404 and got.json()["error"] == "None of your lessons has that id."
    unassigned = world.client.get(
        f"/api/classes/{klass['id']}/lessons/{theirs}/results", headers=world.teacher
    )
    assert unassigned.status_code == 404


def test_joining_is_refused_plainly(world: Teaching) -> None:
    klass = make_class(world)
    _, wrong = join(world, klass, "Ada", code="nope")
    assert wrong.status_code == 404 and "join link" in wrong.json()["error"]
    bad_name = world.client.post(
        f"/api/classes/{klass['id']}/students",
        json={"name": "\u202eAda", "code": code_of(klass)},
        headers=signed_up(world.client, "Ada"),
    )
    assert bad_name.status_code == 400 and "invisible" in bad_name.json()["error"]
    _, teacher = join(world, klass, "Me", world.teacher)
    assert teacher.status_code == 422
    closed = world.client.patch(f"/api/classes/{klass['id']}", json={"open": False}, headers=world.teacher)
    assert closed.json()["open"] is False
    _, refused = join(world, klass, "Late")
    assert refused.status_code == 403 and "isn't taking new students" in refused.json()["error"]
    no_token = world.client.post(
        f"/api/classes/{klass['id']}/students", json={"name": "X", "code": code_of(klass)}
    )
    assert no_token.status_code == 401


def test_a_class_holds_at_most_the_limit_of_students(world: Teaching) -> None:
    klass = make_class(world)
    for n in range(MAX_STUDENTS):
        assert join(world, klass, f"S{n}")[1].status_code == 200
    _, full = join(world, klass, "One more")
    assert full.status_code == 422 and str(MAX_STUDENTS) in full.json()["error"]


def test_the_teacher_renames_and_removes_a_student(world: Teaching) -> None:
    klass = make_class(world)
    ada, _ = join(world, klass, "Ada")
    pid = me(world, ada)
    base = f"/api/classes/{klass['id']}/students"
    renamed = world.client.patch(f"{base}/{pid}", json={"name": "Ada L."}, headers=world.teacher)
    assert renamed.status_code == 200 and renamed.json()["name"] == "Ada L."
    assert world.client.patch(f"{base}/{pid}", json={"name": ""}, headers=world.teacher).status_code == 400
    assert (
        world.client.patch(f"{base}/{'0' * 16}", json={"name": "X"}, headers=world.teacher).status_code == 404
    )
    assert world.client.delete(f"{base}/{pid}", headers=world.teacher).json() == {"ok": True}
    assert world.client.delete(f"{base}/{pid}", headers=world.teacher).status_code == 404
    assert world.client.get(f"/api/classes/{klass['id']}", headers=ada).status_code == 404  # out: no access


def test_a_removed_student_stays_out_until_let_back_and_a_new_link_ends_the_old(world: Teaching):
    # Issue 26: a removed student rejoined at once with the join link they already had.
    klass = make_class(world)
    ada, _ = join(world, klass, "Ada")
    pid = me(world, ada)
    url = f"/api/classes/{klass['id']}"
    assert world.client.delete(f"{url}/students/{pid}", headers=world.teacher).status_code == 200
    _, again = join(world, klass, "Ada", headers=ada)
    assert again.status_code == 403 and again.json()["error"] == (
        "Your teacher removed you from this class: ask them to let you back in."
    )
    seen = world.client.get(url, headers=world.teacher).json()
    assert seen["students"] == [] and [(r["id"], r["name"]) for r in seen["removed"]] == [(pid, "Ada")]
    # A new join link ends the old one: nobody joins with it, and the removed student not with the new.
    renewed = world.client.post(f"{url}/code", headers=world.teacher)
    assert renewed.status_code == 200 and code_of(renewed.json()) != code_of(klass)
    _, old_link = join(world, klass, "Bob")
    assert old_link.status_code == 404
    bob, new_link = join(world, renewed.json(), "Bob")
    assert new_link.status_code == 200 and new_link.json()["joined"] is True
    assert join(world, renewed.json(), "Ada", headers=ada)[1].status_code == 403
    # Only the teacher makes links or lets students back (to anyone else: no such class).
    assert world.client.post(f"{url}/code", headers=bob).status_code == 404
    assert world.client.delete(f"{url}/removed/{pid}", headers=bob).status_code == 404
    back = world.client.delete(f"{url}/removed/{pid}", headers=world.teacher)
    assert back.status_code == 200 and back.json()["removed"] == []
    assert world.client.delete(f"{url}/removed/{pid}", headers=world.teacher).status_code == 404
    _, rejoined = join(world, renewed.json(), "Ada", headers=ada)
    assert rejoined.status_code == 200 and rejoined.json()["joined"] is True
    # A removed student who deletes themselves leaves no name behind in the teacher's list.
    assert world.client.delete(f"{url}/students/{me(world, bob)}", headers=world.teacher).status_code == 200
    assert [r["name"] for r in world.client.get(url, headers=world.teacher).json()["removed"]] == ["Bob"]
    assert world.client.delete("/api/me", headers=bob).status_code == 200
    assert world.client.get(url, headers=world.teacher).json()["removed"] == []


def test_class_names_are_checked(world: Teaching) -> None:
    for name, words in [("", "empty"), ("x" * 61, "at most 60"), ("a\u0000b", "control")]:
        got = world.client.post("/api/classes", json={"name": name}, headers=world.teacher)
        assert got.status_code == 400 and words in got.json()["error"], name
    assert world.client.post("/api/classes", json={"name": "x"}).status_code == 401


def test_an_edit_with_problems_changes_nothing_and_lists_every_one(world: Teaching) -> None:
    doc = json.loads(LESSON)
    doc[0]["moves"][0]["uci"] = "a1a9"
    doc[2]["playerColor"] = "red"
    url = f"/api/lessons/{world.lesson}"
    got = world.client.put(url, content=json.dumps(doc).encode(), headers={**JSON, **world.teacher})
    assert got.status_code == 422 and len(got.json()["errors"]) == 2
    assert world.client.get(url).json()["puzzles"][0]["moves"][0]["uci"] == "a1a4"
    other = signed_up(world.client, "Other")
    assert world.client.put(url, content=LESSON.encode(), headers={**JSON, **other}).status_code == 404
    assert world.client.get(f"{url}/source", headers=other).status_code == 404
    assert world.client.put(url, content=LESSON.encode(), headers=JSON).status_code == 401
    source = world.client.get(f"{url}/source", headers=world.teacher).json()
    assert json.loads(source["text"]) == json.loads(LESSON) and source["version"] == 1


def a_class_with_the_lesson(world: Teaching, *names: str) -> tuple[dict, dict[str, dict]]:
    klass = make_class(world)
    students = {name: join(world, klass, name)[0] for name in names}
    world.client.put(f"/api/classes/{klass['id']}/lessons/{world.lesson}", headers=world.teacher)
    return klass, students


def due_of(world: Teaching, klass: dict, headers: dict | None = None) -> str | None:
    seen = world.client.get(f"/api/classes/{klass['id']}", headers=headers or world.teacher).json()
    return seen["lessons"][0]["due"]


def test_a_due_date_is_set_changed_and_cleared_and_bad_ones_change_nothing(world: Teaching) -> None:
    klass, students = a_class_with_the_lesson(world, "Ada")
    url = f"/api/classes/{klass['id']}/lessons/{world.lesson}"
    assert due_of(world, klass) is None
    got = world.client.patch(url, json={"due": "2026-11-02"}, headers=world.teacher)  # today: due tonight
    assert got.status_code == 200, got.text
    assert got.json()["lessons"][0]["due"] == "2026-11-02"
    assert due_of(world, klass, students["Ada"]) == "2026-11-02"  # the student sees it too
    assert world.client.patch(url, json={"due": "2026-11-09"}, headers=world.teacher).status_code == 200
    for body, status, words in [
        ({"due": "2026-11-01"}, 422,
         "2026-11-01 has passed (today is 2026-11-02): give today or a later day."),
        ({"due": "2027-11-04"}, 422, "2027-11-04 is more than 366 days ahead: give a day up to 2027-11-03."),
        ({"due": "2026-02-30"}, 400, "'2026-02-30' is not a date written YYYY-MM-DD."),
        ({"due": "next week"}, 400, "'next week' is not a date written YYYY-MM-DD."),
        ({"due": "2026-11-9"}, 400, "'2026-11-9' is not a date written YYYY-MM-DD."),
        ({"due": 20261109}, 400, "Due must be text."),
        ({}, 400, "Due is missing."),
    ]:
        refused = world.client.patch(url, json=body, headers=world.teacher)
        assert refused.status_code == status, (body, refused.text)
        assert words in refused.json()["error"], (body, refused.json())
        assert due_of(world, klass) == "2026-11-09", body  # nothing changed
    assert world.client.patch(url, json={"due": "2027-11-03"}, headers=world.teacher).status_code == 200
    cleared = world.client.patch(url, json={"due": None}, headers=world.teacher)
    assert cleared.status_code == 200 and cleared.json()["lessons"][0]["due"] is None
    # A lesson not assigned here has no due date to set.
    world.client.delete(url, headers=world.teacher)
    gone = world.client.patch(url, json={"due": "2026-11-09"}, headers=world.teacher)
    assert gone.status_code == 404 and gone.json()["error"] == "That lesson isn't assigned to this class."


def test_nobody_but_the_teacher_sets_a_due_date_and_the_due_list_is_your_own(world: Teaching) -> None:
    klass, students = a_class_with_the_lesson(world, "Ada")
    url = f"/api/classes/{klass['id']}/lessons/{world.lesson}"
    stranger = signed_up(world.client, "Eve")
    for who in (stranger, students["Ada"]):
        got = world.client.patch(url, json={"due": "2026-11-09"}, headers=who)
        assert got.status_code == 404
        assert got.json()["error"] == "There is no class with that id that you teach."
    assert world.client.patch(url, json={"due": "2026-11-09"}).status_code == 401
    assert world.client.get("/api/classes/due").status_code == 401
    for bad in ("AAAAAAAAAAAAAAAA", "short"):
        assert world.client.patch(f"/api/classes/{bad}/lessons/{world.lesson}", json={"due": None},
                                  headers=world.teacher).status_code == 404
    assert due_of(world, klass) is None
    world.client.patch(url, json={"due": "2026-11-09"}, headers=world.teacher)
    assert world.client.get("/api/classes/due", headers=stranger).json() == {"due": []}
    assert world.client.get("/api/classes/due", headers=world.teacher).json() == {"due": []}  # not a student
    listed = world.client.get("/api/classes/due", headers=students["Ada"]).json()["due"]
    assert [d["lesson_id"] for d in listed] == [world.lesson]
    # The home page's one request carries the same list.
    home = world.client.get("/api/me/home", headers=students["Ada"])
    assert home.status_code == 200 and home.json()["due"] == listed, home.text


def play_all(world: Teaching, headers: dict, **result) -> None:
    for puzzle in (1, 2, 3):
        play(world, headers, puzzle, **result)


def test_the_table_marks_work_on_time_late_or_not_done(world: Teaching) -> None:
    klass, students = a_class_with_the_lesson(world, "Ada", "Bo", "Cy", "Di", "Ed", "Fa")
    url = f"/api/classes/{klass['id']}/lessons/{world.lesson}"
    world.client.patch(url, json={"due": "2026-11-03"}, headers=world.teacher)
    name = world.client.get(f"/api/classes/{klass['id']}", headers=world.teacher).json()["lessons"][0]["name"]
    assert world.client.get("/api/classes/due", headers=students["Ada"]).json()["due"] == [{
        "class_id": klass["id"], "class_name": "Year 7 club", "class_url": klass["url"],
        "lesson_id": world.lesson, "lesson": name, "url": f"/lessons/play/?id={world.lesson}",
        "count": 3, "due": "2026-11-03",
    }]
    play_all(world, students["Ada"])  # on the day it was set: on time
    play(world, students["Cy"], 1)  # one puzzle only: not done
    # Ed goes through every puzzle, one with Show solution: gone through, but not done (issue 40).
    play(world, students["Ed"], 1)
    play(world, students["Ed"], 2, solved=False, clean=False)
    play(world, students["Ed"], 3)
    play(world, students["Fa"], 1)
    play(world, students["Fa"], 2)
    world.clock.at = dt.datetime(2026, 11, 3, 23, 58, tzinfo=dt.UTC)
    play(world, students["Di"], 1)
    play(world, students["Di"], 2)
    world.clock.at = dt.datetime(2026, 11, 3, 23, 59, 30, tzinfo=dt.UTC)
    play(world, students["Di"], 3)  # opened 23:59:30, played 30 s: ended at midnight, after its due day
    # Fa plays the last puzzle before midnight, but its result reaches the server the next morning
    # (it waited in the browser): judged by when it was played, it is on time (issue 40).
    world.clock.at = dt.datetime(2026, 11, 3, 23, 59, tzinfo=dt.UTC)
    ticket = world.client.post(f"/api/lessons/{world.lesson}/tickets", json={"puzzle": 3},
                               headers=students["Fa"]).json()["ticket"]
    world.clock.at = dt.datetime(2026, 11, 4, 9, 0, tzinfo=dt.UTC)
    late_post = world.client.post(f"/api/lessons/{world.lesson}/results", headers=students["Fa"], json={
        "puzzle": 3, "solved": True, "clean": True, "seconds": 40, "ticket": ticket})
    assert late_post.status_code == 200 and late_post.json()["counted"], late_post.text
    world.clock.at = dt.datetime(2026, 11, 5, 9, 0, tzinfo=dt.UTC)
    play_all(world, students["Bo"])  # two days late
    table = world.client.get(f"{url}/results", headers=world.teacher).json()
    assert table["due"] == "2026-11-03"
    rows = {row["name"]: (row["done_day"], row["late"]) for row in table["students"]}
    assert rows == {"Ada": ("2026-11-02", False), "Bo": ("2026-11-05", True), "Cy": (None, False),
                    "Di": ("2026-11-04", True), "Ed": (None, False), "Fa": ("2026-11-03", False)}
    by_name = {row["name"]: row for row in table["students"]}
    assert by_name["Bo"]["done"].startswith("2026-11-05T09:0")
    assert by_name["Fa"]["done"].startswith("2026-11-03T23:59:40")  # its ticket's issue and 40 s
    assert [c["outcome"] for c in by_name["Ed"]["results"]] == ["clean", "shown", "clean"]
    # What's due: only what a student hasn't gone through (Ed has nothing left to play).
    for done in ("Ada", "Ed", "Fa"):
        assert world.client.get("/api/classes/due", headers=students[done]).json() == {"due": []}, done
    assert [d["due"] for d in world.client.get("/api/classes/due", headers=students["Cy"]).json()["due"]] \
        == ["2026-11-03"]
    # A student's own row says the same.
    own = world.client.get(f"{url}/results", headers=students["Bo"]).json()
    assert [(r["name"], r["late"]) for r in own["students"]] == [("Bo", True)] and own["due"] == "2026-11-03"


def test_the_due_day_ends_at_midnight_in_the_sites_zone(tmp_path: Path) -> None:
    from tests.support import settings_for_tests

    # 03:00 UTC on 3 November is still 2 November in New York: on time there.
    with sqlite_store(tmp_path / "z.sqlite3") as store, served(
        store, NOON, settings=settings_for_tests(SITE_TZ="America/New_York")
    ) as in_new_york:
        teacher = signed_up(in_new_york.client, "Teacher")
        lesson = in_new_york.client.post(
            "/api/lessons", content=LESSON.encode(), headers={**JSON, **teacher}
        ).json()["id"]
        world = in_new_york.grown(Teaching, teacher=teacher, lesson=lesson)
        klass, students = a_class_with_the_lesson(world, "Ada")
        url = f"/api/classes/{klass['id']}/lessons/{world.lesson}"
        assert world.client.patch(url, json={"due": "2026-11-02"}, headers=world.teacher).status_code == 200
        world.clock.at = dt.datetime(2026, 11, 3, 2, 58, tzinfo=dt.UTC)
        play_all(world, students["Ada"])
        (row,) = world.client.get(f"{url}/results", headers=world.teacher).json()["students"]
        assert (row["done_day"], row["late"]) == ("2026-11-02", False)
        # And "today" for a new due date is New York's: 2 November there, though 3 November in UTC.
        assert world.client.patch(url, json={"due": "2026-11-02"}, headers=world.teacher).status_code == 200


SET = {"themes": ["fork", "pin"], "low": 1400, "high": 1799, "count": 3}


def test_a_set_drawn_from_the_bundle_is_fixed_assigned_and_counted_as_a_lesson(world: Teaching):
    klass, students = a_class_with_the_lesson(world, "Ada", "Bo")
    url = f"/api/classes/{klass['id']}/sets"
    made = world.client.post(url, json=SET | {"due": "2026-11-04"}, headers=world.teacher)
    assert made.status_code == 201, made.text
    (drawn,) = [lesson for lesson in made.json()["lessons"] if lesson["set"]]
    assert (drawn["name"], drawn["count"], drawn["due"], drawn["set"]) == (
        "Fork, Pin · rated 1400–1799 · 3 puzzles", 3, "2026-11-04", True)
    assert [lesson["set"] for lesson in made.json()["lessons"]].count(False) == 1  # the imported lesson
    # Fixed once made: every reader gets the same puzzles, the bundle's lines, easiest first.
    first = world.client.get(f"/api/lessons/{drawn['id']}").json()["puzzles"]
    assert world.client.get(f"/api/lessons/{drawn['id']}").json()["puzzles"] == first
    ratings = [int(p["title"].rsplit(" ", 1)[1]) for p in first]
    assert ratings == sorted(ratings) and all(1400 <= r <= 1799 for r in ratings)
    assert all(p["opponent_first"] for p in first)
    # A student plays it: tickets issued by the set, one result per student per puzzle.
    world.lesson = drawn["id"]
    play(world, students["Ada"], 1)
    text = world.client.post(f"/api/lessons/{drawn['id']}/tickets", json={"puzzle": 1},
                             headers=students["Ada"])
    world.clock.advance(seconds=40)
    again = world.client.post(f"/api/lessons/{drawn['id']}/results", headers=students["Ada"], json={
        "puzzle": 1, "solved": False, "clean": False, "seconds": 30, "ticket": text.json()["ticket"]})
    assert again.status_code == 200 and again.json()["counted"] is False  # the first stands
    table = world.client.get(f"/api/classes/{klass['id']}/lessons/{drawn['id']}/results",
                             headers=world.teacher).json()
    rows = {r["name"]: [c["outcome"] for c in r["results"]] for r in table["students"]}
    assert rows == {"Ada": ["clean", "none", "none"], "Bo": ["none"] * 3} and table["due"] == "2026-11-04"
    # Another set of the same is drawn afresh; each stays as it was made.
    after = world.client.post(url, json=SET, headers=world.teacher).json()["lessons"]
    sets = [lesson["id"] for lesson in after if lesson["set"]]
    assert len(sets) == 2 and drawn["id"] in sets
    assert world.client.get(f"/api/lessons/{drawn['id']}").json()["puzzles"] == first


def floors_of(world: Teaching, lesson_id: str) -> list[int]:
    """Each puzzle's student moves (a solve's floor: a second each), as the lesson page counts them."""
    puzzles = world.client.get(f"/api/lessons/{lesson_id}").json()["puzzles"]
    return [sum(1 for move in p["moves"] if move["by_student"]) for p in puzzles]


def test_a_set_is_played_one_puzzle_at_a_time(world: Teaching) -> None:
    # Issue 40: fifty tickets opened at once and fifty clean solves posted seven seconds later showed
    # as "50 solved first try, done on time". Each result is now held to its floor (a second a
    # student move) counted from the end of the student's last result in the set.
    klass, students = a_class_with_the_lesson(world, "Ada", "Bo")
    body = SET | {"count": 10, "due": "2026-11-04"}
    made = world.client.post(f"/api/classes/{klass['id']}/sets", json=body, headers=world.teacher)
    assert made.status_code == 201, made.text
    (drawn,) = [lesson for lesson in made.json()["lessons"] if lesson["set"]]
    results, tickets = f"/api/lessons/{drawn['id']}/results", f"/api/lessons/{drawn['id']}/tickets"
    floors = floors_of(world, drawn["id"])
    ada = students["Ada"]

    def opened(n: int, who: dict) -> str:
        return str(world.client.post(tickets, json={"puzzle": n}, headers=who).json()["ticket"])

    texts = [opened(n, ada) for n in range(1, 11)]
    world.clock.advance(seconds=7)
    answers = [world.client.post(results, headers=ada, json={
        "puzzle": n, "solved": True, "clean": True, "seconds": floors[n - 1], "ticket": text})
        for n, text in enumerate(texts, 1)]
    # Only as many count as their floors, one after another, fit in the 7 s (and the tickets' second).
    counted = [n for n, a in enumerate(answers, 1) if a.status_code == 200]
    assert counted and len(counted) < 10 and sum(floors[n - 1] for n in counted) <= 7 + 1, (floors, counted)
    for answer in (a for a in answers if a.status_code != 200):
        assert answer.status_code == 422, answer.text
        assert answer.headers["X-Ticket-Refused"] == "overlaps"
        assert "one at a time" in answer.json()["error"]
    table_url = f"/api/classes/{klass['id']}/lessons/{drawn['id']}/results"
    rows = {r["name"]: r for r in world.client.get(table_url, headers=world.teacher).json()["students"]}
    assert [c["outcome"] for c in rows["Ada"]["results"]] == [
        "clean" if n in counted else "none" for n in range(1, 11)]
    assert rows["Ada"]["done"] is None
    # Played as the page plays them, one after another, each takes its floor from the one before.
    for n in (n for n in range(1, 11) if n not in counted):
        text = opened(n, ada)
        world.clock.advance(seconds=floors[n - 1])
        got = world.client.post(results, headers=ada, json={
            "puzzle": n, "solved": True, "clean": True, "seconds": floors[n - 1], "ticket": text})
        assert got.json() == {"counted": True}, (n, got.text)
    # Bo goes through the set with Show solution: shown, and not done.
    bo = students["Bo"]
    for n in range(1, 11):
        text = opened(n, bo)
        world.clock.advance(seconds=2)
        got = world.client.post(results, headers=bo, json={
            "puzzle": n, "solved": False, "clean": False, "seconds": 1, "ticket": text})
        assert got.json() == {"counted": True}, (n, got.text)
    rows = {r["name"]: r for r in world.client.get(table_url, headers=world.teacher).json()["students"]}
    assert [c["outcome"] for c in rows["Ada"]["results"]] == ["clean"] * 10
    assert (rows["Ada"]["done_day"], rows["Ada"]["late"]) == ("2026-11-02", False)
    assert [c["outcome"] for c in rows["Bo"]["results"]] == ["shown"] * 10
    assert (rows["Bo"]["done"], rows["Bo"]["late"]) == (None, False)


def test_a_set_asked_for_wrongly_is_refused_and_nothing_is_made(world: Teaching) -> None:
    klass, students = a_class_with_the_lesson(world, "Ada")
    url = f"/api/classes/{klass['id']}/sets"
    mine = world.client.get("/api/lessons", headers=world.teacher).json()["lessons"]
    for body, status, words in [
        (SET | {"themes": ["forks"]}, 422, '"forks" isn\'t a theme of the puzzles'),
        (SET | {"themes": []}, 400, "Themes must have at least 1 item"),
        (SET | {"low": 1800, "high": 1400}, 422, "The lowest rating (1800) is above the highest (1400)"),
        (SET | {"low": 100}, 400, "Low must be at least 600."),
        (SET | {"count": 51}, 400, "Count must be at most 50."),
        (SET | {"themes": ["smotheredMate"], "low": 600, "high": 610, "count": 50}, 422, "ask for fewer"),
        (SET | {"due": "2026-11-01"}, 422, "2026-11-01 has passed"),
        (SET | {"due": "soon"}, 400, "'soon' is not a date"),
        ({"themes": ["fork"]}, 400, "missing"),
    ]:
        got = world.client.post(url, json=body, headers=world.teacher)
        assert got.status_code == status, (body, got.text)
        assert words in got.json()["error"], (body, got.json())
    assert world.client.get("/api/lessons", headers=world.teacher).json()["lessons"] == mine
    assert len(world.client.get(f"/api/classes/{klass['id']}", headers=world.teacher).json()["lessons"]) == 1
    # Only the teacher: a student or a stranger is told there is no such class.
    for who in (students["Ada"], signed_up(world.client, "Eve")):
        got = world.client.post(url, json=SET, headers=who)
        assert got.status_code == 404
        assert got.json()["error"] == "There is no class with that id that you teach."
    assert world.client.post(url, json=SET).status_code == 401
    assert world.client.post("/api/classes/AAAAAAAAAAAAAAAA/sets", json=SET,
                             headers=world.teacher).status_code == 404


def test_an_answer_given_in_a_live_session_is_marked_live_in_the_table(world: Teaching) -> None:
    """A live class's answers go into the class's table as the lesson's results (service/live/klass.py
    keeps them so), marked live in their cells (docs/live.md); a result from the lesson's page isn't."""
    from puzzlebook.lessons.results import LessonResult, student_key
    from service.games.lessons.records import LessonRecords

    klass = make_class(world)
    ada, _ = join(world, klass, "Ada")
    world.client.put(f"/api/classes/{klass['id']}/lessons/{world.lesson}", headers=world.teacher)
    play(world, ada, 1)
    kept = LessonResult(True, True, seconds=12, live="sessionOne")
    key = student_key(world.lesson, me(world, ada))
    LessonRecords(world.store).record_lesson_result(world.lesson, 2, key, kept, NOON)
    url = f"/api/classes/{klass['id']}/lessons/{world.lesson}/results"
    table = world.client.get(url, headers=world.teacher)
    (row,) = table.json()["students"]
    assert [(c["outcome"], c["live"]) for c in row["results"]] == [
        ("clean", False), ("clean", True), ("none", False)]
