"""A student's result on a lesson puzzle, decided: whether it counts, and what it adds to the counts.

Nothing here reads or writes (lila's PuzzleFinisher decides; PuzzleApi persists):
service/games/lessons/records.py reads whether the student has a result for the puzzle, calls
`settle`, and writes what it says. The teacher sees counts per puzzle (played, solved, solved
cleanly: no wrong move, no hint) and, in a class, each student's result.

Only a result carrying a play ticket the lesson itself issued counts (`student_of`): the ticket
names the student (a signed-in player's id, or a guest key the server drew), so a key made up by
a script counts for nothing. Each student counts once per puzzle: their first result on the
puzzle as it is now. When the teacher changes a puzzle's play (its position, side or moves: see
`same_play`), the puzzle's revision moves on, and a student's result on an earlier revision stays
kept, marked as on an earlier version, until their first result on the new one replaces it.
"""

from __future__ import annotations

import hashlib
import json
import secrets
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from puzzlebook.messages import Message, msg, msg_plural
from puzzlebook.tickets import FLOOR_ALLOWANCE_MS, Ticket, TicketRefused, check, read

GAME = "lessons"
GUEST = "g:"  # a guest student's name in a ticket: "g:" and 22 random URL-safe characters
GUEST_BYTES = 16
NO_STUDENT = "Send a student key (a random string the browser keeps) or sign in."
NOT_A_GUEST = msg("ticket_not_a_guests",
                  "This play ticket was issued to a signed-in player: post its result with their token.")
OVERLAPS = msg("lesson_result_overlaps",
               "This came sooner than a second a move after your last puzzle in this lesson ended: a "
               "lesson's puzzles count one at a time.")


def ticket_target(lesson_id: str, puzzle: int) -> str:
    """What a lesson puzzle's ticket names: the lesson and the puzzle's 1-based place.

    >>> ticket_target("AAAAAAAAAAAAAAAA", 3)
    'AAAAAAAAAAAAAAAA/3'
    """
    return f"{lesson_id}/{puzzle}"


def floor_of(puzzle: Mapping[str, Any]) -> int:
    """The moves a student makes solving a stored puzzle (the seed JSON): the line's moves played by
    their side, the FEN's side to move playing first. A solve takes at least a second each, as in
    every game (puzzlebook.chess.referee.min_seconds).

    >>> floor_of({"fen": "6k1/8/8/8/8/8/8/R5K1 w - - 0 1", "playerColor": "white",
    ...           "moves": [{"uci": "a1a7"}, {"uci": "g8f8"}, {"uci": "a7a8"}]})
    2
    >>> floor_of({"fen": "6k1/8/8/8/8/8/8/R5K1 w - - 0 1", "playerColor": "black",
    ...           "moves": [{"uci": "a1a7"}, {"uci": "g8f8"}]})
    1
    """
    fen = puzzle.get("fen")
    moves = puzzle.get("moves")
    count = len(moves) if isinstance(moves, list) else 0
    parts = fen.split() if isinstance(fen, str) else []
    to_move = "white" if len(parts) < 2 or parts[1] == "w" else "black"
    first = to_move == puzzle.get("playerColor")
    return (count + 1) // 2 if first else count // 2


def student_of(ticket: Ticket, *, lesson_id: str, puzzle: int, player_id: str | None,
               seconds: int, now: int, floor: int = 0) -> str:
    """The student a result with `ticket` counts for, or TicketRefused (puzzlebook.tickets' reasons).

    A signed-in player's result needs a ticket issued to them; a guest's (no token) one issued to a
    guest of the lesson's own drawing. Either must be for this lesson and puzzle, the result may
    not claim more seconds than have passed since the ticket was issued, and a solve (`floor`: its
    moves, `floor_of`) comes no sooner than a second a move after it (puzzlebook.tickets.check).

    >>> t = Ticket("g:abc", "lessons", "L/1", 1_000_000, "n")
    >>> student_of(t, lesson_id="L", puzzle=1, player_id=None, seconds=20, now=1_030_000)
    'g:abc'
    >>> student_of(t, lesson_id="L", puzzle=2, player_id=None, seconds=20, now=1_030_000)
    Traceback (most recent call last):
    ...
    puzzlebook.tickets.TicketRefused: The play ticket is for another puzzle.
    """
    if player_id is None and not ticket.player.startswith(GUEST):
        raise TicketRefused("not-yours", NOT_A_GUEST)
    check(ticket, player=player_id or ticket.player, game=GAME, target=ticket_target(lesson_id, puzzle),
          seconds=seconds, now=now, floor=floor)
    return ticket.player


def guest_of(ticket: Ticket, lesson_id: str) -> str | None:
    """The guest an earlier ticket of this lesson named (so a guest stays one student from puzzle to
    puzzle), or None when it names a player or is for another game or lesson.

    >>> guest_of(Ticket("g:abc", "lessons", "L/4", 0, "n"), "L")
    'g:abc'
    >>> guest_of(Ticket("g:abc", "lessons", "M/4", 0, "n"), "L") is None
    True
    """
    ours = ticket.game == GAME and ticket.target.startswith(f"{lesson_id}/")
    if not ours or not ticket.player.startswith(GUEST):
        return None
    return ticket.player


