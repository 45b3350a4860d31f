"""Players: create, read, rename and delete (with everything they posted), and their tallies."""

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
    record_of,
    utc_stamp,
    version_of,
)
from service.store.records import ChainStats, ChessStats, Player


class Players(Primitives):
    """Profiles, tallies, and deleting a player with all they posted."""

    def create_player(self, name: str, token_hash: str, now: dt.datetime) -> Player:
        """A new player with a fresh random id, `name` and the hash of their token."""
        created = utc_stamp(now)
        doc = {"name": name, "token_hash": token_hash, "created": created}

        def draw() -> tuple[Player, Item]:
            pid = secrets.token_hex(8)
            return Player(pid, name, token_hash, created), make_item(K.player(pid), K.PROFILE, doc, version=1)

        return self.put_fresh(draw, "player id")

    def get_player(self, pid: str) -> Player | None:
        """The player with id `pid`, or None (never was, or deleted)."""
        item = self.get_item(K.player(pid), K.PROFILE)
        if item is None:
            return None
        doc = doc_of(item)
        return Player(pid, doc["name"], doc["token_hash"], doc["created"])

    def rename_player(self, pid: str, name: str) -> Player | None:
        """Give player `pid` a new display name; None when there is no such player."""
        for _ in range(self.retries):
            item = self.get_item(K.player(pid), K.PROFILE)
            if item is None:
                return None
            doc = {**doc_of(item), "name": name}
            version = version_of(item)
            try:
                self.transact(
                    [Put(make_item(K.player(pid), K.PROFILE, doc, version=version + 1), expect=version)]
                )
            except Conflict:
                continue
            return Player(pid, name, doc["token_hash"], doc["created"])
        raise StoreUnavailable("the player kept changing")

    def delete_player(self, pid: str) -> bool:
        """Remove the player, everything they posted (so they leave every board) and their lessons.

        The profile goes first, so their token stops working at once even if
        the rest is interrupted (a later call finishes it). False if unknown.
        """
        existed = self.get_item(K.player(pid), K.PROFILE) is not None
        self.delete_items([(K.player(pid), K.PROFILE)])
        self.delete_items((it["PK"], it["SK"]) for it in self.query_items(K.player(pid)))
        index, owner_pk = K.lessons_of(pid)
        for it in self.query_items(owner_pk, index=index):
            self.delete_partition(it["PK"])
        return existed

    def player_stats(self, pid: str) -> tuple[ChessStats, ChainStats]:
        """The player's Chess Puzzles and Chain tallies (zeros for a player who hasn't played)."""
        chess, chain = (K.player(pid), K.CHESS_STATS), (K.player(pid), K.CHAIN_STATS)
        got = self.get_items([chess, chain])
        return record_of(got.get(chess), ChessStats.from_doc), record_of(got.get(chain), ChainStats.from_doc)
