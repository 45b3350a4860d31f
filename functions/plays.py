"""Play tickets over HTTP, for any game: the answer that issues one, the body fields a result
carries, the refusals, and the cap on rated results.

A game's routes use it in three places (chess and Chain do; docs/api.md, "Play tickets"):

- its plays route finds what is being opened (404/422 as the game's own), then answers
  `issue(ctx, player, game, target)`: a `PlayTicket`;
- its result bodies add the fields `ticket: TicketText = None` and `offline: Offline = False`
  (last, so a body's own fields are judged first);
- its result routes call the game's pure check step (`puzzlebook.tickets.admit`, through its
  `check_ticket`) inside `admitted(...)`, which turns a refusal into its answer, then hand the
  PlayCheck it gives to the records inside `refusing()`: they answer "closed" (409) when the ticket
  isn't the player's current play, and count a kept result against `RATED_PER_HOUR` in its own write
  (429 past it).
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Annotated

from fastapi import Query
from pydantic import BaseModel, Field

from functions.errors import NOT_A_DATE, ApiError
from functions.limits import HOUR, retry_in
from functions.models import DATE_SCHEMA
from functions.words import Says
from puzzlebook.calendar import EARLIEST_OFFSET, LATEST_OFFSET, NotADateHere, parse_day, players_date
from puzzlebook.messages import msg
from puzzlebook.rolling import Rolling
from puzzlebook.standing import established
from puzzlebook.tickets import MAX_TEXT, Ticket, TicketRefused, check, read, ticket_key
from service.context import Context
from service.plays import CapReached, PlayCheck, ms, open_play
from service.store.records import Player

# Rated results a player may post per game in any 60 minutes, counted by the minute (docs/ratings.md,
# "Rated, or only counted"): a rolling hour, so no turn of the clock hour lets a second allowance in.
RATED_PER_HOUR = 150
RATED_STEP = 60
RATED = Rolling(RATED_PER_HOUR, HOUR, RATED_STEP)  # the rule, made once (its cap: RATED.most)
CAPPED = msg("rated_results_capped",
             "That’s {most} rated results in an hour, more than anyone plays. {retry}")
DATE_AND_OFFSET = msg("date_and_offset_together",
                      "Send your date and your zone's offset together (date=YYYY-MM-DD&offset=minutes "
                      "east of UTC), or neither for the site's day.")
# A ticket's refusal by its reason: "closed" conflicts with a later play; the rest can never count.
STATUS = {"closed": 409}


class PlayTicket(BaseModel):
    """A play ticket: carry `ticket` back in the result (as `ticket`). `game`, `target` (the puzzle
    id, the date, ...), `issued` (ms since the epoch) and `date` (the player's own date it counts
    for) are what it says, for the client's own use."""

    ticket: str
    game: str
    target: str
    issued: int
    date: str


# The player's own date and zone, as a page sends them with each ticket request (docs/ratings.md,
# "Whose day"): both or neither (neither: the site day, in SITE_TZ).
PlayerDate = Annotated[
    str | None,
    Query(json_schema_extra=DATE_SCHEMA,
          description="Your own date now, YYYY-MM-DD, in your zone: the date this play counts for. "
                      "Give `offset` with it; without both, the site's day counts."),
]
PlayerOffset = Annotated[
    int | None,
    Query(ge=LATEST_OFFSET, le=EARLIEST_OFFSET,
          description="Your zone now, in minutes east of UTC (-720 to 840: UTC-12 to UTC+14)."),
]


@dataclass(frozen=True, slots=True)
class PlayersDay:
    """The date a play counts for, the player's own, and their zone's offset (minutes east of UTC)."""

    day: dt.date
    offset: int


