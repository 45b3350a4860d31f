"""Classes over the API (real HTTP through FastAPI's TestClient, both stores): a teacher's class, its
join link, students joining, renamed and removed, lessons assigned, the students × puzzles table,
and every refusal: above all, nobody but the teacher reads the class's results, and a student reads
only their own. Also a lesson's edit in place, refused whole when it has problems."""

from __future__ import annotations

import datetime as dt
import json
from collections.abc import Iterator
from pathlib import Path
from types import SimpleNamespace

import pytest

from puzzlebook.classes import MAX_STUDENTS
from tests.support import dynamo_store, served, signed_up, sqlite_store

EXAMPLES = Path(__file__).resolve().parents[1] / "site" / "templates" / "lessons" / "_examples"
LESSON = (EXAMPLES / "guide_lesson.json").read_text(encoding="utf-8")
NOON = dt.datetime(2026, 11, 2, 12, 0, tzinfo=dt.UTC)
JSON = {"Content-Type": "application/json"}


@pytest.fixture(params=["sqlite", "dynamodb"])
def world(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[SimpleNamespace]:
    opened = sqlite_store(tmp_path / "c.sqlite3") if request.param == "sqlite" else dynamo_store()
    with opened as store, served(store, NOON) as world:
        world.teacher = signed_up(world.client, "Teacher")
        made = world.client.post("/api/lessons", content=LESSON.encode(), headers={**JSON, **world.teacher})
        world.lesson = made.json()["id"]
        yield world


def make_class(world: SimpleNamespace, name: str = "Year 7 club", headers: dict | None = None) -> dict:
    got = world.client.post("/api/classes", json={"name": name}, headers=headers or world.teacher)
    assert got.status_code == 201, got.text
    return got.json()


def code_of(klass: dict) -> str:
    return klass["join_url"].split("code=")[1]


def join(
    world: SimpleNamespace, klass: dict, name: str, headers: dict | None = None, code: str | None = None
):
    who = headers or signed_up(world.client, name)
    got = world.client.post(
        f"/api/classes/{klass['id']}/students",
        json={"name": name, "code": code or code_of(klass)},
        headers=who,
    )
    return who, got


def me(world: SimpleNamespace, headers: dict) -> str:
    return world.client.get("/api/me", headers=headers).json()["id"]


def play(world: SimpleNamespace, headers: dict, puzzle: int, **result) -> None:
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


def test_a_teacher_makes_a_class_students_join_and_the_table_shows_each(world: SimpleNamespace) -> None:
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
        "<b>Bo</b>": [("missed", 30), ("none", None), ("none", None)],  # names are kept as typed: text
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


def test_nobody_else_reads_a_class_or_its_results(world: SimpleNamespace) -> None:
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


def test_a_teacher_assigns_only_their_own_lessons(world: SimpleNamespace) -> None:
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


def test_joining_is_refused_plainly(world: SimpleNamespace) -> None:
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


def test_a_class_holds_at_most_the_limit_of_students(world: SimpleNamespace) -> None:
    klass = make_class(world)
    for n in range(MAX_STUDENTS):
        assert join(world, klass, f"S{n}")[1].status_code == 200
    _, full = join(world, klass, "One more")
    assert full.status_code == 422 and str(MAX_STUDENTS) in full.json()["error"]


def test_the_teacher_renames_and_removes_a_student(world: SimpleNamespace) -> None:
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


def test_a_removed_student_stays_out_until_let_back_and_a_new_link_ends_the_old(world: SimpleNamespace):
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


def test_class_names_are_checked(world: SimpleNamespace) -> None:
    for name, words in [("", "empty"), ("x" * 61, "at most 60"), ("a\u0000b", "control")]:
        got = world.client.post("/api/classes", json={"name": name}, headers=world.teacher)
        assert got.status_code == 400 and words in got.json()["error"], name
    assert world.client.post("/api/classes", json={"name": "x"}).status_code == 401


def test_an_edit_with_problems_changes_nothing_and_lists_every_one(world: SimpleNamespace) -> None:
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
