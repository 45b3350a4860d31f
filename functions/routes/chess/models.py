"""Chess Puzzles' request and answer bodies.

Each request model is the one source of its body's shape (the OpenAPI document publishes it) and
of the words a player reads when a body is refused (functions/words.py): each field's type says
both. The checks are of form only; whether the puzzle exists, the time is believable and the moves
solve is puzzlebook.chess.checks'. Fields beyond those named are ignored, so an older server
accepts a newer browser's posts.
"""

from __future__ import annotations

from typing import Annotated, Any, ClassVar, Literal

from pydantic import AfterValidator, BaseModel, ConfigDict, Field, RootModel, ValidationError, model_validator
from pydantic.functional_validators import ModelWrapValidatorHandler

from functions.models import MAX_SECONDS, Row, Seconds
from functions.plays import Offline, Resume, TicketText
from functions.words import Refused, Says, Worded, first_words, object_with, plain
from puzzlebook.chess.bands import BANDS
from puzzlebook.messages import Message, msg
from puzzlebook.patterns import UCI, whole_text

PUZZLE_ID = r"[0-9A-Za-z]{5}"  # a Lichess puzzle id
MAX_MOVES = 8
MAX_COUNT = 500

# What a player is told when a band isn't one of these (a request's field, a board's query).
BAND_WORDS = msg("not_a_band", "The band must be one of {bands}.")(bands=", ".join(BANDS))
PUZZLE_ID_WORDS = msg("not_a_puzzle_id", "The puzzle id must be five letters or digits, as on Lichess.")
MISS_MOVES_EMPTY = msg("miss_moves_empty", "A wrong-move miss must include the moves up to the wrong one.")
COUNT_RANGE = msg("count_out_of_range", "The number of {field} must be from 0 to {most}.")
COUNT_WHOLE = msg("count_not_whole", "The number of {field} must be a whole number.")
TIME_RANGE = msg("time_out_of_range", "The time must be from 1 to {most} seconds.")
TIME_WHOLE = msg("time_not_whole", "The time must be a whole number of seconds.")
NO_MOVES = msg("moves_empty", "The moves must include at least one move.")
BAD_MOVE = msg("move_not_uci",
               "Move {number} isn't a move written as from-square and to-square, such as e2e4 or e7e8q.")
TOO_MANY_MOVES = msg("too_many_moves", "A puzzle has at most {most} moves to post, not {count}.")
MOVES_NOT_LIST = msg("moves_not_list", "The moves must be a list of moves such as e2e4.")


def _a_band(value: str) -> str:
    if value not in BANDS:
        raise ValueError(str(BAND_WORDS))
    return value


def _count_words(refused: Refused) -> Message:
    if refused.kind in ("greater_than_equal", "less_than_equal"):
        return COUNT_RANGE(field=refused.field, most=MAX_COUNT)
    return COUNT_WHOLE(field=refused.field)


def _seconds_words(refused: Refused) -> Message:
    if refused.kind in ("greater_than_equal", "less_than_equal"):
        return TIME_RANGE(most=f"{MAX_SECONDS:,}")
    return TIME_WHOLE


def _moves_words(too_few: Message = NO_MOVES) -> Says:
    """The words for a list of moves; `too_few`: for an empty list (or none, where moves are needed)."""

    def words(refused: Refused) -> Message:
        if refused.at:
            return BAD_MOVE(number=int(refused.at[0]) + 1)
        if refused.kind == "too_long":
            return TOO_MANY_MOVES(most=MAX_MOVES, count=len(refused.value))
        if refused.kind in ("too_short", "missing"):
            return too_few
        return MOVES_NOT_LIST

    return Says(words)


PuzzleId = Annotated[
    str,
    Field(pattern=whole_text(PUZZLE_ID), examples=["00sHx"]),
    Says(PUZZLE_ID_WORDS),
]
Band = Annotated[
    str, Field(json_schema_extra={"enum": list(BANDS)}), AfterValidator(_a_band), Says(BAND_WORDS)
]
Uci = Annotated[str, Field(pattern=whole_text(UCI), examples=["e2e4"])]
Count = Annotated[int, Field(ge=0, le=MAX_COUNT), Says(_count_words)]
SolveSeconds = Annotated[Seconds, Says(_seconds_words)]
HOW_WORDS = msg("miss_how", 'How the puzzle was missed must be "wrong" or "gave-up".')


