"""The boards of playing together, read from each player's own items (docs/friends.md, "What a view
reads"; puzzlebook.friends.boards ranks them):

- a friends' board of a game and day: the viewer's follows (one query of their own partition), the
  profiles of those they follow (one BatchGetItem per hundred, eventually consistent: name, whether they
  share their results, the days and games they played), then the result of that day of each who played
  that game (another), and the viewer's own result (one consistent read); never a shared key.
- its week: the same profiles, and the results of the week's days each played.
- the friend streaks: the profiles of those who follow back (from the index of the viewer's followers).
- a club's board of a game and day: its members (one query of its partition) and the entries its
  members' results keep under it (two index partitions, one a slot); its week, seven days of them.

Each row carries its public place where the public board has the result (a new account's results are
on friends' and clubs' boards, not yet on the public ones: docs/friends.md, "Honesty").
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from puzzlebook.calendar import newest_date
from puzzlebook.friends.boards import Entry, Person, Placed, WeekRow, day_board, week_board, week_of
from puzzlebook.friends.played import Played
from puzzlebook.friends.state import social_of
from puzzlebook.friends.streak import FriendStreak, friend_streak, pair_today
from puzzlebook.places import BoardEntry
from service.boards.snapshot import Snapshots
from service.context import Context
from service.social import keys as S
from service.social.follows import Follows, Someone
from service.social.profile import social_in
from service.social.reads import DailyGame
from service.store.items import Item, Key, doc_of, row_of
from service.store.records import Player


@dataclass(frozen=True, slots=True)
class Row:
    """A row of a day's board: its place there, the entry, and where the public board has it
    ({place, about, top}; None when the public board doesn't: a new account's, or no snapshot yet)."""

    placed: Placed
    public: dict[str, Any] | None = None


@dataclass(frozen=True, slots=True)
class StreakRow:
    """A friend streak with someone who follows back: who, their days (for the browser's own count after
    a result of today), and the streak on the pair's today."""

    someone: Someone
    streak: FriendStreak
    played: Played


@dataclass(frozen=True, slots=True)
class DayBoard:
    """A day's board of one game: its rows; of the people on it (those you follow who share their
    results; a club's members, you among them), how many (`people`) and how many played (`played`);
    those who haven't yet (`waiting`); and on a friends' board, your friend streaks with those of them
    who follow you back (their profiles are read for the board already)."""

    game: str
    date: str
    band: str | None
    rows: list[Row]
    people: int
    played: int
    waiting: list[Someone] = field(default_factory=list)
    streaks: list[StreakRow] = field(default_factory=list)


@dataclass(frozen=True, slots=True)
class WeekBoard:
    """A week's board: its days (Monday to Sunday; those not begun anywhere yet left out), each
    person's row."""

    game: str
    days: list[str]
    rows: list[WeekRow]


def _entry(
    daily: DailyGame, pid: str, name: str, item: Item | None, you: bool
) -> tuple[Entry, BoardEntry] | None:
    found = daily.entry(pid, item)
    if found is None:
        return None
    return Entry(pid, name, found.key, dict(found.row), you), found


def _public(ctx: Context, entry: BoardEntry, item: Item, name: str) -> dict[str, Any] | None:
    """Where the public board has `item` (on it only when it keeps the board's index entry: read from
    the table, its keys say; from a club's index, which holds none of the public board's, its row)."""
    rows = (row_of(item, index) or {} for index in S.CLUB_SLOT_INDEXES)
    if "GSI1PK" not in item and not any(row.get("public") for row in rows):
        return None
    return ctx.part(Snapshots.of).placed(entry, name)


def _mine(ctx: Context, daily: DailyGame, me: Player, day: dt.date, band: str | None) -> Item | None:
    """The viewer's own result of the day, read consistently (the result sheet asks right after it)."""
    key = daily.result_key(ctx, me.id, day, band, ctx.today())
    return ctx.store.get_item(*key) if key is not None else None


def _shown(ctx: Context, me: Player) -> tuple[list[str], dict[str, Item]]:
    """Whom `me` follows who share their results now, and their profiles."""
    follows = Follows(ctx.store)
    pids = follows.followed(me.id, consistent=False)
    profiles = follows.profiles(pids)
    return [p for p in pids if p in profiles and not social_in(profiles[p]).closed], profiles


