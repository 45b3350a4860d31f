"""Live classes in the store (puzzlebook/live_class/ decides; this reads, calls it and writes).
docs/live.md, "The live class".

The class's teacher opens a session on a lesson or set assigned to the class; the class's students
join it (a stranger, or a player not in the class, gets the words a class that doesn't exist gets);
the teacher puts each puzzle up, students answer on their own boards (judged here, move by move,
each answer told to its student alone), the teacher sees how many answered (under the fan-out rule)
and reveals the distribution of first moves; a student is told their own answer and place. Each
ended answer goes into the class's table as the lesson's result, marked live.
"""

from __future__ import annotations

import secrets
from collections import OrderedDict
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from puzzlebook.lessons.results import student_key
from puzzlebook.live_class.answers import (
    Answer,
    AnswerRefused,
    Line,
    answer,
    distribution,
    line_of,
    places,
    result,
    san_of,
    scores,
)
from puzzlebook.live_class.session import (
    KEPT_DAYS,
    Session,
    SessionRefused,
    check_seconds,
    closed,
    next_puzzle,
    revealed,
)
from puzzlebook.messages import msg
from service.classes.records import ClassRecords
from service.games.lessons.records import LessonRecords
from service.live import keys as K
from service.live.connections import Connection, Member
from service.live.hub import Hub, Later, Refused, need_room, rewrite
from service.store.base import Delete, Put
from service.store.items import Item, Key, Op, doc_of, make_item

# The same words for a class that doesn't exist, one the caller isn't in, and one with no session
# open: a link alone tells a stranger nothing (docs/classes.md, "Who reads what").
NO_SESSION = msg("class_live_no_session", "There is no live session open on a class of yours with that id.")
NO_CLASS = msg("class_live_no_class", "There is no class with that id that you teach.")
NOT_IN_SESSION = msg("class_live_join_first", "Join your class's live session first.")
LESSON_GONE = msg("class_live_lesson_gone", "The lesson of this session was deleted by its teacher.")
NOT_ASSIGNED = msg("class_live_not_assigned",
                   "Assign that lesson (or set) to the class first, then run it live.")
LESSON_DELETED = msg("class_live_lesson_deleted", "That lesson was deleted.")
OPEN_ALREADY = msg("class_live_open", "A live session of this class is open: join it, or close it first.")
NOT_TEACHER = msg("class_live_not_teacher", "Only the class's teacher runs the session.")
NOT_STUDENT = msg("class_live_not_student", "The teacher shows the puzzle; the students answer it.")
ANSWERS_CLOSED = msg("class_live_answers_closed", "This puzzle takes no more answers.")
ID_BYTES = 12


@dataclass(frozen=True, slots=True)
class Lines:
    """A session's puzzles as the referee plays them, their titles and revisions (kept per process)."""

    lines: list[Line]
    titles: list[str]
    revs: tuple[int, ...]


