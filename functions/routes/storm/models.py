"""Storm's request and answer bodies.

The request model is the one source of its body's shape and of the words a refused body is told
(functions/words.py). The checks are of form only; whether the moves are legal, the clock held
and the ticket is this run's is puzzlebook.storm.results' and puzzlebook.tickets'. The client's
own score is no field here: the server works it out from the moves.
"""

from __future__ import annotations

from typing import Annotated, ClassVar

from pydantic import BaseModel, Field

from functions.models import MAX_SECONDS, Day, Row
from functions.words import Refused, Says, Worded
from puzzlebook.patterns import UCI, whole_text
from puzzlebook.storm.run import RUN_LENGTH
from puzzlebook.tickets import MAX_TEXT

MAX_MOVES = 8  # a puzzle's solver moves: the bundle's longest line has three


def _moves_words(refused: Refused) -> str:
    if len(refused.at) >= 2:
        return (
            f"Move {int(refused.at[1]) + 1} of puzzle {int(refused.at[0]) + 1} isn't a move written as "
            "from-square and to-square, such as e2e4 or e7e8q."
        )
    if len(refused.at) == 1 and refused.kind == "too_long":
        return f"A puzzle has at most {MAX_MOVES} moves to post."
    if refused.kind == "too_long":
        return f"A run has at most {RUN_LENGTH} puzzles, not {len(refused.value)}."
    return "The moves must be a list with each puzzle's moves, such as [[\"e2e4\"], [\"g1f3\", \"d1h5\"]]."


def _seconds_words(refused: Refused) -> str:
    if refused.kind in ("greater_than_equal", "less_than_equal"):
        return f"The time must be from 0 to {MAX_SECONDS:,} seconds."
    return "The time must be a whole number of seconds."


Uci = Annotated[str, Field(pattern=whole_text(UCI), examples=["e2e4"])]
PuzzleMoves = Annotated[list[Uci], Field(max_length=MAX_MOVES)]


class StormRun(Worded):
    """A Storm run: its day, its play ticket (from POST /api/storm/runs), the solver's moves of each
    puzzle attempted in order (the last may be unfinished), and the run's whole seconds from its
    start to its end."""

    REQUIRED: ClassVar[tuple[str, ...]] = ("date", "ticket", "moves", "seconds")

    date: Annotated[Day, Says("The date must be a real date written YYYY-MM-DD.")]
    ticket: Annotated[
        str,
        Field(min_length=1, max_length=MAX_TEXT),
        Says("The play ticket must be the text the run started with."),
    ]
    moves: Annotated[list[PuzzleMoves], Field(max_length=RUN_LENGTH), Says(_moves_words)]
    seconds: Annotated[int, Field(ge=0, le=MAX_SECONDS), Says(_seconds_words)]


class StormDay(BaseModel):
    """A day's Storm run, as the day's public file daily/storm/<date>.json holds it: its puzzles in
    order, each as the bundle's shards hold it, less its themes: [id, fen, moves (UCI,
    space-separated), rating]."""

    date: str
    bundle: int
    puzzles: list[tuple[str, str, str, int]]


class StormStart(BaseModel):
    """A run started: the day, its ticket (post it back with the run), when it was issued (ms since
    the epoch, the server's clock) and whether it is ranked (the player's first run of the day)."""

    date: str
    ticket: str
    issued: int
    ranked: bool


class StormResult(BaseModel):
    """A run as the server scored it (docs/storm.md)."""

    date: str
    score: int
    highest: int | None
    combo_best: int
    mistakes: int
    attempted: int
    seconds: int
    length: int = Field(description="The seconds the run's clock gave: 3:00, plus bonuses, less penalties.")


class StormPosted(BaseModel):
    """What a posted run came to. ranked: the player's first run of its day (kept, on the board);
    already: that run was kept before (a retry), and `result` is what was kept; place: on the day's
    board."""

    ok: bool = True
    ranked: bool
    already: bool
    result: StormResult
    # Where it stands on the board's latest snapshot (docs/api.md, "A post's place"): `place` exact, or
    # near when `about`; `top`: the per cent of the board it is among when the place isn't known
    # within 1%; all empty while the board has no snapshot yet.
    place: int | None = None
    about: bool = False
    top: int | None = None
    # On the day's board: ranked, and from an account old enough for the boards (docs/ratings.md),
    # so a place left empty means the board had no snapshot yet, not that the run isn't on it.
    boarded: bool = False


class StormRow(Row):
    score: int
    highest: int | None
    seconds: int
    date: str


class StormBoard(BaseModel):
    """A Storm board (a day's, or each player's best). mine: the caller's row when they have a place."""

    date: str | None = None
    rows: list[StormRow]
    mine: StormRow | None = None
    published: str | None = None


class StormMine(BaseModel):
    """The player's best ranked run and their ranked runs, newest first."""

    best: StormResult | None
    runs: list[StormResult]
