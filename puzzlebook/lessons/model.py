"""The normalised lesson: what the pages play, whatever format it was imported from."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal

Color = Literal["white", "black"]


@dataclass(frozen=True)
class Refutation:
    """A wrong move the student may play instead of one of theirs, and what it runs into.

    `uci`: the wrong move (from the position before the student's move); `reply`: the opponent's
    answer to it; `san` and `reply_san` computed for display; `comment`: why the wrong move fails.
    The page plays the wrong move and the reply, shows the comment, and sets the position back for
    another try (counted as a mistake, as any wrong move is).
    """

    uci: str
    san: str
    reply: str
    reply_san: str
    comment: str = ""

    def to_dict(self) -> dict[str, Any]:
        return {
            "uci": self.uci,
            "san": self.san,
            "reply": self.reply,
            "reply_san": self.reply_san,
            "comment": self.comment,
        }

    def to_seed(self) -> dict[str, str]:
        seed = {"uci": self.uci, "reply": self.reply}
        if self.comment:
            seed["comment"] = self.comment
        return seed


@dataclass(frozen=True)
class LessonMove:
    """One move of a puzzle's line.

    `uci` as in the seed format; `san` computed for display; `color` is the side that
    plays it and `by_student` says whether the student must find it (False: the page
    plays it for the student). `comment` is shown after the move; `hint` on request and
    after a wrong try (only meaningful on the student's moves); `refutations` the wrong moves
    the teacher answers (only on the student's moves). `variations`: a PGN's other variations
    of this student move that are not marked worse, so not refutations: never played nor stored
    (not in `to_seed`, nor compared), only answered by the validator for the import page's engine
    check, which says whether each is worse (docs/lessons.md).
    """

    uci: str
    san: str
    color: Color
    by_student: bool
    comment: str = ""
    hint: str = ""
    refutations: tuple[Refutation, ...] = ()
    variations: tuple[Refutation, ...] = field(default=(), compare=False)

    def to_dict(self) -> dict[str, Any]:
        """Every field, for the API and the pages (`refutations` and `variations` only when there
        are some, so a lesson without them reads as it always did)."""
        out: dict[str, Any] = {
            "uci": self.uci,
            "san": self.san,
            "color": self.color,
            "by_student": self.by_student,
            "comment": self.comment,
            "hint": self.hint,
        }
        if self.refutations:
            out["refutations"] = [refutation.to_dict() for refutation in self.refutations]
        if self.variations:
            out["variations"] = [variation.to_dict() for variation in self.variations]
        return out


@dataclass(frozen=True)
class Lesson:
    """One puzzle of an import.

    `index` is its 1-based position in the import. `fen` is the starting position,
    normalised to six fields. `student` is the side the student plays;
    `opponent_first` is True when the FEN's side to move is the opponent, whose first
    move is then played for the student as the setup move.
    """

    index: int
    title: str
    intro: str
    fen: str
    student: Color
    opponent_first: bool
    moves: tuple[LessonMove, ...]

    @property
    def to_move(self) -> Color:
        """The side to move in the starting position."""
        return self.moves[0].color

    @property
    def student_moves(self) -> tuple[LessonMove, ...]:
        """The moves the student must find, in order."""
        return tuple(move for move in self.moves if move.by_student)

    def to_seed(self) -> dict[str, Any]:
        """The puzzle in the seed's JSON format (empty optional texts left out).

        Parsing it again gives the same lesson: this is how lessons are stored,
        whether they came in as JSON or PGN.
        """
        seed: dict[str, Any] = {}
        if self.title:
            seed["title"] = self.title
        if self.intro:
            seed["intro"] = self.intro
        seed["fen"] = self.fen
        seed["playerColor"] = self.student
        # Most moves are only their UCI: written here rather than by a call a move.
        seed["moves"] = [
            _seed_move(move) if move.comment or move.hint or move.refutations else {"uci": move.uci}
            for move in self.moves
        ]
        return seed

    def to_dict(self) -> dict[str, Any]:
        """Every field, computed ones included, for the API and the pages."""
        return {
            "index": self.index,
            "title": self.title,
            "intro": self.intro,
            "fen": self.fen,
            "student": self.student,
            "to_move": self.to_move,
            "opponent_first": self.opponent_first,
            "moves": [move.to_dict() for move in self.moves],
        }


def _seed_move(move: LessonMove) -> dict[str, Any]:
    seed: dict[str, Any] = {"uci": move.uci}
    if move.comment:
        seed["comment"] = move.comment
    if move.hint:
        seed["hint"] = move.hint
    if move.refutations:
        seed["refutations"] = [refutation.to_seed() for refutation in move.refutations]
    return seed
