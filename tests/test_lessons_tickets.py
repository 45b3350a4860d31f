"""Lesson results that can't be inflated (issue 14, lessons): a result counts only with a play ticket
the lesson issued as the puzzle opened, for that student, lesson and puzzle, claiming no more time
than has passed; new guests and results per lesson and address are capped. Both stores, real HTTP
through FastAPI's TestClient."""

from __future__ import annotations

import datetime as dt
import json
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from functions.errors import TOO_FAST
from functions.routes.lessons.routes import GUESTS_PER_ADDRESS
from puzzlebook.tickets import Ticket, sign, ticket_key
from tests.support import StoreKind, World, signed_up, world_of

EXAMPLES = Path(__file__).resolve().parents[1] / "site" / "templates" / "lessons" / "_examples"
LESSON = (EXAMPLES / "guide_lesson.json").read_text(encoding="utf-8")
NOON = dt.datetime(2026, 11, 2, 12, 0, tzinfo=dt.UTC)


@dataclass
class Lessons(World):
    """The world with a teacher (their Authorization header) and two lessons of theirs (ids)."""

    teacher: dict[str, str]
    lesson: str
    other: str


@pytest.fixture
def world(store_kind: StoreKind, tmp_path: Path) -> Iterator[Lessons]:
    with world_of(store_kind, tmp_path, NOON) as world:
        teacher = signed_up(world.client, "Teacher")
        lesson, other = (
            world.client.post(
                "/api/lessons",
                content=LESSON.encode(),
                headers={"Content-Type": "application/json", **teacher},
            ).json()["id"]
            for _ in range(2)
        )
        yield world.grown(Lessons, teacher=teacher, lesson=lesson, other=other)


def ticket(
    world: Lessons,
    puzzle: int = 1,
    headers: dict | None = None,
    lesson: str | None = None,
    student: str | None = None,
):
    body = {"puzzle": puzzle} | ({"student": student} if student else {})
    return world.client.post(
        f"/api/lessons/{lesson or world.lesson}/tickets", json=body, headers=headers or {}
    )


def post(
    world: Lessons,
    text: str,
    puzzle: int = 1,
    headers: dict | None = None,
    seconds: int = 10,
    lesson: str | None = None,
):
    body = {"puzzle": puzzle, "solved": True, "clean": True, "seconds": seconds, "ticket": text}
    return world.client.post(
        f"/api/lessons/{lesson or world.lesson}/results", json=body, headers=headers or {}
    )


def played(world: Lessons) -> list[int]:
    got = world.client.get(f"/api/lessons/{world.lesson}/results", headers=world.teacher).json()
    return [p["played"] for p in got["puzzles"]]


def test_a_result_counts_only_with_the_lessons_own_ticket(world: Lessons) -> None:
    key = ticket_key(world.ctx.settings.site_key)
    now = int(NOON.timestamp() * 1000)
    world.clock.advance(seconds=30)
    refusals = {
        "made up": "not-a-ticket",
        "not ascii": "é.é",  # was a 500: the MAC of a non-ASCII text
        "forged": sign(Ticket("g:abc", "lessons", f"{world.lesson}/1", now, "n"), ticket_key(b"another key")),
        "another game": sign(Ticket("g:abc", "chess", f"{world.lesson}/1", now, "n"), key),
        "another lesson": ticket(world, lesson=world.other).json()["ticket"],
        "another puzzle": ticket(world, puzzle=2).json()["ticket"],
    }
    for why, text in refusals.items():
        got = post(world, text)
        assert got.status_code == 422 and got.json()["error"], why
    assert played(world) == [0, 0, 0]


def test_a_ticket_is_the_students_own(world: Lessons) -> None:
    ada, bo = signed_up(world.client, "Ada"), signed_up(world.client, "Bo")
    adas = ticket(world, headers=ada).json()["ticket"]
    guest = ticket(world).json()["ticket"]
    world.clock.advance(seconds=30)
    assert post(world, adas, headers=bo).json()["error"] == "The play ticket was issued to another player."
    assert "signed-in player" in post(world, adas).json()["error"]  # without Ada's token
    assert post(world, guest, headers=ada).status_code == 422  # a guest's ticket isn't Ada's
    assert played(world) == [0, 0, 0]
    assert post(world, adas, headers=ada).json() == {"counted": True}
    assert post(world, guest).json() == {"counted": True}
    assert played(world) == [2, 0, 0]


