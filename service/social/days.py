"""A day's ranked result marked on its player's record (puzzlebook.friends.played), and indexed into
their clubs' boards: what a game's result route calls once the result is kept (functions/routes/:
`after_daily`), and again on a repeat of it (an outbox posting again after a failure).

Nothing is read or written for a player who keeps no days (no follow code, no club: nobody could see
them), nor once the day and game are marked: at most one read and one write a date and game, on the
player's own items. The read is their result (consistent), to mark only a result the board ranks.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import replace

from puzzlebook.friends.state import Social, social_of
from service.context import Context
from service.social import keys as S
from service.social.profile import profile_key, rewritten, social_in
from service.social.reads import DailyGame, daily_game
from service.store.base import Store
from service.store.items import Conflict, Item, Key, Op, Put, make_item
from service.store.records import Player


def club_tagged(item: Item, social: Social, game: str, day: str, rank: str, pid: str) -> Item:
    """`item` (the player's result of `day`) with an index entry under each of their clubs' boards of
    `game` (the club's slot's index: service/social/keys.py), ranked by `rank` as the public board, and
    what the club's board reads there besides the result's doc (`row<n>`: whether the result is on the
    public board too, which that index doesn't hold)."""
    tagged = dict(item)
    for slot, club in enumerate(social.clubs):
        index = S.club_slot_index(slot)
        if club:
            tagged[f"GSI{index}PK"] = S.club_board(club, game, day)
            tagged[f"GSI{index}SK"] = f"{rank}#{pid}"
            tagged[f"row{index}"] = {"public": "GSI1PK" in item}
        else:
            for name in (f"GSI{index}PK", f"GSI{index}SK", f"row{index}"):
                tagged.pop(name, None)
    return tagged


def mark_daily(
    ctx: Context, player: Player, game: str, day: dt.date, offset: int | None, today: dt.date,
    band: str | None = None,
) -> bool:
    """Mark `player`'s ranked result of `game` on their date `day` (in a zone `offset` minutes east of
    UTC; the chess daily's `band`, else the day's), when it is one and isn't marked yet; True when
    something was written."""
    social = social_of(player.doc)
    if not social.keeps_days or social.played.has(day.isoformat(), game):
        return False
    daily = daily_game(game)
    if daily is None:
        return False
    key = daily.result_key(ctx, player.id, day, daily.band_of(ctx.settings, day, band), today)
    if key is None:
        return False
    return _mark(ctx.store, daily, player, key, day, offset)


def _mark(
    store: Store, daily: DailyGame, player: Player, key: Key, day: dt.date, offset: int | None
) -> bool:
    """Mark the result at `key` on the player's record: first on the profile as their sign-in read it (one
    read, of the result); should it have changed since, reading both again (Store.settle)."""
    pid, me = player.id, profile_key(player.id)

    def decide(got: dict[Key, Item]) -> tuple[bool, list[Op]]:
        profile, item = got.get(me), got.get(key)
        if profile is None:
            return False, []
        social = social_in(profile)
        entry = daily.entry(pid, item)
        if item is None or entry is None or social.played.has(day.isoformat(), daily.key):
            return False, []
        marked = replace(social, played=social.played.marked(day, daily.key, offset))
        ops: list[Op] = [rewritten(profile, marked)]
        if social.in_clubs:
            tagged = club_tagged(item, social, daily.key, day.isoformat(), entry.key, pid)
            if tagged != item:
                ops.append(Put(tagged, same=item))
        return True, ops

    read = store.get_item(*key)
    signed_in = make_item(*me, player.doc, version=player.version)
    marked, ops = decide({me: signed_in, **({key: read} if read is not None else {})})
    if not ops:
        return marked
    try:
        store.transact(ops)
    except Conflict:
        return store.settle([me, key], decide)
    return marked


def mark_played(
    ctx: Context, player: Player, game: str, day: dt.date, offset: int | None, band: str | None = None
) -> None:
    """`mark_daily` with the app's store, settings and site day: what a result route calls once a result
    of `game` that may be the ranked one of the player's date `day` is kept (or was kept before)."""
    mark_daily(ctx, player, game, day, offset, ctx.today(), band)
