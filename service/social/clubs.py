"""Clubs in the store: made, joined by link, renamed, given a new join link, members removed, left and
closed (puzzlebook.friends.clubs decides; docs/friends.md, "Clubs"). A club is its own partition
(service/social/keys.py); the members' count is a counter written with each join and leave, on
condition of the cap, so two joins for the last place can't both pass. Joining and leaving also write
the player's own profile (the club's slot there: which index slot their results are kept under it).

A club's board is kept by its members' own results (service/social/days.py), so joining indexes the
member's results of the dates still in play at once; leaving, or being removed, leaves their entries
where they are: the board shows members only.
"""

from __future__ import annotations

import contextlib
import datetime as dt
import secrets
from dataclasses import dataclass

from puzzlebook.friends import clubs as rules
from puzzlebook.friends.limits import MAX_CLUB_MEMBERS, MAX_CLUBS, Refused
from puzzlebook.friends.state import Social
from service.boards.live import live_dates
from service.context import Context
from service.social import keys as S
from service.social.days import club_tagged
from service.social.profile import profile_key, rewritten, social_in
from service.social.reads import DailyGame, daily_games
from service.store.base import Store
from service.store.items import (
    Absent,
    Add,
    Conflict,
    Delete,
    Gone,
    Item,
    Key,
    Op,
    Put,
    doc_of,
    make_item,
    utc_stamp,
    version_of,
)


@dataclass(frozen=True, slots=True)
class ClubHead:
    """A club as its head keeps it: id, owner, name, when made, the join code, the head's version."""

    id: str
    owner: str
    name: str
    created: str
    code: str
    version: int = 1


@dataclass(frozen=True, slots=True)
class Member:
    """A member: id, the name they joined with (kept as their display name then), when."""

    pid: str
    name: str
    joined: str


def _head(club_id: str, item: Item) -> ClubHead:
    doc = doc_of(item)
    return ClubHead(club_id, doc["owner"], doc["name"], doc["created"], doc["code"], version_of(item))


def _head_item(head: ClubHead, version: int) -> Item:
    doc = {"owner": head.owner, "name": head.name, "created": head.created, "code": head.code}
    return make_item(S.club(head.id), S.HEAD, doc, version=version)


def _member_item(club_id: str, pid: str, name: str, joined: str) -> Item:
    index = {S.CLUB_INDEX: (S.clubs_of(pid), f"{joined}#{club_id}")}
    return make_item(S.club(club_id), S.member(pid), {"name": name, "joined": joined}, index=index)


def _club_id(pk: str) -> str:
    return pk.removeprefix(S.club(""))