def test_a_result_may_not_claim_more_time_than_has_passed(world: Lessons) -> None:
    text = ticket(world).json()["ticket"]
    world.clock.advance(seconds=20)
    got = post(world, text, seconds=60)
    assert got.status_code == 422
    assert got.json()["error"] == "This result claims 60 seconds, but the puzzle was opened 20 seconds ago."
    assert post(world, text, seconds=24).json() == {"counted": True}  # 5 s of clock allowance


def test_a_made_up_student_key_counts_for_nothing(world: Lessons) -> None:
    # The old body (a student key of the browser's choosing, no ticket) is refused outright.
    old = {"puzzle": 1, "solved": True, "clean": True, "student": "a" * 22}
    got = world.client.post(f"/api/lessons/{world.lesson}/results", json=old)
    assert got.status_code == 400
    # A "student" that is no ticket of this lesson draws a new guest: it can't pick who they are.
    first = ticket(world, student="a" * 22).json()["ticket"]
    second = ticket(world, student="a" * 22).json()["ticket"]
    world.clock.advance(seconds=30)
    assert post(world, first).json() == {"counted": True}
    assert post(world, second).json() == {"counted": True}  # two guests, each once
    assert post(world, first).json() == {"counted": False}


def test_new_guests_per_lesson_and_address_are_capped(world: Lessons) -> None:
    for _ in range(GUESTS_PER_ADDRESS):
        assert ticket(world).status_code == 200
    refused = ticket(world)
    assert refused.status_code == 429 and int(refused.headers["Retry-After"]) > 0
    assert "new students" in refused.json()["error"]
    assert ticket(world, lesson=world.other).status_code == 200  # per lesson
    assert ticket(world, headers=signed_up(world.client, "Ada")).status_code == 200  # players aren't guests
    world.clock.advance(hours=1)
    assert ticket(world).status_code == 200


def test_a_guest_keeps_being_the_same_student_with_an_earlier_ticket(world: Lessons) -> None:
    first = ticket(world).json()["ticket"]
    world.clock.advance(seconds=30)
    assert post(world, first).json() == {"counted": True}
    for _ in range(GUESTS_PER_ADDRESS + 5):  # not new guests: the cap isn't touched
        again = ticket(world, student=first)
        assert again.status_code == 200
    world.clock.advance(seconds=30)
    assert post(world, again.json()["ticket"]).json() == {"counted": False}


def test_ticket_requests_are_refused_plainly(world: Lessons) -> None:
    assert ticket(world, puzzle=4).json()["error"] == "This lesson has 3 puzzles, not 4."
    assert ticket(world, lesson="AAAAAAAAAAAAAAAA").status_code == 404
    assert world.client.post(f"/api/lessons/{world.lesson}/tickets", json={"puzzle": "1"}).status_code == 400
    assert world.client.post(f"/api/lessons/{world.lesson}/tickets", content=b"[",
                              headers={"Content-Type": "application/json"}).status_code == 400
    assert ticket(world, headers={"Authorization": "Bearer nope"}).status_code == 401


