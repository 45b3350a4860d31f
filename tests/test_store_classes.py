"""The store's contract for classes and lesson versions, on both stores (SQLite and moto's DynamoDB):
classes, memberships, assignments, a lesson edited in place and its results by revision, and the
teacher's reads of their students' progress (service/classes/progress.py)."""

from __future__ import annotations

import datetime as dt

import pytest

from puzzlebook.chess.dashboard import MIN_PLAYS
from puzzlebook.classes import MAX_CLASSES, MAX_LESSONS, MAX_STUDENTS, ClassRefused
from puzzlebook.lessons.results import LessonResult, student_key
from service.accounts import delete_player
from service.classes.progress import ClassProgress
from service.classes.records import ClassRecords
from service.games.chess.history import ChessHistory
from service.games.lessons.records import LessonRecords
from service.store.base import Store
from tests.support import STORE_T0, record_test_miss, record_test_solve

T0 = STORE_T0


def at(minutes: float) -> dt.datetime:
    return T0 + dt.timedelta(minutes=minutes)


def puzzle(uci: str, comment: str = "") -> dict:
    return {
        "fen": "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1",
        "playerColor": "white",
        "title": f"Mate {uci}",
        "moves": [{"uci": uci, "comment": comment}],
    }


def lesson(*puzzles: dict, name: str = "Mates") -> dict:
    return {"version": 1, "name": name, "kind": "json", "puzzles": list(puzzles)}


def test_a_class_is_made_listed_renamed_closed_and_deleted(store: Store) -> None:
    classes = ClassRecords(store)
    first = classes.create("t1", "Year 7", at(0))
    second = classes.create("t1", "Year 8", at(1))
    assert (first.teacher, first.name, first.open) == ("t1", "Year 7", True)
    assert len(first.id) == 16 and len(first.code) >= 12 and first.id != second.id
    assert [h.name for h in classes.teaching("t1")] == ["Year 8", "Year 7"]  # newest first
    assert classes.teaching("t2") == []
    assert classes.update(first.id, "t2", name="Stolen") is None  # only the teacher
    renamed = classes.update(first.id, "t1", name="Year 7 club", open_=False)
    assert renamed is not None and (renamed.name, renamed.open) == ("Year 7 club", False)
    assert classes.head(first.id).name == "Year 7 club"
    assert classes.delete(first.id, "t2") is False
    assert classes.delete(first.id, "t1") is True
    assert classes.get(first.id) is None and [h.id for h in classes.teaching("t1")] == [second.id]


def test_a_teacher_keeps_at_most_the_limit_of_classes(store: Store) -> None:
    classes = ClassRecords(store)
    made = [classes.create("t1", f"Class {n}", at(n)) for n in range(MAX_CLASSES)]
    with pytest.raises(ClassRefused) as refused:
        classes.create("t1", "One more", at(99))
    assert refused.value.status == 422 and str(MAX_CLASSES) in str(refused.value)
    classes.delete(made[0].id, "t1")
    classes.create("t1", "Room again", at(100))  # deleting one makes room


def test_students_join_once_by_the_code_while_open_and_up_to_the_limit(store: Store) -> None:
    classes = ClassRecords(store)
    head = classes.create("t1", "Club", at(0))
    klass, joined = classes.join(head.id, head.code, "p1", "Ada", at(1))
    assert joined and [(m.pid, m.name) for m in klass.members] == [("p1", "Ada")]
    assert classes.join(head.id, head.code, "p1", "Ada again", at(2))[1] is False  # already in: unchanged
    assert classes.get(head.id).member("p1").name == "Ada"
    for wrong in ("nope", head.code + "x", ""):
        with pytest.raises(ClassRefused) as refused:
            classes.join(head.id, wrong, "p2", "Bo", at(3))
        assert refused.value.status == 404
    with pytest.raises(ClassRefused):
        classes.join(head.id, head.code, "t1", "Teacher", at(3))  # not into their own class
    assert classes.join("AAAAAAAAAAAAAAAA", head.code, "p2", "Bo", at(3)) is None
    classes.update(head.id, "t1", open_=False)
    with pytest.raises(ClassRefused) as closed:
        classes.join(head.id, head.code, "p2", "Bo", at(4))
    assert closed.value.status == 403
    assert [c.id for c, m in classes.joined("p1")] == [head.id]
    assert classes.joined("p2") == []


