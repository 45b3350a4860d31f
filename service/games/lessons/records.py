"""Lessons: stored under an unguessable id with their owner, and each player's first result per puzzle
(whether a result counts is puzzlebook.lessons.results' decision; this module reads and writes).

A lesson can be larger than one DynamoDB item (400 KB), so it is kept as a head item
(owner, name, count, when, how many parts; the one the owner's index lists) and its
JSON text cut into parts of at most PART_BYTES, all written in one transaction and read
back in order. Both stores keep it the same way, so they accept exactly the same
lessons: up to LESSON_MAX_BYTES, refused whole (LessonTooLarge) before anything is
written. docs/store.md, "Lessons".
"""

from __future__ import annotations

import datetime as dt
import json
import math
import secrets
from dataclasses import dataclass, replace
from typing import Any

from puzzlebook.lessons.limits import MAX_STORED_BYTES, stored_size
from puzzlebook.lessons.results import LessonResult, Play, floor_of, place, revisions, settle
from service.games.lessons import keys as K
from service.store.base import Store
from service.store.items import (
    Add,
    Conflict,
    Gone,
    Item,
    Key,
    Op,
    Present,
    Put,
    StoreUnavailable,
    doc_of,
    make_item,
    utc_stamp,
    version_of,
)
from service.store.site import RollingCap


@dataclass(frozen=True, slots=True)
class Lesson:
    """A stored lesson: its unguessable id, its owner, the lesson as imported, and when."""

    id: str
    owner_id: str
    lesson: Any
    created: str
    version: int = 1
    revs: tuple[int, ...] = ()


@dataclass(frozen=True, slots=True)
class LessonHead:
    """What a teacher's list shows of a stored lesson, read without the lesson itself: with its
    version (1, then one more each edit) and each puzzle's revision (the version that last changed
    what a student plays in it)."""

    id: str
    owner_id: str
    name: str
    count: int
    created: str
    version: int = 1
    revs: tuple[int, ...] = ()
    edited: str | None = None
    floors: tuple[int, ...] = ()  # each puzzle's student moves (puzzlebook.lessons.results.floor_of)

    def rev(self, puzzle: int) -> int:
        """Puzzle number `puzzle`'s (1-based) revision."""
        return self.revs[puzzle - 1] if 0 < puzzle <= len(self.revs) else 1

    def floor(self, puzzle: int) -> int | None:
        """Puzzle number `puzzle`'s student moves, or None for a lesson kept before heads held them."""
        return self.floors[puzzle - 1] if 0 < puzzle <= len(self.floors) else None

    def to_doc(self, parts: int) -> dict[str, Any]:
        """The head item's record (the id is its key), with how many part items hold the text."""
        doc: dict[str, Any] = {"owner": self.owner_id, "name": self.name, "count": self.count,
                               "created": self.created, "parts": parts, "version": self.version,
                               "revs": list(self.revs), "floors": list(self.floors)}
        if self.edited is not None:
            doc["edited"] = self.edited
        return doc

    @classmethod
    def from_doc(cls, lesson_id: str, doc: dict[str, Any]) -> LessonHead:
        """The head read back: also one kept before lessons were split (the whole lesson in the head),
        or before heads held each puzzle's student moves (no floors)."""
        if "lesson" in doc:  # kept whole in the head, as before lessons were split
            lesson = doc["lesson"]
            whole = lesson if isinstance(lesson, dict) else {}
            name = whole.get("name", "") if isinstance(whole.get("name"), str) else ""
            puzzles = whole.get("puzzles")
            count = len(puzzles) if isinstance(puzzles, list) else 0
            return cls(lesson_id, doc["owner"], name, count, doc["created"], 1, (1,) * count)
        count = doc["count"]
        revs = doc.get("revs")
        kept = tuple(revs) if isinstance(revs, list) and len(revs) == count else (1,) * count
        floors = doc.get("floors")
        moves = tuple(floors) if isinstance(floors, list) and len(floors) == count else ()
        return cls(lesson_id, doc["owner"], doc["name"], count, doc["created"], int(doc.get("version", 1)),
                   kept, doc.get("edited"), moves)


@dataclass(frozen=True, slots=True)
class EngineCheck:
    """The engine's findings on a lesson, as its teacher's browser sent them: for the lesson's
    `version` (an edit makes them stale: they are shown only while the version is the head's), each
    finding a {puzzle, kind, words} already checked by the route."""

    version: int
    findings: tuple[dict[str, Any], ...]
    checked: str


