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
from dataclasses import dataclass
from typing import Any

from puzzlebook.lessons.limits import MAX_STORED_BYTES, stored_size
from puzzlebook.lessons.results import LessonResult, settle
from service.games.lessons import keys as K
from service.store.base import Store
from service.store.items import (
    Add,
    Item,
    Key,
    Op,
    Put,
    StoreUnavailable,
    doc_of,
    make_item,
    utc_stamp,
)


@dataclass(frozen=True, slots=True)
class Lesson:
    """A stored lesson: its unguessable id, its owner, the lesson as imported, and when."""

    id: str
    owner_id: str
    lesson: Any
    created: str


@dataclass(frozen=True, slots=True)
class LessonHead:
    """What a teacher's list shows of a stored lesson, read without the lesson itself."""

    id: str
    owner_id: str
    name: str
    count: int
    created: str


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


def _head(lesson_id: str, doc: dict[str, Any]) -> LessonHead:
    if "lesson" in doc:  # kept whole in the head, as before lessons were split
        lesson = doc["lesson"]
        whole = lesson if isinstance(lesson, dict) else {}
        name = whole.get("name", "") if isinstance(whole.get("name"), str) else ""
        puzzles = whole.get("puzzles")
        count = len(puzzles) if isinstance(puzzles, list) else 0
        return LessonHead(lesson_id, doc["owner"], name, count, doc["created"])
    return LessonHead(lesson_id, doc["owner"], doc["name"], doc["count"], doc["created"])


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
        head = {"owner": owner_id, "name": name, "count": count, "created": created, "parts": len(parts)}

        def draw() -> tuple[str, list[Item]]:
            lesson_id = secrets.token_urlsafe(12)
            pk = K.lesson(lesson_id)
            listed = {index: (owner_pk, f"{created}#{lesson_id}")}
            items = [make_item(pk, K.LESSON, head, index=listed)]
            for number, text in enumerate(parts):
                part = make_item(pk, K.lesson_part(number))
                part["text"] = text  # a plain string attribute: its size is its UTF-8 bytes, no escaping
                items.append(part)
            return lesson_id, items

        return self.store.put_fresh(draw, "lesson id")

    def lesson_head(self, lesson_id: str) -> LessonHead | None:
        """The owner, name, count and date of the lesson with that id (its puzzles unread), or None."""
        item = self.store.get_item(K.lesson(lesson_id), K.LESSON)
        return None if item is None else _head(lesson_id, doc_of(item))

    def get_lesson(self, lesson_id: str) -> Lesson | None:
        """The lesson with that id, or None."""
        pk = K.lesson(lesson_id)
        item = self.store.get_item(pk, K.LESSON)
        if item is None:
            return None
        doc = doc_of(item)
        if "lesson" in doc:
            return Lesson(lesson_id, doc["owner"], doc["lesson"], doc["created"])
        parts = self.store.query_items(pk, prefix=K.LESSON_PARTS)
        if len(parts) != doc["parts"]:  # written in one transaction, so this is never a race
            raise StoreUnavailable(f"lesson {lesson_id} has {len(parts)} of its {doc['parts']} parts")
        lesson = json.loads("".join(part["text"] for part in parts))
        return Lesson(lesson_id, doc["owner"], lesson, doc["created"])

    def list_lessons(self, owner_id: str) -> list[LessonHead]:
        """The owner's lessons, newest first (heads only: the puzzles are not read)."""
        index, owner_pk = K.lessons_of(owner_id)
        items = self.store.query_items(owner_pk, index=index, reverse=True)
        return [_head(it["PK"][2:], doc_of(it)) for it in items]

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
        self, lesson_id: str, puzzle_index: int, player_key: str, solved: bool, clean: bool
    ) -> bool:
        """Count a player's result on one puzzle of a lesson as puzzlebook.lessons.results.settle decides:
        only their first per puzzle counts.

        `player_key` names the player (results.student_key: a hash, never an id as given).
        True if counted, False if they already had a result for that puzzle.
        """
        pk, answer = K.lesson(lesson_id), K.lesson_answer(puzzle_index, player_key)
        posted = LessonResult.posted(solved, clean)

        def decide(got: dict[Key, Item]) -> tuple[bool, list[Op]]:
            item = got.get((pk, answer))
            settled = settle(doc_of(item) if item is not None else None, posted)
            if settled.result is None:
                return False, []
            return True, [
                Put(make_item(pk, answer, settled.result.to_doc()), expect=0),
                Add(pk, K.lesson_tally(puzzle_index), settled.result.counts()),
            ]

        return self.store.settle([(pk, answer)], decide)

    def lesson_results(self, lesson_id: str) -> dict[int, dict[str, int]]:
        """Per puzzle index that has results: {played, solved, clean}."""
        out = {}
        for it in self.store.query_items(K.lesson(lesson_id), prefix="T#"):
            out[int(it["SK"][2:])] = {name: int(it.get(name, 0)) for name in ("played", "solved", "clean")}
        return out