class Clubs:
    """Clubs in `store`."""

    def __init__(self, store: Store) -> None:
        self.store = store

    # ---- reading ---------------------------------------------------------------------------

    def head(self, club_id: str) -> ClubHead | None:
        item = self.store.get_item(S.club(club_id), S.HEAD)
        return None if item is None else _head(club_id, item)

    def members(self, club_id: str, *, consistent: bool = True) -> list[Member]:
        """The club's members, by when they joined (one query of its partition's member items)."""
        items = self.store.query_items(S.club(club_id), prefix=S.MEMBERS, consistent=consistent)
        members = [Member(it["SK"][len(S.MEMBERS):], doc_of(it)["name"], doc_of(it)["joined"])
                   for it in items]
        return sorted(members, key=lambda m: (m.joined, m.pid))

    def is_member(self, club_id: str, pid: str) -> bool:
        """Whether `pid` is a member of the club (one consistent read of their member item)."""
        return self.store.get_item(S.club(club_id), S.member(pid)) is not None

    def memberships(self, pid: str) -> list[str]:
        """The clubs `pid` is in, by when they joined (the index of their member items)."""
        items = self.store.query_items(S.clubs_of(pid), index=S.CLUB_INDEX)
        return [_club_id(str(it["PK"])) for it in items]

    def clubs_of(self, pid: str) -> list[ClubHead]:
        """The heads of the clubs `pid` is in (their profile's slots made to match, when a club closed
        or its owner removed them since)."""
        ids = self.heal(pid)
        got = self.store.get_items([(S.club(c), S.HEAD) for c in ids])
        return [_head(c, got[(S.club(c), S.HEAD)]) for c in ids if (S.club(c), S.HEAD) in got]

    def heal(self, pid: str) -> list[str]:
        """`pid`'s clubs, and their profile's slots freed of any club they are no longer in (closed, or
        its owner removed them: those write only the club's own items)."""
        ids = self.memberships(pid)
        me = profile_key(pid)

        def decide(got: dict[Key, Item]) -> tuple[None, list[Op]]:
            item = got.get(me)
            if item is None:
                return None, []
            social = social_in(item)
            stale = [c for c in social.in_clubs if c not in ids]
            return None, [rewritten(item, social.left(*stale))] if stale else []

        self.store.settle([me], decide)
        return ids

    # ---- making, joining, leaving ----------------------------------------------------------

    def create(
        self, owner: str, owner_name: str, name: str, now: dt.datetime, ctx: Context
    ) -> ClubHead:
        """A new club of `owner`'s named `name`, with a fresh join code, its owner its first member.
        Refused (422) when the owner is in MAX_CLUBS clubs already."""
        ids = self.memberships(owner)
        created = utc_stamp(now)
        me = profile_key(owner)

        def decide(got: dict[Key, Item]) -> tuple[tuple[ClubHead, Social], list[Op]]:
            item = got.get(me)
            if item is None:
                raise Gone(owner)
            social = social_in(item)
            social = social.left(*[c for c in social.in_clubs if c not in ids])
            if len(social.in_clubs) >= MAX_CLUBS:
                raise Refused(422, rules.TOO_MANY)
            head = ClubHead(secrets.token_urlsafe(12), owner, name, created, secrets.token_urlsafe(9))
            joined = social.joined(head.id)
            return (head, joined), [
                Put(_head_item(head, 1), expect=0),
                Put(_member_item(head.id, owner, owner_name, created), expect=0),
                Add(S.club(head.id), S.COUNT, {"members": 1}),
                rewritten(item, joined),
            ]

        head, social = self.store.settle([me], decide)
        self._index_live(owner, social, now, ctx)
        return head

    def join(
        self, club_id: str, code: str, pid: str, name: str, now: dt.datetime, ctx: Context
    ) -> tuple[ClubHead, bool]:
        """`pid` joins with the join `code` under their display name `name`: (the club, True) when they
        joined, (the club, False) when they were a member already. Refused as puzzlebook.friends.clubs
        says (404 for no such club, as for a wrong code)."""
        ids = self.memberships(pid)
        pk, me = S.club(club_id), profile_key(pid)
        keys = [(pk, S.HEAD), (pk, S.COUNT), (pk, S.member(pid)), (pk, S.removed(pid)), me]

        def decide(got: dict[Key, Item]) -> tuple[tuple[ClubHead, bool, Social], list[Op]]:
            head_item, profile = got.get((pk, S.HEAD)), got.get(me)
            if head_item is None:
                raise Refused(404, rules.NO_JOIN)
            if profile is None:
                raise Gone(pid)
            head = _head(club_id, head_item)
            social = social_in(profile)
            social = social.left(*[c for c in social.in_clubs if c not in ids])
            joining = rules.may_join(
                code=head.code, given=code, members=int(got.get((pk, S.COUNT), {}).get("members", 0)),
                member=(pk, S.member(pid)) in got, removed=(pk, S.removed(pid)) in got,
                clubs=len(social.in_clubs),
            )
            if not joining:
                return (head, False, social), []
            joined = social.joined(club_id)
            return (head, True, joined), [
                Put(_member_item(club_id, pid, name, utc_stamp(now)), expect=0),
                Absent(pk, S.removed(pid)),
                Add(pk, S.COUNT, {"members": 1}, below=("members", MAX_CLUB_MEMBERS)),
                rewritten(profile, joined),
            ]

        head, new, social = self.store.settle(keys, decide)
        if new:
            self._index_live(pid, social, now, ctx)
        return head, new

    def _index_live(self, pid: str, social: Social, now: dt.datetime, ctx: Context) -> None:
        """Index `pid`'s ranked results of the dates still in play into their clubs' boards (each
        result kept as it was read: a write in between leaves it to the next result's marking)."""
        today = now.date()
        wanted: list[tuple[Key, DailyGame, str]] = []
        for daily in daily_games():
            for day in live_dates(now):
                key = daily.result_key(ctx, pid, day, daily.band_of(ctx.settings, day), today)
                if key is not None:
                    wanted.append((key, daily, day.isoformat()))
        got = self.store.get_items([w[0] for w in wanted])
        ops: list[Op] = []
        for key, daily, date in wanted:
            item = got.get(key)
            entry = daily.entry(pid, item)
            if item is not None and entry is not None:
                tagged = club_tagged(item, social, daily.key, date, entry.key, pid)
                if tagged != item:
                    ops.append(Put(tagged, same=item))
        if ops:
            with contextlib.suppress(Conflict, Gone):
                self.store.transact(ops)

    def leave(self, club_id: str, pid: str) -> bool:
        """`pid` leaves the club (their slot freed); False when they weren't a member. Refused (422) for
        its owner, who closes it instead."""
        pk, me = S.club(club_id), profile_key(pid)

        def decide(got: dict[Key, Item]) -> tuple[bool, list[Op]]:
            head = got.get((pk, S.HEAD))
            if head is None or (pk, S.member(pid)) not in got:
                return False, []
            rules.may_leave(owner=_head(club_id, head).owner == pid)
            ops: list[Op] = [Delete(pk, S.member(pid)), Add(pk, S.COUNT, {"members": -1})]
            profile = got.get(me)
            if profile is not None:
                ops.append(rewritten(profile, social_in(profile).left(club_id)))
            return True, ops

        return self.store.settle([(pk, S.HEAD), (pk, S.member(pid)), me], decide)

    # ---- the owner's -----------------------------------------------------------------------

    def update(
        self, club_id: str, owner: str, *, name: str | None = None, new_code: bool = False
    ) -> ClubHead | None:
        """Rename the club, or draw a new join code (the old link stops at once); its owner's only.
        None when it isn't theirs (or isn't there)."""
        key = (S.club(club_id), S.HEAD)

        def decide(got: dict[Key, Item]) -> tuple[ClubHead | None, list[Op]]:
            item = got.get(key)
            if item is None or _head(club_id, item).owner != owner:
                return None, []
            old = _head(club_id, item)
            new = ClubHead(old.id, old.owner, old.name if name is None else name, old.created,
                           secrets.token_urlsafe(9) if new_code else old.code, old.version + 1)
            return new, [Put(_head_item(new, new.version), expect=old.version)]

        return self.store.settle([key], decide)

    def remove(self, club_id: str, owner: str, pid: str, now: dt.datetime) -> bool:
        """The owner removes member `pid` (who can't join again: a mark, indexed under them so deleting
        them takes it); False when the club isn't the owner's or `pid` isn't a member."""
        pk = S.club(club_id)

        def decide(got: dict[Key, Item]) -> tuple[bool, list[Op]]:
            head, item = got.get((pk, S.HEAD)), got.get((pk, S.member(pid)))
            if head is None or _head(club_id, head).owner != owner or item is None:
                return False, []
            rules.may_remove(owner=owner, member=pid)
            stamp = utc_stamp(now)
            mark = make_item(pk, S.removed(pid), {"name": doc_of(item)["name"], "removed": stamp},
                             index={S.CLUB_INDEX: (S.removals_of(pid), f"{stamp}#{club_id}")})
            return True, [Delete(pk, S.member(pid)), Add(pk, S.COUNT, {"members": -1}), Put(mark)]

        return self.store.settle([(pk, S.HEAD), (pk, S.member(pid))], decide)

    def close(self, club_id: str, owner: str) -> bool:
        """Close the club (its owner's only): the head first, so it is gone at once, and the owner's
        slot freed; then the rest of its partition. The members' slots are freed as they next look
        (`heal`). False when it isn't the owner's."""
        pk, me = S.club(club_id), profile_key(owner)

        def decide(got: dict[Key, Item]) -> tuple[bool, list[Op]]:
            head = got.get((pk, S.HEAD))
            if head is None or _head(club_id, head).owner != owner:
                return False, []
            ops: list[Op] = [Delete(pk, S.HEAD)]
            profile = got.get(me)
            if profile is not None:
                ops.append(rewritten(profile, social_in(profile).left(club_id)))
            return True, ops

        closed = self.store.settle([(pk, S.HEAD), me], decide)
        if closed:
            self.store.delete_partition(pk)
        return closed