def _streaks(
    ctx: Context, me: Player, pids: Sequence[str], profiles: dict[str, Item], back: set[str] | None = None
) -> list[StreakRow]:
    """`me`'s friend streaks with those of `pids` (whom they follow, sharing, with their `profiles`) who
    follow them back (`back`, when known), longest first (then by name)."""
    follows = Follows(ctx.store)
    back = follows.following_back(me.id, pids) if back is None else back
    mine = social_of(me.doc).played
    out = []
    for pid in pids:
        if pid not in back:
            continue
        played = social_in(profiles[pid]).played
        streak = friend_streak(mine, played, pair_today(mine, played, ctx.now(), ctx.today()))
        out.append(StreakRow(follows.someone(pid, profiles[pid], follows_you=True), streak, played))
    return sorted(out, key=lambda r: (-r.streak.length, r.someone.name.casefold(), r.someone.pid))


def friends_day(ctx: Context, me: Player, daily: DailyGame, day: dt.date, band: str | None) -> DayBoard:
    """`me`'s friends' board of `daily` on `day` (in `band`): them and the people they follow who share
    their results, each with their ranked result of the day."""
    store = ctx.store
    shown, profiles = _shown(ctx, me)
    date = day.isoformat()
    played = [p for p in shown if _maybe(social_in(profiles[p]).played, date, daily.key)]
    keys = {p: daily.result_key(ctx, p, day, band, ctx.today()) for p in played}
    got = store.get_items([k for k in keys.values() if k is not None], consistent=False)
    rows: list[tuple[Entry, BoardEntry, Item]] = []
    for pid in played:
        key = keys[pid]
        item = got.get(key) if key is not None else None
        found = _entry(daily, pid, doc_of(profiles[pid])["name"], item, False)
        if found is not None and item is not None:
            rows.append((*found, item))
    mine = _mine(ctx, daily, me, day, band)
    own = _entry(daily, me.id, me.name, mine, True)
    if own is not None and mine is not None:
        rows.append((*own, mine))
    by_pid = {entry.pid: (board, item) for entry, board, item in rows}
    ranked = day_board([entry for entry, _, _ in rows])
    out = [Row(p, _public(ctx, by_pid[p.entry.pid][0], by_pid[p.entry.pid][1], p.entry.name)) for p in ranked]
    entered = {entry.pid for entry, _, _ in rows}
    waiting = [Follows(store).someone(p, profiles[p]) for p in shown if p not in entered]
    return DayBoard(daily.key, date, band, out, len(shown), len(entered - {me.id}), waiting,
                    _streaks(ctx, me, shown, profiles))


def _week_days(ctx: Context, day: dt.date) -> list[dt.date]:
    """The week of `day`, but for the days not begun anywhere yet."""
    newest = newest_date(ctx.now())
    return [d for d in week_of(day) if d <= newest]


def _knows(played: Played, day: str) -> bool:
    """Whether a record's games say for sure whether `day` was played: a date no older than the oldest
    it keeps (before that, the result itself is read)."""
    return bool(played.recent) and day >= played.recent[-1][0]


def _maybe(played: Played, day: str, game: str) -> bool:
    """Whether a player may have a ranked result of `game` on `day`: marked, or a date before what their
    record keeps (a past board: read to know)."""
    return played.has(day, game) or not _knows(played, day)


def friends_week(ctx: Context, me: Player, daily: DailyGame, day: dt.date) -> WeekBoard:
    """`me`'s friends' board of `daily` over the week of `day`: each person's days played and totals."""
    store, today = ctx.store, ctx.today()
    shown, profiles = _shown(ctx, me)
    days = _week_days(ctx, day)
    wanted: dict[tuple[str, str], Key] = {}
    for pid in shown:
        played = social_in(profiles[pid]).played
        for d in days:
            date = d.isoformat()
            if _maybe(played, date, daily.key):
                key = daily.result_key(ctx, pid, d, ctx_band(ctx, daily, d), today)
                if key is not None:
                    wanted[(pid, date)] = key
    got = store.get_items(list(wanted.values()), consistent=False)
    mine_keys = {d.isoformat(): daily.result_key(ctx, me.id, d, ctx_band(ctx, daily, d), today)
                 for d in days}
    mine = store.get_items([k for k in mine_keys.values() if k is not None])
    names = {pid: doc_of(profiles[pid])["name"] for pid in shown}
    results: dict[tuple[str, str], Entry] = {}
    for (pid, date), key in wanted.items():
        found = _entry(daily, pid, names[pid], got.get(key), False)
        if found is not None:
            results[(pid, date)] = found[0]
    for date, key in mine_keys.items():
        found = _entry(daily, me.id, me.name, mine.get(key) if key else None, True)
        if found is not None:
            results[(me.id, date)] = found[0]
    people = [Person(me.id, me.name, True), *(Person(p, names[p]) for p in shown)]
    dates = [d.isoformat() for d in days]
    return WeekBoard(daily.key, dates, week_board(people, dates, results))


