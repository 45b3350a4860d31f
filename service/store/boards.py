"""Leaderboards: the top 100 of an index partition, in sort-key order, and the caller's own place.

The machinery every game's boards use (each game reads its own boards in its records module,
service/games/<key>/records.py), and the streak boards, alike for every game with a streak."""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from puzzlebook.streaks import Streak
from service.store import keys as K
from service.store.items import (
    Item,
    Key,
    Primitives,
    doc_of,
)
from service.store.records import Board, BoardRow

BOARD_SIZE = 100


@dataclass(slots=True)
class BoardSpec:
    """A board: its GSI, partition(s), how a row's detail reads, and the caller's own item."""

    index: int
    partitions: list[str]
    detail: Callable[[Item], dict[str, Any]]
    mine: Key | None = None


class Boards(Primitives):
    """Each board is one index partition (two for streaks) read in order; names are read fresh."""

    def board_of(self, spec: BoardSpec) -> Board:
        """The board `spec` describes: its top BOARD_SIZE rows in order, names read fresh, and the
        caller's own row with its place."""
        found: list[Item] = []
        for pk in spec.partitions:
            found += self.query_items(pk, index=spec.index, limit=BOARD_SIZE)
        sk_name = f"GSI{spec.index}SK"
        found.sort(key=lambda it: it[sk_name])
        found = found[:BOARD_SIZE]
        mine_item = None
        mine_place = None
        if spec.mine:
            mine_item = self.get_item(*spec.mine)
            pk_name = f"GSI{spec.index}PK"
            if mine_item is not None and mine_item.get(pk_name) in spec.partitions:
                rank = mine_item[sk_name]
                mine_place = 1 + sum(
                    self.count_items(pk, index=spec.index, below=rank) for pk in spec.partitions
                )
            else:
                mine_item = None
        pids = [_pid_of(it) for it in found]
        if mine_item is not None:
            pids.append(_pid_of(mine_item))
        names = self._names(pids)
        # A row whose player is gone (a deletion under way) is neither shown nor counted: the places
        # run on without a gap, and the caller's place leaves out such rows above theirs.
        shown = [it for it in found if _pid_of(it) in names]
        rows = [
            BoardRow(place, _pid_of(it), names[_pid_of(it)], spec.detail(it))
            for place, it in enumerate(shown, start=1)
        ]
        mine = None
        if mine_item is not None and mine_place is not None and _pid_of(mine_item) in names:
            rank = mine_item[sk_name]
            mine_place -= sum(1 for it in found if it[sk_name] < rank and _pid_of(it) not in names)
            mine = BoardRow(mine_place, _pid_of(mine_item), names[_pid_of(mine_item)], spec.detail(mine_item))
        return Board(rows, mine)

    def _names(self, pids: list[str]) -> dict[str, str]:
        unique = list(dict.fromkeys(pids))
        got = self.get_items([(K.player(p), K.PROFILE) for p in unique])
        return {
            p: doc_of(got[(K.player(p), K.PROFILE)])["name"]
            for p in unique
            if (K.player(p), K.PROFILE) in got
        }

    def streak_board(self, game: str, stats_sk: str, today: dt.date, me: str | None = None) -> Board:
        """`game`'s current streaks (ending today or yesterday), longest first; ties to whoever got there
        first. `stats_sk`: the sort key of the player's item of that game that carries the streak."""
        days = [today.isoformat(), (today - dt.timedelta(days=1)).isoformat()]
        partitions = [K.streak_board(game, d)[1] for d in days]
        mine = (K.player(me), stats_sk) if me else None
        return self.board_of(
            BoardSpec(2, partitions, lambda it: {"streak": _board_streak(doc_of(it))}, mine)
        )


def _board_streak(doc: dict[str, Any]) -> int:
    """The streak a board shows: the one results with a ticket kept (`board_streak`), or, in a doc
    kept before offline results existed, the one streak."""
    return int((doc.get("board_streak") or doc["streak"])["length"])


def streak_index(game: str, streak: Streak, pid: str) -> tuple[str, str]:
    """A player's place on `game`'s streak board (GSI2): the partition of the streak's last day."""
    return K.streak_board(game, streak.day or "")[1], K.streak_rank(streak.length, streak.at or "", pid)


def _pid_of(item: Item) -> str:
    return str(item["PK"][2:])
