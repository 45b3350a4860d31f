"""Streak in the store: the days' runs (the first pick stands), each player's first started run of a
day (the ranked one), their ranked results with the day's board, and their best of all time with
the best board. Keys: service/games/streak/keys.py; docs/store.md. The same shape as Storm's
(service/games/storm/records.py), under Streak's own keys.

What a posted run changes is decided by puzzlebook.streak.results.settle; this module reads the
keys it needs, turns the decision into store operations, and writes them (Store.settle reads and
decides again when a condition is lost to another write, so two posts of one run count once).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from puzzlebook.chess.ladder import RunPuzzle
from puzzlebook.places import BoardEntry
from puzzlebook.streak.kept import StreakResult
from puzzlebook.streak.tally import Tally
from service.boards.board import rank_key, snapshot_path
from service.games.streak import keys as XK
from service.store import keys as K
from service.store.base import Store
from service.store.boards import BoardSpec
from service.store.items import Conflict, Item, Key, Op, Put, doc_of, make_item, version_of
from service.store.records import Board

if TYPE_CHECKING:
    from puzzlebook.streak.results import StreakAnswer


@dataclass(frozen=True, slots=True)
class KeptStreakRun:
    """A day's run as kept: the bundle version it was picked from and its puzzles in order."""

    day: str
    bundle: int
    puzzles: list[RunPuzzle]

    def to_doc(self) -> dict[str, Any]:
        """The item's record (the day is its sort key)."""
        return {"bundle": self.bundle, "puzzles": [[p.id, p.band, p.rating] for p in self.puzzles]}

    @classmethod
    def from_item(cls, item: Item) -> KeptStreakRun:
        doc = doc_of(item)
        return cls(item["SK"], int(doc["bundle"]), [RunPuzzle(p[0], p[1], int(p[2])) for p in doc["puzzles"]])


@dataclass(frozen=True, slots=True)
class StreakStarted:
    """The run a player started first on a day (their ranked one): its ticket's nonce, and when the
    ticket was issued (ms)."""

    nonce: str
    issued: int

    def to_doc(self) -> dict[str, Any]:
        return {"nonce": self.nonce, "issued": self.issued}

    @classmethod
    def from_doc(cls, doc: dict[str, Any]) -> StreakStarted:
        return cls(doc["nonce"], int(doc.get("issued", 0)))


def _best(item: Item | None) -> StreakResult | None:
    """The player's best run, from their STATS#streak item ({"best": the run})."""
    best = doc_of(item).get("best")
    return StreakResult.from_doc(best) if best else None


def _rank(pid: str, run: StreakResult) -> str:
    return XK.rank(run.tally.score, run.tally.highest, run.seconds, run.posted, pid)


def _detail(item: Item) -> dict[str, Any]:
    doc = doc_of(item)
    return _detail_of(StreakResult.from_doc(doc.get("best", doc)))  # a day's result, or a player's best


def _detail_of(run: StreakResult) -> dict[str, Any]:
    """A board's columns of a run."""
    return {"score": run.tally.score, "highest": run.tally.highest, "seconds": run.seconds, "date": run.date}


