"""A student's progress, to their teacher, over the API (real HTTP through FastAPI's TestClient, both
stores; issue 30, part 1): the teacher reads a student's dashboard and history as the student reads
their own, and the class's heatmap of students × themes as JSON and CSV; nobody else reads any of
it (404, as for no class), and a student who leaves or is removed is no longer there to read."""

from __future__ import annotations

import csv
import datetime as dt
import io
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from puzzlebook.chess.dashboard import MIN_PLAYS, tallies_of
from puzzlebook.class_progress import Student, heatmap
from tests.dashboard_week import play_week, week_puzzles
from tests.support import (
    StoreKind,
    World,
    post_result,
    signed_up,
    world_of,
)

MONDAY = dt.datetime(2026, 11, 2, 12, 0, tzinfo=dt.UTC)


@dataclass(frozen=True)
class Joined:
    """A student of the class: their Authorization header and id."""

    headers: dict[str, str]
    id: str


@dataclass
class Classroom(World):
    """The world with a teacher (their Authorization header), their class (as made: `klass`; its API
    path: `base`) and its three students by name, who joined before the week."""

    teacher: dict[str, str]
    klass: dict[str, Any]
    base: str
    students: dict[str, Joined]


@pytest.fixture
def world(store_kind: StoreKind, tmp_path: Path) -> Iterator[Classroom]:
    with world_of(store_kind, tmp_path, MONDAY) as world:
        teacher = signed_up(world.client, "Teacher")
        klass = world.client.post("/api/classes", json={"name": "Year 7"}, headers=teacher).json()
        base = f"/api/classes/{klass['id']}"
        students = {}
        for n, name in enumerate(("Ada", "Bo", "Cy")):
            world.clock.at = MONDAY - dt.timedelta(hours=3 - n)  # joined in this order, before the week
            who = signed_up(world.client, name)
            code = klass["join_url"].split("code=")[1]
            body = {"name": name, "code": code}
            joined = world.client.post(f"{base}/students", json=body, headers=who)
            assert joined.status_code == 200, joined.text
            pid = world.client.get("/api/me", headers=who).json()["id"]
            students[name] = Joined(headers=who, id=pid)
        world.clock.at = MONDAY
        yield world.grown(Classroom, teacher=teacher, klass=klass, base=base, students=students)


def ada_plays_the_week(world: Classroom) -> list[dict[str, Any]]:
    ada = world.students["Ada"].headers

    def post(path: str, body: dict[str, Any]) -> dict[str, Any]:
        got = post_result(world, path, body, ada)
        assert got.status_code == 200, got.text
        return dict(got.json())

    def set_time(at: dt.datetime) -> None:
        world.clock.at = at

    return play_week(post, set_time, MONDAY, world.ctx)


def bo_solves_forks(world: Classroom, count: int) -> list[dict[str, Any]]:
    """Bo solves `count` forks cleanly on the week's last day (puzzles Ada played too)."""
    log = []
    for puzzle in week_puzzles(world.ctx)["fork"][:count]:
        body = {"id": puzzle.id, "band": puzzle.band, "moves": puzzle.solution, "mistakes": 0, "hints": 0,
                "seconds": 40}
        got = post_result(world, "/api/chess/solves", body, world.students["Bo"].headers)
        assert got.status_code == 200, got.text
        day = world.clock.at.date().isoformat()
        log.append({"day": day, "themes": puzzle.themes, "rating": puzzle.rating, "result": "clean",
                    "after": None})
    return log


def test_the_teacher_sees_a_students_dashboard_and_history_as_the_student_does(world: Classroom):
    ada_plays_the_week(world)
    ada = world.students["Ada"]
    for days in (7, 30, 90):
        theirs = world.client.get(f"/api/me/dashboard?days={days}", headers=ada.headers)
        path = f"{world.base}/students/{ada.id}/dashboard?days={days}"
        seen = world.client.get(path, headers=world.teacher)
        assert seen.status_code == 200, seen.text
        assert seen.headers["cache-control"] == "no-store"
        assert seen.json() == theirs.json() and seen.json()["played"] == 28
    for query in ("", "?missed=true"):
        theirs = world.client.get(f"/api/me/history{query}", headers=ada.headers).json()
        seen = world.client.get(f"{world.base}/students/{ada.id}/history{query}", headers=world.teacher)
        assert seen.status_code == 200 and seen.json() == theirs
    # The next page, by the cursor the first page gave.
    first = world.client.get(f"{world.base}/students/{ada.id}/history", headers=world.teacher).json()
    assert first["next"]
    second = world.client.get(
        f"{world.base}/students/{ada.id}/history?before={first['next']}", headers=world.teacher
    ).json()
    assert second == world.client.get(f"/api/me/history?before={first['next']}", headers=ada.headers).json()
    assert len(first["lines"]) + len(second["lines"]) == 28
    # A student who never played has an empty dashboard, not an error.
    cy = world.students["Cy"]
    empty = world.client.get(f"{world.base}/students/{cy.id}/dashboard", headers=world.teacher).json()
    assert (empty["played"], empty["themes"]) == (0, [])


