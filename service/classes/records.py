"""Classes: kept, joined, renamed, closed and deleted (the rules are puzzlebook.classes'; this module
reads, calls them and writes). docs/store.md, "Items", lists the items.

Counted limits (classes per teacher, students and lessons per class) are counters updated in the
same transaction as what they count, guarded by the limit (`Add(below=…)`), so two requests at
once can't pass a limit between them.
"""

from __future__ import annotations

import datetime as dt
import secrets
from dataclasses import dataclass, field

from puzzlebook.classes import (
    MAX_CLASSES,
    MAX_LESSONS,
    MAX_STUDENTS,
    ClassRefused,
    may_assign,
    may_create,
    may_join,
)
from puzzlebook.messages import msg
from service.classes import keys as K
from service.store.base import Store
from service.store.items import (
    Absent,
    Add,
    Delete,
    Item,
    Key,
    Op,
    Put,
    doc_of,
    make_item,
    utc_stamp,
    version_of,
)

TEACHER_JOINING = msg("teacher_joining_own_class",
                      "You teach this class: a teacher can't join their own class.")


@dataclass(frozen=True, slots=True)
class Member:
    pid: str
    name: str
    joined: str


@dataclass(frozen=True, slots=True)
class ClassHead:
    """A class as its head item keeps it."""

    id: str
    teacher: str
    name: str
    created: str
    open: bool
    code: str
    version: int = 1


@dataclass(frozen=True, slots=True)
class Assignment:
    """A lesson assigned to a class: when, and its due date (YYYY-MM-DD in the site's zone) if any."""

    id: str
    assigned: str
    due: str | None = None
    set: bool = False  # a puzzle set drawn from the bundle (puzzlebook.puzzle_sets), kept as a lesson


@dataclass(frozen=True, slots=True)
class Klass:
    """A class with its students (by join time), assigned lessons (by assignment time) and the
    students the teacher removed (by removal time: `joined` is when they were removed)."""

    head: ClassHead
    members: list[Member] = field(default_factory=list)
    lessons: list[Assignment] = field(default_factory=list)
    removed: list[Member] = field(default_factory=list)

    def member(self, pid: str) -> Member | None:
        return next((m for m in self.members if m.pid == pid), None)

    def assignment(self, lesson_id: str) -> Assignment | None:
        return next((a for a in self.lessons if a.id == lesson_id), None)


def _head(class_id: str, item: Item) -> ClassHead:
    doc = doc_of(item)
    return ClassHead(
        class_id,
        doc["teacher"],
        doc["name"],
        doc["created"],
        bool(doc["open"]),
        doc["code"],
        version_of(item),
    )


def _head_item(head: ClassHead, version: int) -> Item:
    index, pk = K.classes_of(head.teacher)
    doc = {
        "teacher": head.teacher,
        "name": head.name,
        "created": head.created,
        "open": head.open,
        "code": head.code,
    }
    return make_item(
        K.klass(head.id), K.HEAD, doc, version=version, index={index: (pk, f"{head.created}#{head.id}")}
    )


