"""Invites to a race in the store (puzzlebook/racer/invites.py decides; docs/live.md, "Sending a race
to the people you follow"; the items in docs/store.md, "Live rooms").

An invite is written into its recipient's own partition (P#<pid> INVITE#<race>), so the recipient
reads theirs with one query of their own key and no one scans for invites; the sender's count of what
they sent to a race is theirs (P#<pid> INVITED#<race>, a counter capped at MAX_SENT). Both live as long
as the race's own items (its TTL). One transaction: the invite (absent before), the count, and both
follows present, so an unfollow at the same moment sends nothing.
"""

from __future__ import annotations

import datetime as dt

from puzzlebook.racer.invites import (
    MAX_SENT,
    NOT_MUTUAL,
    READ,
    Invite,
    InviteRefused,
    may_invite,
    showing,
    takes,
)
from puzzlebook.racer.race import KEPT_DAYS, Race
from service.live import keys as L
from service.social import keys as S
from service.store import keys as K
from service.store.base import Store
from service.store.items import Add, Delete, Gone, Item, Key, Op, Present, Put, doc_of, make_item, utc_stamp


def _ms(now: dt.datetime) -> int:
    return int(now.timestamp() * 1000)


def expiry(race: Race) -> int:
    """When an invite to `race` goes (epoch seconds): with the race's own items."""
    return race.made // 1000 + KEPT_DAYS * 86_400


def _race(race_id: str, item: Item | None) -> Race | None:
    return None if item is None else Race.from_doc(race_id, doc_of(item))


class Invites:
    """Race invites in `store`."""

    def __init__(self, store: Store) -> None:
        self.store = store

    def send(self, race_id: str, sender: str, name: str, to: str, now: dt.datetime) -> bool:
        """`sender` (named `name`), a racer in race `race_id`, invites `to`: True when sent now, False
        when `to` was invited to it already (by anyone). InviteRefused otherwise (puzzlebook's rules)."""
        room = L.race(race_id)
        head, mine, theirs = (room, L.HEAD), (room, L.racer(sender)), (room, L.racer(to))
        follows, back = (K.player(sender), S.follow(to)), (K.player(to), S.follow(sender))
        invite, count = (K.player(to), L.invite(race_id)), (K.player(sender), L.invited(race_id))
        at = _ms(now)

        def decide(got: dict[Key, Item]) -> tuple[bool, list[Op]]:
            race = _race(race_id, got.get(head))
            new = may_invite(race=race, now=at, sender_racing=mine in got,
                             mutual=sender != to and follows in got and back in got,
                             their_racing=theirs in got, invited=invite in got,
                             sent=int(got.get(count, {}).get("n", 0)))
            if not new:
                return False, []
            assert race is not None
            goes = expiry(race)
            doc = {"race": race_id, "from": sender, "name": name, "made": utc_stamp(now)}
            return True, [
                Put(make_item(*invite, doc, expires_at=goes), expect=0),
                Add(*count, {"n": 1}, below=("n", MAX_SENT), expires_at=goes),
                Present(*follows),
                Present(*back),
            ]

        try:
            return self.store.settle([head, mine, theirs, follows, back, invite, count], decide)
        except Gone:  # a follow ended, or the recipient was deleted, as it was sent
            raise InviteRefused(404, NOT_MUTUAL) from None

    def kept(self, pid: str, *, consistent: bool = True) -> list[Invite]:
        """Every invite `pid` keeps (expired ones too, until the store's TTL takes them)."""
        items = self.store.query_items(K.player(pid), prefix=L.INVITES, limit=READ, consistent=consistent)
        out = []
        for it in items:
            doc = doc_of(it)
            out.append(Invite(str(doc["race"]), str(doc["from"]), str(doc["name"]), str(doc["made"]),
                              int(it.get("expires_at") or 0)))
        return out

    def mine(self, pid: str, now: dt.datetime) -> list[Invite]:
        """The invites `pid` sees now (puzzlebook.racer.invites.showing): their own partition's, with each
        live one's race read, all eventually consistent (a list to look at: an invite a moment old
        shows on the next look; half the read units)."""
        at = _ms(now)
        held = [i for i in self.kept(pid, consistent=False) if i.expires > at // 1000]
        if not held:
            return []
        keys = [k for i in held for k in ((L.race(i.race), L.HEAD), (L.race(i.race), L.racer(pid)))]
        got = self.store.get_items(keys, consistent=False)
        leads = {i.race for i in held if takes(_race(i.race, got.get((L.race(i.race), L.HEAD))), at,
                                               (L.race(i.race), L.racer(pid)) in got)}
        return showing(held, at // 1000, leads)

    def dismiss(self, pid: str, race_id: str) -> bool:
        """`pid` dismisses their invite to `race_id`; False when they have none."""
        key = (K.player(pid), L.invite(race_id))

        def decide(got: dict[Key, Item]) -> tuple[bool, list[Op]]:
            return (True, [Delete(*key)]) if key in got else (False, [])

        return self.store.settle([key], decide)