def returning_guest(text: str | None, lesson_id: str, key: bytes) -> str | None:
    """The guest a ticket of this lesson issued before named (`text`, as the browser kept it), so a
    guest stays one student from puzzle to puzzle; None for no ticket, one not of ours, or one that
    names a player or another lesson (the student is then a new guest)."""
    if text is None:
        return None
    try:
        return guest_of(read(text, key), lesson_id)
    except TicketRefused:
        return None


def new_guest() -> str:
    """A new guest student's name: GUEST and random characters, drawn by the server (never the
    browser's), so a script can't make up students.

    >>> guest = new_guest()
    >>> guest.startswith(GUEST), len(guest)
    (True, 24)
    """
    return GUEST + secrets.token_urlsafe(GUEST_BYTES)


@dataclass(frozen=True, slots=True)
class LessonResult:
    """A student's result on one puzzle: solved (reached the end of the line; not after Show solution),
    clean (solved with no wrong move and no hint), the wrong moves and hints it took, its seconds, the
    puzzle's revision it was played on, when it was kept (UTC stamp; None until it is) and when it
    was played (`played`: `place`; None for one kept before that was kept, which counts as played
    when it was kept)."""

    solved: bool
    clean: bool
    mistakes: int = 0
    hints: int = 0
    seconds: int | None = None
    rev: int = 1
    at: str | None = None
    played: str | None = None
    live: str | None = None  # the live session it was answered in (docs/live.md), None for a lesson's page

    @classmethod
    def posted(cls, solved: bool, clean: bool, *, mistakes: int = 0, hints: int = 0,
               seconds: int | None = None, rev: int = 1, played: str | None = None) -> LessonResult:
        """The result a post describes: clean only when solved with no mistake or hint (a shown
        solution is never clean).

        >>> LessonResult.posted(False, True).clean
        False
        >>> LessonResult.posted(True, True, hints=1).clean
        False
        """
        return cls(solved, solved and clean and mistakes == 0 and hints == 0, mistakes, hints, seconds, rev,
                   played=played)

    @property
    def when(self) -> str:
        """When it was played, as a UTC stamp: `played`, or for a result kept before that was kept,
        when it was kept ("" for one kept before either)."""
        return self.played or self.at or ""

    def counts(self) -> dict[str, int]:
        """What it adds to the puzzle's counts."""
        return {"played": 1, "solved": int(self.solved), "clean": int(self.clean)}

    def to_doc(self) -> dict[str, Any]:
        doc = {"solved": self.solved, "clean": self.clean, "mistakes": self.mistakes, "hints": self.hints,
               "seconds": self.seconds, "rev": self.rev, "at": self.at}
        if self.played is not None:
            doc["played"] = self.played
        if self.live is not None:
            doc["live"] = self.live
        return doc

    @classmethod
    def from_doc(cls, doc: Mapping[str, Any]) -> LessonResult:
        """A kept result read back; one kept before a field existed reads it as its default (the
        first revision, no seconds).

        >>> LessonResult.from_doc({"solved": True, "clean": True}).rev
        1
        """
        seconds = doc.get("seconds")
        return cls(
            solved=bool(doc.get("solved")),
            clean=bool(doc.get("clean")),
            mistakes=int(doc.get("mistakes", 0) or 0),
            hints=int(doc.get("hints", 0) or 0),
            seconds=seconds if isinstance(seconds, int) else None,
            rev=rev_of(doc),
            at=doc.get("at"),
            played=doc.get("played") if isinstance(doc.get("played"), str) else None,
            live=doc.get("live") or None,
        )


def rev_of(doc: Mapping[str, Any]) -> int:
    """The revision a kept result was played on (results kept before revisions: the first)."""
    rev = doc.get("rev", 1)
    return rev if isinstance(rev, int) else 1


@dataclass(frozen=True, slots=True)
class Settled:
    """counted: the result counts (the student's first on the puzzle as it is); then `result` is what
    to keep, replacing a result on an earlier revision when `replaces` is that revision."""

    counted: bool
    result: LessonResult | None = None
    replaces: int | None = None


def settle(prior: LessonResult | None, result: LessonResult) -> Settled:
    """Count `result` unless the student already has one for the puzzle's revision (`prior`, as kept):
    the first result stands, so a student's retries never change the teacher's counts. A prior result
    on an earlier revision gives way to the first on the new one.

    >>> first = settle(None, LessonResult.posted(True, True))
    >>> first.counted, first.result.counts()
    (True, {'played': 1, 'solved': 1, 'clean': 1})
    >>> settle(first.result, LessonResult.posted(True, False)).counted
    False
    >>> settle(first.result, LessonResult.posted(True, False, rev=2)).replaces
    1
    """
    if prior is None:
        return Settled(True, result)
    if prior.rev < result.rev:
        return Settled(True, result, prior.rev)
    return Settled(False)


