"""Leaderboards: the top 100 of an index partition, in sort-key order, and the caller's own place."""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from puzzlebook.ratings import Rating
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
class _BoardSpec:
    """A board: its GSI, partition(s), how a row's detail reads, and the caller's own item."""

    index: int
    partitions: list[str]
    detail: Callable[[Item], dict[str, Any]]
    mine: Key | None = None


class Boards(Primitives):
    """Each board is one index partition (two for streaks) read in order; names are read fresh."""

    def _board(self, spec: _BoardSpec) -> Board:
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
        rows = [
            BoardRow(place, _pid_of(it), names.get(_pid_of(it), ""), spec.detail(it))
            for place, it in enumerate(found, start=1)
            if _pid_of(it) in names
        ]
        mine = None
        if mine_item is not None and mine_place is not None and _pid_of(mine_item) in names:
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

    def chess_daily_board(self, day: str, band: str, me: str | None = None) -> Board:
        """The daily board of `band` on `day`: solves posted that day, clean first, then less help,
        then time, then who posted first."""
        index, pk = K.chess_daily_board(day, band)
        mine = None
        if me:
            kept = self.get_item(K.CHESS_DAILIES, K.chess_daily(day, band))
            if kept:
                mine = (K.player(me), K.chess_solve(doc_of(kept)["id"]))

        def detail(it: Item) -> dict[str, Any]:
            d = doc_of(it)
            return {
                "mistakes": d["mistakes"],
                "hints": d["hints"],
                "seconds": d["seconds"],
                "clean": d["clean"],
            }

        return self._board(_BoardSpec(index, [pk], detail, mine))

    def chain_daily_board(self, day: str, me: str | None = None) -> Board:
        """The Chain board of `day`: clean (no undo or reset) first, then fewer undos and resets,
        then time, then who posted first."""
        index, pk = K.chain_daily_board(day)

        def detail(it: Item) -> dict[str, Any]:
            d = doc_of(it)
            return {"undos": d["undos"], "resets": d["resets"], "seconds": d["seconds"], "clean": d["clean"]}

        mine = (K.player(me), K.chain_result(day)) if me else None
        return self._board(_BoardSpec(index, [pk], detail, mine))

    def alltime_board(self, band: str | None = None, me: str | None = None) -> Board:
        """Clean solves of all time, in `band` or over all; ties to whoever got there first."""
        index, pk = K.alltime_board(band)
        if band:
            mine = (K.player(me), K.chess_tally(band)) if me else None
        else:
            mine = (K.player(me), K.CHESS_STATS) if me else None
        return self._board(_BoardSpec(index, [pk], lambda it: {"clean": doc_of(it)["clean"]}, mine))

    def ratings_board(self, game: str = "chess", me: str | None = None) -> Board:
        """Players by rating, highest first; provisional ones marked."""
        index, pk = K.ratings_board(game)

        def detail(it: Item) -> dict[str, Any]:
            r = doc_of(it)["rating"]
            rating = Rating(**r)
            return {"rating": round(rating.rating), "rd": round(rating.rd), "provisional": rating.provisional}

        mine = (K.player(me), K.CHESS_STATS) if me else None
        return self._board(_BoardSpec(index, [pk], detail, mine))

    def streak_board(self, game: str, today: dt.date, me: str | None = None) -> Board:
        """Current streaks (ending today or yesterday), longest first; ties to whoever got there first."""
        days = [today.isoformat(), (today - dt.timedelta(days=1)).isoformat()]
        partitions = [K.streak_board(game, d)[1] for d in days]
        stats_sk = K.CHESS_STATS if game == "chess" else K.CHAIN_STATS
        mine = (K.player(me), stats_sk) if me else None
        return self._board(
            _BoardSpec(2, partitions, lambda it: {"streak": doc_of(it)["streak"]["length"]}, mine)
        )


def _pid_of(item: Item) -> str:
    return item["PK"][2:]
