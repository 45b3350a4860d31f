"""Leaderboards: the top 100 of an index partition, in sort-key order, and the caller's own place; and
a board read for its published snapshot (`read_board`: the top 100 with names, and every entry's
rank key, or an even sample of them when the board is too big to read whole).

The machinery every game's boards use (each game reads its own boards in its records module,
service/games/<key>/records.py), and the streak boards, alike for every game with a streak."""

from __future__ import annotations

import bisect
import datetime as dt
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from puzzlebook.streaks import FREEZE_CAP, Streak
from service.store import keys as K
from service.store.items import (
    Item,
    Key,
    Primitives,
    doc_of,
)
from service.store.records import Board, BoardRow

BOARD_SIZE = 100
# A board of at most this many entries is read whole for its snapshot (exact places for everyone);
# a bigger one carries an even sample of its rank keys instead (docs/store.md, "Boards at scale").
WHOLE_BOARD = 20_000
# The fewest entries a finer sample of a board must hold to stand for it (else the next, coarser one
# is read too): at 1,000, a place from it is within about 1.6% of the board (one standard deviation,
# at its middle); the next coarser sample is 32 times larger.
SAMPLE_MIN = 1_000


@dataclass(frozen=True, slots=True)
class BoardRead:
    """A board as read for its snapshot.

    top: the board's top 100 in order, names read fresh (rows of gone players left out);
    keys: every entry's rank key in order, when the board was read whole;
    sample: an even sample's rank keys in order, when the board is too big to read whole;
    size: entries on the board (exact when read whole, estimated when sampled)."""

    top: list[BoardRow]
    keys: list[str] | None
    sample: list[str] | None
    size: int


@dataclass(slots=True)
class BoardSpec:
    """A board: its GSI, partition(s), how a row's detail reads, and the caller's own item."""

    index: int
    partitions: list[str]
    detail: Callable[[Item], dict[str, Any]]
    mine: Key | None = None


class Boards(Primitives):
    """Each board is one index partition (four for streaks) read in order; names are read fresh."""

    def read_board(self, spec: BoardSpec) -> BoardRead:
        """The board `spec` describes (its `mine` is not read), for its snapshot: the top rows with
        names and rank keys, and the entries' rank keys in order: all of them when the board is small
        enough to read whole (SHARDS × its 1/SHARDS sample at most WHOLE_BOARD), else an even sample
        with the size estimated from it.

        The sample is read first, finest first (service/store/keys.py, SAMPLE_LEVELS): `#sb` (1/32,768),
        then, while fewer than SAMPLE_MIN entries are in, `#sa` (with it 1/1,024), then shard `#s00`
        (with them 1/32). Each other partition of the board (every shard of each of `spec.partitions`,
        and the partition itself, whose entries from before sharding are read whole as one more shard)
        is then read whole, when the board is read whole, or its top BOARD_SIZE."""
        index = spec.index
        sk_name = f"GSI{index}SK"
        legacy = [it for base in spec.partitions for it in self.query_items(base, index=index)]
        sample: list[Item] = []
        read: set[str] = set()
        every = 1
        for suffix, every in K.SAMPLE_LEVELS:
            read.add(suffix)
            for base in spec.partitions:
                sample += self.query_items(K.shard(base, suffix), index=index)
            sample += [it for it in legacy if K.shard_suffix(_pid_of(it)) == suffix]
            if every > K.SHARDS and len(sample) >= SAMPLE_MIN:
                break
        whole = every == K.SHARDS and K.SHARDS * len(sample) <= WHOLE_BOARD
        found = sample + [it for it in legacy if K.shard_suffix(_pid_of(it)) not in read]
        for base in spec.partitions:
            for pk in K.board_partitions(base)[:-1]:
                if pk.rsplit("#s", 1)[1] not in read:
                    found += self.query_items(pk, index=index, limit=None if whole else BOARD_SIZE)
        found.sort(key=lambda it: it[sk_name])
        top, gone = self._top_rows(found, spec)
        if whole:
            keys = [rank_key(it, index) for it in found if _pid_of(it) not in gone]
            return BoardRead(top, keys, None, len(keys))
        sample.sort(key=lambda it: it[sk_name])
        sampled = [rank_key(it, index) for it in sample if _pid_of(it) not in gone]
        return BoardRead(top, None, sampled, every * len(sampled))

    def _top_rows(self, ordered: list[Item], spec: BoardSpec) -> tuple[list[BoardRow], set[str]]:
        """The first BOARD_SIZE rows of `ordered` whose players are there, with names read fresh; and
        the pids found gone on the way (a deletion under way: their rows are neither shown nor
        counted)."""
        shown: list[Item] = []
        names: dict[str, str] = {}
        gone: set[str] = set()
        start = 0
        while len(shown) < BOARD_SIZE and start < len(ordered):
            chunk = ordered[start : start + BOARD_SIZE - len(shown)]
            start += len(chunk)
            names |= self._names([_pid_of(it) for it in chunk])
            for it in chunk:
                if _pid_of(it) in names:
                    shown.append(it)
                else:
                    gone.add(_pid_of(it))
        rows = [
            BoardRow(place, _pid_of(it), names[_pid_of(it)], spec.detail(it), rank_key(it, spec.index))
            for place, it in enumerate(shown, start=1)
        ]
        return rows, gone

    def board_of(self, spec: BoardSpec) -> Board:
        """The board `spec` describes, as `read_board` reads it, and the caller's own row with its
        place on it: exact when the board was read whole, else estimated from the sample. No request
        path reads a board (each is published as a snapshot, and a place found on that); this is
        the same board for tools and tests, and it counts nothing."""
        read = self.read_board(spec)
        mine = None
        if spec.mine:
            item = self.get_item(*spec.mine)
            partitions = {pk for base in spec.partitions for pk in K.board_partitions(base)}
            if item is not None and item.get(f"GSI{spec.index}PK") in partitions:
                pid, key = _pid_of(item), rank_key(item, spec.index)
                names = self._names([pid])
                if pid in names:
                    mine = BoardRow(_place(read, key), pid, names[pid], spec.detail(item), key)
        return Board(read.top, mine)

    def _names(self, pids: list[str]) -> dict[str, str]:
        unique = list(dict.fromkeys(pids))
        got = self.get_items([(K.player(p), K.PROFILE) for p in unique])
        return {
            p: doc_of(got[(K.player(p), K.PROFILE)])["name"]
            for p in unique
            if (K.player(p), K.PROFILE) in got
        }

    def streak_board(self, game: str, stats_sk: str, today: dt.date, me: str | None = None) -> Board:
        """`game`'s live streaks on `today` (their freezes counted), longest first; ties to whoever got
        there first. `stats_sk`: the sort key of the player's item of that game that carries the
        streak."""
        return self.board_of(streak_spec(game, stats_sk, today, me))


