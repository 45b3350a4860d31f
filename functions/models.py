"""The API's request and response bodies, as pydantic models: they are the OpenAPI document.

Requests are validated strictly (no "5" for 5, no 5.5 for 5; 5.0 is 5, as JSON Schema counts
it); unknown fields are ignored so an older server accepts a newer browser's posts. Each request
model is also what the OpenAPI document says, so it states exactly what is accepted. A game's own
bodies may live with its routes (functions/routes/chess/models.py), with their words for the player
(functions/words.py).
"""

from __future__ import annotations

from typing import Annotated, Any, Literal, get_args, get_origin

from pydantic import AfterValidator, BaseModel, ConfigDict, Field, model_validator
from pydantic_core import PydanticCustomError

from functions.errors import NOT_A_DATE, PLAIN
from puzzlebook.calendar import DATE_PATTERN, parse_day
from puzzlebook.languages import LANGUAGES
from puzzlebook.names import name_pattern
from puzzlebook.numbers import whole
from puzzlebook.patterns import whole_text


def whole_floats_as_ints(value: Any) -> Any:
    """40.0 as 40 (in a list or an object's values too): JSON Schema's "integer" is a value, however
    written (puzzlebook/numbers.py). Anything else is left for the strict model to judge."""
    # Only a float, a list or an object can change: every other value (most of a body's) goes back at once.
    if isinstance(value, float):
        number = whole(value)
        return value if number is None else number
    if isinstance(value, list):
        return [whole_floats_as_ints(item) for item in value]
    if isinstance(value, dict):
        return {key: whole_floats_as_ints(item) for key, item in value.items()}
    return value


# A real date, checked by puzzlebook.calendar.parse_day for its plain words (in a path by
# functions.bodies.day_from, in a body by `Day`); the document states the same rule as its pattern.
DATE_SCHEMA = {"pattern": whole_text(DATE_PATTERN)}


def _real_day(text: str) -> str:
    try:
        parse_day(text)
    except ValueError:
        raise PydanticCustomError(PLAIN, "{words}", {"words": NOT_A_DATE(text=repr(text))}) from None
    return text


Day = Annotated[str, Field(json_schema_extra=DATE_SCHEMA, examples=["2026-11-02"]), AfterValidator(_real_day)]
# The clock runs only while a puzzle is in view and in play, so a real solve takes minutes; a day of
# play time means a broken or doctored clock.
MAX_SECONDS = 86_400
Seconds = Annotated[int, Field(ge=1, le=MAX_SECONDS)]


class Request(BaseModel):
    """A request body: strict, unknown fields ignored, whole numbers however written. Each is the one
    description of its body: the route's dependency reads it (functions/deps.py, through
    functions.bodies.read_as), the document shows it, and its refusals are the plain words
    functions.errors.plain_words makes of its errors."""

    # Python's re for patterns: the published ones use a lookahead (puzzlebook/patterns.py).
    # Built at the first request that reads one (or the document), not at import: a cold start
    # builds only what it serves (docs/operations.md, "Cold start").
    model_config = ConfigDict(strict=True, extra="ignore", regex_engine="python-re", defer_build=True)

    @model_validator(mode="before")
    @classmethod
    def _whole_numbers(cls, data: Any) -> Any:
        # A whole number may be written 40 or 40.0: in the fields that may hold a number, once a body
        # (a field that can't refuses 40 and 40.0 alike, in the same words). The caller's dict is
        # left as it was.
        if not isinstance(data, dict):
            return data
        names = _NUMBER_FIELDS.get(cls)
        if names is None:
            names = _NUMBER_FIELDS[cls] = number_fields(cls)
        changed = None
        for name in names:
            value = data.get(name)
            if isinstance(value, (float, list, dict)):
                if changed is None:
                    changed = dict(data)
                changed[name] = whole_floats_as_ints(value)
        return data if changed is None else changed


# Each request model's fields that may hold a number, found at its first body.
_NUMBER_FIELDS: dict[type[BaseModel], tuple[str, ...]] = {}
# What holds no number, however nested: a number sent for it is refused as it stands.
_NO_NUMBER = (str, bool, type(None))


