"""Following by code, unfollowing, followers, blocks, a player's follow code and whether they allow being
followed (puzzlebook.friends.seeing decides; docs/friends.md). Every write is one transaction on the
items it names, with the conditions that keep two requests at once from passing a cap or a block
between them; a lost race reads again (Store.settle).

Writes go to the player who acts, but for what a follow is about: removing a follower or blocking
deletes the follower's item of you (and takes one off their count), which is yours to end.
"""

from __future__ import annotations

import datetime as dt
import secrets
from collections.abc import Sequence
from dataclasses import dataclass, replace

from puzzlebook.friends import seeing
from puzzlebook.friends.codes import CODE_BYTES, code_from, normalise_code
from puzzlebook.friends.limits import FOLLOWERS_LISTED, MAX_FOLLOWS, Refused
from puzzlebook.friends.state import Social
from service.classes import keys as class_keys
from service.social import keys as S
from service.social.profile import profile_key, rewritten, social_in
from service.store import keys as K
from service.store.base import Store
from service.store.items import (
    Absent,
    Add,
    Delete,
    Gone,
    Item,
    Key,
    Op,
    Present,
    Put,
    doc_of,
    make_item,
    utc_stamp,
)

# Followers read at most to tell who follows back (more: each follow's item is read instead).
FOLLOWERS_READ = 1_000


@dataclass(frozen=True, slots=True)
class Someone:
    """Another player as a follow list shows them: id, name, since when, whether they share their
    results now (they allow being followed), and whether they follow you back."""

    pid: str
    name: str
    since: str = ""
    sharing: bool = True
    follows_you: bool = False


@dataclass(frozen=True, slots=True)
class CodeState:
    """A player's follow code (ten characters), whether they allow being followed, how many they follow."""

    code: str
    allowed: bool
    following: int


def _pid_after(sk: str, prefix: str) -> str:
    return sk[len(prefix):]


