"""A player's account across every game: deleting a player removes what each game keeps of them."""

from __future__ import annotations

from service.games.registry import every_game
from service.store.base import Store


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