def test_the_heatmap_is_students_by_themes_weakest_first_with_a_csv(world: Classroom) -> None:
    ada_log = ada_plays_the_week(world)
    bo_log = bo_solves_forks(world, 3)
    today = world.clock.at.date().isoformat()
    got = world.client.get(f"{world.base}/progress?days=7", headers=world.teacher)
    assert got.status_code == 200, got.text
    assert got.headers["cache-control"] == "no-store"
    figures = got.json()
    expected = heatmap(
        [
            Student(world.students["Ada"].id, "Ada", tallies_of(ada_log)),
            Student(world.students["Bo"].id, "Bo", tallies_of(bo_log)),
            Student(world.students["Cy"].id, "Cy", []),
        ],
        today,
        7,
    )
    names = {c["theme"]: c["name"] for c in figures["themes"]}
    assert figures == {"class_id": world.klass["id"], **expected,
                       "themes": [{**c, "name": names[c["theme"]]} for c in expected["themes"]]}
    assert [row["name"] for row in figures["students"]] == ["Ada", "Bo", "Cy"]  # by join
    columns = [c["theme"] for c in figures["themes"]]
    assert "fork" in columns and "pin" in columns and names["fork"] == "Fork"
    assert all(c["played"] >= MIN_PLAYS for c in figures["themes"])
    rates = [c["first"] / c["played"] for c in figures["themes"]]
    assert rates == sorted(rates)  # weakest first
    fork = columns.index("fork")
    ada_row, bo_row, cy_row = figures["students"]
    ada_forks = sum(1 for e in ada_log if "fork" in e["themes"])
    assert figures["themes"][fork]["played"] == ada_forks + 3
    assert bo_row["cells"][fork] == {"played": 3, "first": 3, "first_rate": 100}
    assert cy_row["cells"][fork] == {"played": 0, "first": 0, "first_rate": None}
    assert (ada_row["played"], bo_row["played"], cy_row["played"]) == (28, 3, 0)

    sheet = world.client.get(f"{world.base}/progress.csv?days=7", headers=world.teacher)
    assert sheet.status_code == 200, sheet.text
    assert sheet.headers["content-type"].startswith("text/csv")
    assert sheet.headers["cache-control"] == "no-store"
    assert sheet.text.startswith("\ufeff")
    rows = list(csv.reader(io.StringIO(sheet.text.lstrip("\ufeff"))))
    assert rows[0][:4] == ["Student", "Played", "Solved first try", "First try %"]
    assert rows[0][4 + 3 * fork : 7 + 3 * fork] == ["Fork: played", "Fork: first try", "Fork: first try %"]
    assert [r[0] for r in rows[1:]] == ["Whole class", "Ada", "Bo", "Cy"]
    assert rows[3][4 + 3 * fork : 7 + 3 * fork] == ["3", "3", "100"]
    assert rows[4][1:4] == ["0", "0", ""]


def test_a_theme_is_a_column_once_the_class_played_it_five_times(world: Classroom) -> None:
    bo_solves_forks(world, MIN_PLAYS - 1)
    assert world.client.get(f"{world.base}/progress", headers=world.teacher).json()["themes"] == []
    fifth = week_puzzles(world.ctx)["fork"][MIN_PLAYS - 1]
    body = {"id": fifth.id, "band": fifth.band, "moves": fifth.solution, "mistakes": 0, "hints": 0,
            "seconds": 40}
    assert post_result(world, "/api/chess/solves", body, world.students["Bo"].headers).status_code == 200
    columns = world.client.get(f"{world.base}/progress", headers=world.teacher).json()["themes"]
    assert "fork" in [c["theme"] for c in columns]


def test_the_windows_are_7_30_or_90_days_and_nothing_else(world: Classroom) -> None:
    ada_plays_the_week(world)
    world.clock.at = MONDAY + dt.timedelta(days=7)  # the week's first day is now outside 7 days
    ada = world.students["Ada"].id
    seven = world.client.get(f"{world.base}/progress?days=7", headers=world.teacher).json()
    thirty = world.client.get(f"{world.base}/progress?days=30", headers=world.teacher).json()
    assert (seven["students"][0]["played"], thirty["students"][0]["played"]) == (24, 28)
    assert seven["from"] == "2026-11-03" and thirty["days"] == 30
    for bad in ("days=8", "days=0", "days=many"):
        for path in ("progress", "progress.csv", f"students/{ada}/dashboard"):
            got = world.client.get(f"{world.base}/{path}?{bad}", headers=world.teacher)
            assert got.status_code == 400, (path, bad, got.text)
            assert "error" in got.json()


def every_new_route(world: Classroom, student: str) -> list[str]:
    return [
        f"{world.base}/students/{student}/dashboard",
        f"{world.base}/students/{student}/history",
        f"{world.base}/progress",
        f"{world.base}/progress.csv",
    ]


