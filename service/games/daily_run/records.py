"""A run mode in the store: the days' runs (the first pick stands), each player's first started run
of a day (the ranked one), their ranked results with the day's board, and their best of all time
with the best board. Keys: the mode's RunKeys (mode.py); docs/store.md.

What a posted run changes is decided by puzzlebook.daily_run.settle; this module reads the keys it
needs, turns the decision into store operations, and writes them (Store.settle reads and decides
again when a condition is lost to another write, so two posts of one run count once).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, Generic

from puzzlebook.chess.ladder import RunPuzzle
from puzzlebook.daily_run import RunAnswer, settle
from puzzlebook.places import BoardEntry
from service.boards.board import rank_key, snapshot_path
from service.games.daily_run.mode import R, RunMode
from service.store import keys as K
from service.store.base import Store
from service.store.boards import BoardSpec
from service.store.items import Conflict, Item, Key, Op, Put, doc_of, make_item, version_of
from service.store.records import Board

FILES_AT_ONCE = 25  # the day files kept in one transaction (RunRecords.keep_files)


@dataclass(frozen=True, slots=True)
class KeptRun:
    """A day's run as kept: the bundle version it was picked from and its puzzles in order."""

    day: str
    bundle: int
    puzzles: list[RunPuzzle]

    def to_doc(self) -> dict[str, Any]:
        """The item's record (the day is its sort key)."""
        return {"bundle": self.bundle, "puzzles": [[p.id, p.band, p.rating] for p in self.puzzles]}

    @classmethod
    def from_item(cls, item: Item) -> KeptRun:
        doc = doc_of(item)
        return cls(item["SK"], int(doc["bundle"]), [RunPuzzle(p[0], p[1], int(p[2])) for p in doc["puzzles"]])


@dataclass(frozen=True, slots=True)
class RunStarted:
    """The run a player started first on a day (their ranked one): its ticket's nonce, and when the
    ticket was issued (ms)."""

    nonce: str
    issued: int

    def to_doc(self) -> dict[str, Any]:
        return {"nonce": self.nonce, "issued": self.issued}

    @classmethod
    def from_doc(cls, doc: dict[str, Any]) -> RunStarted:
        return cls(doc["nonce"], int(doc.get("issued", 0)))


