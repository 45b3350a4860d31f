"""What Chess Puzzles keeps for an app's life, as its part of the app's Context: the bundle (opened on
first use; Storm plays its puzzles too), a puzzle by band and id, and each day's dailies, picked and
kept if the nightly hasn't yet, remembered once complete.

    puzzles = puzzles_of(ctx)
    puzzles.puzzle("Medium", "aB3dE"), puzzles.dailies(ctx.today()), puzzles.bundle.version
"""

from __future__ import annotations

import datetime as dt
import threading
from typing import TYPE_CHECKING

from service.context import Context

if TYPE_CHECKING:
    from puzzlebook.chess.puzzle import Puzzle
    from puzzlebook.chess.shards import Bundle

# Only today and yesterday matter; the memo of days' dailies is kept this small.
DAYS_REMEMBERED = 8


class ChessPuzzles:
    """The chess bundle and dailies of one app (`ctx`)."""

    def __init__(self, ctx: Context) -> None:
        self.ctx = ctx
        self._bundle: Bundle | None = None
        self._lock = threading.Lock()
        self._dailies: dict[str, dict[str, str]] = {}

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

    def dailies(self, day: dt.date) -> dict[str, str]:
        """{band: puzzle id} of `day`'s chess dailies, picking and keeping them if the nightly hasn't.

        Kept dailies never change, so a day's answer is remembered once complete.
        """
        key = day.isoformat()
        known = self._dailies.get(key)
        if known is not None:
            return known
        from service.games.chess.dailies import ensure_dailies

        kept = ensure_dailies(self.ctx.store, self.ctx.settings, self.bundle, day)
        found = {d.band: d.id for d in kept}
        self._dailies[key] = found
        if len(self._dailies) > DAYS_REMEMBERED:
            self._dailies.pop(next(iter(self._dailies)))
        return found


def puzzles_of(ctx: Context) -> ChessPuzzles:
    """The app's chess bundle and dailies."""
    return ctx.part(ChessPuzzles)
