"""A problem found in an import: where it is and what is wrong, in plain words."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

_SHORT = 60
_SURROGATE = re.compile("[\ud800-\udfff]")


def _sendable(text: str) -> str:
    """`text` with any unpaired surrogate (a JSON escape like \\ud800 quoted back from the
    import) shown as U+FFFD, so the problem itself can be sent as UTF-8."""
    return _SURROGATE.sub("\ufffd", text)


def shorten(text: str, limit: int = _SHORT) -> str:
    """`text` on one line and at most `limit` characters, for quoting inside a message."""
    flat = " ".join(text.split())
    return flat if len(flat) <= limit else flat[: limit - 1] + "…"


@dataclass(frozen=True)
class Problem:
    """One error or warning.

    `puzzle` is the 1-based position of the puzzle (JSON object or PGN game) in the
    import, None for a problem with the whole import. `move` is the 1-based position of
    the move in the puzzle's line; `move_text` is how that move was written (the UCI
    for JSON, "12... Nf6" for PGN). `unit` is "Puzzle" for JSON and "Game" for PGN.
    """

    message: str
    puzzle: int | None = None
    title: str = ""
    move: int | None = None
    move_text: str = ""
    unit: str = "Puzzle"

    def __post_init__(self) -> None:
        for name in ("message", "title", "move_text"):
            object.__setattr__(self, name, _sendable(getattr(self, name)))

    def where(self) -> str:
        """The location part: 'Puzzle 3 "Win the queen", move 2 (c6d4)', or '' for the import."""
        if self.puzzle is None:
            return ""
        head = f"{self.unit} {self.puzzle}"
        if self.title:
            head += f' "{shorten(self.title)}"'
        if self.move is not None:
            if self.unit == "Game" and self.move_text:
                head += f", move {self.move_text}"
            else:
                head += f", move {self.move}"
                if self.move_text:
                    head += f" ({shorten(self.move_text, 20)})"
        return head

    @property
    def text(self) -> str:
        """The whole message as a teacher reads it."""
        where = self.where()
        return f"{where}: {self.message}" if where else self.message

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
        }


class Collector:
    """Gathers errors and warnings about one puzzle, filling in where they are."""

    def __init__(self, puzzle: int | None, title: str = "", unit: str = "Puzzle") -> None:
        self.puzzle = puzzle
        self.title = title
        self.unit = unit
        self.errors: list[Problem] = []
        self.warnings: list[Problem] = []

    def _make(self, message: str, move: int | None, move_text: str) -> Problem:
        return Problem(message, self.puzzle, self.title, move, move_text, self.unit)

    def error(self, message: str, move: int | None = None, move_text: str = "") -> None:
        """Record an error (the import cannot be stored)."""
        self.errors.append(self._make(message, move, move_text))

    def warn(self, message: str, move: int | None = None, move_text: str = "") -> None:
        """Record a warning (the import can be stored; something may not be what was meant)."""
        self.warnings.append(self._make(message, move, move_text))