def test_a_class_holds_at_most_the_limit_of_students(store: Store) -> None:
    classes = ClassRecords(store)
    head = classes.create("t1", "Big", at(0))
    for n in range(MAX_STUDENTS):
        classes.join(head.id, head.code, f"p{n:03d}", f"S{n}", at(1))
    with pytest.raises(ClassRefused) as full:
        classes.join(head.id, head.code, "late", "Late", at(2))
    assert full.value.status == 422
    assert classes.remove_member(head.id, "p000") is True
    assert classes.remove_member(head.id, "p000") is False  # gone already: the count isn't lowered twice
    classes.join(head.id, head.code, "late", "Late", at(3))
    with pytest.raises(ClassRefused):
        classes.join(head.id, head.code, "later", "Later", at(4))


def test_the_teacher_renames_and_removes_a_student(store: Store) -> None:
    classes = ClassRecords(store)
    head = classes.create("t1", "Club", at(0))
    classes.join(head.id, head.code, "p1", "Ada", at(1))
    classes.join(head.id, head.code, "p2", "Bo", at(2))
    assert classes.rename_member(head.id, "p1", "Ada L.") is True
    assert classes.rename_member(head.id, "p9", "Nobody") is False
    assert classes.remove_member(head.id, "p2") is True
    klass = classes.get(head.id)
    assert [(m.pid, m.name) for m in klass.members] == [("p1", "Ada L.")]
    assert classes.joined("p2") == []


def test_a_removed_student_is_refused_until_let_back_and_a_new_code_ends_the_old(store: Store) -> None:
    classes = ClassRecords(store)
    head = classes.create("t1", "Club", at(0))
    classes.join(head.id, head.code, "p1", "Ada", at(1))
    assert classes.remove_member(head.id, "p1", at(2)) is True
    with pytest.raises(ClassRefused) as refused:
        classes.join(head.id, head.code, "p1", "Ada", at(3))
    assert refused.value.status == 403
    assert [(m.pid, m.name) for m in classes.get(head.id).removed] == [("p1", "Ada")]
    renewed = classes.update(head.id, "t1", new_code=True)
    assert renewed is not None and renewed.code != head.code and renewed.open
    with pytest.raises(ClassRefused) as old_code:
        classes.join(head.id, head.code, "p2", "Bo", at(4))
    assert old_code.value.status == 404
    assert classes.let_back(head.id, "p1") is True and classes.let_back(head.id, "p1") is False
    klass, joined = classes.join(head.id, renewed.code, "p1", "Ada", at(5))
    assert joined and klass.removed == [] and [m.pid for m in klass.members] == ["p1"]
    # A player deleting themselves takes the marks of their removals with them.
    classes.remove_member(head.id, "p1", at(6))
    classes.forget_player("p1")
    assert classes.get(head.id).removed == []


def test_lessons_are_assigned_once_and_up_to_the_limit(store: Store) -> None:
    classes = ClassRecords(store)
    head = classes.create("t1", "Club", at(0))
    assert classes.assign(head.id, "L" * 16, at(1)) is True
    assert classes.assign(head.id, "L" * 16, at(2)) is False
    assert [a.id for a in classes.get(head.id).lessons] == ["L" * 16]
    for n in range(1, MAX_LESSONS):
        classes.assign(head.id, f"{n:016d}", at(3))
    with pytest.raises(ClassRefused):
        classes.assign(head.id, "M" * 16, at(4))
    assert classes.unassign(head.id, "L" * 16) is True and classes.unassign(head.id, "L" * 16) is False
    assert classes.assign(head.id, "M" * 16, at(5)) is True


def test_an_assigned_lesson_gets_a_due_date_changed_and_cleared(store: Store) -> None:
    classes = ClassRecords(store)
    head = classes.create("t1", "Club", at(0))
    classes.assign(head.id, "L" * 16, at(1))
    classes.assign(head.id, "M" * 16, at(2))
    assert [a.due for a in classes.get(head.id).lessons] == [None, None]
    assert classes.set_due(head.id, "L" * 16, "2026-11-09") is True
    first = classes.get(head.id).assignment("L" * 16)
    assert (first.due, first.assigned) == ("2026-11-09", classes.get(head.id).lessons[0].assigned)
    assert classes.set_due(head.id, "L" * 16, "2026-11-10") is True  # changed
    assert classes.get(head.id).assignment("L" * 16).due == "2026-11-10"
    assert classes.get(head.id).assignment("M" * 16).due is None  # the other lesson's is its own
    assert classes.set_due(head.id, "L" * 16, None) is True  # cleared
    assert classes.get(head.id).assignment("L" * 16).due is None
    # A lesson not assigned (or no longer) gets none, and nothing is written for it.
    assert classes.set_due(head.id, "N" * 16, "2026-11-09") is False
    classes.unassign(head.id, "M" * 16)
    assert classes.set_due(head.id, "M" * 16, "2026-11-09") is False
    assert [a.id for a in classes.get(head.id).lessons] == ["L" * 16]
    # Assigned again, a lesson starts with no due date, and the count of lessons is right.
    classes.assign(head.id, "M" * 16, at(3))
    assert classes.get(head.id).assignment("M" * 16).due is None
    assert store.get_item(f"C#{head.id}", "COUNT")["lessons"] == 2


