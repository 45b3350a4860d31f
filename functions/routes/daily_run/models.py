"""The bodies every run mode shares the shape of: the pieces of a posted run's request (its day,
ticket, moves, seconds, each with its words: functions/words.py) and the answers, generic in the
mode's scored result and board row. A mode names each (`class StormPosted(RunPosted[StormResult])`,
with its docstring) so the OpenAPI document has its own schema, in its own words.

The checks are of form only; whether the moves are legal, the run held and the ticket is this run's
is the mode's results module's (puzzlebook.<mode>.results) and puzzlebook.tickets'. The client's own
score is no field here: the server works it out from the moves.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Annotated, Generic, TypeVar

from pydantic import BaseModel, Field

from functions.models import MAX_SECONDS, Day, Row
from functions.words import Refused, Says
from puzzlebook.messages import Message, msg
from puzzlebook.patterns import UCI, whole_text
from puzzlebook.tickets import MAX_TEXT

MAX_MOVES = 8  # a puzzle's solver moves: the bundle's longest line has three


RUN_MOVE = msg("run_move_not_uci", "Move {move} of puzzle {puzzle} isn't a move written as from-square and "
               "to-square, such as e2e4 or e7e8q.")
PUZZLE_MOVES = msg("run_puzzle_too_many_moves", "A puzzle has at most {most} moves to post.")
RUN_TOO_LONG = msg("run_too_long", "A run has at most {most} puzzles, not {count}.")
RUN_MOVES_SHAPE = msg("run_moves_shape", "The moves must be a list with each puzzle's moves, such as "
                      '[["e2e4"], ["g1f3", "d1h5"]].')
TIME_RANGE = msg("run_time_out_of_range", "The time must be from 0 to {most} seconds.")
TIME_WHOLE = msg("time_not_whole", "The time must be a whole number of seconds.")


def moves_words(run_length: int) -> Callable[[Refused], Message]:
    """What a refused list of moves is told, for a run of `run_length` puzzles."""

    def words(refused: Refused) -> Message:
        if len(refused.at) >= 2:
            return RUN_MOVE(move=int(refused.at[1]) + 1, puzzle=int(refused.at[0]) + 1)
        if len(refused.at) == 1 and refused.kind == "too_long":
            return PUZZLE_MOVES(most=MAX_MOVES)
        if refused.kind == "too_long":
            return RUN_TOO_LONG(most=run_length, count=len(refused.value))
        return RUN_MOVES_SHAPE

    return words


def _seconds_words(refused: Refused) -> Message:
    if refused.kind in ("greater_than_equal", "less_than_equal"):
        return TIME_RANGE(most=f"{MAX_SECONDS:,}")
    return TIME_WHOLE


Uci = Annotated[str, Field(pattern=whole_text(UCI), examples=["e2e4"])]
PuzzleMoves = Annotated[list[Uci], Field(max_length=MAX_MOVES)]
RunDate = Annotated[Day, Says(msg("run_date_not_a_date", "The date must be a real date written YYYY-MM-DD."))]
TICKET = Field(min_length=1, max_length=MAX_TEXT)
Seconds = Annotated[int, Field(ge=0, le=MAX_SECONDS), Says(_seconds_words)]

ResultT = TypeVar("ResultT", bound=BaseModel)
RowT = TypeVar("RowT", bound=Row)


class RunDay(BaseModel):
    date: str
    bundle: int
    puzzles: list[tuple[str, str, str, int]]


class RunStart(BaseModel):
    date: str
    ticket: str
    issued: int
    ranked: bool


class RunPosted(BaseModel, Generic[ResultT]):
    ok: bool = True
    ranked: bool
    already: bool
    result: ResultT
    # Where it stands on the board's latest snapshot (docs/api.md, "A post's place"): `place` exact, or
    # near when `about`; `top`: the per cent of the board it is among when the place isn't known
    # within 1%; all empty while the board has no snapshot yet.
    place: int | None = None
    about: bool = False
    top: int | None = None
    # On the day's board: ranked, and from an account old enough for the boards (docs/ratings.md),
    # so a place left empty means the board had no snapshot yet, not that the run isn't on it.
    boarded: bool = False


# A row of a board ranked by solved (service/games/daily_run/mode.py, solved_columns).
class SolvedRow(Row):
    score: int
    highest: int | None
    seconds: int
    date: str


class RunBoard(BaseModel, Generic[RowT]):
    date: str | None = None
    rows: list[RowT]
    mine: RowT | None = None
    published: str | None = None
    open_until: str | None = Field(
        default=None,
        description="While the date is still someone's somewhere: when it ends everywhere (its midnight at "
                    "UTC-12, ISO 8601 UTC), until which the board takes results. Null once it is final.",
    )


class RunMine(BaseModel, Generic[ResultT]):
    best: ResultT | None
    runs: list[ResultT]
