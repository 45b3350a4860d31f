"""What a game's part of the service layer offers the generic jobs: one class, `GameHooks`, whose
methods are the hooks, each with what a game that needs nothing there does.

A game subclasses it in service/games/<key>/__init__.py and overrides the hooks it needs (in the
manner of python-chess's variants: one base class, a subclass per variant, listed once), and
service/games/registry.py lists one instance per game. mypy checks every override against the
signature here; tests/test_games.py checks that a game the registry marks `daily`, `streak` or
`rating` overrides the hooks those need.

    nightly            keep the game's days ahead (the nightly fill, service/nightly.py)
    missing_ahead      whether the days `make serve` needs are missing, so the fill must run first
    keep_through       keep what the game publishes up to a day (the site build, before daily_files)
    daily_files        a daily game's public files from one day to another, and
    published          every date it published up to a day (daily/index.json)
    health             why the API isn't healthy for this game (e.g. tomorrow isn't stored)
    streak             a streak game's: a player's streak,
    streak_board       its streak board, and
    daily_results      a player's result of each daily in a span, one a day (the stats panel)
    ratings_board      a rated game's ratings board
    board_bands        the bands each of its boards is published in (on a day)
    board_spec         how the store reads one of its boards (the snapshots: service/boards/)
    daily_entry        a player's result of a day as its dated board ranks it (friends' and clubs'
                       boards: service/social/)
    forget_player      remove what the game keeps of a player outside their own partition

This module imports no game and nothing that imports games, so a game importing it (and the
nightly job's `NightlyRun`) closes no cycle (tests/test_architecture.py looks for any).
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar

from puzzlebook.calendar import next_to_begin
from puzzlebook.daily_stats import DayResult
from service.settings import Settings
from service.store.base import Store
from service.store.records import Board

if TYPE_CHECKING:
    from puzzlebook.chess.shards import Bundle
    from puzzlebook.places import BoardEntry
    from puzzlebook.streaks import Streak
    from service.context import Context
    from service.store.boards import BoardSpec


@dataclass
class GameFill:
    """What the fill did for one game: days stored, days that failed (by failure code), slots kept."""

    stored: list[str] = field(default_factory=list)
    failed: dict[str, str] = field(default_factory=dict)
    kept: int = 0


@dataclass
class FillReport:
    """What one fill did: per game, then the files written and the windows pruned."""

    today: str
    games: dict[str, GameFill] = field(default_factory=dict)
    published: list[str] = field(default_factory=list)
    unstaged: list[str] = field(default_factory=list)  # daily games whose tomorrow's file wasn't written
    pruned: int = 0

    def game(self, key: str) -> GameFill:
        """The figures of game `key` (made on first use)."""
        return self.games.setdefault(key, GameFill())

    def summary(self) -> str:
        parts = []
        for key, done in self.games.items():
            failed = ", ".join(f"{d} ({c})" for d, c in sorted(done.failed.items())) or "none"
            stored, kept = len(done.stored), done.kept
            parts.append(f"{key}: stored {stored} day(s), kept {kept} slot(s), failed: {failed}")
        games = "; ".join(parts) or "nothing to keep"
        staged = f"; tomorrow NOT staged for {', '.join(self.unstaged)}" if self.unstaged else ""
        return f"site day {self.today}: {games}; wrote {len(self.published)} file(s){staged}"


@dataclass(frozen=True)
class NightlyRun:
    """What a game's nightly hook works with; it adds its figures to `report.game(key)`."""

    store: Store
    settings: Settings
    bundle: Bundle
    today: dt.date
    now: dt.datetime
    ahead: int
    report: FillReport

    @property
    def through(self) -> dt.date:
        """The last date a game keeping its days one by one keeps tonight (`kept_through`)."""
        return kept_through(self.today, self.now)


def kept_through(today: dt.date, now: dt.datetime) -> dt.date:
    """The last date the nightly keeps at `now`, the site day being `today`: the site day's tomorrow,
    or the next date to begin anywhere when that is later (puzzlebook.calendar.next_to_begin), as it
    is from 10:00 UTC with the site's zone at UTC, so at the nightly's own hour (23:00): the nightly
    stages that date's files (service.publish), which begins at UTC+14 before the next run, and they
    are made of what is kept."""
    return max(today + dt.timedelta(days=1), next_to_begin(now))