class LessonChanged(RuntimeError):
    """The lesson was edited or deleted while an edit was being written: nothing was changed."""


PART_BYTES = 256 * 1024
"""The most UTF-8 bytes of a lesson's JSON text in one part item (with its keys, far below
DynamoDB's 400 KB item limit)."""

LESSON_MAX_BYTES = MAX_STORED_BYTES + 16 * 1024
"""The largest lesson kept: whatever the importer passes (MAX_STORED_BYTES of puzzles), with
room for the name and the few fixed fields around them."""

MAX_PARTS = math.ceil(LESSON_MAX_BYTES / (PART_BYTES - 3))
"""Parts of the largest lesson (a part may end up to 3 bytes short, so as not to cut a
character in two). With the head, one transaction: DynamoDB takes up to 100 items and 4 MB."""


class LessonTooLarge(ValueError):
    """A lesson over LESSON_MAX_BYTES: refused before anything is written."""

    def __init__(self, size: int, limit: int = LESSON_MAX_BYTES) -> None:
        super().__init__(f"the lesson is {size:,} bytes; the store keeps up to {limit:,}")
        self.size = size
        self.limit = limit


def split_text(data: bytes, size: int = PART_BYTES) -> list[str]:
    """UTF-8 `data` cut into texts of at most `size` bytes each, never inside a character."""
    parts = []
    start = 0
    while start < len(data):
        end = min(start + size, len(data))
        while end < len(data) and data[end] & 0xC0 == 0x80:  # a continuation byte: back up
            end -= 1
        parts.append(data[start:end].decode("utf-8"))
        start = end
    return parts


def _floors(lesson_json: Any) -> tuple[int, ...]:
    """Each puzzle's student moves, kept in the head so a result's floor needs no read of the parts."""
    puzzles = lesson_json.get("puzzles") if isinstance(lesson_json, dict) else None
    return tuple(floor_of(p) if isinstance(p, dict) else 0 for p in puzzles or [])


