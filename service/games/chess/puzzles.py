"""What Chess Puzzles keeps for an app's life, as its part of the app's Context: the bundle (opened on
first use; Storm plays its puzzles too, and what is made of the bundle is kept with it:
`Bundle.derived`), a puzzle by band and id, and each day's dailies, picked and kept if the nightly
hasn't yet (today's), read from the store once per app once complete (service/kept.py: kept dailies
never change), and the stats panel's span of them.

    puzzles = puzzles_of(ctx)
    puzzles.puzzle("Medium", "aB3dE"), puzzles.dailies(ctx.today()), puzzles.bundle.version
                                         # dailies: {band: puzzle id}, a complete day's made once
    puzzles.kept(day)                    # a day's kept dailies, by band name
    puzzles.kept_id("2026-12-01", "Easy")  # the puzzle kept as that daily, or None
    puzzles.span(first, last)            # every kept daily of a span, by date

Each read of a kept daily is of the site-wide DAILY#chess partition, a shared key at 100 M daily
players (docs/store.md, "Boards at scale"): a chess daily board's signed-in views name the caller's
solve by the day's kept daily, and every stats panel reads its span's, so an app reads each once.
"""

from __future__ import annotations

import datetime as dt
import threading
from collections.abc import Mapping
from typing import TYPE_CHECKING

from service.context import Context
from service.kept import DayMemo

if TYPE_CHECKING:
    from puzzlebook.chess.puzzle import Puzzle
    from puzzlebook.chess.shards import Bundle
    from service.games.chess.records import KeptDaily


class ChessPuzzles:
    """The chess bundle and dailies of one app (`ctx`)."""

    def __init__(self, ctx: Context) -> None:
        self.ctx = ctx
        self._bundle: Bundle | None = None
        self._lock = threading.Lock()
        self._kept = DayMemo[list["KeptDaily"]]()
        self._by_band = DayMemo[Mapping[str, str]]()
        self._span: tuple[str, str, list[KeptDaily]] | None = None

    @property
    def bundle(self) -> Bundle:
        """The chess bundle (settings.shards), opened on first use."""
        if self._bundle is None:
            from puzzlebook.chess.shards import Bundle

            with self._lock:
                if self._bundle is None:
                    self._bundle = Bundle(self.ctx.settings.shards)
        return self._bundle

    def puzzle(self, band: str, puzzle_id: str) -> Puzzle | None:
        """The puzzle `puzzle_id` of `band` in the bundle, or None."""
        from puzzlebook.chess.puzzle import Puzzle

        row = self.bundle.row(band, puzzle_id)
        return Puzzle.from_row(row, band) if row else None

    def dailies(self, day: dt.date) -> Mapping[str, str]:
        """{band: puzzle id} of `day`'s chess dailies, picking and keeping them if the nightly hasn't.
        A complete day's is made once and kept with its dailies (every chess result asks for it)."""
        key = day.isoformat()
        known = self._by_band.known(key)
        if known is not None:
            return known
        found = self.kept(day, keep=True)
        by_band = {d.band: d.id for d in found}
        if self._kept.known(key) is found:  # complete: kept, so it won't change
            self._by_band.put(key, by_band)
        return by_band

    def kept(self, day: dt.date, *, keep: bool = False) -> list[KeptDaily]:
        """The chess dailies of `day`, by band name; with `keep`, picked and kept now if they weren't
        (today's, should the nightly not have run). Complete, they are read from the store no more."""
        from puzzlebook.chess.daily import bands_of
        from service.games.chess.dailies import ensure_dailies
        from service.games.chess.records import ChessRecords

        key = day.isoformat()
        known = self._kept.known(key)
        if known is not None:
            return known
        if keep:
            found = ensure_dailies(self.ctx.store, self.ctx.settings, self.bundle, day)
        else:
            found = ChessRecords(self.ctx.store).dailies_on(key)
        if found and {d.band for d in found} >= set(bands_of(day, self.ctx.settings.site_key)):
            self._kept.put(key, found)
        return found

    def kept_id(self, day: str, band: str) -> str | None:
        """The puzzle kept as `band`'s daily on `day` (YYYY-MM-DD), or None (none kept yet: asked of
        the store again next time)."""
        return next((d.id for d in self.kept(dt.date.fromisoformat(day)) if d.band == band), None)

    def span(self, first: str, last: str) -> list[KeptDaily]:
        """Every kept daily from `first` to `last` (inclusive), by date: one query, and none while the
        same span is asked for again once its last day is kept (it won't change)."""
        from service.games.chess.records import ChessRecords

        held = self._span
        if held is not None and held[:2] == (first, last):
            return held[2]
        dailies = ChessRecords(self.ctx.store).kept_dailies(first, last)
        if any(d.day == last for d in dailies):
            self._span = (first, last, dailies)
        return dailies


def puzzles_of(ctx: Context) -> ChessPuzzles:
    """The app's chess bundle and dailies."""
    return ctx.part(ChessPuzzles)