def outcome(result: LessonResult | None) -> str:
    """A kept result in the class table's words: "clean" (solved first try), "helped" (solved after a
    wrong move or a hint), "shown" (Show solution: gone through, not solved) or "none" (not started).

    >>> kept = (None, LessonResult(True, True), LessonResult(True, False), LessonResult(False, False))
    >>> [outcome(r) for r in kept]
    ['none', 'clean', 'helped', 'shown']
    """
    if result is None:
        return "none"
    if result.solved:
        return "clean" if result.clean else "helped"
    return "shown"


@dataclass(frozen=True, slots=True)
class Play:
    """A result's play as its post tells it: its ticket (checked), the seconds it claims, its floor
    (the puzzle's student moves, a second each; 0 for Show solution) and when it came (`came`, ms)."""

    ticket: Ticket
    seconds: int
    floor: int
    came: int


def place(play: Play, last: int | None) -> tuple[int, int]:
    """When a counted result was played, and the student's pace after it (both ms), given their pace
    before it (`last`: when their last counted result in the same lesson ended, by this rule; None
    for their first). A lesson's puzzles are played one at a time: a play begins at its ticket, or at
    the end of the one before if that is later, lasts at least its floor, and ends then or at its
    ticket plus the seconds it claims, whichever is later. That end is the new pace; the result is
    kept as played then, never later than it came. Raises TicketRefused("overlaps") when it came
    sooner than its floor after that beginning (less FLOOR_ALLOWANCE_MS, as for a ticket's own
    floor): so fifty tickets opened at once can't make fifty solves seven seconds later.

    The seconds are the student's word, bounded by the ticket (puzzlebook.tickets.check), so a
    result that waited in the browser (offline, the server busy) is placed when it was played, not
    when it came, and the due date judges that. docs/classes.md, "One puzzle at a time".

    >>> t = Ticket("p", "lessons", "L/1", 1_000_000, "n")
    >>> place(Play(t, 30, 2, came=90_000_000), None)          # posted a day later: played then
    (1030000, 1030000)
    >>> place(Play(t, 3, 2, came=1_040_000), last=1_020_000)  # opened before the last one ended
    (1022000, 1022000)
    >>> place(Play(t, 2, 2, came=1_003_000), last=1_002_500)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    puzzlebook.tickets.TicketRefused: This came sooner than a second a move after your last puzzle ...
    """
    issued = play.ticket.issued
    start = issued if last is None else max(issued, last)
    if start + play.floor * 1000 > play.came + FLOOR_ALLOWANCE_MS:
        raise TicketRefused("overlaps", OVERLAPS)
    end = max(start + play.floor * 1000, issued + max(0, play.seconds) * 1000)
    return min(end, play.came), end


NOT_A_PUZZLE = msg_plural("lesson_has_fewer_puzzles", "This lesson has {count} puzzle, not {puzzle}.",
                          "This lesson has {count} puzzles, not {puzzle}.", "count")


def puzzle_problem(count: int, puzzle: int) -> Message | None:
    """Why puzzle number `puzzle` (1-based) isn't one of a lesson of `count` puzzles, or None.

    >>> str(puzzle_problem(3, 4))
    'This lesson has 3 puzzles, not 4.'
    """
    if puzzle > count:
        return NOT_A_PUZZLE(count=count, puzzle=puzzle)
    return None


def student_key(lesson_id: str, who: str) -> str:
    """The key a student's results are kept under: a hash of the lesson id and the student (a player's id
    or a guest's drawn key), so it can't be linked to a player or across lessons.

    >>> len(student_key("AAAAAAAAAAAAAAAA", "a" * 22))
    32
    """
    return hashlib.sha256(f"{lesson_id}:{who}".encode()).hexdigest()[:32]


def play_of(puzzle: Mapping[str, Any]) -> str:
    """What a student plays in a stored puzzle (the seed JSON): its position, side and moves, as one
    text. Titles, intros, comments and hints are not part of it: fixing a typo in them changes no
    student's task, so it keeps their results."""
    moves = [m.get("uci") for m in puzzle.get("moves", []) if isinstance(m, Mapping)]
    return json.dumps([puzzle.get("fen"), puzzle.get("playerColor"), moves], separators=(",", ":"))


def revisions(old: Sequence[Mapping[str, Any]], old_revs: Sequence[int], new: Sequence[Mapping[str, Any]],
              version: int) -> list[int]:
    """Each new puzzle's revision after an edit that makes the lesson's `version`: a puzzle whose place
    holds the same play as before keeps its revision (and so its results); a changed or added one
    takes `version`. Puzzles are matched by place: add new ones at the end to keep the others'.

    >>> p = lambda uci: {"fen": "x", "playerColor": "white", "moves": [{"uci": uci, "comment": "c"}]}
    >>> revisions([p("a1a2"), p("b1b2")], [1, 1], [p("a1a2"), p("b1b3"), p("c1c2")], 2)
    [1, 2, 2]
    """
    out = []
    for index, puzzle in enumerate(new):
        same = index < len(old) and play_of(old[index]) == play_of(puzzle)
        out.append(old_revs[index] if same and index < len(old_revs) else version)
    return out
