"""Every game's service hooks, one instance each (service/games/hooks.py says what each hook does).

    from service.games.registry import hooks_of, every_game
    hooks_of(game).streak(store, pid)
    for game, hooks in every_game(): hooks.nightly(run)

Imported by the jobs and routes that iterate the games (the nightly fill, publishing, health, the
boards, deleting a player), never by a game itself: a game's own code imports only its own modules
and the shared ones, so no import goes round in a circle (tests/test_architecture.py).
"""

from __future__ import annotations

from puzzlebook.games import GAMES, Game
from service.games.chain import ChainHooks
from service.games.chess import ChessHooks
from service.games.hooks import GameHooks
from service.games.lessons import LessonsHooks
from service.games.storm import StormHooks
from service.games.streak import StreakHooks

# One per game of puzzlebook.games.GAMES, by key (tests/test_games.py checks they match).
HOOKS: dict[str, GameHooks] = {
    hooks.key: hooks for hooks in (ChessHooks(), ChainHooks(), LessonsHooks(), StormHooks(), StreakHooks())
}


def hooks_of(game: Game) -> GameHooks:
    """The service hooks of `game`."""
    return HOOKS[game.key]


def every_game() -> list[tuple[Game, GameHooks]]:
    """(game, its hooks) for every game, in the registry's order."""
    return [(game, HOOKS[game.key]) for game in GAMES]