def number_fields(model: type[BaseModel]) -> tuple[str, ...]:
    """The names of `model`'s fields whose type may hold a number anywhere inside it (an int, a float,
    Any, a list of them...): every field but those made only of text, booleans, None, text literals
    and models (which see to their own fields)."""

    def may_hold_a_number(shape: Any) -> bool:
        origin = get_origin(shape)
        if origin is Literal:
            return not all(isinstance(choice, _NO_NUMBER) for choice in get_args(shape))
        if origin is Annotated:
            return may_hold_a_number(get_args(shape)[0])
        if origin is not None:  # a list, a dict, a union: what it holds (anything, when it doesn't say)
            held = get_args(shape)
            return not held or any(may_hold_a_number(arg) for arg in held)
        if shape in _NO_NUMBER:
            return False
        return not (isinstance(shape, type) and issubclass(shape, BaseModel))

    return tuple(name for name, field in model.model_fields.items() if may_hold_a_number(field.annotation))


class NewPlayer(Request):
    """A display name (checked by puzzlebook.names, whose rule the pattern states)."""

    name: str = Field(
        json_schema_extra={"pattern": name_pattern()},
        examples=["Ada"],
        description="Trimmed of whitespace at both ends, 1–24 characters, none of them control, "
        "formatting, private-use or separator characters, and no space but the plain one.",
    )


class Rename(NewPlayer):
    """The new display name."""


class LanguageChoice(Request):
    """The language to keep as yours: one of the site's codes (checked by the route, which names
    them: 422 for a code the site hasn't)."""

    language: str = Field(
        examples=["es"],
        description="One of the site's language codes: "
        + ", ".join(language.code for language in LANGUAGES) + ".",
    )




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
    """A daily streak as it stands today: its length, the best, and its freezes (docs/ratings.md,
    "Streak freezes"): the missed days it has used one for, and those it still holds."""

    current: int
    best: int
    freezes_used: int = 0
    freezes_held: int = 0


class StatsDay(BaseModel):
    """A day's result in a daily game: `clean`, `help` (solved with hints, undos or resets),
    `mistake` (chess: solved after a wrong move), `missed` (chess: a wrong move not solved since;
    Chain: given up) or `shown` (chess: Show solution first); a solve's seconds and (Chain) undos,
    null otherwise."""

    day: str
    result: Literal["clean", "help", "mistake", "missed", "shown"]
    seconds: int | None = None
    undos: int | None = None


class DailyStats(BaseModel):
    """Your own days of a daily game from `since` to `today` (the site day), one result a day, oldest
    first, and your streak (its best too): what the game's stats panel counts, merged with the
    browser's own records (docs/site.md, "Stats")."""

    game: str
    since: str
    today: str
    days: list[StatsDay]
    streak: StreakInfo


class ChessTally(BaseModel):
    """Your chess puzzles' first results: solved (cleanly, `clean`), and by the names the site gives
    them: solved after a mistake, missed (a wrong move not solved since), solution shown."""

    solved: int
    clean: int
    missed: int
    after_mistake: int = 0
    shown: int = 0


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
    language: str | None = Field(
        description="The language you chose to keep (a code of the site's), or null: none chosen yet.",
        examples=["es"],
    )


class LanguageKept(BaseModel):
    """The language kept as yours."""

    language: str = Field(examples=["es"])


class Row(BaseModel):
    """A board's row. In `rows` the place is exact; the caller's own row (`mine`) is placed on the
    board's snapshot: exact, or near when `about`; `top`, the per cent of the board it is among, when
    the place isn't known within 1%; place and top null while the board has no snapshot yet."""

    place: int | None
    name: str
    you: bool
    about: bool = False
    top: int | None = None


class RatingRow(Row):
    rating: int
    rd: int
    provisional: bool


class StreakRow(Row):
    streak: int
    freezes_used: int = 0


class RatingsBoard(BaseModel):
    game: str
    rows: list[RatingRow]
    mine: RatingRow | None = None
    published: str | None = None


class StreaksBoard(BaseModel):
    game: str
    today: str
    rows: list[StreakRow]
    mine: StreakRow | None = None
    published: str | None = None


class Health(BaseModel):
    """Healthy: the bundle's version and the last stored Chain day (tomorrow or later)."""

    ok: Literal[True] = True
    bundle: int
    last_chain_day: str
    today: str


class Deleted(BaseModel):
    ok: Literal[True] = True


def build_request_models() -> int:
    """Build every model of ours still waiting for its first use (request bodies: `Request`'s
    defer_build) now; the SnapStart hook calls it, so no restored instance pays it at a first
    request. How many were built."""
    built, waiting = 0, list(BaseModel.__subclasses__())
    while waiting:
        model = waiting.pop()
        waiting.extend(model.__subclasses__())
        ours = model.__module__.startswith("functions.")
        if ours and not model.__pydantic_complete__ and model.model_rebuild() is not None:
            built += 1
    return built
