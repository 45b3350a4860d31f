"""Chain's request and response bodies: each request model is the one description of its body (what
the route accepts, what the document says, and the plain words of each refusal)."""

from __future__ import annotations

import datetime as dt
from typing import Any, Literal

from pydantic import BaseModel, Field

from functions.models import Day, Request, Row, Seconds
from functions.plays import Offline, Resume, TicketText
from puzzlebook.chain.results import Solve

MAX_COUNT = 9999  # undos, resets: the board's sort key holds their sum (service/games/chain/keys.py)
MAX_TILES = 6


class ChainDay(Request):
    """A request about one Chain day."""

    date: Day

    @property
    def day(self) -> dt.date:
        """The date, a real one (Day checked it)."""
        return dt.date.fromisoformat(self.date)


class ChainSolve(ChainDay):
    """A solved Chain: hand indices in the order played, the time, and undos and resets."""

    tiles: list[int] = Field(max_length=MAX_TILES, examples=[[2, 0, 4]])
    seconds: Seconds
    undos: int = Field(ge=0, le=MAX_COUNT)
    resets: int = Field(ge=0, le=MAX_COUNT)
    ticket: TicketText = None
    offline: Offline = False

    def solve(self, *, offline: bool = False) -> Solve:
        """The solve as the rules take it (puzzlebook.chain.results); `offline`: it came without a ticket."""
        return Solve(self.date, list(self.tiles), self.seconds, self.undos, self.resets, offline)


class ChainGiveup(ChainDay):
    """Giving up a Chain day (its walkthrough opens)."""

    ticket: TicketText = None
    offline: Offline = False


class ChainPlay(ChainDay):
    """Opening a Chain day: the play ticket its solve or give-up carries."""

    resume: Resume = None



class ChainPosted(BaseModel):
    """A Chain solve or give-up taken. already: an earlier result stands (kept: which); place and streak
    for a solve posted on its own day. offline: it came without a ticket, so it counts for you alone
    (in your tallies and streak, on no board)."""

    ok: Literal[True] = True
    already: bool
    kept: Literal["solve", "giveup"] | None = None
    clean: bool | None = None
    daily: str | None = None
    # Where it stands on the board's latest snapshot (docs/api.md, "A post's place"): `place` exact, or
    # near when `about`; `top`: the per cent of the board it is among when the place isn't known
    # within 1%; all empty while the board has no snapshot yet.
    place: int | None = None
    about: bool = False
    top: int | None = None
    streak: int | None = None
    # The missed days within that streak a streak freeze forgave (docs/ratings.md, "Streak freezes").
    freezes_used: int | None = None
    offline: bool = False


class ChainPuzzle(BaseModel):
    """A day's public puzzle, as its file daily/chain/<date>.json holds it (nothing of its answer)."""

    date: str
    level: str
    start: int
    target: int
    moves: int
    hand: list[dict[str, Any]]


class Walkthrough(BaseModel):
    """How the day is solved, as the generator wrote it (summary, steps, orders, spares), each spare's
    `like` (puzzlebook/chain/walkthrough.py, `lookalike`) with it."""

    date: str
    solution: list[int]
    walkthrough: dict[str, Any]


class ChainDailyRow(Row):
    undos: int
    resets: int
    seconds: int
    clean: bool


class ChainDailyBoard(BaseModel):
    date: str
    rows: list[ChainDailyRow]
    mine: ChainDailyRow | None = None
    published: str | None = None
    open_until: str | None = Field(
        default=None,
        description="While the date is still someone's somewhere: when it ends everywhere (its midnight at "
                    "UTC-12, ISO 8601 UTC), until which the board takes results. Null once it is final.",
    )


class MyChainResult(BaseModel):
    """Your own result for a Chain day, as the server keeps it: `kept` a solve or a give-up, or null
    when you have none; a solve's `played` (hand indices in the order played), seconds, undos, resets
    and whether it was clean; whether it went on the day's board, and when it was posted. `streak`
    and `freezes_used`: your Chain streak as it stands today. A page on any device shows a signed-in
    player's day from this (docs/site.md, "The same day on every device")."""

    date: str
    kept: Literal["solve", "giveup"] | None = None
    # The tiles as played (a word of its own: "tiles" is a stored day's secret, tests/test_no_leaks.py).
    played: list[int] | None = None
    seconds: int | None = None
    undos: int | None = None
    resets: int | None = None
    clean: bool | None = None
    on_board: bool = False
    offline: bool = False
    posted: str | None = None
    streak: int
    freezes_used: int
