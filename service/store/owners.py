"""A player's items are written only while the player is there.

Deleting a player removes the profile first, then everything under the player's partition
(service/store/players.py). A result posted just then (on another Lambda container, or after this
process read the token) could still write its items after that sweep, so the player would be gone
yet keep results, tallies and board rows. So every transaction that writes into a player's
partition carries one more condition, that the player's profile is there, unless it writes the
profile itself (making or renaming the player): once the profile is gone, no write can add
anything under the player, and what was there before is what the deletion sweeps.
"""

from __future__ import annotations

from collections.abc import Sequence

from service.store import keys as K
from service.store.items import Add, Op, Present, Put

_PLAYER = K.player("")


def with_owners(ops: Sequence[Op]) -> Sequence[Op]:
    """`ops`, and a Present condition on the profile of each player whose partition they write into
    (a Put or an Add; not a Delete, nor a transaction that writes the profile itself)."""
    owners: set[str] = set()
    profiles: set[str] = set()
    for op in ops:
        if isinstance(op, Put):
            pk, sk = op.item["PK"], op.item["SK"]
        elif isinstance(op, Add):
            pk, sk = op.pk, op.sk
        else:
            continue
        if pk.startswith(_PLAYER):
            (profiles if sk == K.PROFILE else owners).add(pk)
    needed = sorted(owners - profiles)
    if not needed:
        return ops
    return [*ops, *(Present(pk, K.PROFILE) for pk in needed)]


def present_keys(ops: Sequence[Op]) -> list[tuple[str, str]]:
    """The keys `ops` require to exist."""
    return [(op.pk, op.sk) for op in ops if isinstance(op, Present)]
