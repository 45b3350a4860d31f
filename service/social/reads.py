"""A daily game's dated board, for playing together: which item is a player's result of a day, and what
the board makes of it (the game's `board_spec` and `daily_entry` hooks), for every game the registry
gives a dated board (the chess daily, Chain, Storm, Streak)."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass

from puzzlebook.games import Board, Game
from puzzlebook.places import BoardEntry
from service.context import Context
from service.games.hooks import GameHooks
from service.games.registry import every_game
from service.settings import Settings
from service.store.items import Item, Key


@dataclass(frozen=True)
class DailyGame:
    """A game with a dated board (`board`, its registry entry) and its service hooks."""

    game: Game
    hooks: GameHooks
    board: Board

    @property
    def key(self) -> str:
        return self.game.key

    def bands(self, settings: Settings, day: dt.date) -> tuple[str | None, ...]:
        """The bands the day's board is published in (the chess daily's band of the day; (None,)
        for a game without bands; () before the game's first day)."""
        return self.hooks.board_bands(self.board.id, day, settings)

    def band_of(self, settings: Settings, day: dt.date, asked: str | None = None) -> str | None:
        """The band of the day's board to read: `asked` when the day has that band, else its first (the
        chess daily's one band a day since 2026-10-26); None for a game without bands."""
        bands = self.bands(settings, day)
        return asked if asked in bands else bands[0] if bands else None

    def result_key(
        self, ctx: Context, pid: str, day: dt.date, band: str | None, today: dt.date
    ) -> Key | None:
        """The key of `pid`'s result of `day` (in `band`) on the board, or None when there can be none
        (the chess daily of a day not kept)."""
        spec = self.hooks.board_spec(ctx, self.board.id, day.isoformat(), band, pid, today)
        return spec.mine if spec is not None else None

    def entry(self, pid: str, item: Item | None) -> BoardEntry | None:
        """What the board makes of `pid`'s result `item` (None: it counts on no board, or isn't there)."""
        return None if item is None else self.hooks.daily_entry(pid, item)


def daily_games() -> list[DailyGame]:
    """Every game with a dated board, in the registry's order."""
    found = []
    for game, hooks in every_game():
        dated = [board for board in game.boards if board.dated]
        if dated:
            found.append(DailyGame(game, hooks, dated[0]))
    return found


def daily_game(key: str) -> DailyGame | None:
    """The game `key` when it has a dated board."""
    return next((g for g in daily_games() if g.key == key), None)