class ClassRooms:
    """The live-class side of the rooms."""

    CACHED = 32

    def __init__(self, hub: Hub) -> None:
        self.hub = hub
        self._lines: OrderedDict[str, Lines] = OrderedDict()

    # ---- reading ------------------------------------------------------------------------------------

    def session(self, session_id: str) -> tuple[Session, Item] | None:
        item = self.hub.store.get_item(K.session(session_id), K.HEAD)
        return None if item is None else (Session.from_doc(session_id, doc_of(item)), item)

    def lines(self, session: Session) -> Lines:
        found = self._lines.get(session.id)
        if found is None:
            lesson = LessonRecords(self.hub.store).get_lesson(session.lesson)
            if lesson is None:
                raise Refused("no-lesson", LESSON_GONE)
            puzzles: Sequence[Mapping[str, Any]] = lesson.lesson["puzzles"]
            revs = lesson.revs or (1,) * len(puzzles)
            found = Lines([line_of(p) for p in puzzles],
                          [str(p.get("title", "")) or f"Puzzle {n}" for n, p in enumerate(puzzles, 1)], revs)
            self._lines[session.id] = found
            while len(self._lines) > self.CACHED:
                self._lines.popitem(last=False)
        self._lines.move_to_end(session.id)
        return found

    def answers(self, session_id: str, n: int | None = None) -> list[Answer]:
        """The answers to puzzle `n` (every puzzle's when None)."""
        prefix = K.answers(n) if n is not None else "A#"
        items = self.hub.store.query_items(K.session(session_id), prefix=prefix)
        return [Answer.from_doc(doc_of(it)) for it in items]

    def students(self, session_id: str) -> int:
        return len(self.hub.store.query_items(K.session(session_id), prefix=K.STUDENTS))

    # ---- what each is told -----------------------------------------------------------------------------

    def puzzle(self, session: Session, role: str, now: int) -> dict[str, Any] | None:
        """The puzzle up, as `role` sees it: a student its position and side (never the line), the teacher
        the line too."""
        if session.current == 0:
            return None
        lines = self.lines(session)
        line = lines.lines[session.current - 1]
        out: dict[str, Any] = {
            "t": "class.puzzle", "session": session.id, "n": session.current, "of": session.count,
            "title": lines.titles[session.current - 1], "fen": line.start.fen(),
            "color": "white" if line.student else "black",
            "closes_in": None if session.closes is None else max(0, session.closes - now),
            "revealed": session.revealed,
        }
        if role == "teacher":
            out["line"] = line.puzzle.line[line.offset:]
        return out

    def count(self, session: Session) -> dict[str, Any]:
        answered = len(self.answers(session.id, session.current)) if session.current else 0
        return {"t": "class.count", "session": session.id, "n": session.current, "answered": answered,
                "of": self.students(session.id)}

    def tell_teachers(self, session_id: str) -> None:
        found = self.session(session_id)
        if found is None:
            return
        message = self.count(found[0])
        members = [m for m in self.hub.conns.members(K.session(session_id)) if m.role == "teacher"]
        self.hub.tell(K.session(session_id), members, lambda _: message)

    def flush(self, later: Later) -> None:
        self.hub.flush(later, lambda: self.tell_teachers(later.room[len(K.CLASS_ROOM):]))

    def hello(self, conn: Connection, session: Session, role: str) -> None:
        now = self.hub.now()
        out: dict[str, Any] = {
            "t": "class.hello", "session": session.id, "class": session.class_id, "lesson": session.lesson,
            "title": session.title, "puzzles": session.count, "seconds": session.seconds, "role": role,
            "closed": session.closed, "puzzle": self.puzzle(session, role, now),
        }
        if role == "teacher":
            out["count"] = self.count(session)
            if session.revealed:
                out["reveal"] = self.reveal_for_teacher(session)
        elif session.current:
            mine = self.hub.store.get_item(K.session(session.id), K.answer(session.current, conn.pid))
            out["mine"] = Answer.from_doc(doc_of(mine)).to_doc() if mine is not None else None
            if session.revealed:
                out["revealed"] = self.reveal_for(session, conn.pid, self.answers(session.id))
        self.hub.send(conn.id, out, K.session(session.id))

    def reveal_for_teacher(self, session: Session) -> dict[str, Any]:
        line = self.lines(session).lines[session.current - 1]
        answers = self.answers(session.id, session.current)
        right = line.puzzle.line[line.offset]
        return {"t": "class.reveal", "session": session.id, "n": session.current,
                "right": {"uci": right, "san": san_of(line, right)},
                "moves": distribution(line, answers), "answered": len(answers),
                "of": self.students(session.id)}

    def reveal_for(self, session: Session, pid: str, every: list[Answer]) -> dict[str, Any]:
        """What a student is told at a reveal: the right move, their own answer, their place."""
        line = self.lines(session).lines[session.current - 1]
        right = line.puzzle.line[line.offset]
        mine = next((a for a in every if a.pid == pid and a.n == session.current and a.first), None)
        placed = places(scores(every))
        return {"t": "class.revealed", "session": session.id, "n": session.current,
                "right": {"uci": right, "san": san_of(line, right)},
                "yours": None if mine is None else {
                    "first": mine.first, "san": san_of(line, mine.first or ""),
                    "verdict": mine.verdict or "unfinished"},
                "place": placed.get(pid), "of": len(placed)}

    # ---- the teacher -----------------------------------------------------------------------------------

    def open(self, conn: Connection, class_id: str, lesson_id: str, seconds: object) -> None:
        try:
            seconds = check_seconds(seconds)
        except SessionRefused as refused:
            raise Refused(refused.code, refused.message) from None
        store, now = self.hub.store, self.hub.now()
        klass = ClassRecords(store).get(class_id)
        if klass is None or klass.head.teacher != conn.pid:
            raise Refused("no-class", NO_CLASS)
        if klass.assignment(lesson_id) is None:
            raise Refused("not-assigned", NOT_ASSIGNED)
        lesson = LessonRecords(store).get_lesson(lesson_id)
        if lesson is None:
            raise Refused("no-lesson", LESSON_DELETED)
        pointer = store.get_item(K.class_open(class_id), K.OPEN)
        if pointer is not None:
            found = self.session(str(doc_of(pointer)["session"]))
            if found is not None and not found[0].closed:
                raise Refused("open", OPEN_ALREADY)
        count = len(lesson.lesson["puzzles"])
        expires = now // 1000 + KEPT_DAYS * 86_400

        def draw() -> tuple[Session, list[Item]]:
            session = Session(secrets.token_urlsafe(ID_BYTES), class_id, conn.pid, lesson_id,
                              str(lesson.lesson.get("name", "")), count, seconds)
            return session, [make_item(K.session(session.id), K.HEAD, session.to_doc(), version=1,
                                       expires_at=expires)]

        session: Session = store.put_fresh(draw, "session id")
        store.transact([Put(make_item(K.class_open(class_id), K.OPEN, {"session": session.id},
                                      expires_at=expires))])
        conn = self.hub.conns.enter(conn, K.session(session.id), "teacher", now, expires)
        self.hello(conn, session, "teacher")

    def _teacher(self, conn: Connection) -> tuple[str, Session, Item]:
        session_id = need_room(conn, K.CLASS_ROOM, NOT_IN_SESSION)[len(K.CLASS_ROOM):]
        found = self.session(session_id)
        if found is None or found[0].teacher != conn.pid:
            raise Refused("not-teacher", NOT_TEACHER)
        return session_id, *found

    def _change(self, item: Item, change: Any) -> Session:
        """Apply `change` (a rule of puzzlebook/live_class/session.py) to the session head `item`."""
        key: Key = (item["PK"], item["SK"])
        session_id = item["PK"][len(K.CLASS_ROOM):]

        def decide(got: dict[Key, Item]) -> tuple[Session, list[Op]]:
            head = got[key]
            try:
                after: Session = change(Session.from_doc(session_id, doc_of(head)))
            except SessionRefused as refused:
                raise Refused(refused.code, refused.message) from None
            return after, [rewrite(head, after.to_doc())]

        changed: Session = self.hub.store.settle([key], decide)
        return changed

    def next(self, conn: Connection) -> None:
        session_id, _, item = self._teacher(conn)
        now = self.hub.now()
        session = self._change(item, lambda s: next_puzzle(s, now))
        room = K.session(session_id)
        members = self.hub.conns.members(room)
        # Once each, at once, outside the fan-out rule; the teacher's counts keep their own window (a
        # count held across it is sent at its time: a puzzle doesn't carry the count).
        self.hub.tell(room, members, lambda m: self.puzzle(session, m.role, now))

    def reveal(self, conn: Connection) -> None:
        session_id, _, item = self._teacher(conn)
        now = self.hub.now()
        session = self._change(item, lambda s: revealed(s, now))
        room = K.session(session_id)
        every = self.answers(session_id)
        teacher = self.reveal_for_teacher(session)

        def told(member: Member) -> dict[str, Any]:
            return teacher if member.role == "teacher" else self.reveal_for(session, member.pid, every)

        self.hub.tell(room, self.hub.conns.members(room), told)

    def close(self, conn: Connection) -> None:
        session_id, _, item = self._teacher(conn)
        session = self._change(item, closed)
        room = K.session(session_id)
        self.hub.store.transact([Delete(K.class_open(session.class_id), K.OPEN)])
        message = {"t": "class.closed", "session": session_id}
        self.hub.tell(room, self.hub.conns.members(room), lambda _: message)

    # ---- everyone -----------------------------------------------------------------------------------

    def join(self, conn: Connection, class_id: str) -> Later | None:
        """Join the class's open session: its teacher as the teacher, a student of the class as a student;
        anyone else is refused with the words a missing session gets."""
        store, now = self.hub.store, self.hub.now()
        pointer = store.get_item(K.class_open(class_id), K.OPEN)
        found = self.session(str(doc_of(pointer).get("session", ""))) if pointer is not None else None
        if found is None or found[0].closed:
            raise Refused("no-session", NO_SESSION)
        session, item = found
        role = "teacher" if session.teacher == conn.pid else "student"
        if role == "student":
            klass = ClassRecords(store).get(class_id)
            if klass is None or klass.member(conn.pid) is None:
                raise Refused("no-session", NO_SESSION)
        room = K.session(session.id)
        expires = item.get("expires_at")
        new = False
        if role == "student" and store.get_item(room, K.student(conn.pid)) is None:
            store.transact([Put(make_item(room, K.student(conn.pid), {"pid": conn.pid, "name": conn.name},
                                          expires_at=expires))])
            new = True
        conn = self.hub.conns.enter(conn, room, role, now, int(expires or now // 1000 + KEPT_DAYS * 86_400))
        self.hello(conn, session, role)
        return self.hub.changed(room, now, lambda: self.tell_teachers(session.id)) if new else None

    # ---- a student's answer --------------------------------------------------------------------------

    def move(self, conn: Connection, n: int, at: int, uci: str) -> Later | None:
        session_id = need_room(conn, K.CLASS_ROOM, NOT_IN_SESSION)[len(K.CLASS_ROOM):]
        if conn.role != "student":
            raise Refused("not-student", NOT_STUDENT)
        found = self.session(session_id)
        if found is None:
            raise Refused("no-session", NO_SESSION)
        session, _ = found
        now = self.hub.now()
        if n != session.current or not session.answering(now):
            raise Refused("closed", ANSWERS_CLOSED)
        line = self.lines(session).lines[n - 1]
        room, key = K.session(session_id), K.answer(n, conn.pid)

        def decide(got: dict[Key, Item]) -> tuple[tuple[Answer, str, str | None, bool], list[Op]]:
            item = got.get((room, key))
            opened = session.opened or now
            prior = Answer.from_doc(doc_of(item)) if item is not None else Answer(conn.pid, n, opened)
            try:
                after, verdict, reply = answer(prior, line, at, uci, now, opened)
            except AnswerRefused as refused:
                extra = {"wait": refused.wait} if refused.wait else {}
                raise Refused(refused.code, refused.message, **extra) from None
            if item is not None:
                return (after, verdict, reply, False), [rewrite(item, after.to_doc())]
            expires = (got.get((room, K.HEAD)) or {}).get("expires_at")
            new = make_item(room, key, after.to_doc(), version=1, expires_at=expires)
            return (after, verdict, reply, True), [Put(new, expect=0)]

        after, verdict, reply, first = self.hub.store.settle([(room, key), (room, K.HEAD)], decide)
        self.hub.send(conn.id, {"t": "class.judged", "session": session_id, "n": n, "move": at, "uci": uci,
                                "verdict": verdict, "reply": reply}, room)
        kept = result(after, session.opened or now, self.lines(session).revs[n - 1], session_id)
        if kept is not None:
            LessonRecords(self.hub.store).record_lesson_result(
                session.lesson, n, student_key(session.lesson, conn.pid), kept, self.hub.ctx.now())
        return self.hub.changed(room, now, lambda: self.tell_teachers(session_id)) if first else None