class ClassRecords:
    """Teachers' classes in `store`."""

    def __init__(self, store: Store) -> None:
        self.store = store

    def create(self, teacher: str, name: str, now: dt.datetime) -> ClassHead:
        """A new class of `teacher`'s named `name` (already checked: puzzlebook.classes.class_name),
        open to join, with a fresh join code. ClassRefused past MAX_CLASSES."""
        created = utc_stamp(now)
        counter = (K.teacher_count(teacher), K.COUNT)

        def draw() -> tuple[ClassHead, list[Op]]:
            head = ClassHead(
                secrets.token_urlsafe(12), teacher, name, created, True, secrets.token_urlsafe(9)
            )
            return head, [
                Put(_head_item(head, 1), expect=0),
                Add(*counter, {"classes": 1}, below=("classes", MAX_CLASSES)),
            ]

        def decide(got: dict[Key, Item]) -> tuple[ClassHead, list[Op]]:
            may_create(int(got.get(counter, {}).get("classes", 0)))
            return draw()

        return self.store.settle([counter], decide)

    def head(self, class_id: str) -> ClassHead | None:
        item = self.store.get_item(K.klass(class_id), K.HEAD)
        return None if item is None else _head(class_id, item)

    def get(self, class_id: str) -> Klass | None:
        """The class with its students and lessons (one query of its partition), or None."""
        items = self.store.query_items(K.klass(class_id))
        head = next((it for it in items if it["SK"] == K.HEAD), None)
        if head is None:
            return None
        members = [
            Member(it["SK"][len(K.MEMBERS) :], doc_of(it)["name"], doc_of(it)["joined"])
            for it in items
            if it["SK"].startswith(K.MEMBERS)
        ]
        lessons = [
            Assignment(
                it["SK"][len(K.LESSONS) :], doc_of(it)["assigned"], doc_of(it).get("due"),
                bool(doc_of(it).get("set")),
            )
            for it in items
            if it["SK"].startswith(K.LESSONS)
        ]
        removed = [
            Member(it["SK"][len(K.REMOVED) :], doc_of(it)["name"], doc_of(it)["removed"])
            for it in items
            if it["SK"].startswith(K.REMOVED)
        ]
        members.sort(key=lambda m: (m.joined, m.pid))
        lessons.sort(key=lambda lesson: (lesson.assigned, lesson.id))
        removed.sort(key=lambda m: (m.joined, m.pid))
        return Klass(_head(class_id, head), members, lessons, removed)

    def teaching(self, teacher: str) -> list[ClassHead]:
        """The teacher's classes, newest first."""
        index, pk = K.classes_of(teacher)
        return [_head(it["PK"][2:], it) for it in self.store.query_items(pk, index=index, reverse=True)]

    def joined(self, pid: str) -> list[tuple[ClassHead, Member]]:
        """The classes `pid` is a student of, newest joined first, with their name there."""
        index, pk = K.memberships_of(pid)
        memberships = self.store.query_items(pk, index=index, reverse=True)
        heads = self.store.get_items([(it["PK"], K.HEAD) for it in memberships])
        out = []
        for it in memberships:
            head = heads.get((it["PK"], K.HEAD))
            if head is not None:
                doc = doc_of(it)
                out.append((_head(it["PK"][2:], head), Member(pid, doc["name"], doc["joined"])))
        return out

    def update(
        self, class_id: str, teacher: str, *, name: str | None = None, open_: bool | None = None,
        new_code: bool = False,
    ) -> ClassHead | None:
        """Rename the class, open/close joining, or give it a new join code (`new_code`: the old
        link stops working at once); the teacher's only. None when the class isn't theirs."""
        pk = K.klass(class_id)

        def decide(got: dict[Key, Item]) -> tuple[ClassHead | None, list[Op]]:
            item = got.get((pk, K.HEAD))
            if item is None or _head(class_id, item).teacher != teacher:
                return None, []
            old = _head(class_id, item)
            new = ClassHead(
                old.id,
                old.teacher,
                old.name if name is None else name,
                old.created,
                old.open if open_ is None else open_,
                secrets.token_urlsafe(9) if new_code else old.code,
                old.version + 1,
            )
            return new, [Put(_head_item(new, new.version), expect=old.version)]

        return self.store.settle([(pk, K.HEAD)], decide)

    def join(
        self, class_id: str, code: str, pid: str, name: str, now: dt.datetime
    ) -> tuple[Klass, bool] | None:
        """`pid` joins with display name `name` given the join `code`: (the class, True) when they
        joined, (the class, False) when they were in it already; None when there is no such class.
        ClassRefused (puzzlebook.classes.may_join) for a wrong code, closed joining or a full class."""
        pk = K.klass(class_id)
        keys = [(pk, K.HEAD), (pk, K.COUNT), (pk, K.member(pid)), (pk, K.removed(pid))]

        def decide(got: dict[Key, Item]) -> tuple[bool | None, list[Op]]:
            item = got.get((pk, K.HEAD))
            if item is None:
                return None, []
            head = _head(class_id, item)
            if head.teacher == pid:
                raise ClassRefused(422, TEACHER_JOINING)
            students = int(got.get((pk, K.COUNT), {}).get("students", 0))
            joining = may_join(
                open_=head.open,
                code=head.code,
                given=code,
                students=students,
                member=(pk, K.member(pid)) in got,
                removed=(pk, K.removed(pid)) in got,
            )
            if not joining:
                return False, []
            joined = utc_stamp(now)
            index, mpk = K.memberships_of(pid)
            member = make_item(
                pk,
                K.member(pid),
                {"name": name, "joined": joined},
                version=1,
                index={index: (mpk, f"{joined}#{class_id}")},
            )
            return True, [
                Put(member, expect=0),
                Absent(pk, K.removed(pid)),  # removed meanwhile: decided again, and refused
                Add(pk, K.COUNT, {"students": 1}, below=("students", MAX_STUDENTS)),
            ]

        outcome = self.store.settle(keys, decide)
        if outcome is None:
            return None
        klass = self.get(class_id)
        return (klass, outcome) if klass is not None else None

    def rename_member(self, class_id: str, pid: str, name: str) -> bool:
        """The student's name in this class; False when they aren't in it."""
        pk = K.klass(class_id)

        def decide(got: dict[Key, Item]) -> tuple[bool, list[Op]]:
            item = got.get((pk, K.member(pid)))
            if item is None:
                return False, []
            renamed = dict(item)
            renamed["doc"] = {**doc_of(item), "name": name}
            renamed["v"] = version_of(item) + 1
            return True, [Put(renamed, expect=version_of(item))]

        return self.store.settle([(pk, K.member(pid))], decide)

    def remove_member(self, class_id: str, pid: str, now: dt.datetime | None = None) -> bool:
        """Take the student out of the class (their results stay with the lessons), and refuse them
        a join with any link until the teacher lets them back (`let_back`); False when they weren't
        in it. `now`: when (None: a student leaving, or a player deleting themselves, who leave no mark)."""
        pk = K.klass(class_id)

        def decide(got: dict[Key, Item]) -> tuple[bool, list[Op]]:
            item = got.get((pk, K.member(pid)))
            if item is None:
                return False, []
            ops: list[Op] = [Delete(pk, K.member(pid)), Add(pk, K.COUNT, {"students": -1})]
            if now is not None:
                index, rpk = K.removals_of(pid)
                stamp = utc_stamp(now)
                doc = {"name": doc_of(item)["name"], "removed": stamp}
                listed = {index: (rpk, f"{stamp}#{class_id}")}
                ops.append(Put(make_item(pk, K.removed(pid), doc, index=listed)))
            return True, ops

        return self.store.settle([(pk, K.member(pid))], decide)

    def let_back(self, class_id: str, pid: str) -> bool:
        """Let a removed student join again (with the class's link as it is now); False when they
        weren't removed."""
        pk = K.klass(class_id)

        def decide(got: dict[Key, Item]) -> tuple[bool, list[Op]]:
            if (pk, K.removed(pid)) not in got:
                return False, []
            return True, [Delete(pk, K.removed(pid))]

        return self.store.settle([(pk, K.removed(pid))], decide)

    def assign(self, class_id: str, lesson_id: str, now: dt.datetime, *, set_: bool = False) -> bool:
        """Assign a lesson (the route checked the teacher owns both): True when newly assigned, False
        when it was already. ClassRefused past MAX_LESSONS. `set_`: a puzzle set drawn for the class."""
        pk = K.klass(class_id)
        keys = [(pk, K.COUNT), (pk, K.assigned(lesson_id))]

        def decide(got: dict[Key, Item]) -> tuple[bool, list[Op]]:
            if (pk, K.assigned(lesson_id)) in got:
                return False, []
            may_assign(int(got.get((pk, K.COUNT), {}).get("lessons", 0)))
            doc = {"assigned": utc_stamp(now), **({"set": True} if set_ else {})}
            return True, [
                Put(make_item(pk, K.assigned(lesson_id), doc, version=1), expect=0),
                Add(pk, K.COUNT, {"lessons": 1}, below=("lessons", MAX_LESSONS)),
            ]

        return self.store.settle(keys, decide)

    def set_due(self, class_id: str, lesson_id: str, due: str | None) -> bool:
        """Give an assigned lesson a due date (YYYY-MM-DD, checked by the route: puzzlebook.classes.
        may_set_due), change it, or clear it (None); False when the lesson isn't assigned (nothing
        written). The assignment keeps when it was assigned."""
        pk = K.klass(class_id)

        def decide(got: dict[Key, Item]) -> tuple[bool, list[Op]]:
            item = got.get((pk, K.assigned(lesson_id)))
            if item is None:
                return False, []
            doc = {k: v for k, v in doc_of(item).items() if k != "due"}
            if due is not None:
                doc["due"] = due
            version = version_of(item)
            # An assignment made before they had versions is written regardless (a race with its
            # unassign there could bring it back once, uncounted); each has one from then on.
            expect = version if "v" in item else None
            return True, [Put(make_item(pk, K.assigned(lesson_id), doc, version=version + 1), expect=expect)]

        return self.store.settle([(pk, K.assigned(lesson_id))], decide)

    def unassign(self, class_id: str, lesson_id: str) -> bool:
        pk = K.klass(class_id)

        def decide(got: dict[Key, Item]) -> tuple[bool, list[Op]]:
            if (pk, K.assigned(lesson_id)) not in got:
                return False, []
            return True, [Delete(pk, K.assigned(lesson_id)), Add(pk, K.COUNT, {"lessons": -1})]

        return self.store.settle([(pk, K.assigned(lesson_id))], decide)

    def delete(self, class_id: str, teacher: str) -> bool:
        """Delete the class (the teacher's only): the head first, so it is gone at once, then the rest."""
        pk = K.klass(class_id)
        head = self.head(class_id)
        if head is None or head.teacher != teacher:
            return False
        self.store.transact([Delete(pk, K.HEAD), Add(K.teacher_count(teacher), K.COUNT, {"classes": -1})])
        self.store.delete_partition(pk)
        return True

    def forget_player(self, pid: str) -> None:
        """A player deleting themselves: the classes they teach, and their place in others."""
        for head in self.teaching(pid):
            self.delete(head.id, pid)
        self.store.delete_items([(K.teacher_count(pid), K.COUNT)])
        for head, _ in self.joined(pid):
            self.remove_member(head.id, pid)
        index, rpk = K.removals_of(pid)
        self.store.delete_items((it["PK"], it["SK"]) for it in self.store.query_items(rpk, index=index))