def test_a_set_is_assigned_marked_as_one_and_keeps_the_mark_through_its_due_date(store: Store) -> None:
    classes = ClassRecords(store)
    head = classes.create("t1", "Club", at(0))
    classes.assign(head.id, "L" * 16, at(1))
    classes.assign(head.id, "S" * 16, at(2), set_=True)
    assert [(a.id, a.set) for a in classes.get(head.id).lessons] == [("L" * 16, False), ("S" * 16, True)]
    assert classes.set_due(head.id, "S" * 16, "2026-11-09") is True
    assert (classes.get(head.id).assignment("S" * 16).set, classes.get(head.id).assignment("S" * 16).due) == (
        True, "2026-11-09")


def test_an_assignment_kept_before_versions_takes_a_due_date(store: Store) -> None:
    from service.store.items import Put, make_item

    classes = ClassRecords(store)
    head = classes.create("t1", "Club", at(0))
    store.transact([Put(make_item(f"C#{head.id}", "A#" + "L" * 16, {"assigned": "2026-11-01T00:00:00Z"}))])
    assert classes.set_due(head.id, "L" * 16, "2026-11-09") is True
    assert classes.get(head.id).assignment("L" * 16).due == "2026-11-09"
    assert classes.set_due(head.id, "L" * 16, None) is True  # versioned from then on


def test_deleting_a_player_takes_their_classes_and_their_places(store: Store) -> None:
    classes = ClassRecords(store)
    a = store.create_player("Teacher", "h" * 64, T0).id
    b = store.create_player("Student", "h" * 64, T0).id
    mine = classes.create(a, "Mine", at(0))
    theirs = classes.create("c" * 16, "Theirs", at(0))
    classes.join(theirs.id, theirs.code, a, "Teacher", at(1))
    classes.join(mine.id, mine.code, b, "Student", at(1))
    delete_player(store, a)
    assert classes.get(mine.id) is None and classes.joined(b) == []
    assert classes.get(theirs.id).members == [] and classes.teaching(a) == []
    assert store.get_item(f"CT#{a}", "COUNT") is None  # the class counter went with them


def test_an_edited_lesson_keeps_its_id_and_the_results_of_unchanged_puzzles(store: Store) -> None:
    lessons = LessonRecords(store)
    lesson_id = lessons.save_lesson("t1", lesson(puzzle("a1a8"), puzzle("a1a7")), T0, name="Mates", count=2)
    head = lessons.lesson_head(lesson_id)
    assert (head.version, head.revs) == (1, (1, 1))
    key = student_key(lesson_id, "p1")
    assert lessons.record_lesson_result(lesson_id, 1, key, LessonResult.posted(True, True, seconds=9))
    assert lessons.record_lesson_result(lesson_id, 2, key, LessonResult.posted(False, False, seconds=20))
    # A comment fixed on puzzle 1, puzzle 2's move changed, a third added.
    edited = lessons.edit_lesson(
        lesson_id,
        "t1",
        lesson(puzzle("a1a8", "Mate!"), puzzle("a1a6"), puzzle("a1a5")),
        at(5),
        name="Mates, fixed",
        count=3,
    )
    assert edited is not None and (edited.id, edited.version, edited.revs) == (lesson_id, 2, (1, 2, 2))
    assert lessons.edit_lesson(lesson_id, "t2", lesson(puzzle("a1a8")), at(6), name="x", count=1) is None
    got = lessons.get_lesson(lesson_id)
    assert got.lesson["puzzles"][0]["moves"][0]["comment"] == "Mate!" and got.revs == (1, 2, 2)
    assert lessons.lesson_results(lesson_id, got.revs) == {1: {"played": 1, "solved": 1, "clean": 1}}
    kept = lessons.answers(lesson_id, 3, [key])
    assert kept[(1, key)].rev == 1 and kept[(2, key)].rev == 1 and (3, key) not in kept
    # The changed puzzle may be played again on its new revision, once.
    assert lessons.record_lesson_result(lesson_id, 2, key, LessonResult.posted(True, True, seconds=7, rev=2))
    assert not lessons.record_lesson_result(
        lesson_id, 2, key, LessonResult.posted(True, True, seconds=7, rev=2)
    )
    assert not lessons.record_lesson_result(lesson_id, 1, key, LessonResult.posted(True, False, seconds=7))
    assert lessons.answers(lesson_id, 3, [key])[(2, key)].rev == 2
    assert lessons.lesson_results(lesson_id, got.revs)[2] == {"played": 1, "solved": 1, "clean": 1}
    # Edited again: only that version's parts are kept.
    lessons.edit_lesson(lesson_id, "t1", lesson(puzzle("a1a8"), name="Short"), at(9), name="Short", count=1)
    parts = [it["SK"] for it in store.query_items(f"L#{lesson_id}") if it["SK"].startswith("PART")]
    assert parts == ["PARTV#0003#000"]
    assert lessons.get_lesson(lesson_id).lesson["name"] == "Short"
    assert [h.name for h in lessons.list_lessons("t1")] == ["Short"]


