"""A player's items are written only while the player is there.

Deleting a player removes the profile first, then everything under the player's partition
(service/store/players.py). A result posted just then (on another Lambda container, or after this
process read the token) could still write its items after that sweep, so the player would be gone
yet keep results, tallies and board rows. So every write into a player's partition is held to the
player being there, in one of two ways:

- **An anchor**: it writes an item of the partition on the version it read (a versioned Put with
  `expect` of 1 or more: a play, the tallies; or on condition the item is there: `same`, `older`),
  so it is refused once the deletion has removed that item. A write that lands before that is one
  the deletion finds: the deletion sweeps the partition again until a sweep finds nothing
  (`Players.delete_player`), so whatever such a write added between a sweep's read and its deletes
  goes with the next sweep. This costs nothing more: the write conditions on its own item, and a
  single item's write stays a plain PutItem.
- **The profile**: a write with no anchor (it only makes new items, or adds to counters) carries one
  more condition, that the player's profile is there (`Present`), unless it writes the profile
  itself (making or renaming the player). Once the profile is gone, no such write can add anything.

Either way, once the profile is gone nothing can be added that the deletion doesn't remove.
"""

from __future__ import annotations

from collections.abc import Sequence

from service.store import keys as K
from service.store.items import Add, Op, Present, Put

_PLAYER = K.player("")


def with_owners(ops: Sequence[Op]) -> Sequence[Op]:
    """`ops`, and a Present condition on the profile of each player whose partition they write into
    (a Put or an Add; not a Delete) with neither an anchor there (a Put on the version read of an item
    that exists) nor a write of the profile itself."""
    owners: set[str] = set()
    held: set[str] = set()
    for op in ops:
        if isinstance(op, Put):
            pk, sk = op.item["PK"], op.item["SK"]
            anchored = (op.expect or 0) >= 1 or op.same is not None or op.older
            if pk.startswith(_PLAYER) and (sk == K.PROFILE or anchored):
                held.add(pk)
        elif isinstance(op, Add):
            pk = op.pk
        else:
            continue
        if pk.startswith(_PLAYER):
            owners.add(pk)
    needed = sorted(owners - held)
    if not needed:
        return ops
    return [*ops, *(Present(pk, K.PROFILE) for pk in needed)]


def present_keys(ops: Sequence[Op]) -> list[tuple[str, str]]:
    """The keys `ops` require to exist."""
    return [(op.pk, op.sk) for op in ops if isinstance(op, Present)]
