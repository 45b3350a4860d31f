"""A player's account across every game: their tallies as the account shows them, and deleting a
player removes what each game keeps of them."""

from __future__ import annotations

from puzzlebook.chain.tallies import ChainStats
from puzzlebook.chess.tallies import ChessStats
from service.games.chain import keys as CHAIN
from service.games.chess import keys as CHESS
from service.games.registry import every_game
from service.store import keys as K
from service.store.base import Store
from service.store.items import state_of


def account_stats(store: Store, pid: str) -> tuple[ChessStats, ChainStats]:
    """The player's chess and Chain tallies (with their streaks), as the account shows them: one read
    of both items, eventually consistent (a display a moment behind at most, at half the read units;
    no write is decided from it)."""
    chess, chain = (K.player(pid), CHESS.CHESS_STATS), (K.player(pid), CHAIN.CHAIN_STATS)
    got = store.get_items([chess, chain], consistent=False)
    return state_of(got.get(chess), ChessStats.from_doc), state_of(got.get(chain), ChainStats.from_doc)


def delete_player(store: Store, pid: str) -> bool:
    """Remove player `pid`: their profile and everything kept under them (so they leave every board),
    then what each game keeps of them elsewhere (its `forget_player` hook: a teacher's lessons), their
    classes (those they teach, and their place in others), and what playing together keeps of them
    elsewhere (followers' follows of them, blocks of them, their follow code, their clubs:
    service/social/forget.py). False if there was no such player."""
    from service.classes.records import ClassRecords
    from service.social.forget import forget_player, social_before_deleting

    social = social_before_deleting(store, pid)
    existed = store.delete_player(pid)
    for _, hooks in every_game():
        hooks.forget_player(store, pid)
    ClassRecords(store).forget_player(pid)
    forget_player(store, pid, social)
    return existed