def players_day(ctx: Context, date: str | None, offset: int | None) -> PlayersDay:
    """The player's own date and zone from a ticket request's `date` and `offset`: 422 saying what is
    wrong when they can't both be true now (puzzlebook.calendar.players_date), or only one is given.
    Neither: the site day, at SITE_TZ's offset now."""
    now = ctx.now()
    if date is None and offset is None:
        local = now.astimezone(ctx.settings.site_tz)
        return PlayersDay(local.date(), int(local.utcoffset().total_seconds()) // 60)  # type: ignore[union-attr]
    if date is None or offset is None:
        raise ApiError(422, DATE_AND_OFFSET)
    try:
        return PlayersDay(players_date(parse_day(date), offset, now), offset)
    except NotADateHere as exc:
        raise ApiError(422, exc.message) from None
    except ValueError:
        raise ApiError(422, NOT_A_DATE(text=repr(date))) from None


# The two fields a result body adds: the ticket its play was issued, or, for a result made without
# reaching the server, `offline: true` and no ticket (it counts for the player alone).
TicketText = Annotated[
    str | None,
    Field(max_length=MAX_TEXT, description="The play ticket issued as the puzzle opened (POST …/plays)."),
    Says(f"The play ticket must be the text the site issued (at most {MAX_TEXT} characters)."),
]
Offline = Annotated[
    bool,
    Field(
        description="True for a result made offline, with no ticket: kept in your own tallies and streak, "
        "but not rated and on no board."
    ),
    Says("offline must be true or false."),
]


Resume = Annotated[
    str | None,
    Field(
        max_length=MAX_TEXT,
        description="The ticket this puzzle was opened with before, when it is opened again part way: "
        "the new ticket carries over the time that play was your current one.",
    ),
    Says(f"The ticket to resume must be the text the site issued (at most {MAX_TEXT} characters)."),
]


def issue(ctx: Context, player: Player, game: str, target: str, when: PlayersDay,
          resume: str | None = None) -> PlayTicket:
    """Issue `player` a ticket for `target` in `game` on their own date `when`: now their current play
    of the game. `resume`:
    a ticket of theirs for the same puzzle, from opening it before (a puzzle left part way): the new
    ticket carries over the time that play was their current one, not the time since it was first
    opened (service.plays.open_play). A `resume` that isn't such a ticket is ignored (the new ticket
    opens now)."""
    taken_up = None
    if resume:
        try:
            taken_up = read(resume, key_of(ctx))
            check(taken_up, player=player.id, game=game, target=target, seconds=None, now=now_ms(ctx))
        except TicketRefused:
            taken_up = None
    issued = open_play(ctx.store, ctx.settings.site_key, player.id, game, target, ctx.now(), resume=taken_up,
                       day=when.day.isoformat(), offset=when.offset)
    return PlayTicket(ticket=issued.text, game=game, target=target, issued=issued.ticket.issued,
                      date=when.day.isoformat())


def counts_on(ctx: Context, play: Ticket | None) -> PlayersDay:
    """The date a result counts for: its ticket's (the player's own date as it opened), else (an
    offline result, or a ticket issued with no date) the site day now."""
    if play is not None and play.day:
        return PlayersDay(dt.date.fromisoformat(play.day), play.offset)
    return players_day(ctx, None, None)


def on_boards(ctx: Context, player: Player) -> bool:
    """Whether `player`'s results now go on the boards: an established account (puzzlebook.standing,
    `new_account_days` of the settings). Their results count for them either way."""
    return established(player.created, ctx.now(), ctx.settings.new_account_days)


def refused(exc: TicketRefused) -> ApiError:
    """The answer to a refused ticket: 409 for "closed", 422 for the rest, in the ticket's words,
    with the reason word in `X-Ticket-Refused` (the body stays {"error"})."""
    return ApiError(STATUS.get(exc.reason, 422), exc.message, {"X-Ticket-Refused": exc.reason})


def key_of(ctx: Context) -> bytes:
    """The key tickets are signed and checked with (derived from the site key)."""
    return ticket_key(ctx.settings.site_key)


def now_ms(ctx: Context) -> int:
    """The app's clock in ms since the epoch: what a ticket's claimed time is checked at."""
    return ms(ctx.now())


@contextmanager
def refusing() -> Iterator[None]:
    """Inside, a TicketRefused (the check step's, or the records' "closed") becomes its answer, and
    the records' CapReached its 429 with Retry-After."""
    try:
        yield
    except TicketRefused as exc:
        raise refused(exc) from None
    except CapReached as exc:
        raise ApiError(429, CAPPED(most=RATED.most, retry=retry_in(exc.wait)),
                       {"Retry-After": str(exc.wait)}) from None


def admitted(ctx: Context, player: Player, game: str, check: Callable[[], Ticket | None]) -> PlayCheck | None:
    """Run the game's ticket check (`check`, its pure check step); a refusal is answered. A result
    with a ticket is answered as the PlayCheck its records apply: they count it against the hourly
    cap in the result's own write, when it is kept (429 past the cap, through `refusing`); an offline
    one (None) is neither capped nor rated."""
    with refusing():
        ticket = check()
    if ticket is None:
        return None
    return PlayCheck(player.id, ticket, RATED, int(ctx.now().timestamp()))