class Follows:
    """Follows, blocks and follow codes in `store`."""

    def __init__(self, store: Store) -> None:
        self.store = store

    # ---- the follow code and the setting ---------------------------------------------------

    def code_state(
        self, pid: str, *, new_code: bool = False, allowed: bool | None = None
    ) -> CodeState | None:
        """The player's follow code, drawn the first time (or anew, the old one ending at once, with
        `new_code`), and whether they allow being followed (set to `allowed` when given); None when the
        player is gone."""
        me = profile_key(pid)
        counter = (K.player(pid), S.FOLLOWING)

        def decide(got: dict[Key, Item]) -> tuple[CodeState | None, list[Op]]:
            item = got.get(me)
            if item is None:
                return None, []
            social = social_in(item)
            following = int(got.get(counter, {}).get("n", 0))
            changed = social if allowed is None else replace(social, closed=not allowed)
            ops: list[Op] = []
            if social.code is None or new_code:
                fresh = normalise_code(code_from(secrets.token_bytes(CODE_BYTES)))
                changed = replace(changed, code=fresh)
                ops.append(Put(make_item(S.code(fresh), S.CODE, {"pid": pid}), expect=0))
                if social.code is not None:
                    ops.append(Delete(S.code(social.code), S.CODE))
            if changed != social:
                ops.append(rewritten(item, changed))
            assert changed.code is not None
            return CodeState(changed.code, not changed.closed, following), ops

        return self.store.settle([me, counter], decide)

    def owner_of(self, code_text: str) -> str | None:
        """Whose follow code this is (typed as a person would), or None. Refused (400) for text that
        can't be a code."""
        from puzzlebook.friends.codes import BadCode

        try:
            code = normalise_code(code_text)
        except BadCode as bad:
            raise Refused(400, bad.message) from None
        item = self.store.get_item(S.code(code), S.CODE)
        return None if item is None else str(doc_of(item)["pid"])

    # ---- following -------------------------------------------------------------------------

    def _classes(self, pid: str) -> list[str]:
        """The classes `pid` is a student of (the class rule: puzzlebook.friends.seeing.classmates)."""
        index, pk = class_keys.memberships_of(pid)
        return [str(it["PK"]) for it in self.store.query_items(pk, index=index)]

    def follow(
        self, me: str, code_text: str, now: dt.datetime, *, write: bool = True
    ) -> tuple[Someone, bool]:
        """`me` follows the player whose code this is: (them, True) when now followed, (them, False)
        when followed already. Refused (puzzlebook.friends.seeing: 404 for a code that finds no one
        `me` may follow, 422 for their own code, a block of theirs or a full list). `write` False:
        only what following would answer (the page that offers to follow)."""
        target = self.owner_of(code_text)
        if target is None:
            raise Refused(404, seeing.NO_ONE)
        classmate = target == me or seeing.classmates(self._classes(target), self._classes(me))
        them, counter = profile_key(target), (K.player(me), S.FOLLOWING)
        mine = (K.player(me), S.follow(target))
        their_block, my_block = (K.player(target), S.block(me)), (K.player(me), S.block(target))

        def decide(got: dict[Key, Item]) -> tuple[tuple[Someone, bool], list[Op]]:
            profile = got.get(them)
            if profile is None:
                raise Refused(404, seeing.NO_ONE)
            social = social_in(profile)
            new = seeing.may_follow(
                me=me, target=target, closed=social.closed, blocked_by_them=their_block in got,
                classmate=classmate, following=mine in got, blocking_them=my_block in got,
                follows=int(got.get(counter, {}).get("n", 0)),
            )
            someone = Someone(target, doc_of(profile)["name"], sharing=not social.closed)
            if not new or not write:
                return (someone, new), []
            since = utc_stamp(now)
            item = make_item(*mine, {"since": since},
                             index={S.FOLLOWER_INDEX: (S.followers_of(target), f"{since}#{me}")})
            return (replace(someone, since=since), True), [
                Put(item, expect=0),
                Add(*counter, {"n": 1}, below=("n", MAX_FOLLOWS)),
                Absent(*their_block),
                Absent(*my_block),
                Present(*them),
            ]

        try:
            return self.store.settle([them, mine, counter, their_block, my_block], decide)
        except Gone:  # they were deleted as we followed
            raise Refused(404, seeing.NO_ONE) from None

    def unfollow(self, me: str, pid: str) -> bool:
        """`me` stops following `pid`; False when they didn't follow them."""
        return self._end_follow(me, pid)

    def remove_follower(self, me: str, pid: str) -> bool:
        """`pid` no longer follows `me` (they may follow again with a code they have: block them, or
        make a new code, to stop that); False when they didn't follow `me`."""
        return self._end_follow(pid, me)

    def _end_follow(self, follower: str, followed: str) -> bool:
        key = (K.player(follower), S.follow(followed))

        def decide(got: dict[Key, Item]) -> tuple[bool, list[Op]]:
            if key not in got:
                return False, []
            return True, [Delete(*key), Add(K.player(follower), S.FOLLOWING, {"n": -1})]

        try:
            return self.store.settle([key], decide)
        except Gone:  # the follower was deleted meanwhile: their items go with them
            return True

    # ---- lists -----------------------------------------------------------------------------

    def followed(self, me: str, *, consistent: bool = True) -> list[str]:
        """The players `me` follows, by when they followed them (their own items: one query; a board's
        read eventually consistent: a follow made a moment ago may show a moment later)."""
        items = self.store.query_items(K.player(me), prefix=S.FOLLOWS, consistent=consistent)
        return [_pid_after(it["SK"], S.FOLLOWS) for it in sorted(items, key=lambda it: doc_of(it)["since"])]

    def followers(self, me: str, limit: int = FOLLOWERS_LISTED) -> tuple[list[tuple[str, str]], bool]:
        """Who follows `me`, newest first, as (id, since): at most `limit`, and whether there are more."""
        pk, index = S.followers_of(me), S.FOLLOWER_INDEX
        items = self.store.query_items(pk, index=index, reverse=True, limit=limit + 1)
        found = [(str(it["PK"])[2:], doc_of(it)["since"]) for it in items]
        return found[:limit], len(found) > limit

    def following_back(self, me: str, followed: Sequence[str]) -> set[str]:
        """Of `followed` (whom `me` follows), those who follow `me` too: from the index of `me`'s
        followers when they are at most FOLLOWERS_READ, else from each one's follow item of `me`."""
        if not followed:
            return set()
        found, more = self.followers(me, FOLLOWERS_READ)
        if not more:
            return {pid for pid, _ in found} & set(followed)
        keys = [(K.player(pid), S.follow(me)) for pid in followed]
        got = self.store.get_items(keys, consistent=False)
        return {pid for pid, key in zip(followed, keys, strict=True) if key in got}

    def profiles(self, pids: Sequence[str]) -> dict[str, Item]:
        """The profiles of `pids` that are there (eventually consistent: others' items)."""
        got = self.store.get_items([profile_key(p) for p in pids], consistent=False)
        return {p: got[profile_key(p)] for p in pids if profile_key(p) in got}

    def someone(self, pid: str, profile: Item, *, since: str = "", follows_you: bool = False) -> Someone:
        return Someone(pid, doc_of(profile)["name"], since, not social_in(profile).closed, follows_you)

    # ---- blocks ----------------------------------------------------------------------------

    def block(self, me: str, pid: str, now: dt.datetime) -> Someone | None:
        """`me` blocks `pid` (a follower of theirs, or someone they follow; a block ends both follows and
        refuses any follow between them until lifted); None when `pid` is neither, and isn't blocked
        already (nothing says they exist)."""
        theirs, mine = (K.player(pid), S.follow(me)), (K.player(me), S.follow(pid))
        block, them = (K.player(me), S.block(pid)), profile_key(pid)

        def decide(got: dict[Key, Item]) -> tuple[Someone | None, list[Op]]:
            profile = got.get(them)
            if profile is None or not ({theirs, mine, block} & set(got)):
                return None, []
            someone = Someone(pid, doc_of(profile)["name"])
            if block in got:
                return someone, []
            since = utc_stamp(now)
            item = make_item(*block, {"since": since, "name": someone.name},
                             index={S.FOLLOWER_INDEX: (S.blocks_of(pid), f"{since}#{me}")})
            ops: list[Op] = [Put(item, expect=0)]
            if theirs in got:
                ops += [Delete(*theirs), Add(K.player(pid), S.FOLLOWING, {"n": -1})]
            if mine in got:
                ops += [Delete(*mine), Add(K.player(me), S.FOLLOWING, {"n": -1})]
            return replace(someone, since=since), ops

        try:
            return self.store.settle([them, theirs, mine, block], decide)
        except Gone:  # they were deleted as we blocked
            return None

    def unblock(self, me: str, pid: str) -> bool:
        """`me` lifts their block of `pid`; False when there was none. Neither follows the other again
        until one follows by code."""
        key = (K.player(me), S.block(pid))

        def decide(got: dict[Key, Item]) -> tuple[bool, list[Op]]:
            return (True, [Delete(*key)]) if key in got else (False, [])

        return self.store.settle([key], decide)

    def blocked(self, me: str) -> list[Someone]:
        """Whom `me` blocked, by when (with the name they had then)."""
        items = self.store.query_items(K.player(me), prefix=S.BLOCKS)
        out = [Someone(_pid_after(it["SK"], S.BLOCKS), doc_of(it)["name"], doc_of(it)["since"])
               for it in items]
        return sorted(out, key=lambda s: s.since)


def sharing(social: Social) -> bool:
    """Whether a player's results show to their followers now."""
    return seeing.shows(social.closed)