def test_the_teacher_reads_each_students_progress_from_their_own_items(store: Store) -> None:
    classes, progress = ClassRecords(store), ClassProgress(store)
    head = classes.create("t1", "Year 7", at(0))
    pids = [store.create_player(name, "h" * 64, T0).id for name in ("Ada", "Bo", "Cy")]
    for n, (pid, name) in enumerate(zip(pids, ("Ada", "Bo", "Cy"), strict=True)):
        classes.join(head.id, head.code, pid, name, at(n))
    ada, bo, _ = pids
    for n in range(MIN_PLAYS):  # Ada: five forks, the last missed; a pin
        if n < MIN_PLAYS - 1:
            record_test_solve(store, ada, f"f{n}", themes=("fork", "short"), now=at(10 + n))
        else:
            record_test_miss(store, ada, f"f{n}", themes=("fork",), now=at(10 + n))
    record_test_solve(store, ada, "p0", themes=("pin",), now=at(20))
    record_test_solve(store, bo, "f0", themes=("fork",), hints=1, now=at(21))  # with a hint: not first try
    klass = classes.get(head.id)
    today = T0.date().isoformat()
    figures = progress.heatmap(klass, today, 7)
    assert [(c["theme"], c["played"], c["first"]) for c in figures["themes"]] == [("fork", 6, 4)]
    rows = {r["name"]: (r["played"], r["first"], r["cells"]) for r in figures["students"]}
    assert rows == {
        "Ada": (6, 5, [{"played": 5, "first": 4, "first_rate": 80}]),
        "Bo": (1, 0, [{"played": 1, "first": 0, "first_rate": 0}]),
        "Cy": (0, 0, [{"played": 0, "first": 0, "first_rate": None}]),
    }
    # The student's dashboard and history, as they read their own.
    member = klass.member(ada)
    assert member is not None
    assert progress.dashboard(member, today, 30) == ChessHistory(store).dashboard(ada, today, 30)
    page = progress.page(member, None, missed=True)
    assert [line.id for line in page.lines] == ["f4"]
    # A student who leaves is no longer read.
    assert classes.remove_member(head.id, ada) is True
    figures = progress.heatmap(classes.get(head.id), today, 7)
    assert [r["name"] for r in figures["students"]] == ["Bo", "Cy"] and figures["themes"] == []


def test_the_heatmap_reads_only_the_class_and_its_students_partitions(store: Store) -> None:
    classes = ClassRecords(store)
    head = classes.create("t1", "Year 7", at(0))
    pids = [store.create_player(f"S{n}", "h" * 64, T0).id for n in range(3)]
    for n, pid in enumerate(pids):
        classes.join(head.id, head.code, pid, f"S{n}", at(n))
        record_test_solve(store, pid, f"p{n}", themes=("fork",), now=at(10 + n))
    outsider = store.create_player("Out", "h" * 64, T0).id
    record_test_solve(store, outsider, "p9", themes=("fork",), now=at(20))
    klass = classes.get(head.id)
    seen: list[tuple[str, object]] = []
    real = store.query_items

    def spy(pk: str, *args: object, **kwargs: object) -> object:
        seen.append((pk, kwargs.get("index")))
        return real(pk, *args, **kwargs)

    store.query_items = spy  # type: ignore[method-assign]
    try:
        figures = ClassProgress(store).heatmap(klass, T0.date().isoformat(), 90)
    finally:
        del store.query_items
    assert [r["played"] for r in figures["students"]] == [1, 1, 1]
    # One query per student, each of their own partition, on the table (no index, nothing global).
    assert seen == [(f"P#{pid}", None) for pid in pids]
