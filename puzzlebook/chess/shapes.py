"""The shape checks of the Chess Puzzles API's request bodies.

Each check raises ShapeError with a message a player can read (the API sends
it back as ``{"error": message}``). They check the form only: whether the
puzzle exists, the moves are right and the time believable is for the API and
the referee (``referee.solves``, ``referee.needs_referee``, ``referee.min_seconds``).
Fields a body carries beyond those named are ignored, so an older server
accepts a newer browser's posts.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, Literal

from puzzlebook.chess.bands import BANDS
from puzzlebook.numbers import whole

ID_RE = re.compile(r"[0-9A-Za-z]{5}")
UCI_RE = re.compile(r"[a-h][1-8][a-h][1-8][qrbn]?")
MAX_MOVES = 8
MAX_COUNT = 500
# The clock runs only while the puzzle is in view and in play, so a real
# solve takes minutes; a day of play time means a broken or doctored clock.
MAX_SECONDS = 86_400
HOWS = ("wrong", "gave-up")


class ShapeError(ValueError):
    """A request body that isn't shaped as the API expects; str(error) says what was wrong."""


@dataclass(frozen=True, slots=True)
class SolveRequest:
    """A posted solve: the puzzle, the solver's moves, and the game's own counts."""

    id: str
    band: str
    moves: list[str]
    mistakes: int
    hints: int
    seconds: int


@dataclass(frozen=True, slots=True)
class MissRequest:
    """A posted miss: the puzzle, how it went wrong, and the moves up to the wrong one."""

    id: str
    band: str
    how: Literal["wrong", "gave-up"]
    moves: list[str]


def puzzle_id(value: object) -> str:
    """`value` as a Lichess puzzle id (five letters or digits), or ShapeError."""
    if not isinstance(value, str) or not ID_RE.fullmatch(value):
        raise ShapeError("The puzzle id must be five letters or digits, as on Lichess.")
    return value


def band(value: object) -> str:
    """`value` as one of the five band names, or ShapeError."""
    if not isinstance(value, str) or value not in BANDS:
        raise ShapeError(f"The band must be one of {', '.join(BANDS)}.")
    return value


def moves(value: object, *, least: Literal[0, 1] = 1) -> list[str]:
    """`value` as a list of `least` (0 or 1) to eight UCI moves (``e2e4``, ``e7e8q``), or ShapeError."""
    if not isinstance(value, list):
        raise ShapeError("The moves must be a list of moves such as e2e4.")
    if len(value) < least:
        raise ShapeError("The moves must include at least one move.")
    if len(value) > MAX_MOVES:
        raise ShapeError(f"A puzzle has at most {MAX_MOVES} moves to post, not {len(value)}.")
    for k, move in enumerate(value, start=1):
        if not isinstance(move, str) or not UCI_RE.fullmatch(move):
            raise ShapeError(
                f"Move {k} isn't a move written as from-square and to-square, such as e2e4 or e7e8q."
            )
    return list(value)


def count(value: object, name: str) -> int:
    """`value` as a whole number from 0 to 500 (3 or 3.0, not 3.5, "3" or true), or ShapeError naming it."""
    number = whole(value)
    if number is None:
        raise ShapeError(f"The number of {name} must be a whole number.")
    if not 0 <= number <= MAX_COUNT:
        raise ShapeError(f"The number of {name} must be from 0 to {MAX_COUNT}.")
    return number


def seconds(value: object) -> int:
    """`value` as whole seconds, one to a day (86,400), or ShapeError."""
    number = whole(value)
    if number is None:
        raise ShapeError("The time must be a whole number of seconds.")
    if not 1 <= number <= MAX_SECONDS:
        raise ShapeError(f"The time must be from 1 to {MAX_SECONDS:,} seconds.")
    return number


def how(value: object) -> Literal["wrong", "gave-up"]:
    """`value` as how a puzzle was missed, 'wrong' or 'gave-up', or ShapeError."""
    if value not in HOWS:
        raise ShapeError("How the puzzle was missed must be \"wrong\" or \"gave-up\".")
    return value  # type: ignore[return-value]  # checked against HOWS


def _body(body: object, required: tuple[str, ...]) -> dict[str, Any]:
    if not isinstance(body, dict):
        raise ShapeError("The request must be a JSON object.")
    missing = [name for name in required if name not in body]
    if missing:
        raise ShapeError(f"The request is missing {', '.join(missing)}.")
    return body


def solve_request(body: object) -> SolveRequest:
    """A solve body ``{id, band, moves, mistakes, hints, seconds}`` checked field by field.

    Raises ShapeError at the first field out of shape, naming it in plain words.
    """
    data = _body(body, ("id", "band", "moves", "mistakes", "hints", "seconds"))
    return SolveRequest(
        id=puzzle_id(data["id"]),
        band=band(data["band"]),
        moves=moves(data["moves"]),
        mistakes=count(data["mistakes"], "mistakes"),
        hints=count(data["hints"], "hints"),
        seconds=seconds(data["seconds"]),
    )


def miss_request(body: object) -> MissRequest:
    """A miss body ``{id, band, how, moves}`` checked field by field.

    ``moves`` may be left out when ``how`` is "gave-up" (Show solution needs
    no moves); a "wrong" miss carries one to eight moves, the last the wrong one.
    """
    data = _body(body, ("id", "band", "how"))
    pid, name, kind = puzzle_id(data["id"]), band(data["band"]), how(data["how"])
    posted = data.get("moves", [])
    if kind == "wrong" and isinstance(posted, list) and not posted:
        raise ShapeError("A wrong-move miss must include the moves up to the wrong one.")
    return MissRequest(id=pid, band=name, how=kind, moves=moves(posted, least=0))
