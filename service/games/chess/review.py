"""A player's review of chess puzzles in the store (puzzlebook/review/ has the rules; docs/review.md).

One item of the player's own, `P#<pid>` / `REVIEW#chess`: the whole review (every card's results) and
the hour's count of the player's posts (`syncs`, puzzlebook/review/syncs.py), versioned. A browser's
copy is merged into it (the worse of a day's results stands) and written back, counted, in one
conditional write, read again and merged again on a lost race, so two devices posting at once both
count. No other player's item is read or written.
"""

from __future__ import annotations

from puzzlebook.review.queue import Queue, merge, pruned
from puzzlebook.review.syncs import Hourly
from service.games.chess import keys as CK
from service.store import keys as K
from service.store.base import Store
from service.store.items import Item, Op, Put, doc_of, make_item, version_of

Key = tuple[str, str]
SYNCS = "syncs"  # the review doc's field holding the hour's count of posts ({w, n}; absent: none yet)


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

    def merge(self, pid: str, theirs: Queue, today: str, *, cap: Hourly | None = None,
              now_ts: int = 0) -> Queue:
        """Merge a browser's copy `theirs` into the player's review, let go of the cards graduated
        long ago (`today`: the site day), keep it and answer it. With `cap` (the posts an hour, at
        `now_ts`), the post is counted in the review's item, in the same write, and refused (the rule's
        Full, nothing written) when the count read, consistently, is at the cap: a post that changes
        nothing writes the count alone, and one that finds no item and leaves none (an empty review)
        writes nothing and counts nothing (docs/review.md, "Posts an hour")."""
        key = self.key(pid)

        def decide(items: dict[Key, Item]) -> tuple[Queue, list[Op]]:
            item = items.get(key)
            doc = doc_of(item)
            # Refused before any work: the count is the item's, read with it.
            syncs = cap.take(doc.get(SYNCS), now_ts) if cap is not None else doc.get(SYNCS)
            kept = _queue_of(item)
            merged = pruned(merge(kept, theirs), today)
            if merged == kept and (cap is None or (item is None and not merged.cards)):
                return merged, []  # nothing new; and no item for an empty review (the read derives it)
            out = merged.to_doc()
            if syncs is not None:
                out[SYNCS] = syncs
            return merged, [Put(make_item(*key, out, version=version_of(item) + 1), expect=version_of(item))]

        return self.store.settle([key], decide)


def _queue_of(item: Item | None) -> Queue:
    # What the store holds was checked when it was written: read it as kept.
    return Queue.from_doc(doc_of(item)) if item else Queue()