def test_a_stranger_and_a_student_get_404_on_every_new_route(world: Classroom) -> None:
    ada_plays_the_week(world)
    ada, bo = world.students["Ada"], world.students["Bo"]
    stranger = signed_up(world.client, "Eve")
    for who in (stranger, bo.headers, ada.headers):  # ada reading herself here is not her teacher
        for path in every_new_route(world, ada.id):
            got = world.client.get(path, headers=who)
            assert got.status_code == 404, (path, got.text)
            assert got.json() == {"error": "There is no class with that id that you teach.",
                                  "code": "not_class_teacher"}
    for path in every_new_route(world, ada.id):
        assert world.client.get(path).status_code == 401
    # A class that doesn't exist, or an id of no shape, reads the same as one that isn't yours.
    for path in ("/api/classes/AAAAAAAAAAAAAAAA/progress", "/api/classes/nope/progress"):
        assert world.client.get(path, headers=world.teacher).status_code == 404
    # A student who isn't in the class, or an id of no shape: plain 404 to the teacher.
    for student in (me_of(world, stranger), "0123456789abcdef", "nope"):
        got = world.client.get(f"{world.base}/students/{student}/dashboard", headers=world.teacher)
        assert got.status_code == 404 and "no student with that id" in got.json()["error"]


def me_of(world: Classroom, headers: dict[str, str]) -> str:
    """The player id of whoever `headers` sign in as."""
    return str(world.client.get("/api/me", headers=headers).json()["id"])


def test_a_student_who_leaves_or_is_removed_ends_the_teachers_view(world: Classroom) -> None:
    ada_plays_the_week(world)
    bo_solves_forks(world, 3)
    ada, bo = world.students["Ada"], world.students["Bo"]
    dashboard = f"{world.base}/students/{ada.id}/dashboard"
    assert world.client.get(dashboard, headers=world.teacher).status_code == 200
    # Ada leaves: her own membership, ended by her.
    left = world.client.delete(f"{world.base}/membership", headers=ada.headers)
    assert left.status_code == 200, left.text
    for path in every_new_route(world, ada.id)[:2]:
        got = world.client.get(path, headers=world.teacher)
        assert got.status_code == 404
        assert got.json()["error"].startswith("There is no student with that id in this class")
        assert "left" in got.json()["error"]
    figures = world.client.get(f"{world.base}/progress", headers=world.teacher).json()
    assert [row["name"] for row in figures["students"]] == ["Bo", "Cy"]
    # She no longer sees the class, and may join again with its link (she wasn't removed).
    assert world.client.get(world.base, headers=ada.headers).status_code == 404
    assert world.client.delete(f"{world.base}/membership", headers=ada.headers).status_code == 404
    # Bo is removed by the teacher: the same.
    assert world.client.delete(f"{world.base}/students/{bo.id}", headers=world.teacher).status_code == 200
    got = world.client.get(f"{world.base}/students/{bo.id}/history", headers=world.teacher)
    assert got.status_code == 404 and "removed" in got.json()["error"]
    figures = world.client.get(f"{world.base}/progress", headers=world.teacher).json()
    assert [row["name"] for row in figures["students"]] == ["Cy"] and figures["themes"] == []
    # Their own dashboards are untouched.
    assert world.client.get("/api/me/dashboard?days=7", headers=ada.headers).json()["played"] == 28


def test_a_student_leaves_on_their_own_and_may_join_again(world: Classroom) -> None:
    ada = world.students["Ada"]
    stranger = signed_up(world.client, "Eve")
    # Not a student of the class: a stranger, the teacher, a class of no shape or none at all.
    for who, path in ((stranger, world.base), (world.teacher, world.base),
                      (ada.headers, "/api/classes/AAAAAAAAAAAAAAAA"), (ada.headers, "/api/classes/nope")):
        got = world.client.delete(f"{path}/membership", headers=who)
        assert got.status_code == 404, got.text
        assert got.json() == {"error": "There is no class with that id that you belong to.",
                              "code": "not_class_member"}
    assert world.client.delete(f"{world.base}/membership").status_code == 401
    names = [s["name"] for s in world.client.get(world.base, headers=world.teacher).json()["students"]]
    assert names == ["Ada", "Bo", "Cy"]
    # Ada leaves: no mark is left (she isn't listed as removed), and she may join again with the link.
    assert world.client.delete(f"{world.base}/membership", headers=ada.headers).status_code == 200
    klass = world.client.get(world.base, headers=world.teacher).json()
    assert [s["name"] for s in klass["students"]] == ["Bo", "Cy"] and klass["removed"] == []
    code = world.klass["join_url"].split("code=")[1]
    body = {"name": "Ada", "code": code}
    again = world.client.post(f"{world.base}/students", json=body, headers=ada.headers)
    assert again.status_code == 200 and again.json()["joined"] is True
    got = world.client.get(f"{world.base}/students/{ada.id}/dashboard", headers=world.teacher)
    assert got.status_code == 200