class LessonRecords:
    """Lessons and their per-puzzle counts, in `store`."""

    def __init__(self, store: Store) -> None:
        self.store = store

    def save_lesson(
        self,
        owner_id: str,
        lesson_json: Any,
        now: dt.datetime | None = None,
        *,
        name: str = "",
        count: int = 0,
    ) -> str:
        """Store a lesson (any JSON-able value, as the lessons route validated it) for `owner_id`;
        `name` and `count` are what the owner's list shows.

        Returns its new unguessable id (16 URL-safe characters, 96 random bits). Raises
        LessonTooLarge, having written nothing, when its JSON is over LESSON_MAX_BYTES.
        """
        size = stored_size(lesson_json)
        if size > LESSON_MAX_BYTES:
            raise LessonTooLarge(size)
        data = json.dumps(lesson_json, separators=(",", ":"), ensure_ascii=False).encode("utf-8")
        parts = split_text(data)
        created = utc_stamp(now or dt.datetime.now(dt.UTC))
        index, owner_pk = K.lessons_of(owner_id)
        first = LessonHead("", owner_id, name, count, created, 1, (1,) * count, floors=_floors(lesson_json))
        head = first.to_doc(len(parts))

        def draw() -> tuple[str, list[Item]]:
            lesson_id = secrets.token_urlsafe(12)
            pk = K.lesson(lesson_id)
            listed = {index: (owner_pk, f"{created}#{lesson_id}")}
            items = [make_item(pk, K.LESSON, head, index=listed, version=1)]
            for number, text in enumerate(parts):
                part = make_item(pk, K.lesson_part(number))
                part["text"] = text  # a plain string attribute: its size is its UTF-8 bytes, no escaping
                items.append(part)
            return lesson_id, items

        return self.store.put_fresh(draw, "lesson id")

    def lesson_head(self, lesson_id: str) -> LessonHead | None:
        """The owner, name, count and date of the lesson with that id (its puzzles unread), or None."""
        item = self.store.get_item(K.lesson(lesson_id), K.LESSON)
        return None if item is None else LessonHead.from_doc(lesson_id, doc_of(item))

    def get_lesson(self, lesson_id: str) -> Lesson | None:
        """The lesson with that id, or None."""
        pk = K.lesson(lesson_id)
        item = self.store.get_item(pk, K.LESSON)
        if item is None:
            return None
        doc = doc_of(item)
        head = LessonHead.from_doc(lesson_id, doc)
        if "lesson" in doc:
            return Lesson(lesson_id, doc["owner"], doc["lesson"], doc["created"], head.version, head.revs)
        parts = self.store.query_items(pk, prefix=K.lesson_parts(head.version))
        if len(parts) != doc["parts"]:  # written in one transaction (an edit's too), so never a race
            raise StoreUnavailable(f"lesson {lesson_id} has {len(parts)} of its {doc['parts']} parts")
        lesson = json.loads("".join(part["text"] for part in parts))
        return Lesson(lesson_id, doc["owner"], lesson, doc["created"], head.version, head.revs)

    def edit_lesson(
        self, lesson_id: str, owner_id: str, lesson_json: Any, now: dt.datetime, *, name: str, count: int
    ) -> LessonHead | None:
        """Replace the lesson's puzzles and name in place (the same id, so the same link), if `owner_id`
        owns it; None otherwise. Each puzzle's revision is puzzlebook.lessons.results.revisions' decision
        (the play unchanged at its place keeps its revision and results). The new parts and the head are
        one transaction on the head's version, then the old parts go. Raises LessonTooLarge (nothing
        written) and LessonChanged (edited or deleted meanwhile: nothing written)."""
        size = stored_size(lesson_json)
        if size > LESSON_MAX_BYTES:
            raise LessonTooLarge(size)
        old = self.get_lesson(lesson_id)
        if old is None or old.owner_id != owner_id:
            return None
        pk = K.lesson(lesson_id)
        item = self.store.get_item(pk, K.LESSON)
        if item is None:
            raise LessonChanged(lesson_id)
        doc = doc_of(item)
        version = old.version + 1
        revs = revisions(old.lesson.get("puzzles", []), old.revs, lesson_json["puzzles"], version)
        data = json.dumps(lesson_json, separators=(",", ":"), ensure_ascii=False).encode("utf-8")
        parts = split_text(data)
        edited = LessonHead(
            lesson_id, owner_id, name, count, doc["created"], version, tuple(revs), utc_stamp(now),
            _floors(lesson_json),
        )
        head = edited.to_doc(len(parts))
        index, owner_pk = K.lessons_of(owner_id)
        listed = {index: (owner_pk, f"{doc['created']}#{lesson_id}")}
        ops: list[Op] = [Put(make_item(pk, K.LESSON, head, index=listed, version=version_of(item) + 1),
                             expect=version_of(item) if "v" in item else None)]
        for number, text in enumerate(parts):
            part = make_item(pk, K.lesson_part_of(version, number))
            part["text"] = text
            ops.append(Put(part, expect=0))
        try:
            self.store.transact(ops)
        except Conflict:
            raise LessonChanged(lesson_id) from None
        # "PARTV#…" doesn't begin with the first version's "PART#": only that version's parts go.
        stale = self.store.query_items(pk, prefix=K.lesson_parts(old.version))
        self.store.delete_items((pk, it["SK"]) for it in stale)
        return edited

    def keep_check(
        self, lesson_id: str, version: int, findings: list[dict[str, Any]], now: dt.datetime
    ) -> bool:
        """Keep the engine's findings on the lesson (one item in its partition, replaced by the next
        check, gone with the lesson); False, nothing written, when the lesson is gone. The caller has
        checked the lesson is the teacher's and `version` is its head's."""
        pk = K.lesson(lesson_id)
        doc = {"version": version, "findings": findings, "checked": utc_stamp(now)}
        try:
            self.store.transact([Present(pk, K.LESSON), Put(make_item(pk, K.LESSON_CHECK, doc))])
        except Gone:
            return False
        return True

    def engine_check(self, lesson_id: str) -> EngineCheck | None:
        """The engine's findings last kept on the lesson, or None when none were."""
        item = self.store.get_item(K.lesson(lesson_id), K.LESSON_CHECK)
        if item is None:
            return None
        doc = doc_of(item)
        return EngineCheck(int(doc["version"]), tuple(doc["findings"]), doc["checked"])

    def list_lessons(self, owner_id: str) -> list[LessonHead]:
        """The owner's lessons, newest first (heads only: the puzzles are not read)."""
        index, owner_pk = K.lessons_of(owner_id)
        items = self.store.query_items(owner_pk, index=index, reverse=True)
        return [LessonHead.from_doc(it["PK"][2:], doc_of(it)) for it in items]

    def delete_lesson(self, lesson_id: str, owner_id: str) -> bool:
        """Delete the lesson and its results if `owner_id` owns it; False if no such lesson is theirs."""
        head = self.lesson_head(lesson_id)
        if head is None or head.owner_id != owner_id:
            return False
        # The head first: from then on the lesson is gone, even if removing the rest is interrupted.
        self.store.delete_items([(K.lesson(lesson_id), K.LESSON)])
        self.store.delete_partition(K.lesson(lesson_id))
        return True

    def delete_owned(self, owner_id: str) -> None:
        """Delete every lesson `owner_id` owns, with its results (a player deleting themselves)."""
        index, owner_pk = K.lessons_of(owner_id)
        for it in self.store.query_items(owner_pk, index=index):
            self.store.delete_partition(it["PK"])

    def record_lesson_result(
        self, lesson_id: str, puzzle_index: int, player_key: str, posted: LessonResult,
        now: dt.datetime | None = None, cap: RollingCap | None = None, play: Play | None = None,
    ) -> bool:
        """Count a student's result on one puzzle of a lesson as puzzlebook.lessons.results.settle decides:
        only their first per puzzle (on its revision, `posted.rev`) counts.

        `player_key` names the student (results.student_key: a hash, never an id as given).
        True if counted, False if they already had a result for that puzzle as it is. `cap`: a
        rolling limit a counted result is counted against in the same write (puzzlebook.rolling.Full
        when it is reached: nothing written), so a result already counted, or refused, uses none of it.
        `play`: the result's ticket, claim and floor: a counted result is placed after the student's
        last one in the lesson (results.place, from their pace item, moved on in the same write;
        TicketRefused when it comes too soon after it: nothing written) and kept as played then.
        """
        pk, answer = K.lesson(lesson_id), K.lesson_answer(puzzle_index, player_key)
        pace = (pk, K.lesson_pace(player_key))
        at = utc_stamp(now or dt.datetime.now(dt.UTC))

        def decide(got: dict[Key, Item]) -> tuple[bool, list[Op]]:
            item = got.get((pk, answer))
            settled = settle(LessonResult.from_doc(doc_of(item)) if item is not None else None, posted)
            if settled.result is None:
                return False, []
            ops: list[Op] = []
            result = replace(settled.result, at=at)
            if play is not None:
                last = doc_of(got.get(pace)).get("last")
                played, moved = place(play, last if isinstance(last, int) else None)
                result = replace(result, played=utc_stamp(dt.datetime.fromtimestamp(played / 1000, dt.UTC)))
                ops.append(Put(make_item(*pace, {"last": moved}, version=version_of(got.get(pace)) + 1),
                               expect=version_of(got.get(pace))))
            # Answers kept before they had versions are replaced unconditionally (a race there
            # costs at most a second count of one student on one puzzle).
            expect = version_of(item) if item is None or "v" in item else None
            kept = make_item(pk, answer, result.to_doc(), version=version_of(item) + 1)
            return True, [
                Put(kept, expect=expect),
                Add(pk, K.lesson_tally(puzzle_index, settled.result.rev), settled.result.counts()),
                *(cap.ops(got) if cap is not None else []),
                *ops,
            ]

        keys = [(pk, answer)] + ([cap.key] if cap is not None else []) + ([pace] if play is not None else [])
        return self.store.settle(keys, decide)

    def lesson_results(
        self, lesson_id: str, revs: tuple[int, ...] | None = None
    ) -> dict[int, dict[str, int]]:
        """Per puzzle index that has results on its current revision (`revs`, by place; all the
        first when not given): {played, solved, clean}."""
        out = {}
        for it in self.store.query_items(K.lesson(lesson_id), prefix="T#"):
            parts = it["SK"].split("#")
            index, rev = int(parts[1]), int(parts[2]) if len(parts) > 2 else 1
            current = revs[index - 1] if revs and 0 < index <= len(revs) else 1
            if rev == current:
                out[index] = {name: int(it.get(name, 0)) for name in ("played", "solved", "clean")}
        return out

    def answers(
        self, lesson_id: str, count: int, player_keys: list[str]
    ) -> dict[tuple[int, str], LessonResult]:
        """The kept results of these students (results.student_key each) on every puzzle of the lesson,
        by (puzzle index, key). A class's table: one batch read of students × puzzles."""
        pk = K.lesson(lesson_id)
        keys = [(pk, K.lesson_answer(index, key)) for key in player_keys for index in range(1, count + 1)]
        out = {}
        for (_, sk), item in self.store.get_items(keys).items():
            _, index, key = sk.split("#")
            out[(int(index), key)] = LessonResult.from_doc(doc_of(item))
        return out