class RunRecords(Generic[R]):
    """The records of run mode `mode` in `store`."""

    def __init__(self, store: Store, mode: RunMode[R]) -> None:
        self.store = store
        self.mode = mode
        self.keys = mode.keys

    def _best(self, item: Item | None) -> R | None:
        """The player's best run, from their STATS#<mode> item ({"best": the run})."""
        best = doc_of(item).get("best")
        return self.mode.result_of(best) if best else None

    def _detail(self, item: Item) -> dict[str, Any]:
        doc = doc_of(item)
        return self.mode.columns(self.mode.result_of(doc.get("best", doc)))  # a day's result, or a best

    # ---- the days' runs ----------------------------------------------------------------

    def keep_run(self, day: str, bundle: int, puzzles: list[RunPuzzle]) -> KeptRun:
        """Keep `puzzles` as the run of `day`, unless one is kept already: the kept one stands."""
        run = KeptRun(day, bundle, list(puzzles))
        try:
            self.store.transact([Put(make_item(self.keys.runs, day, run.to_doc()), expect=0)])
        except Conflict:
            kept = self.run_of(day)
            if kept is None:  # pragma: no cover - a run is never deleted
                raise
            return kept
        return run

    def run_of(self, day: str) -> KeptRun | None:
        """The kept run of `day`, or None."""
        item = self.store.get_item(self.keys.runs, day)
        return KeptRun.from_item(item) if item else None

    def days(self, first: str | None, last: str | None) -> list[str]:
        """The days within `first`..`last` (when given) that have a kept run, in order."""
        return self.store.query_sort_keys(self.keys.runs, low=first or "0000", high=last or "9999")

    def runs(self, first: str | None, last: str | None) -> list[KeptRun]:
        """The kept runs within `first`..`last` (when given), by date."""
        return [KeptRun.from_item(it) for it in self._run_items(first, last)]

    def run_docs(self, first: str | None, last: str | None) -> list[tuple[str, dict[str, Any]]]:
        """(day, record) of the kept runs within `first`..`last` (when given), by date: the records
        as kept (KeptRun.to_doc), for the daily files of many days (hooks.day_bytes)."""
        return [(it["SK"], doc_of(it)) for it in self._run_items(first, last)]

    def _run_items(self, first: str | None, last: str | None) -> list[Item]:
        return self.store.query_items(self.keys.runs, low=first or "0000", high=last or "9999")

    # ---- the days' public files, as made from the runs --------------------------------

    def file_texts(self, first: str | None, last: str | None, made: str) -> dict[str, str]:
        """{day: text} of the runs' public files kept within `first`..`last` (when given) that were
        made as `made` says (hooks.file_made: the file's format and the bundle's version); a file
        made otherwise is as good as none."""
        items = self.store.query_items(self.keys.files, low=first or "0000", high=last or "9999")
        return {it["SK"]: it["text"] for it in items if it.get("made") == made}

    def keep_files(self, texts: dict[str, str], made: str) -> None:
        """Keep each day's public file text ({day: text}), made as `made` says, in place of any kept
        before: it is made from the kept run, so whoever writes it writes the same text. Written
        FILES_AT_ONCE to a transaction (DynamoDB's take 100 items and 4 MB; a Storm file is 14 KB)."""
        items = []
        for day, text in sorted(texts.items()):
            item = make_item(self.keys.files, day)
            item["text"] = text  # a plain string attribute, as a lesson's part: no escaping in DynamoDB
            item["made"] = made
            items.append(item)
        for start in range(0, len(items), FILES_AT_ONCE):
            self.store.transact([Put(item) for item in items[start : start + FILES_AT_ONCE]])

    # ---- starting and posting ----------------------------------------------------------

    def start(self, pid: str, day: str, nonce: str, issued: int) -> bool:
        """Note a run the player starts on `day` (its ticket's `nonce`); True when it is their
        first of the day (ranked), False when one was started before (this one is practice)."""
        item = make_item(K.player(pid), self.keys.started(day), RunStarted(nonce, issued).to_doc())
        try:
            self.store.transact([Put(item, expect=0)])
        except Conflict:
            return False
        return True

    def record_run(
        self, pid: str, day: str, nonce: str, tally: Any, seconds: int, posted: str, *,
        on_boards: bool = True,
    ) -> RunAnswer[R]:
        """Keep the player's run of `day` (ticket `nonce`, scored as `tally`) as
        puzzlebook.daily_run.settle decides; the answer, with its place on the day's board when it
        is there. `on_boards`: the player's runs go on the boards now (a new account's don't:
        puzzlebook.standing); an established account's best goes on the best board with its next
        ranked run, even one that isn't better."""
        me, keys, mode = K.player(pid), self.keys, self.mode
        started_key, result_key, stats_key = (me, keys.started(day)), (me, keys.result(day)), (me, keys.stats)
        run = mode.make_result(day, tally, seconds, posted)

        def decide(got: dict[Key, Item]) -> tuple[tuple[RunAnswer[R], bool], list[Op]]:
            started = got.get(started_key)
            ranked = started is not None and RunStarted.from_doc(doc_of(started)).nonce == nonce
            kept = mode.result_of(doc_of(got[result_key])) if result_key in got else None
            stats = got.get(stats_key)
            best = self._best(stats)
            settled = settle(ranked=ranked, kept=kept, best=best, run=run)
            ops: list[Op] = []
            if settled.result is not None:
                board = {1: (keys.daily_entry(day, pid), mode.rank(pid, settled.result))} if on_boards else {}
                ops.append(Put(make_item(*result_key, settled.result.to_doc(), index=board), expect=0))
            best_run = settled.best
            unlisted = best is not None and stats is not None and "GSI1PK" not in stats
            if best_run is None and settled.result is not None and on_boards and unlisted:
                best_run = best  # kept while the account was new: on the best board now
            if best_run is not None:
                version = version_of(stats)
                index = {1: (keys.best_entry(pid), mode.rank(pid, best_run))} if on_boards else {}
                doc = {"best": best_run.to_doc()}
                ops.append(Put(make_item(*stats_key, doc, version=version + 1, index=index), expect=version))
            on_board = on_boards if settled.result is not None else "GSI1PK" in got.get(result_key, {})
            return (settled.answer, on_board), ops

        # Read eventually consistent first: the result is put only if absent, the best on its version
        # read, and an answer without a write (practice, already) is given from a consistent read.
        answer, on_board = self.store.settle([started_key, result_key, stats_key], decide, eventually=True)
        if not (on_board and answer.ranked):
            return answer
        path = snapshot_path(keys.daily_board_path, day)
        row = mode.columns(answer.result)
        return replace(answer, entry=BoardEntry(path, rank_key(mode.rank(pid, answer.result)), row))

    # ---- what a player has -------------------------------------------------------------

    def best(self, pid: str) -> R | None:
        """The player's best ranked run, or None."""
        return self._best(self.store.get_item(K.player(pid), self.keys.stats))

    def history(self, pid: str, limit: int = 60) -> list[R]:
        """The player's ranked runs, newest first (at most `limit`)."""
        prefix = self.keys.results_prefix
        items = self.store.query_items(K.player(pid), prefix=prefix, reverse=True, limit=limit)
        return [self.mode.result_of(doc_of(it)) for it in items]

    # ---- boards ------------------------------------------------------------------------

    def daily_board(self, day: str, me: str | None = None) -> Board:
        """The board of `day`, ranked by the mode's `rank`."""
        return self.store.board_of(self.daily_spec(day, me))

    def daily_spec(self, day: str, me: str | None = None) -> BoardSpec:
        """The spec of the board of `day`."""
        index, pk = self.keys.daily_board(day)
        mine = (K.player(me), self.keys.result(day)) if me else None
        return BoardSpec(index, [pk], self._detail, mine)

    def best_board(self, me: str | None = None) -> Board:
        """Each player's best run of all time, ranked as a day's board."""
        return self.store.board_of(self.best_spec(me))

    def best_spec(self, me: str | None = None) -> BoardSpec:
        """The spec of the best board."""
        index, pk = self.keys.best_board
        mine = (K.player(me), self.keys.stats) if me else None
        return BoardSpec(index, [pk], self._detail, mine)
