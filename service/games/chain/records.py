"""Chain in the store: the days stored ahead (and the days that failed), each player's result of a day
with their tallies and streak, and the daily board. Keys: service/games/chain/keys.py; docs/store.md.

What a result changes is decided by puzzlebook.chain.results; this module reads the keys it needs,
turns the decision into store operations, and writes them (Store.settle reads and decides again
when a condition is lost to another write)."""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any

from puzzlebook.chain.kept import KeptResult, KeptSolve, result_of_doc
from puzzlebook.chain.results import Settled, Solve, settle_giveup, settle_solve
from puzzlebook.chain.tallies import ChainStats
from puzzlebook.daily_stats import DayResult, Result
from puzzlebook.places import BoardEntry
from puzzlebook.results import Posted
from service.boards.board import rank_key, snapshot_path
from service.games.chain import keys as CK
from service.plays import OldPlay, PlayCheck, carrying_play
from service.store import keys as K
from service.store.base import Store
from service.store.boards import BoardSpec, streak_index, streak_row, streak_spec
from service.store.items import (
    Conflict,
    Item,
    Key,
    Op,
    Put,
    doc_of,
    make_item,
    state_of,
    utc_stamp,
    version_of,
)
from service.store.records import Board


@dataclass(frozen=True, slots=True)
class ChainFailure:
    """A day that failed generation or re-verification: its failure code, what went wrong, when
    (UTC stamp). The latest note of a day stands."""

    code: str
    detail: str
    at: str

    def to_doc(self) -> dict[str, Any]:
        return {"code": self.code, "detail": self.detail, "at": self.at}

    @classmethod
    def from_doc(cls, doc: dict[str, Any]) -> ChainFailure:
        return cls(doc["code"], doc["detail"], doc["at"])


def _result(item: Item | None) -> KeptResult | None:
    """The player's kept result of a day, as read (None: they have none)."""
    return result_of_doc(doc_of(item)) if item is not None else None


def daily_entry_of(pid: str, item: Item) -> BoardEntry | None:
    """A kept result's item as its day's board ranks it (ChainHooks.daily_entry): a solve on its own
    date with its ticket, whether or not its player is on the public boards yet; None for a give-up or
    an offline solve."""
    kept = _result(item)
    if not isinstance(kept, KeptSolve) or not kept.on_board:
        return None
    day = str(item["SK"]).removeprefix(CK.CHAIN_RESULTS)
    rank = CK.chain_daily_rank(kept.clean, kept.undos + kept.resets, kept.seconds, kept.posted, pid)
    row = {"undos": kept.undos, "resets": kept.resets, "seconds": kept.seconds, "clean": kept.clean}
    return BoardEntry(snapshot_path(CK.DAILY_BOARD_PATH, day), rank_key(rank), row)


def _chain_keys(pid: str, day: str) -> tuple[Key, Key]:
    """The keys of the player's result for a Chain day and of their Chain tallies."""
    me = K.player(pid)
    return (me, CK.chain_result(day)), (me, CK.CHAIN_STATS)


