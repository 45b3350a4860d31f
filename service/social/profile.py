"""The player's profile's record of playing together (puzzlebook.friends.state: `Social`): read from
the profile item, written back whole on the version read (a rename or another change in between makes
the write read again: Store.settle)."""

from __future__ import annotations

from puzzlebook.friends.state import Social, social_of, with_social
from service.store import keys as K
from service.store.items import Item, Key, Put, doc_of, make_item, version_of


def profile_key(pid: str) -> Key:
    return K.player(pid), K.PROFILE


def social_in(item: Item | None) -> Social:
    """The record a profile item keeps (none: nothing kept, or no profile)."""
    return social_of(doc_of(item))


def rewritten(item: Item, social: Social) -> Put:
    """The profile `item` with `social` in place of its record, on the version it was read at."""
    version = version_of(item)
    doc = with_social(doc_of(item), social)
    return Put(make_item(item["PK"], item["SK"], doc, version=version + 1), expect=version)