def streak_spec(game: str, stats_sk: str, today: dt.date, me: str | None = None) -> BoardSpec:
    """The spec of `game`'s streak board on `today`. A streak's entry sits in the partition of the
    last day its held freezes carry it to (`Streak.covers`), and it is alive on `today` while that
    is yesterday or later: so the board reads the partitions of yesterday to FREEZE_CAP days ahead,
    and every entry there is alive (a streak kept before freezes covers its own last day, as its
    entry always did). Each row says how many freezes the streak has used, as of `today`."""
    days = [(today + dt.timedelta(days=n)).isoformat() for n in range(-1, FREEZE_CAP + 1)]
    partitions = [K.streak_board(game, d)[1] for d in days]
    mine = (K.player(me), stats_sk) if me else None
    return BoardSpec(2, partitions, lambda it: _board_streak(it, today), mine)


def streak_row(streak: Streak) -> dict[str, Any]:
    """What the streak board's index holds of a player's state item (`row2`): of the streak it ranks,
    what its standing on a day needs (its last day, length, and freezes used and held)."""
    return {"d": streak.day, "n": streak.length, "u": streak.used, "h": streak.held}


def _board_streak(item: Item, today: dt.date) -> dict[str, int]:
    """A row's streak and the freezes it used: of the streak results with a ticket kept (the index's
    row; an entry kept before rows were: its doc's `board_streak`, or, kept before offline results
    existed, its one streak)."""
    row = item.get("row2")
    if row is not None:
        streak = Streak(row["d"], row["n"], used=row["u"], held=row["h"])
    else:
        doc = doc_of(item)
        streak = Streak.from_doc(doc.get("board_streak") or doc["streak"])
    standing = streak.standing(today)
    return {"streak": standing.length, "freezes_used": standing.freezes_used}


def streak_index(game: str, streak: Streak, pid: str) -> tuple[str, str]:
    """A player's place on `game`'s streak board (GSI2): the partition of the last day the streak's
    freezes carry it to, ranked by its length."""
    board = K.streak_board(game, streak.covers() or "")
    return K.board_entry(board, pid), K.streak_rank(streak.length, streak.at or "", pid)


def _place(read: BoardRead, key: str) -> int:
    """The place of the entry ranked `key` on the board `read`: one more than the entries ahead of it,
    counted in its keys, or estimated from its sample."""
    if read.keys is not None:
        return bisect.bisect_left(read.keys, key) + 1
    sample = read.sample or []
    return round(bisect.bisect_left(sample, key) * read.size / max(1, len(sample))) + 1


def rank_key(item: Item, index: int) -> str:
    """An entry's rank key: its GSI `index` sort key without the trailing `#<pid>` (so a published
    board carries no player ids; ties are still broken by the stamp before it)."""
    sk = str(item[f"GSI{index}SK"])
    suffix = "#" + _pid_of(item)
    return sk[: -len(suffix)] if sk.endswith(suffix) else sk


def _pid_of(item: Item) -> str:
    return str(item["PK"][2:])
