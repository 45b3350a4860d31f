"""Leaderboards: the top 100 of each, plus the caller's own row when they have a place.

The ratings and streak boards are here, alike for every game the registry marks as rated or with
a streak (each game's service hooks read its own: service/games/<key>/); a game's own boards (its
daily board, say) are among its routes (functions/routes/<key>), built with the helpers below.

A token is optional here: with one, `mine` is the caller's row (also when it's
outside the top 100) and their rows say `you`. A token that matches no player
is ignored rather than refused, so a stale token never hides a board.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from typing import Annotated, Any

from fastapi import APIRouter, Path
from pydantic import BaseModel

from functions.auth import OPTIONAL_AUTH
from functions.bodies import errors, out_by
from functions.caching import BOARD, PRIVATE, cached
from functions.deps import Onlooker, OnlookerOf, Signed, signed_in
from functions.errors import ApiError
from functions.models import (
    DATE_SCHEMA,
    RatingRow,
    RatingsBoard,
    StreakRow,
    StreaksBoard,
)
from puzzlebook.calendar import open_until
from puzzlebook.games import rated_games, streak_games
from puzzlebook.messages import msg
from puzzlebook.places import BoardEntry
from service.boards.board import own_entry
from service.boards.live import board_at, live_dates
from service.boards.snapshot import Snapshots, place_fields
from service.context import Context
from service.store.records import Board, BoardRow

router = APIRouter(tags=["boards"])

STREAK_GAMES = tuple(game.key for game in streak_games())
RATED_GAMES = tuple(game.key for game in rated_games())
# A date in a path as the document states it (each route checks it itself, in its own words).
DatePath = Annotated[str, Path(json_schema_extra=DATE_SCHEMA, description="A date, YYYY-MM-DD.")]


NO_BOARD = msg("no_such_board", "There is no board at {board}.")
RATINGS_ONLY = msg("no_ratings_board", "There are ratings for {games} only, not {game}.")
STREAKS_ONLY = msg("no_streaks_board", "There are streaks for {games} only, not {game}.")
THAT_BOARD = msg("that_board", "That board")


def placed(ctx: Context, entry: BoardEntry | None, name: str) -> dict[str, Any]:
    """A result's place fields ({place, about, top}) for its `entry` on its board, found on the board's
    current snapshot (read through the site's files, kept per container at most 15 s:
    service/boards/snapshot.py), never by counting the board. Empty with no entry (not on a board) or
    no snapshot yet (not known yet: docs/api.md)."""
    if entry is None:
        return {}
    return ctx.part(Snapshots.of).placed(entry, name) or {}


# A row's fields that aren't the board's own columns.
_ROW_FIELDS = {"place", "name", "you", "about", "top"}


@dataclass(frozen=True, slots=True)
class Shown:
    """A board as answered from its snapshot: its rows, the caller's own row, and when it was published
    (None: no snapshot yet)."""

    rows: list[Any]
    mine: Any
    published: str | None
    open_until: str | None = None


def shown(onlooker: Onlooker, path: str, model: type[Any]) -> Shown:
    """The board whose snapshot is at snapshots/<path>.json, as rows of `model`: the top rows from the
    snapshot (read through the site's files, kept per container at most 15 s), and `mine` from the
    caller's own item (one read of their own partition) placed on it (puzzlebook.places.standing_in:
    exact, about, or the per cent of the board). A past day's board that has no snapshot (a day from
    before snapshots) is read from the store once per container and kept. 404 for no such board."""
    ctx = onlooker.ctx
    player = onlooker.player()
    live = board_at(ctx, path, ctx.today(), player.id if player else None)
    if live is None:
        raise ApiError(404, NO_BOARD(board=repr(path)))
    snapshots = ctx.part(Snapshots.of)
    snapshot = snapshots.get(live.path)
    day = dt.date.fromisoformat(live.date) if live.date is not None else None
    if snapshot is None and day is not None and day not in live_dates(ctx.now()) and day < ctx.today():
        snapshot = snapshots.past(live, lambda: ctx.store.read_board(live.spec))
    columns = [f for f in model.model_fields if f not in _ROW_FIELDS]
    mine, own = None, None
    if player is not None:
        own = own_entry(ctx.store, live)
        if own is not None:
            where = place_fields(snapshot, own.key, player.name)
            mine = model(name=player.name, you=True, **own.row, **where)
    rows = []
    for r in (snapshot or {}).get("rows") or []:
        you = own is not None and player is not None and r["key"] == own.key and r["name"] == player.name
        rows.append(model(place=r["place"], name=r["name"], you=you, **{c: r.get(c) for c in columns}))
    closes = open_until(day, ctx.now()) if day is not None else None
    return Shown(rows, mine, snapshot.get("published") if snapshot else None, closes)


def board_rows(board: Board, me: str | None, model: type[Any]) -> tuple[list[Any], Any]:
    def row(r: BoardRow) -> Any:
        return model(place=r.place, name=r.name, you=r.player_id == me, **r.detail)

    return [row(r) for r in board.rows], (row(board.mine) if board.mine else None)


@router.get(
    "/boards/ratings/{game}",
    openapi_extra=OPTIONAL_AUTH,
    response_model=RatingsBoard,
    responses=errors(404, 503),
    summary="Ratings, highest first; provisional ones (RD 110 or more) marked",
)
@cached(BOARD)
async def ratings(
    onlooker: OnlookerOf,
    game: Annotated[str, Path(json_schema_extra={"enum": list(RATED_GAMES)})],
) -> RatingsBoard:
    if game not in RATED_GAMES:
        raise ApiError(404, RATINGS_ONLY(games=", ".join(RATED_GAMES), game=repr(game)))
    board = shown(onlooker, f"ratings/{game}", RatingRow)
    return RatingsBoard(game=game, rows=board.rows, mine=board.mine, published=board.published)


@router.get(
    "/boards/streaks/{game}",
    openapi_extra=OPTIONAL_AUTH,
    response_model=StreaksBoard,
    responses=errors(404, 503),
    summary="Live daily streaks (a missed day forgiven by a streak freeze), longest first",
)
@cached(BOARD)
async def streaks(
    onlooker: OnlookerOf,
    game: Annotated[str, Path(json_schema_extra={"enum": list(STREAK_GAMES)})],
) -> StreaksBoard:
    ctx = onlooker.ctx
    if game not in STREAK_GAMES:
        raise ApiError(404, STREAKS_ONLY(games=", ".join(STREAK_GAMES), game=repr(game)))
    board = shown(onlooker, f"streaks/{game}", StreakRow)
    return StreaksBoard(game=game, today=ctx.today().isoformat(), rows=board.rows, mine=board.mine,
                        published=board.published)


class MyEntry(BaseModel):
    """The signed-in caller's own entry on one board: the board (its id, day and band), where its
    snapshot is (`snapshot`, a path on the site), and the caller's `key` (its rank key) and `row` (the
    board's columns of it); both null when they have no entry there. A page places it on the snapshot
    with puzzlebook.places' rule (site/static/js/boards/places.js, `standingIn`)."""

    board: str
    date: str | None
    band: str | None
    snapshot: str
    key: str | None
    row: dict[str, Any] | None


Viewer = Annotated[Signed, signed_in(msg("sign_in_for_place", "Sign in to see your own place on a board."))]


@router.get(
    "/me/entry/{board:path}",
    response_model=MyEntry,
    responses=errors(401, 404, 503),
    summary="Your own entry on one board (its rank key and row), to place on the board's snapshot",
)
@cached(PRIVATE)
async def my_entry(
    me: Viewer,
    board: Annotated[str, Path(description="The board's snapshot path after snapshots/, without .json: "
                                           "chess/daily/2026-12-02/Easy, chess/alltime, ratings/chess.")],
) -> MyEntry:
    ctx = me.ctx
    live = board_at(ctx, board, ctx.today(), me.player.id)
    if live is None:
        raise ApiError(404, NO_BOARD(board=repr(board)))
    if live.date is not None:
        out_by(dt.date.fromisoformat(live.date), ctx.now(), THAT_BOARD)
    entry = own_entry(ctx.store, live)
    return MyEntry(
        board=live.board, date=live.date, band=live.band, snapshot="/" + live.path,
        key=entry.key if entry else None, row=entry.row if entry else None,
    )
