"""The API's request and response bodies, as pydantic models: they are the OpenAPI document.

Requests are validated strictly (no "5" for 5, no 5.0 for 5); unknown fields
are ignored so an older server accepts a newer browser's posts. The chess
bodies are checked by puzzlebook.chess.shapes (its messages are the ones a
player sees); their models here describe the same shape for the document.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from puzzlebook.chess.shapes import MAX_COUNT, MAX_MOVES, MAX_SECONDS

Band = Literal["Beginner", "Easy", "Medium", "Hard", "Expert"]
Uci = Annotated[str, Field(pattern=r"^[a-h][1-8][a-h][1-8][qrbn]?$", examples=["e2e4"])]
Day = Annotated[str, Field(pattern=r"^\d{4}-\d{2}-\d{2}$", examples=["2026-11-02"])]
PuzzleId = Annotated[str, Field(pattern=r"^[0-9A-Za-z]{5}$", examples=["00sHx"])]
Count = Annotated[int, Field(ge=0, le=MAX_COUNT)]
Seconds = Annotated[int, Field(ge=1, le=MAX_SECONDS)]
CHAIN_MAX_COUNT = 9999


class Request(BaseModel):
    model_config = ConfigDict(strict=True, extra="ignore")


class NewPlayer(Request):
    """A display name: 1–24 printable characters once trimmed."""

    name: str = Field(
        min_length=1,
        max_length=64,
        pattern=r"\S",
        examples=["Ada"],
        description="Trimmed, it must be 1–24 printable characters (no control or invisible ones).",
    )


class Rename(NewPlayer):
    """The new display name."""


class ChessSolve(Request):
    """A solved puzzle: the solver's moves only, and the game's own counts."""

    id: PuzzleId
    band: Band
    moves: list[Uci] = Field(min_length=1, max_length=MAX_MOVES)
    mistakes: Count
    hints: Count
    seconds: Seconds


class ChessMiss(Request):
    """A puzzle gone wrong: the first wrong move (moves up to it) or Show solution (no moves)."""

    id: PuzzleId
    band: Band
    how: Literal["wrong", "gave-up"]
    moves: list[Uci] = Field(default_factory=list, max_length=MAX_MOVES)


class ChainSolve(Request):
    """A solved Chain: hand indices in the order played, the time, and undos and resets."""

    date: Day
    tiles: list[int] = Field(max_length=6, examples=[[2, 0, 4]])
    seconds: Seconds
    undos: int = Field(ge=0, le=CHAIN_MAX_COUNT)
    resets: int = Field(ge=0, le=CHAIN_MAX_COUNT)


class ChainGiveup(Request):
    """Giving up a Chain day (its walkthrough opens)."""

    date: Day


# ---- responses -----------------------------------------------------------------------


class PlayerCreated(BaseModel):
    """A new player. Keep the token: it's the only way back in (see docs/api.md, the sign-in link)."""

    id: str
    name: str
    token: str


class RatingInfo(BaseModel):
    rating: int
    rd: int
    provisional: bool
    games: int


class StreakInfo(BaseModel):
    current: int
    best: int


class ChessTally(BaseModel):
    solved: int
    clean: int
    missed: int


class ChainTally(BaseModel):
    solved: int
    clean: int
    gave_up: int


class Me(BaseModel):
    """The account page: the seed's account line, ratings with RD, and streaks per game."""

    id: str
    name: str
    created: str
    line: str = Field(examples=["12 puzzles solved, 9 cleanly · 3-day daily streak"])
    chain_line: str = Field(examples=["5 Chains solved, 4 cleanly · 2-day Chain streak"])
    ratings: dict[str, RatingInfo | None]
    streaks: dict[str, StreakInfo]
    chess: ChessTally
    chain: ChainTally


class RatingChange(BaseModel):
    """The rating before and after this result (whole points), the RD after, provisional after."""

    before: int
    after: int
    change: int
    rd: int
    provisional: bool


class ChessPosted(BaseModel):
    """A solve or miss taken. already: an earlier result for this puzzle stands and this one wasn't kept.
    rating: the change, when this result was rated (the first result for the puzzle). place: on today's
    board, for a daily posted on its day."""

    ok: Literal[True] = True
    already: bool
    rated: bool
    clean: bool | None = None
    mistakes: int | None = None
    rating: RatingChange | None = None
    daily: str | None = None
    place: int | None = None


class ChainPosted(BaseModel):
    """A Chain solve or give-up taken. already: an earlier result stands (kept: which); place and streak
    for a solve posted on its own day."""

    ok: Literal[True] = True
    already: bool
    kept: Literal["solve", "giveup"] | None = None
    clean: bool | None = None
    daily: str | None = None
    place: int | None = None
    streak: int | None = None


class Walkthrough(BaseModel):
    """How the day is solved, as the generator wrote it (summary, steps, orders, spares)."""

    date: str
    solution: list[int]
    walkthrough: dict[str, Any]


class Row(BaseModel):
    place: int
    name: str
    you: bool


class ChessDailyRow(Row):
    mistakes: int
    hints: int
    seconds: int
    clean: bool


class ChainDailyRow(Row):
    undos: int
    resets: int
    seconds: int
    clean: bool


class CleanRow(Row):
    clean: int


class RatingRow(Row):
    rating: int
    rd: int
    provisional: bool


class StreakRow(Row):
    streak: int


class ChessDailyBoard(BaseModel):
    """A day's board for one band. mine: the caller's row when they have a place (even past the top 100)."""

    date: str
    band: str
    rows: list[ChessDailyRow]
    mine: ChessDailyRow | None = None


class ChainDailyBoard(BaseModel):
    date: str
    rows: list[ChainDailyRow]
    mine: ChainDailyRow | None = None


class AlltimeBoard(BaseModel):
    band: str | None
    rows: list[CleanRow]
    mine: CleanRow | None = None


class RatingsBoard(BaseModel):
    game: str
    rows: list[RatingRow]
    mine: RatingRow | None = None


class StreaksBoard(BaseModel):
    game: str
    today: str
    rows: list[StreakRow]
    mine: StreakRow | None = None


class Health(BaseModel):
    """Healthy: the bundle's version and the last stored Chain day (tomorrow or later)."""

    ok: Literal[True] = True
    bundle: int
    last_chain_day: str
    today: str


class Deleted(BaseModel):
    ok: Literal[True] = True