def test_results_of_an_edited_lesson_stay_on_unchanged_puzzles(world: Lessons) -> None:
    student = signed_up(world.client, "Ada")
    for n in (1, 2):  # one puzzle at a time, as the lesson page plays them
        text = ticket(world, n, student).json()["ticket"]
        world.clock.advance(seconds=30)
        assert post(world, text, n, student).json() == {"counted": True}
    doc = json.loads(LESSON)
    doc[0]["moves"][0]["comment"] = "A fixed typo."  # text only: the same task
    doc[1]["fen"] = doc[1]["fen"].replace(" 0 1", " 0 2")  # the position changed: another task
    edited = world.client.put(
        f"/api/lessons/{world.lesson}",
        content=json.dumps(doc).encode(),
        headers={"Content-Type": "application/json", **world.teacher},
    )
    assert edited.status_code == 200, edited.text
    assert (edited.json()["id"], edited.json()["version"], edited.json()["changed"]) == (world.lesson, 2, [2])
    assert played(world) == [1, 0, 0]
    lesson = world.client.get(f"/api/lessons/{world.lesson}").json()
    assert lesson["revs"] == [1, 2, 1] and lesson["puzzles"][0]["moves"][0]["comment"] == "A fixed typo."
    # The changed puzzle may be played again; the unchanged one still counts once.
    text = ticket(world, 1, student).json()["ticket"]
    world.clock.advance(seconds=30)
    assert post(world, text, 1, student).json() == {"counted": False}
    text = ticket(world, 2, student).json()["ticket"]
    world.clock.advance(seconds=30)
    assert post(world, text, 2, student).json() == {"counted": True}
    assert played(world) == [1, 1, 0]


def test_a_solve_takes_a_second_a_move_claimed_and_since_its_ticket(world: Lessons) -> None:
    # Issue 26: a result claiming 0 seconds, posted the moment its ticket came back, was counted.
    # Puzzle 1 of the guide lesson has two student moves: a solve takes at least two seconds.
    text = ticket(world).json()["ticket"]
    claimed_nothing = post(world, text, seconds=0)
    assert claimed_nothing.status_code == 422
    assert claimed_nothing.json() == {"error": str(TOO_FAST), "code": "too_fast"}
    at_once = post(world, text, seconds=2)
    assert at_once.status_code == 422 and at_once.headers["X-Ticket-Refused"] == "too-fast"
    assert played(world) == [0, 0, 0]
    world.clock.advance(seconds=1)  # two moves' worth, less the tickets' second of allowance
    assert post(world, text, seconds=2).json() == {"counted": True}
    # Show solution claims no floor (as a chess miss doesn't): it counts at once, as played.
    shown = ticket(world, puzzle=2).json()["ticket"]
    body = {"puzzle": 2, "solved": False, "clean": False, "seconds": 0, "ticket": shown}
    assert world.client.post(f"/api/lessons/{world.lesson}/results", json=body).json() == {"counted": True}
    assert played(world) == [1, 1, 0]


def test_played_from_one_address_counts_guests_and_players_together(world: Lessons) -> None:
    # Issue 26: one address raised a puzzle's "Played" to 99 in an hour with 59 guests and 40
    # signed-in sybils. At most 60 results count on a puzzle from an address in any 60 minutes.
    from functions.routes.lessons.routes import PLAYED_PER_ADDRESS

    guests = [ticket(world).json()["ticket"] for _ in range(20)]
    players = [signed_up(world.client, f"S{n}") for n in range(PLAYED_PER_ADDRESS - 20 + 1)]
    theirs = [(who, ticket(world, headers=who).json()["ticket"]) for who in players]
    newcomer = signed_up(world.client, "S-new")
    other = ticket(world, puzzle=3, headers=newcomer).json()["ticket"]
    world.clock.advance(seconds=30)
    assert all(post(world, text).json() == {"counted": True} for text in guests)
    answers = [post(world, text, headers=who) for who, text in theirs]
    assert [a.status_code for a in answers] == [200] * (PLAYED_PER_ADDRESS - 20) + [429]
    over = answers[-1]
    assert int(over.headers["Retry-After"]) > 0
    assert "played this puzzle from your network" in over.json()["error"]
    assert played(world) == [PLAYED_PER_ADDRESS, 0, 0]
    # Per puzzle: another puzzle counts from the same address; and an hour on, the refused one counts.
    assert post(world, other, puzzle=3, headers=newcomer).json() == {"counted": True}
    world.clock.advance(hours=1)
    assert post(world, theirs[-1][1], headers=theirs[-1][0]).json() == {"counted": True}
    assert played(world) == [PLAYED_PER_ADDRESS + 1, 0, 1]
