"""A live session's life: opened by the class's teacher on a lesson or set assigned to the class, then
puzzle by puzzle: put up (`next_puzzle`: its countdown starts), answered by the students until the
countdown ends or the teacher reveals (`revealed`: answers close, the distribution is shown), then the
next; closed by the teacher (or after its last puzzle, by the teacher too: they choose when the class
has seen enough). One session a class at a time.

Decided where the issue is silent: the countdown is the teacher's choice when opening, SECONDS_LOW to
SECONDS_HIGH (DEFAULT_SECONDS: a minute, time to think about a first move in front of a class);
revealing before it ends closes answers at once; a puzzle not yet revealed when the countdown ends
takes no more answers but waits for the teacher's reveal.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from puzzlebook.messages import Message, Refusal, msg

SECONDS_LOW, SECONDS_HIGH, DEFAULT_SECONDS = 10, 600, 60
KEPT_DAYS = 7  # a session's own items (the results themselves go to the class's table, for good)


class SessionRefused(Refusal):
    """Something a session can't do now: `code` for the protocol, str(error) in plain words."""

    def __init__(self, code: str, words: Message) -> None:
        super().__init__(words)
        self.code = code


BAD_SECONDS = msg("class_live_seconds", "A puzzle's countdown is {low} to {high} seconds, not {given}.")
CLOSED = msg("class_live_closed", "This live session is closed.")
LAST = msg("class_live_last", "That was the last puzzle: close the session.")
NOT_REVEALED = msg("class_live_not_revealed", "Reveal this puzzle's answers before the next one.")
NO_PUZZLE_UP = msg("class_live_no_puzzle", "Put a puzzle up first.")
REVEALED = msg("class_live_revealed", "This puzzle is revealed already.")


@dataclass(frozen=True, slots=True)
class Session:
    """A live session: its id, class, teacher, the lesson (or set) and its name, how many puzzles it
    has, each puzzle's seconds; the puzzle up now (1-based; 0 before the first), when it was put up
    and when its answers close (ms), whether it is revealed, and whether the session is closed."""

    id: str
    class_id: str
    teacher: str
    lesson: str
    title: str
    count: int
    seconds: int
    current: int = 0
    opened: int | None = None
    closes: int | None = None
    revealed: bool = False
    closed: bool = False

    def answering(self, now: int) -> bool:
        """Whether the puzzle up takes answers at `now`.

        >>> s = Session("s", "c", "t", "l", "L", 3, 60, current=1, opened=0, closes=60_000)
        >>> s.answering(59_999), s.answering(60_000), replace(s, revealed=True).answering(1)
        (True, False, False)
        """
        return (not self.closed and self.current > 0 and not self.revealed
                and self.closes is not None and now < self.closes)

    def to_doc(self) -> dict[str, Any]:
        return {"class": self.class_id, "teacher": self.teacher, "lesson": self.lesson, "title": self.title,
                "count": self.count, "seconds": self.seconds, "current": self.current, "opened": self.opened,
                "closes": self.closes, "revealed": self.revealed, "closed": self.closed}

    @classmethod
    def from_doc(cls, session_id: str, doc: dict[str, Any]) -> Session:
        return cls(session_id, str(doc["class"]), str(doc["teacher"]), str(doc["lesson"]),
                   str(doc.get("title", "")), int(doc["count"]), int(doc["seconds"]),
                   int(doc.get("current", 0)),
                   doc.get("opened"), doc.get("closes"), bool(doc.get("revealed")), bool(doc.get("closed")))


def check_seconds(seconds: object) -> int:
    """A puzzle's countdown as the teacher asked for it, or SessionRefused.

    >>> check_seconds(45)
    45
    >>> check_seconds(5)
    Traceback (most recent call last):
    ...
    puzzlebook.live_class.session.SessionRefused: A puzzle's countdown is 10 to 600 seconds, not 5.
    """
    if isinstance(seconds, int) and not isinstance(seconds, bool) and SECONDS_LOW <= seconds <= SECONDS_HIGH:
        return seconds
    raise SessionRefused("bad-seconds", BAD_SECONDS(low=SECONDS_LOW, high=SECONDS_HIGH, given=seconds))


def next_puzzle(session: Session, now: int) -> Session:
    """The session once the teacher puts up the next puzzle at `now`.

    >>> s = next_puzzle(Session("s", "c", "t", "l", "L", 2, 60), 1_000)
    >>> s.current, s.closes
    (1, 61000)
    >>> next_puzzle(replace(s, current=2, revealed=True), 2_000)
    Traceback (most recent call last):
    ...
    puzzlebook.live_class.session.SessionRefused: That was the last puzzle: close the session.
    """
    if session.closed:
        raise SessionRefused("closed", CLOSED)
    if session.current >= session.count:
        raise SessionRefused("last", LAST)
    if session.current > 0 and not session.revealed:
        raise SessionRefused("not-revealed", NOT_REVEALED)
    return replace(session, current=session.current + 1, opened=now, closes=now + session.seconds * 1000,
                   revealed=False)


def revealed(session: Session, now: int) -> Session:
    """The session once the teacher reveals the puzzle up at `now` (its answers close then)."""
    if session.closed:
        raise SessionRefused("closed", CLOSED)
    if session.current == 0:
        raise SessionRefused("no-puzzle", NO_PUZZLE_UP)
    if session.revealed:
        raise SessionRefused("revealed", REVEALED)
    return replace(session, revealed=True, closes=min(session.closes or now, now))


def closed(session: Session) -> Session:
    return replace(session, closed=True)
