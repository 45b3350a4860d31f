"""A player's review of chess puzzles in the store (puzzlebook/review/ has the rules; docs/review.md).

One item of the player's own, `P#<pid>` / `REVIEW#chess`: the whole review (every card's results),
versioned. A browser's copy is merged into it (the worse of a day's results stands) and written back
in one conditional write, read again and merged again on a lost race, so two devices posting at
once both count. No other player's item is read or written.
"""

from __future__ import annotations

from puzzlebook.review.queue import Queue, merge, pruned
from service.games.chess import keys as CK
from service.store import keys as K
from service.store.base import Store
from service.store.items import Item, Op, Put, doc_of, make_item, version_of

Key = tuple[str, str]


class ChessReview:
    """Chess reviews in `store`."""

    def __init__(self, store: Store) -> None:
        self.store = store

    def key(self, pid: str) -> Key:
        return K.player(pid), CK.CHESS_REVIEW

    def mine(self, pid: str, *, consistent: bool = True) -> Queue:
        """The player's review as kept (an empty one before their first); `consistent` as
        Store.get_item."""
        item = self.store.get_item(*self.key(pid), consistent=consistent)
        return _queue_of(item)

    def merge(self, pid: str, theirs: Queue, today: str) -> Queue:
        """Merge a browser's copy `theirs` into the player's review, let go of the cards graduated
        long ago (`today`: the site day), keep it and answer it."""
        key = self.key(pid)

        def decide(items: dict[Key, Item]) -> tuple[Queue, list[Op]]:
            item = items.get(key)
            kept = _queue_of(item)
            merged = pruned(merge(kept, theirs), today)
            if merged == kept:  # nothing new; and no item for an empty review (the read derives it)
                return merged, []
            return merged, [Put(make_item(*key, merged.to_doc(), version=version_of(item) + 1),
                                expect=version_of(item))]

        return self.store.settle([key], decide)


def _queue_of(item: Item | None) -> Queue:
    # What the store holds was checked when it was written: read it as kept.
    return Queue.from_doc(doc_of(item)) if item else Queue()
