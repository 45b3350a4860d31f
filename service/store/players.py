"""Players: create, read, rename, keep their language, and delete (with everything kept under them)."""

from __future__ import annotations

import datetime as dt
import secrets

from service.store import keys as K
from service.store.items import (
    Conflict,
    Item,
    Primitives,
    Put,
    StoreUnavailable,
    doc_of,
    make_item,
    utc_stamp,
    version_of,
)
from service.store.records import Player


class Players(Primitives):
    """Profiles, tallies, and deleting a player with all they posted."""

    def create_player(self, name: str, token_hash: str, now: dt.datetime) -> Player:
        """A new player with a fresh random id, `name` and the hash of their token."""
        created = utc_stamp(now)
        doc = {"name": name, "token_hash": token_hash, "created": created}

        def draw() -> tuple[Player, Item]:
            pid = secrets.token_hex(8)
            item = make_item(K.player(pid), K.PROFILE, doc, version=1)
            return Player(pid, name, token_hash, created, 1, doc), item

        return self.put_fresh(draw, "player id")

    def get_player(self, pid: str, *, consistent: bool = True) -> Player | None:
        """The player with id `pid`, or None (never was, or deleted); with `consistent` False, as an
        eventually consistent read has them (half the read units; a moment behind at most)."""
        item = self.get_item(K.player(pid), K.PROFILE, consistent=consistent)
        if item is None:
            return None
        doc = doc_of(item)
        return Player(pid, doc["name"], doc["token_hash"], doc["created"], version_of(item), doc)

    def rename_player(self, pid: str, name: str) -> Player | None:
        """Give player `pid` a new display name; None when there is no such player."""
        return self._change_profile(pid, {"name": name})

    def set_language(self, pid: str, language: str) -> Player | None:
        """Keep `language` (a code of puzzlebook.languages.LANGUAGES) as player `pid`'s own, on their
        profile (so it goes with them when they are deleted); None when there is no such player."""
        return self._change_profile(pid, {"language": language})

    def _change_profile(self, pid: str, changes: dict[str, str]) -> Player | None:
        """The profile with `changes` written over it, in one conditional write (read again and retried
        if it changed meanwhile); None when there is no such player."""
        for _ in range(self.retries):
            item = self.get_item(K.player(pid), K.PROFILE)
            if item is None:
                return None
            doc = {**doc_of(item), **changes}
            version = version_of(item)
            try:
                self.transact(
                    [Put(make_item(K.player(pid), K.PROFILE, doc, version=version + 1), expect=version)]
                )
            except Conflict:
                continue
            return Player(pid, doc["name"], doc["token_hash"], doc["created"], version + 1, doc)
        raise StoreUnavailable("the player kept changing")

    def delete_player(self, pid: str) -> bool:
        """Remove the player and everything kept under them (so they leave every board). What a game
        keeps elsewhere (a teacher's lessons) goes through its `forget_player` hook
        (service/games/hooks.py, `forget_player`), called by the API's delete.

        The profile goes first, so their tokens stop working at once even if
        the rest is interrupted (a later call finishes it); then their recovery codes, found through
        their code set, then the partition (passkeys, device tokens, results), swept until a sweep
        finds nothing: a write anchored on an item of the partition (service/store/owners.py) may land
        between a sweep's read and its deletes, and is refused once that item is gone, so what it
        added is there for the next sweep to find. False if unknown.
        """
        existed = self.get_item(K.player(pid), K.PROFILE) is not None
        self.delete_items([(K.player(pid), K.PROFILE)])
        # Their recovery codes are kept outside the partition (found by hash): the set lists them.
        codes = doc_of(self.get_item(K.player(pid), K.CODES)).get("hashes", [])
        self.delete_items((K.recovery_code(h), K.CODE) for h in codes)
        for _ in range(self.retries):
            found = [(it["PK"], it["SK"]) for it in self.query_items(K.player(pid))]
            if not found:
                return existed
            self.delete_items(found)
        raise StoreUnavailable("the player's items kept coming back while they were deleted")
