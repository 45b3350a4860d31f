"""Each game's part of the service layer, found by the game's key: service/games/<key>/.

A game's package may define any of these hooks; the jobs call every game that has one:

    nightly(run: NightlyRun) -> None
        keep the game's days ahead (service/nightly.py calls it in the nightly fill)
    missing_ahead(store, settings, today) -> bool
        whether the days `make serve` needs are missing, so the fill must run first
    keep_through(store, settings, bundle, last) -> None
        keep what the game publishes up to `last` (the site build calls it before daily_files;
        the build never picks a daily itself: the same code as the nightly job does)
    daily_files(store, bundle, first, last) -> {relative path: bytes}
    published(store, last) -> [dates]
        the game's public daily files from `first` (None: the start) to `last`, and every date
        published up to `last` (for daily/index.json); only games with `daily` in the registry
    health(store, today) -> str | None
        why the API isn't healthy for this game (e.g. tomorrow isn't stored), or None
    streak(store, pid) -> Streak, streak_board(store, today, me) -> Board
        a game with `streak` in the registry: a player's streak, and its streak board
    ratings_board(store, me) -> Board
        a game with `rating` in the registry: its ratings board
    forget_player(store, pid) -> None
        remove what the game keeps for a player outside their own partition (a teacher's lessons)
"""

from __future__ import annotations

import importlib
from types import ModuleType

from puzzlebook.games import GAMES, Game


def hooks(game: Game) -> ModuleType:
    """The game's service package (service/games/<key>/)."""
    return importlib.import_module(f"service.games.{game.key}")


def with_hook(name: str) -> list[tuple[Game, ModuleType]]:
    """(game, its package) for every game that defines the hook `name`, in the registry's order."""
    return [(game, module) for game in GAMES if hasattr(module := hooks(game), name)]