class ChainRecords:
    """Chain's records in `store`."""

    def __init__(self, store: Store) -> None:
        self.store = store

    # ---- results -----------------------------------------------------------------------

    def daily_results(self, pid: str, first: str, last: str) -> list[DayResult]:
        """The player's result of each Chain day from `first` to `last` they finished, by day: one query
        of their own results (puzzlebook.daily_stats)."""
        items = self.store.query_items(K.player(pid), low=CK.chain_result(first), high=CK.chain_result(last))
        out = []
        for item in items:
            day = item["SK"].removeprefix(CK.CHAIN_RESULTS)
            kept = _result(item)
            if isinstance(kept, KeptSolve):
                result: Result = "clean" if kept.clean else "help"
                out.append(DayResult(day, result, seconds=kept.seconds, undos=kept.undos))
            elif kept is not None:
                out.append(DayResult(day, "missed"))
        return out

    def chain_result(self, pid: str, day: str) -> KeptResult | None:
        """The player's kept result for a Chain day (a solve or a give-up), or None."""
        return _result(self.store.get_item(K.player(pid), CK.chain_result(day)))

    def _writes(
        self, pid: str, day: str, settled: Settled, got: dict[Key, Item], rank: str | None = None,
        on_boards: bool = True,
    ) -> list[Op]:
        """The store operations for what `settle_*` decided: the day's result, created only if
        absent (ranked on the day's board by `rank` when it goes there), and the tallies, written
        only over the version read (in `got`), with the play the item holds. Nothing goes on a board
        when `on_boards` is False (a new account: puzzlebook.standing)."""
        if settled.result is None or settled.stats is None:
            return []  # an earlier result stands: nothing to write
        key, stats_key = _chain_keys(pid, day)
        board = {1: (CK.chain_daily_entry(day, pid), rank)} if settled.on_board and rank and on_boards else {}
        stats = settled.stats
        # The streak board sees only the streak kept by results with a ticket.
        ranked = stats.ranked_streak
        streak = {2: streak_index("chain", ranked, pid)} if ranked.day and on_boards else {}
        read = got.get(stats_key)
        # The tallies as `stats`, which no index holds (the streak board holds `row2`).
        tallies = make_item(*stats_key, version=stats.version, index=streak, rows={2: streak_row(ranked)})
        tallies["stats"] = stats.to_doc()
        return [
            Put(make_item(*key, settled.result.to_doc(), index=board), expect=0),
            Put(carrying_play(tallies, read), expect=version_of(read)),
        ]

    def record_chain_solve(
        self, pid: str, solve: Solve, *, today: dt.date, now: dt.datetime, play: PlayCheck | None = None,
        on_boards: bool = True, offset: int | None = None,
    ) -> Posted:
        """Keep the player's solve of a Chain day as puzzlebook.chain.results.settle_solve decides
        (the first result stands; played on its own date, the player's `today` at `offset`, it
        goes on the day's board and counts for the streak). Answers with its place when it went on
        the board. `play`: the ticket it came with, which must be the player's current Chain play
        (TicketRefused "closed" otherwise); the result ends it in the same write, and is counted
        there against its cap."""
        key, stats_key = _chain_keys(pid, solve.day)
        posted = utc_stamp(now)
        rank = CK.chain_daily_rank(solve.clean, solve.undos + solve.resets, solve.seconds, posted, pid)

        def decide(got: dict[Key, Item], check: PlayCheck | None) -> tuple[Posted, list[Op]]:
            if check is not None:
                check.is_tie(got)
            stats = state_of(got.get(stats_key), ChainStats.from_doc)
            settled = settle_solve(_result(got.get(key)), stats, solve, today=today, posted=posted,
                                   offset=offset)
            ops = self._writes(pid, solve.day, settled, got, rank, on_boards)
            if check is not None:
                ops = check.onto(ops, got, check.recording(got, counted=bool(ops), closed="solve"))
            return settled.answer, ops

        answer = self._settle([stats_key, key], decide, play)
        if answer.daily and not answer.already and on_boards:
            row = {"undos": solve.undos, "resets": solve.resets, "seconds": solve.seconds,
                   "clean": solve.clean}
            path = snapshot_path(CK.DAILY_BOARD_PATH, solve.day)
            answer = replace(answer, entry=BoardEntry(path, rank_key(rank), row))
        return answer

    def record_chain_giveup(
        self, pid: str, day: str, now: dt.datetime, play: PlayCheck | None = None, *, offline: bool = False,
        on_boards: bool = True,
    ) -> Posted:
        """Keep a give-up as the player's result for a Chain day, unless a result came first (already).
        `play`: its ticket, as for a solve; `offline`: it came without one."""
        key, stats_key = _chain_keys(pid, day)
        posted = utc_stamp(now)

        def decide(got: dict[Key, Item], check: PlayCheck | None) -> tuple[Posted, list[Op]]:
            if check is not None:
                check.is_tie(got)
            stats = state_of(got.get(stats_key), ChainStats.from_doc)
            settled = settle_giveup(_result(got.get(key)), stats, day, posted=posted, offline=offline)
            ops = self._writes(pid, day, settled, got, on_boards=on_boards)
            if check is not None:
                ops = check.onto(ops, got, check.recording(got, counted=bool(ops), closed="giveup"))
            return settled.answer, ops

        return self._settle([stats_key, key], decide, play)

    def _settle(
        self, keys: list[Key], decide: Callable[[dict[Key, Item], PlayCheck | None], tuple[Posted, list[Op]]],
        play: PlayCheck | None,
    ) -> Posted:
        """The store's settle of a result's `keys` and its play's (read eventually consistent first:
        every write is on the version or absence read), reading a play kept the old way too when asked."""
        check = play
        while True:

            def one(got: dict[Key, Item], check: PlayCheck | None = check) -> tuple[Posted, list[Op]]:
                return decide(got, check)

            try:
                return self.store.settle(keys + (check.keys if check else []), one, eventually=True)
            except OldPlay:
                check = check.reading_old() if check is not None else None

    def stats(self, pid: str) -> ChainStats:
        """The player's Chain tallies (zeros for a player who hasn't played)."""
        return state_of(self.store.get_item(K.player(pid), CK.CHAIN_STATS), ChainStats.from_doc)

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
        failure = ChainFailure(code, detail, utc_stamp(now))
        self.store.transact([Put(make_item(CK.CHAIN_FAILURES, day, failure.to_doc()))])

    def chain_failures(self) -> dict[str, ChainFailure]:
        """Every failed day, by date."""
        items = self.store.query_items(CK.CHAIN_FAILURES)
        return {it["SK"]: ChainFailure.from_doc(doc_of(it)) for it in items}

    # ---- boards ------------------------------------------------------------------------

    def daily_board(self, day: str, me: str | None = None) -> Board:
        """The Chain board of `day`: clean (no undo or reset) first, then fewer undos and resets,
        then time, then who posted first."""
        return self.store.board_of(self.daily_spec(day, me))

    def daily_spec(self, day: str, me: str | None = None) -> BoardSpec:
        """The spec of the Chain board of `day`."""
        index, pk = CK.chain_daily_board(day)

        def detail(it: Item) -> dict[str, Any]:
            d = KeptSolve.from_doc(doc_of(it))  # only solves go on the board
            return {"undos": d.undos, "resets": d.resets, "seconds": d.seconds, "clean": d.clean}

        mine = (K.player(me), CK.chain_result(day)) if me else None
        return BoardSpec(index, [pk], detail, mine)

    def streak_board(self, today: dt.date, me: str | None = None) -> Board:
        """Current Chain streaks, longest first."""
        return self.store.streak_board("chain", CK.CHAIN_STATS, today, me)

    def streak_spec(self, today: dt.date, me: str | None = None) -> BoardSpec:
        """The spec of the Chain streak board on `today`."""
        return streak_spec("chain", CK.CHAIN_STATS, today, me)
