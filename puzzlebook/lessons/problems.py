"""A problem found in an import: where it is and what is wrong, in plain words.

A problem's words are a message (`puzzlebook.messages`): its code and English, said by the API in
the request's language (docs/languages.md, "The API's language"). Every problem is one: what the
import quotes back (a move, a field's name, a tag's value, a character) is a value, never translated.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from puzzlebook.messages import Message, msg

_SHORT = 60
_SURROGATE = re.compile("[\ud800-\udfff]")


def _sendable(text: str) -> str:
    """`text` with any unpaired surrogate (a JSON escape like \\ud800 quoted back from the
    import) shown as U+FFFD, so the problem itself can be sent as UTF-8."""
    return _SURROGATE.sub("\ufffd", text)


def _sendable_message(message: Message) -> Message:
    """`message` with every value quoted back from the import made sendable (`_sendable`)."""
    if not message.values:
        return message
    return message(**{
        name: _sendable(value) if isinstance(value, str)
        else _sendable_message(value) if isinstance(value, Message) else value
        for name, value in message.values.items()
    })


def shorten(text: str, limit: int = _SHORT) -> str:
    """`text` on one line and at most `limit` characters, for quoting inside a message."""
    flat = " ".join(text.split())
    return flat if len(flat) <= limit else flat[: limit - 1] + "…"


IN_PUZZLE = msg("lesson_in_puzzle", "Puzzle {n}")
IN_GAME = msg("lesson_in_game", "Game {n}")
IN_PUZZLE_TITLED = msg("lesson_in_puzzle_titled", 'Puzzle {n} "{title}"')
IN_GAME_TITLED = msg("lesson_in_game_titled", 'Game {n} "{title}"')
AT_MOVE = msg("lesson_at_move", "{where}, move {move}")
AT_MOVE_WRITTEN = msg("lesson_at_move_written", "{where}, move {move} ({written})")
LOCATED = msg("lesson_problem_located", "{where}: {problem}")


@dataclass(frozen=True)
class Problem:
    """One error or warning.

    `puzzle` is the 1-based position of the puzzle (JSON object or PGN game) in the
    import, None for a problem with the whole import. `move` is the 1-based position of
    the move in the puzzle's line; `move_text` is how that move was written (the UCI
    for JSON, "12... Nf6" for PGN). `unit` is "Puzzle" for JSON and "Game" for PGN.
    """

    message: Message | str  # given as a message; its English once made (the API says `said`)
    puzzle: int | None = None
    title: str = ""
    move: int | None = None
    move_text: str = ""
    unit: str = "Puzzle"
    said: Message = field(init=False, compare=False, repr=False)

    def __post_init__(self) -> None:
        given = self.message
        if not isinstance(given, Message):
            raise TypeError("a problem's words are a message (puzzlebook.messages.msg), not plain text")
        said = _sendable_message(given)
        object.__setattr__(self, "said", said)
        object.__setattr__(self, "message", str(said))
        for name in ("message", "title", "move_text"):
            object.__setattr__(self, name, _sendable(str(getattr(self, name))))

    @property
    def code(self) -> str:
        """The problem's stable name, the same in every language."""
        return self.said.code

    def place(self) -> Message | None:
        """Where the problem is, as a message ('Puzzle 3 "Win the queen", move 2 (c6d4)'), or None
        for one about the whole import."""
        if self.puzzle is None:
            return None
        game = self.unit == "Game"
        if self.title:
            head = (IN_GAME_TITLED if game else IN_PUZZLE_TITLED)(n=self.puzzle, title=shorten(self.title))
        else:
            head = (IN_GAME if game else IN_PUZZLE)(n=self.puzzle)
        if self.move is None:
            return head
        if game and self.move_text:
            return AT_MOVE(where=head, move=self.move_text)
        if self.move_text:
            return AT_MOVE_WRITTEN(where=head, move=self.move, written=shorten(self.move_text, 20))
        return AT_MOVE(where=head, move=self.move)

    def where(self) -> str:
        """The location part: 'Puzzle 3 "Win the queen", move 2 (c6d4)', or '' for the import."""
        place = self.place()
        return "" if place is None else str(place)

    def whole(self) -> Message:
        """The whole problem as a message: where it is, then what is wrong."""
        place = self.place()
        return self.said if place is None else LOCATED(where=place, problem=self.said)

    @property
    def text(self) -> str:
        """The whole message as a teacher reads it."""
        return str(self.whole())

    def __str__(self) -> str:
        return self.text

    def as_dict(self) -> dict[str, Any]:
        """Plain data for the API: the location fields, the message and the full text."""
        return {
            "puzzle": self.puzzle,
            "title": self.title,
            "move": self.move,
            "move_text": self.move_text,
            "message": self.message,
            "text": self.text,
            "code": self.code,
        }


class Collector:
    """Gathers errors and warnings about one puzzle, filling in where they are."""

    def __init__(self, puzzle: int | None, title: str = "", unit: str = "Puzzle") -> None:
        self.puzzle = puzzle
        self.title = title
        self.unit = unit
        self.errors: list[Problem] = []
        self.warnings: list[Problem] = []

    def _make(self, message: Message, move: int | None, move_text: str) -> Problem:
        return Problem(message, self.puzzle, self.title, move, move_text, self.unit)

    def error(self, message: Message, move: int | None = None, move_text: str = "") -> None:
        """Record an error (the import cannot be stored)."""
        self.errors.append(self._make(message, move, move_text))

    def warn(self, message: Message, move: int | None = None, move_text: str = "") -> None:
        """Record a warning (the import can be stored; something may not be what was meant)."""
        self.warnings.append(self._make(message, move, move_text))
