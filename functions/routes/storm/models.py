"""Storm's request and answer bodies: its run (moves and seconds), its scored result, and the
shared shapes (functions/routes/daily_run/models.py) named as Storm's.

The request model is the one source of its body's shape and of the words a refused body is told
(functions/words.py). The checks are of form only; whether the moves are legal, the clock held
and the ticket is this run's is puzzlebook.storm.results' and puzzlebook.tickets'.
"""

from __future__ import annotations

from typing import Annotated, ClassVar

from pydantic import BaseModel, Field

from functions.routes.daily_run.models import (
    TICKET,
    PuzzleMoves,
    RunBoard,
    RunDate,
    RunDay,
    RunMine,
    RunPosted,
    RunStart,
    Seconds,
    SolvedRow,
    moves_words,
)
from functions.words import Says, Worded
from puzzlebook.messages import msg
from puzzlebook.storm.run import RUN_LENGTH

TICKET_WORDS = msg("storm_ticket_missing", "The play ticket must be the text the run started with.")

class StormRun(Worded):
    """A Storm run: its day, its play ticket (from POST /api/storm/runs), the solver's moves of each
    puzzle attempted in order (the last may be unfinished), and the run's whole seconds from its
    start to its end."""

    REQUIRED: ClassVar[tuple[str, ...]] = ("date", "ticket", "moves", "seconds")

    date: RunDate
    ticket: Annotated[str, TICKET, Says(TICKET_WORDS)]
    moves: Annotated[list[PuzzleMoves], Field(max_length=RUN_LENGTH), Says(moves_words(RUN_LENGTH))]
    seconds: Seconds


class StormDay(RunDay):
    """A day's Storm run, as the day's public file daily/storm/<date>.json holds it: its puzzles in
    order, each as the bundle's shards hold it, less its themes: [id, fen, moves (UCI,
    space-separated), rating]."""


class StormStart(RunStart):
    """A run started: the day, its ticket (post it back with the run), when it was issued (ms since
    the epoch, the server's clock) and whether it is ranked (the player's first run of the day)."""


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


class StormPosted(RunPosted[StormResult]):
    """What a posted run came to. ranked: the player's first run of its day (kept, on the board);
    already: that run was kept before (a retry), and `result` is what was kept; place: on the day's
    board."""


class StormRow(SolvedRow):
    pass


class StormBoard(RunBoard[StormRow]):
    """A Storm board (a day's, or each player's best). mine: the caller's row when they have a place."""


class StormMine(RunMine[StormResult]):
    """The player's best ranked run and their ranked runs, newest first."""
