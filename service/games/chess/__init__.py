"""Chess Puzzles' part of the service layer: its dailies kept ahead (the nightly: through the date it
stages), and its daily files (each day's JSON, and for the last days asked for, the home page's card
of the day: home.py)."""

from __future__ import annotations

import datetime as dt
from collections import defaultdict
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, ClassVar

from puzzlebook.chess.bands import BANDS
from puzzlebook.chess.daily import EPOCH, bands_of
from puzzlebook.daily_stats import DayResult
from service.encoding import json_bytes
from service.games.chess import keys as CK
from service.games.chess.dailies import fill_dailies, keep_dailies
from service.games.chess.puzzles import puzzles_of
from service.games.chess.records import ChessRecords, KeptDaily, daily_entry_of
from service.games.chess.votes import PuzzleVotes
from service.games.hooks import GameHooks, NightlyRun
from service.settings import Settings
from service.store.base import Store
from service.store.records import Board

if TYPE_CHECKING:
    from puzzlebook.chess.shards import Bundle
    from puzzlebook.places import BoardEntry
    from puzzlebook.streaks import Streak
    from service.context import Context
    from service.store.boards import BoardSpec

KEY = "chess"
# The home page's card is published for the last days of a run of daily files: a page asks for its
# player's own date's, and up to three dates are someone's at once (docs/ratings.md, "Whose day"),
# so the nightly's run (the date before those in play, to the next to begin) has a card for each;
# the archive reads the JSON.
CARD_DAYS = 4


def path(day: str) -> str:
    return f"daily/chess/{day}.json"


def day_file(day: str, kept: list[KeptDaily], bundle: Bundle) -> dict[str, Any]:
    """A day's public file: {date, bundle, dailies: [{band, id, rating, row}]}, bands easiest first (the
    file daily/chess/<date>.json, and GET /api/chess/daily/<date> before the file is out).

    `row` is the puzzle's row as the bundle's shards publish it ([id, fen, moves, rating, themes]), so
    a daily opens from the day's file alone, without the bundle's index and a shard (two round trips
    on a phone: docs/site.md, "The first board"); null for a puzzle the bundle no longer holds.
    """
    order = list(BANDS)

    def entry(d: KeptDaily) -> dict[str, Any]:
        row = bundle.row(d.band, d.id)
        return {"band": d.band, "id": d.id, "rating": d.rating, "row": None if row is None else list(row)}

    dailies = [entry(d) for d in sorted(kept, key=lambda d: order.index(d.band))]
    return {"date": day, "bundle": bundle.version, "dailies": dailies}


class ChessHooks(GameHooks):
    """Chess Puzzles' hooks: its dailies kept ahead, its daily files and home card, its
    streak and ratings boards."""

    key = KEY
    item_prefixes = CK.ITEM_PREFIXES
    board_prefixes = CK.BOARDS
    board_paths: ClassVar[Mapping[str, str]] = {
        "chess/daily": CK.DAILY_BOARD_PATH,
        "chess/alltime": "/boards/chess/alltime",
        "chess/ratings": "/boards/ratings/chess",
        "chess/streaks": "/boards/streaks/chess",
    }

    def nightly(self, run: NightlyRun) -> None:
        """Keep every day's dailies from EPOCH through `run.through` (tomorrow, or the next date to
        begin: the first pick stands), and make the puzzles' vote tallies (service/games/chess/votes.py)."""
        run.report.game(KEY).kept = len(fill_dailies(run.store, run.settings, run.bundle, EPOCH, run.through))
        PuzzleVotes(run.store).refresh_view(run.now)  # the tallies per puzzle: a view made nightly

    def keep_through(
        self, store: Store, settings: Settings, bundle: Bundle, last: dt.date, since: dt.date | None = None
    ) -> int:
        """Keep every day's dailies from EPOCH (or `since`) through `last`; how many it picked now."""
        return keep_dailies(store, settings, bundle, max(EPOCH, since or EPOCH), last)[1]

    def missing_ahead(self, store: Store, settings: Settings, today: dt.date, through: dt.date) -> bool:
        kept = {d.day for d in ChessRecords(store).kept_dailies(today.isoformat(), through.isoformat())}
        return any((today + dt.timedelta(days=k)).isoformat() not in kept
                   for k in range(1, (through - today).days + 1))

    def daily_files(self, store: Store, bundle: Bundle, first: str | None, last: str) -> dict[str, bytes]:
        """`day_file` for each day with dailies kept from `first` to `last`, and the home card of the last
        CARD_DAYS."""
        by_day: dict[str, list[KeptDaily]] = defaultdict(list)
        for kept in ChessRecords(store).kept_dailies(first, last):
            by_day[kept.day].append(kept)
        from service.games.chess import home  # python-chess, the picture: only where the files are made

        cards_from = (dt.date.fromisoformat(last) - dt.timedelta(days=CARD_DAYS - 1)).isoformat()
        files = {}
        for day, kept_list in by_day.items():
            body = day_file(day, kept_list, bundle)
            files[path(day)] = json_bytes(body)
            if day >= cards_from:
                files[home.path(day)] = home.daily_card(day, body["dailies"], bundle).encode("utf-8")
        return files

    def published(self, store: Store, last: str) -> list[str]:
        return sorted({d.day for d in ChessRecords(store).kept_dailies(None, last)})

    def streak(self, store: Store, pid: str) -> Streak:
        return ChessRecords(store).stats(pid).streak

    def daily_results(self, ctx: Context, pid: str, first: dt.date, last: dt.date) -> list[DayResult]:
        span = puzzles_of(ctx).span(first.isoformat(), last.isoformat())
        return ChessRecords(ctx.store).daily_results(pid, span)

    def streak_board(self, store: Store, today: dt.date, me: str | None) -> Board:
        return ChessRecords(store).streak_board(today, me)

    def ratings_board(self, store: Store, me: str | None) -> Board:
        return ChessRecords(store).ratings_board(KEY, me=me)

    def daily_entry(self, pid: str, item: dict[str, Any]) -> BoardEntry | None:
        return daily_entry_of(pid, item)

    def board_bands(self, board: str, day: dt.date | None, settings: Settings) -> tuple[str | None, ...]:
        """The daily board in each band the day had (one, since 2026-10-20); all time over all bands
        and in each; the others without a band."""
        if board == "chess/daily":
            return tuple(bands_of(day, settings.site_key)) if day is not None and day >= EPOCH else ()
        if board == "chess/alltime":
            return (None, *BANDS)
        return (None,)

    def board_spec(
        self, ctx: Context, board: str, day: str | None, band: str | None, me: str | None, today: dt.date
    ) -> BoardSpec | None:
        records = ChessRecords(ctx.store)
        if board == "chess/daily":
            if not (day and band):
                return None
            return records.daily_spec(day, band, me, puzzles_of(ctx).kept_id(day, band) if me else None)
        if board == "chess/alltime":
            return records.alltime_spec(band, me)
        if band is not None:
            return None
        if board == "chess/ratings":
            return records.ratings_spec(KEY, me)
        if board == "chess/streaks":
            return records.streak_spec(today, me)
        return None
