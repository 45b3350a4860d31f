"""Chain in the store: the days stored ahead (and the days that failed), each player's result of a day
with their tallies and streak, and the daily board. Keys: service/games/chain/keys.py; docs/store.md."""

from __future__ import annotations

import datetime as dt
from dataclasses import replace
from typing import Any

from puzzlebook.chain.tallies import ChainStats
from puzzlebook.results import Posted
from service.games.chain import keys as CK
from service.store import keys as K
from service.store.base import Store
from service.store.boards import BoardSpec, streak_index
from service.store.items import (
    Conflict,
    Item,
    Key,
    Op,
    Put,
    doc_of,
    make_item,
    record_of,
    utc_stamp,
)
from service.store.records import Board


def _chain_keys(pid: str, day: str) -> tuple[Key, Key]:
    """The keys of the player's result for a Chain day and of their Chain tallies."""
    me = K.player(pid)
    return (me, CK.chain_result(day)), (me, CK.CHAIN_STATS)


class ChainRecords:
    """Chain's records in `store`."""

    def __init__(self, store: Store) -> None:
        self.store = store

    # ---- results -----------------------------------------------------------------------

    def chain_result(self, pid: str, day: str) -> dict[str, Any] | None:
        """The player's kept result for a Chain day ({"kind": "solve"|"giveup", ...}), or None."""
        item = self.store.get_item(K.player(pid), CK.chain_result(day))
        return doc_of(item) if item else None

    def _chain_stats_put(self, pid: str, stats: ChainStats, expect: int) -> Put:
        """The versioned write of the player's Chain tallies (`stats.version` is the new version)."""
        index = {}
        if stats.streak.day:
            index[2] = streak_index("chain", stats.streak, pid)
        item = make_item(K.player(pid), CK.CHAIN_STATS, stats.to_doc(), version=stats.version, index=index)
        return Put(item, expect=expect)

    def record_chain_solve(
        self,
        pid: str,
        day: str,
        *,
        tiles: list[int],
        seconds: int,
        undos: int,
        resets: int,
        on_board: bool,
        now: dt.datetime,
    ) -> Posted:
        """Keep the player's first result for a Chain day, a solve. `on_board` when posted on that site
        day: it then goes on the day's board and counts for the streak. A later result isn't kept."""
        key, stats_key = _chain_keys(pid, day)
        posted = utc_stamp(now)
        clean = undos == 0 and resets == 0
        rank = CK.chain_daily_rank(clean, undos + resets, seconds, posted, pid)

        def decide(got: dict[Key, Item]) -> tuple[Posted, list[Op]]:
            if key in got:
                return Posted(already=True, kind=doc_of(got[key]).get("kind")), []
            stats = record_of(got.get(stats_key), ChainStats.from_doc)
            streak = stats.streak.extended(dt.date.fromisoformat(day), posted) if on_board else stats.streak
            new = replace(
                stats,
                version=stats.version + 1,
                solved=stats.solved + 1,
                clean=stats.clean + (1 if clean else 0),
                streak=streak,
            )
            doc = {
                "kind": "solve",
                "tiles": tiles,
                "seconds": seconds,
                "undos": undos,
                "resets": resets,
                "clean": clean,
                "posted": posted,
                "on_board": on_board,
            }
            index = {1: (CK.chain_daily_board(day)[1], rank)} if on_board else {}
            ops: list[Op] = [
                Put(make_item(*key, doc, index=index), expect=0),
                self._chain_stats_put(pid, new, expect=stats.version),
            ]
            return Posted(already=False, clean=clean, daily=day if on_board else None, kind="solve"), ops

        answer = self.store.settle([stats_key, key], decide)
        if on_board and not answer.already:
            n, board_pk = CK.chain_daily_board(day)
            answer = replace(answer, place=self.store.count_items(board_pk, index=n, below=rank) + 1)
        return answer

    def record_chain_giveup(self, pid: str, day: str, now: dt.datetime) -> Posted:
        """Keep a give-up as the player's result for a Chain day, unless a result came first (already)."""
        key, stats_key = _chain_keys(pid, day)

        def decide(got: dict[Key, Item]) -> tuple[Posted, list[Op]]:
            if key in got:
                return Posted(already=True, kind=doc_of(got[key]).get("kind")), []
            stats = record_of(got.get(stats_key), ChainStats.from_doc)
            new = replace(stats, version=stats.version + 1, gave_up=stats.gave_up + 1)
            ops: list[Op] = [
                Put(make_item(*key, {"kind": "giveup", "posted": utc_stamp(now)}), expect=0),
                self._chain_stats_put(pid, new, expect=stats.version),
            ]
            return Posted(already=False, kind="giveup"), ops

        return self.store.settle([stats_key, key], decide)

    def stats(self, pid: str) -> ChainStats:
        """The player's Chain tallies (zeros for a player who hasn't played)."""
        return record_of(self.store.get_item(K.player(pid), CK.CHAIN_STATS), ChainStats.from_doc)

    # ---- the days ------------------------------------------------------------------------

    def put_chain_day(self, day: str, row: dict[str, Any]) -> bool:
        """Store the generated row for `day`; False (and nothing changed) if that day is stored already."""
        try:
            self.store.transact([Put(make_item(CK.CHAIN_DAYS, day, row), expect=0)])
        except Conflict:
            return False
        return True

    def chain_day(self, day: str) -> dict[str, Any] | None:
        """The stored row for `day`, or None."""
        item = self.store.get_item(CK.CHAIN_DAYS, day)
        return doc_of(item) if item else None

    def chain_days(self, first: str | None = None, last: str | None = None) -> list[str]:
        """The dates with a stored Chain day, ascending, within `first`..`last` when given."""
        items = self.store.query_items(CK.CHAIN_DAYS, low=first or "0000", high=last or "9999")
        return [it["SK"] for it in items]

    def chain_rows(
        self, first: str | None = None, last: str | None = None
    ) -> list[tuple[str, dict[str, Any]]]:
        """(date, row) of every stored Chain day within `first`..`last` when given, ascending."""
        items = self.store.query_items(CK.CHAIN_DAYS, low=first or "0000", high=last or "9999")
        return [(it["SK"], doc_of(it)) for it in items]

    def last_chain_day(self) -> str | None:
        """The latest stored Chain date, or None."""
        items = self.store.query_items(CK.CHAIN_DAYS, limit=1, reverse=True)
        return items[0]["SK"] if items else None

    def record_chain_failure(self, day: str, code: str, detail: str, now: dt.datetime) -> None:
        """Note that `day` failed generation or re-verification with `code` (the latest note stands)."""
        doc = {"code": code, "detail": detail, "at": utc_stamp(now)}
        self.store.transact([Put(make_item(CK.CHAIN_FAILURES, day, doc))])

    def chain_failures(self) -> dict[str, dict[str, Any]]:
        """Every failed day: {date: {code, detail, at}}."""
        return {it["SK"]: doc_of(it) for it in self.store.query_items(CK.CHAIN_FAILURES)}

    # ---- boards ------------------------------------------------------------------------

    def daily_board(self, day: str, me: str | None = None) -> Board:
        """The Chain board of `day`: clean (no undo or reset) first, then fewer undos and resets,
        then time, then who posted first."""
        index, pk = CK.chain_daily_board(day)

        def detail(it: Item) -> dict[str, Any]:
            d = doc_of(it)
            return {"undos": d["undos"], "resets": d["resets"], "seconds": d["seconds"], "clean": d["clean"]}

        mine = (K.player(me), CK.chain_result(day)) if me else None
        return self.store.board_of(BoardSpec(index, [pk], detail, mine))

    def streak_board(self, today: dt.date, me: str | None = None) -> Board:
        """Current Chain streaks, longest first."""
        return self.store.streak_board("chain", CK.CHAIN_STATS, today, me)