class GameHooks:
    """A game's service hooks; `key` is its key in puzzlebook.games. Every hook does nothing here
    (or has nothing to say), except those only a game marked for them in the registry is asked for
    (`daily_files`, `published`, `streak`, `streak_board`, `ratings_board`): those refuse.

    `item_prefixes`: the sort-key prefixes of the items it keeps under a player (from its keys.py;
    no two games share one: tests/test_games.py checks). `board_paths`: where the API serves each
    of its boards (board id: path under /api, "{date}" where a dated board takes its day), which
    the browser's copy of the registry carries (sitebuild/games_js.py). `board_prefixes`: the
    partition-key prefixes of its boards' own index partitions, by index (from its keys.py; the
    ratings and streak boards every game shares are service/store/keys.py's), which
    `python -m ops.shard_boards` looks for."""

    key: ClassVar[str]
    item_prefixes: ClassVar[tuple[str, ...]] = ()
    board_paths: ClassVar[Mapping[str, str]] = {}
    board_prefixes: ClassVar[tuple[tuple[int, str], ...]] = ()

    def nightly(self, run: NightlyRun) -> None:
        """Keep the game's days ahead, as far as it needs (`run.ahead` days for a game that makes its
        days), adding its figures to `run.report.game(key)`."""

    def missing_ahead(self, store: Store, settings: Settings, today: dt.date, through: dt.date) -> bool:
        """Whether the days `make serve` needs are missing, so the fill must run before serving: those
        it publishes from `today`, and those it stages ahead through `through` (`kept_through`)."""
        return False

    def keep_through(
        self, store: Store, settings: Settings, bundle: Bundle, last: dt.date, since: dt.date | None = None
    ) -> int:
        """Keep what the game publishes up to `last` (the site build never picks a day itself: it
        calls this, the nightly job's own code, before `daily_files`), from `since` when given (the
        days before it are known kept: the build's record of its last build, sitebuild/dailies.py);
        how many picks it made now (0 when the store held every one: a day's pick runs once, when
        the day is kept)."""
        return 0

    def daily_files(self, store: Store, bundle: Bundle, first: str | None, last: str) -> dict[str, bytes]:
        """The game's public daily files, {path under the site: bytes}, of the days from `first`
        (None: the start) to `last`."""
        raise NotImplementedError(f"{self.key} publishes no daily files")

    def published(self, store: Store, last: str) -> list[str]:
        """Every date the game published up to `last`, ascending (for daily/index.json)."""
        raise NotImplementedError(f"{self.key} publishes no daily files")

    def health(self, store: Store, today: dt.date) -> str | None:
        """Why the API isn't healthy for this game, in words an operator acts on; None when it is."""
        return None

    def streak(self, store: Store, pid: str) -> Streak:
        """The player's daily streak in this game."""
        raise NotImplementedError(f"{self.key} keeps no streak")

    def daily_results(self, ctx: Context, pid: str, first: dt.date, last: dt.date) -> list[DayResult]:
        """The player's result of each daily from `first` to `last` they played, one a day, by day (the
        stats panel: docs/site.md, "Stats"); a read of their own items and the kept dailies only (an
        app's, `ctx`: what the game keeps for the app's life is its part)."""
        raise NotImplementedError(f"{self.key} keeps no streak")

    def streak_board(self, store: Store, today: dt.date, me: str | None) -> Board:
        """The game's streak board on `today`, with `me`'s row."""
        raise NotImplementedError(f"{self.key} keeps no streak")

    def ratings_board(self, store: Store, me: str | None) -> Board:
        """The game's ratings board, with `me`'s row."""
        raise NotImplementedError(f"{self.key} keeps no rating")

    def board_bands(self, board: str, day: dt.date | None, settings: Settings) -> tuple[str | None, ...]:
        """The bands board `board` (an id of the game's `boards` in the registry) is published in on
        `day` (None for a board without days): None for the board without a band."""
        return (None,)

    def board_spec(
        self, ctx: Context, board: str, day: str | None, band: str | None, me: str | None, today: dt.date
    ) -> BoardSpec | None:
        """How the store (`ctx.store`) reads board `board` of `day` in `band` (`today`: the site day,
        for a board that depends on it, such as a streak board), with `me`'s own item; None for a board
        or band the game doesn't have. `ctx`: the app's or the publisher's, whose parts the game may
        read (the chess daily's kept puzzle, to name `me`'s item)."""
        return None

    def daily_entry(self, pid: str, item: dict[str, Any]) -> BoardEntry | None:
        """`pid`'s result of a day (`item`: the one the spec of the game's dated board names as theirs,
        `board_spec(..., me=pid)`'s `mine`) as that board ranks it: the board's snapshot path, the rank
        key and the row, whether or not the account is old enough for the public boards yet
        (puzzlebook.standing); None for a result the board never counts (offline, a practice run, a
        give-up, an archive daily). What a friends' or a club's board shows of it (service/social/)."""
        return None

    def forget_player(self, store: Store, pid: str) -> None:
        """Remove what the game keeps of `pid` outside their own partition (deleting the player
        removes that partition itself)."""