class ChessSolve(Worded):
    """A solved puzzle: the solver's moves only, and the game's own counts."""

    REQUIRED: ClassVar[tuple[str, ...]] = ("id", "band", "moves", "mistakes", "hints", "seconds")

    id: PuzzleId
    band: Band
    moves: Annotated[list[Uci], _moves_words()] = Field(min_length=1, max_length=MAX_MOVES)
    mistakes: Count
    hints: Count
    seconds: SolveSeconds
    ticket: TicketText = None
    offline: Offline = False


class WrongMove(Worded):
    """A puzzle gone wrong at a move: the moves up to and including the wrong one."""

    id: PuzzleId
    band: Band
    how: Annotated[Literal["wrong"], Says(HOW_WORDS)]
    moves: Annotated[
        list[Uci],
        _moves_words(MISS_MOVES_EMPTY),
    ] = Field(min_length=1, max_length=MAX_MOVES)
    ticket: TicketText = None
    offline: Offline = False


class GaveUp(Worded):
    """Show solution: the moves played before it, if any."""

    id: PuzzleId
    band: Band
    how: Annotated[Literal["gave-up"], Says(HOW_WORDS)]
    moves: Annotated[list[Uci], _moves_words()] = Field(default_factory=list, max_length=MAX_MOVES)
    ticket: TicketText = None
    offline: Offline = False


class ChessMiss(RootModel[WrongMove | GaveUp]):
    """A miss, told apart by `how`: a wrong move carries its moves, a give-up may carry none."""

    REQUIRED: ClassVar[tuple[str, ...]] = ("id", "band", "how")
    # Built at its first use, as every request body (functions/models.py, `Request`).
    model_config = ConfigDict(defer_build=True)

    @model_validator(mode="wrap")
    @classmethod
    def _in_words(cls, data: Any, handler: ModelWrapValidatorHandler[ChessMiss]) -> ChessMiss:
        if isinstance(data, cls):
            return handler(data)
        checked = object_with(data, cls.REQUIRED)
        # Checked as the kind `how` names; any other `how` is refused by WrongMove's own words, after
        # the id and band (the fields' order), as by every other field.
        kind = GaveUp if checked["how"] == "gave-up" else WrongMove
        try:
            return handler(kind.model_validate(checked))
        except ValidationError as exc:
            raise plain(first_words(kind, exc.errors(), checked)) from None


# ---- answers -------------------------------------------------------------------------


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
    board, for a daily posted on its day. offline: it came without a ticket, so it counts for you alone
    (unrated, on no board)."""

    ok: Literal[True] = True
    already: bool
    rated: bool
    clean: bool | None = None
    mistakes: int | None = None
    rating: RatingChange | None = None
    daily: str | None = None
    # Where it stands on the board's latest snapshot (docs/api.md, "A post's place"): `place` exact, or
    # near when `about`; `top`: the per cent of the board it is among when the place isn't known
    # within 1%; all empty while the board has no snapshot yet.
    place: int | None = None
    about: bool = False
    top: int | None = None
    # The daily streak after a daily solved on its own day, and the missed days within it a streak
    # freeze forgave (docs/ratings.md, "Streak freezes").
    streak: int | None = None
    freezes_used: int | None = None
    offline: bool = False


class ChessPlay(Worded):
    """Opening a puzzle: which one (a rated chess puzzle: a daily or an Endless one)."""

    REQUIRED: ClassVar[tuple[str, ...]] = ("id", "band")

    id: PuzzleId
    band: Band
    resume: Resume = None


class DailyPick(BaseModel):
    """One band's daily; `row` is the puzzle as the bundle's shards hold it: [id, fen, moves (UCI,
    space-separated), rating, themes (space-separated)] and, when the bundle knows it, the source
    game ("<Lichess game id>#<ply>"); null when the bundle no longer has it."""

    band: str
    id: str
    rating: int
    row: tuple[str, str, str, int, str] | tuple[str, str, str, int, str, str] | None


class ChessDay(BaseModel):
    """A day's chess dailies, as the day's public file daily/chess/<date>.json holds them."""

    date: str
    bundle: int
    dailies: list[DailyPick]


class ChessDailyRow(Row):
    mistakes: int
    hints: int
    seconds: int
    clean: bool


class CleanRow(Row):
    clean: int


class ChessDailyBoard(BaseModel):
    """A day's board for one band. mine: the caller's row when they have a place (even past the top 100)."""

    date: str
    band: str
    rows: list[ChessDailyRow]
    mine: ChessDailyRow | None = None
    published: str | None = None
    open_until: str | None = Field(
        default=None,
        description="While the date is still someone's somewhere: when it ends everywhere (its midnight at "
                    "UTC-12, ISO 8601 UTC), until which the board takes results. Null once it is final.",
    )


class AlltimeBoard(BaseModel):
    band: str | None
    rows: list[CleanRow]
    mine: CleanRow | None = None
    published: str | None = None


# ---- the dashboard and the history (GET /api/me/dashboard, /api/me/history) -------------------


class ThemeFigures(BaseModel):
    """One theme over the span: puzzles played, solved first try (and the whole per cent, rounded
    half up: puzzlebook.chess.dashboard.percent), and the performance (Lichess's: docs/ratings.md,
    "The dashboard")."""

    theme: str
    played: int
    first: int
    first_rate: int
    performance: int


class RatingPoint(BaseModel):
    """The player's rating (whole points) after the last rated result of a day."""

    day: str
    rating: int