class StreakRecords:
    """Streak's records in `store`."""

    def __init__(self, store: Store) -> None:
        self.store = store

    # ---- the days' runs ----------------------------------------------------------------

    def keep_run(self, day: str, bundle: int, puzzles: list[RunPuzzle]) -> KeptStreakRun:
        """Keep `puzzles` as the run of `day`, unless one is kept already: the kept one stands."""
        run = KeptStreakRun(day, bundle, list(puzzles))
        try:
            self.store.transact([Put(make_item(XK.RUNS, day, run.to_doc()), expect=0)])
        except Conflict:
            kept = self.run_of(day)
            if kept is None:  # pragma: no cover - a run is never deleted
                raise
            return kept
        return run

    def run_of(self, day: str) -> KeptStreakRun | None:
        """The kept run of `day`, or None."""
        item = self.store.get_item(XK.RUNS, day)
        return KeptStreakRun.from_item(item) if item else None

    def runs(self, first: str | None, last: str | None) -> list[KeptStreakRun]:
        """The kept runs within `first`..`last` (when given), by date."""
        items = self.store.query_items(XK.RUNS, low=first or "0000", high=last or "9999")
        return [KeptStreakRun.from_item(it) for it in items]

    # ---- starting and posting ----------------------------------------------------------

    def start(self, pid: str, day: str, nonce: str, issued: int) -> bool:
        """Note a run the player starts on `day` (its ticket's `nonce`); True when it is their
        first of the day (ranked), False when one was started before (this one is practice)."""
        item = make_item(K.player(pid), XK.started(day), StreakStarted(nonce, issued).to_doc())
        try:
            self.store.transact([Put(item, expect=0)])
        except Conflict:
            return False
        return True

    def record_run(
        self, pid: str, day: str, nonce: str, tally: Tally, seconds: int, posted: str, *,
        on_boards: bool = True,
    ) -> StreakAnswer:
        """Keep the player's run of `day` (ticket `nonce`) as puzzlebook.streak.results.settle
        decides; the answer, with its place on the day's board when it is there. `on_boards`: the
        player's runs go on the boards now (a new account's don't: puzzlebook.standing); an
        established account's best goes on the best board with its next ranked run, even one that
        isn't better (as Storm's)."""
        me = K.player(pid)
        started_key, result_key = (me, XK.started(day)), (me, XK.result(day))
        stats_key = (me, XK.STREAK_STATS)
        # Here, not at the top: the module imports python-chess, which a cold start shouldn't load.
        from puzzlebook.streak.results import settle

        run = StreakResult(day, tally, seconds, posted)

        def decide(got: dict[Key, Item]) -> tuple[tuple[StreakAnswer, bool], list[Op]]:
            started = got.get(started_key)
            ranked = started is not None and StreakStarted.from_doc(doc_of(started)).nonce == nonce
            kept = StreakResult.from_doc(doc_of(got[result_key])) if result_key in got else None
            stats = got.get(stats_key)
            best = _best(stats)
            settled = settle(ranked=ranked, kept=kept, best=best, run=run)
            ops: list[Op] = []
            if settled.result is not None:
                board = {1: (XK.daily_entry(day, pid), _rank(pid, settled.result))} if on_boards else {}
                ops.append(Put(make_item(*result_key, settled.result.to_doc(), index=board), expect=0))
            best_run = settled.best
            unlisted = best is not None and stats is not None and "GSI1PK" not in stats
            if best_run is None and settled.result is not None and on_boards and unlisted:
                best_run = best  # kept while the account was new: on the best board now
            if best_run is not None:
                version = version_of(stats)
                index = {1: (XK.best_entry(pid), _rank(pid, best_run))} if on_boards else {}
                doc = {"best": best_run.to_doc()}
                ops.append(Put(make_item(*stats_key, doc, version=version + 1, index=index), expect=version))
            on_board = on_boards if settled.result is not None else "GSI1PK" in got.get(result_key, {})
            return (settled.answer, on_board), ops

        answer, on_board = self.store.settle([started_key, result_key, stats_key], decide)
        if not (on_board and answer.ranked):
            return answer
        path = snapshot_path(XK.DAILY_BOARD_PATH, day)
        row = _detail_of(answer.result)
        return replace(answer, entry=BoardEntry(path, rank_key(_rank(pid, answer.result)), row))

    # ---- what a player has -------------------------------------------------------------

    def best(self, pid: str) -> StreakResult | None:
        """The player's best ranked run, or None."""
        return _best(self.store.get_item(K.player(pid), XK.STREAK_STATS))

    def history(self, pid: str, limit: int = 60) -> list[StreakResult]:
        """The player's ranked runs, newest first (at most `limit`)."""
        items = self.store.query_items(K.player(pid), prefix=XK.RESULTS, reverse=True, limit=limit)
        return [StreakResult.from_doc(doc_of(it)) for it in items]

    # ---- boards ------------------------------------------------------------------------

    def daily_board(self, day: str, me: str | None = None) -> Board:
        """The Streak board of `day`: more solved first, then a higher puzzle solved, then less time."""
        return self.store.board_of(self.daily_spec(day, me))

    def daily_spec(self, day: str, me: str | None = None) -> BoardSpec:
        """The spec of the board of `day`."""
        index, pk = XK.daily_board(day)
        mine = (K.player(me), XK.result(day)) if me else None
        return BoardSpec(index, [pk], _detail, mine)

    def best_board(self, me: str | None = None) -> Board:
        """Each player's best run of all time, ranked as a day's board."""
        return self.store.board_of(self.best_spec(me))

    def best_spec(self, me: str | None = None) -> BoardSpec:
        """The spec of the best board."""
        index, pk = XK.BEST_BOARD
        mine = (K.player(me), XK.STREAK_STATS) if me else None
        return BoardSpec(index, [pk], _detail, mine)