def ctx_band(ctx: Context, daily: DailyGame, day: dt.date) -> str | None:
    """The band of `daily`'s board on `day` (its only one since 2026-10-26)."""
    return daily.band_of(ctx.settings, day)


def friend_streaks(ctx: Context, me: Player) -> list[StreakRow]:
    """`me`'s friend streaks: with each person they follow who follows them back and shares their
    results, longest first (then by name). A friends' board carries the same, from the profiles it reads."""
    follows = Follows(ctx.store)
    pids = follows.followed(me.id, consistent=False)
    back = follows.following_back(me.id, pids)
    profiles = follows.profiles([p for p in pids if p in back])
    shown = [p for p in pids if p in profiles and not social_in(profiles[p]).closed]
    return _streaks(ctx, me, shown, profiles, set(shown))


# ---- clubs ---------------------------------------------------------------------------------


def _club_entries(ctx: Context, club_id: str, daily: DailyGame, date: str) -> dict[str, Item]:
    """The results its members' items keep under the club's board of `daily` on `date`, by player (the
    best, should an item have moved slots)."""
    found: dict[str, Item] = {}
    for index in S.CLUB_SLOT_INDEXES:
        for item in ctx.store.query_items(S.club_board(club_id, daily.key, date), index=index):
            pid = str(item["PK"])[2:]
            if pid not in found or item[f"GSI{index}SK"] < _club_sk(found[pid]):
                found[pid] = item
    # An entry indexed before the indexes held rows (`row<n>`) says nothing of the public board: its
    # item, read whole from the table.
    older = [(it["PK"], it["SK"]) for it in found.values()
             if not any(f"row{n}" in it for n in S.CLUB_SLOT_INDEXES)]
    if older:
        whole = ctx.store.get_items(older, consistent=False)
        found = {pid: whole.get((it["PK"], it["SK"]), it) for pid, it in found.items()}
    return found


def _club_sk(item: Item) -> str:
    return str(item.get("GSI2SK") or item.get("GSI3SK") or "")


def club_day(
    ctx: Context, club_id: str, me: Player, members: Sequence[tuple[str, str]], daily: DailyGame, day: dt.date
) -> DayBoard:
    """A club's board of `daily` on `day`: its `members` ((id, name)) with their ranked results."""
    date = day.isoformat()
    names = dict(members)
    items = _club_entries(ctx, club_id, daily, date)
    band = ctx_band(ctx, daily, day)
    mine = _mine(ctx, daily, me, day, band)
    if mine is not None:
        items[me.id] = mine  # the viewer's own at once, as the index may lag a moment
    rows: list[tuple[Entry, BoardEntry, Item]] = []
    for pid, item in items.items():
        if pid in names:
            found = _entry(daily, pid, names[pid], item, pid == me.id)
            if found is not None:
                rows.append((*found, item))
    by_pid = {entry.pid: (board, item) for entry, board, item in rows}
    ranked = day_board([entry for entry, _, _ in rows])
    out = [Row(p, _public(ctx, by_pid[p.entry.pid][0], by_pid[p.entry.pid][1], p.entry.name)) for p in ranked]
    entered = {entry.pid for entry, _, _ in rows}
    waiting = [Someone(pid, name) for pid, name in members if pid not in entered]
    return DayBoard(daily.key, date, band, out, len(members), len(entered), waiting)


def club_week(
    ctx: Context, club_id: str, me: Player, members: Sequence[tuple[str, str]], daily: DailyGame, day: dt.date
) -> WeekBoard:
    """A club's board of `daily` over the week of `day`: each member's days played and totals."""
    names = dict(members)
    days = _week_days(ctx, day)
    results: dict[tuple[str, str], Entry] = {}
    for d in days:
        date = d.isoformat()
        items = _club_entries(ctx, club_id, daily, date)
        mine = _mine(ctx, daily, me, d, ctx_band(ctx, daily, d))
        if mine is not None:
            items[me.id] = mine
        for pid, item in items.items():
            if pid in names:
                found = _entry(daily, pid, names[pid], item, pid == me.id)
                if found is not None:
                    results[(pid, date)] = found[0]
    people = [Person(pid, name, pid == me.id) for pid, name in members]
    dates = [d.isoformat() for d in days]
    return WeekBoard(daily.key, dates, week_board(people, dates, results))

