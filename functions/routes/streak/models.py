"""Streak's request and answer bodies: its run (moves, the skip and seconds), its scored result, and
the shared shapes (functions/routes/daily_run/models.py) named as Streak's.

The request model is the one source of its body's shape and of the words a refused body is told
(functions/words.py). The checks are of form only; whether the moves are legal, the skip is
where a puzzle was open and the ticket is this run's is puzzlebook.streak.results' and
puzzlebook.tickets'.
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
from puzzlebook.streak.run import RUN_LENGTH

SKIP_WORDS = msg("streak_skip_out_of_range",
                 "The puzzle skipped must be null or its number in the run, from 1 to {most}.")(
    most=RUN_LENGTH)


class StreakRun(Worded):
    """A Streak run: its day, its play ticket (from POST /api/streak/runs), the solver's moves of each
    puzzle attempted in order (the last may be unfinished, or end with the wrong move that ended the
    run), the puzzle skipped (its number from 1, or null) and the run's whole seconds."""

    # The ticket isn't among them: a run without one is told why it can't count, in its own words.
    REQUIRED: ClassVar[tuple[str, ...]] = ("date", "moves", "seconds")

    date: RunDate
    ticket: Annotated[
        str, TICKET,
        Says(msg("streak_ticket_missing",
                 "A Streak run counts only with the play ticket it started with (POST /api/streak/runs).")),
    ]
    moves: Annotated[list[PuzzleMoves], Field(max_length=RUN_LENGTH), Says(moves_words(RUN_LENGTH))]
    skipped: Annotated[
        int | None,
        Field(ge=1, le=RUN_LENGTH, description="The number of the puzzle skipped (from 1); a run has one."),
        Says(SKIP_WORDS),
    ] = None
    seconds: Seconds


class StreakDay(RunDay):
    """A day's Streak run, as the day's public file daily/streak/<date>.json holds it: its puzzles in
    order, each as the bundle's shards hold it, less its themes: [id, fen, moves (UCI,
    space-separated), rating]."""


class StreakStart(RunStart):
    """A run started: the day, its ticket (post it back with the run), when it was issued (ms since
    the epoch, the server's clock) and whether it is ranked (the player's first run of the day)."""


class StreakResult(BaseModel):
    """A run as the server scored it (docs/streak.md)."""

    date: str
    score: int = Field(description="Puzzles solved.")
    highest: int | None = Field(description="The rating of the highest-rated puzzle solved.")
    attempted: int
    skipped: int | None = Field(description="The puzzle skipped (from 1), or null.")
    missed: int | None = Field(description="The puzzle whose wrong move ended the run (from 1), or null.")
    moves: int
    seconds: int


class StreakPosted(RunPosted[StreakResult]):
    """What a posted run came to. ranked: the player's first run of its day (kept, on the board);
    already: that run was kept before (a retry), and `result` is what was kept; place: on the day's
    board."""


class StreakRow(SolvedRow):
    pass


class StreakBoard(RunBoard[StreakRow]):
    """A Streak board (a day's, or each player's best). mine: the caller's row when they have a place."""


class StreakMine(RunMine[StreakResult]):
    """The player's best ranked run and their ranked runs, newest first."""