class Dashboard(BaseModel):
    """The dashboard of the `days` days from `from` to `to` (site days, both included): puzzles played,
    solved first try, the performance over all (null: none played); every theme played at least five
    times, weakest first; the weakest (at most 8) and strongest (at most 8); the rating by day."""

    days: int
    from_: str = Field(alias="from")
    to: str
    played: int
    first: int
    first_rate: int | None
    performance: int | None
    themes: list[ThemeFigures]
    weak: list[ThemeFigures]
    strong: list[ThemeFigures]
    ratings: list[RatingPoint]

    model_config = {"populate_by_name": True, "serialize_by_alias": True}


class HistoryLine(BaseModel):
    """A puzzle played: its id, band, Lichess rating and themes; the first result as the player reads
    it (clean, help: solved with a hint, mistake: solved after a mistake, missed: a wrong move not
    solved since, shown: Show solution); the site day and UTC stamp it was posted; the player's
    rating before and after it and the change (null when not rated)."""

    id: str
    band: str
    rating: int
    themes: list[str]
    result: Literal["clean", "help", "mistake", "missed", "shown"]
    day: str
    posted: str
    before: int | None
    after: int | None
    change: int | None


class HistoryPage(BaseModel):
    """A page of the history, newest first; `next`: the cursor of the next page (null: none)."""

    lines: list[HistoryLine]
    next: str | None


class MySolve(BaseModel):
    """Your kept solve of a daily: your moves, mistakes, hints, time, whether it was clean, whether it
    went on the day's board, whether it came offline, and when it was posted."""

    moves: list[str]
    mistakes: int
    hints: int
    seconds: int
    clean: bool
    on_board: bool
    offline: bool
    posted: str


class MyMiss(BaseModel):
    """Your kept miss of a daily: how (a wrong move, or Show solution), your moves up to and
    including the wrong one, whether it came offline, and when it was posted."""

    how: Literal["wrong", "gave-up"]
    moves: list[str]
    offline: bool
    posted: str


class MyDaily(BaseModel):
    """One band's daily of the day and what you have kept of it (each null when none). Both may be
    there: a miss first (the first result, the rated one), then a solve after it."""

    band: str
    id: str
    solve: MySolve | None = None
    miss: MyMiss | None = None


class MyChessDay(BaseModel):
    """Your own results for a day's chess dailies, whatever device they came from, and your daily
    streak as it stands today (`freezes_used` within it). A page on any device shows a signed-in
    player's day from this (docs/site.md, "The same day on every device")."""

    date: str
    dailies: list[MyDaily]
    streak: int
    freezes_used: int
