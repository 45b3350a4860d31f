"""A player's chess history and dashboard in the store: the writes of what a first result adds (its
line in the history, in the missed list for a miss, and the day's tally), as the settle step decided
it (puzzlebook.chess.results.HistoryEntry), made by ChessRecords in the result's own transaction; and
the reads of the dashboard and the history pages, each a bounded query of the player's partition
(docs/store.md, "Access patterns")."""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from typing import Any

from puzzlebook.chess.dashboard import DayTally, dashboard, first_day, result_seen
from puzzlebook.chess.kept import HistoryLine
from puzzlebook.chess.results import HistoryEntry
from service.games.chess import keys as CK
from service.store import keys as K
from service.store.base import Store
from service.store.items import Delete, Key, Op, Put, doc_of, make_item

PAGE = 20  # history lines a page
# A page's cursor: the posted stamp and puzzle id of the last line of the page before.
CURSOR = r"[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}\.[0-9]{6}Z~[0-9A-Za-z]{1,16}"
CURSOR_RE = re.compile(rf"^(?:{CURSOR})(?![\s\S])")


def day_key(pid: str, day: str) -> Key:
    return K.player(pid), CK.chess_day(day)


def line_key(pid: str, posted: str, puzzle_id: str, *, missed: bool = False) -> Key:
    return K.player(pid), CK.chess_history(posted, puzzle_id, missed=missed)


def history_ops(pid: str, entry: HistoryEntry | None) -> list[Op]:
    """The writes of what a first result adds: the day's tally (over what was read: the tallies'
    version in the same transaction guards it), its line (new, or over the line it replaces when
    both were posted in the same microsecond), the replaced line's removal, and for a miss its line
    in the missed list."""
    if entry is None:
        return []
    line = entry.line
    key = line_key(pid, line.posted, line.id)
    replaced = line_key(pid, *entry.replaces) if entry.replaces is not None else None
    ops: list[Op] = [Put(make_item(*day_key(pid, entry.tally.day), entry.tally.to_doc()))]
    if replaced is not None and replaced != key:
        ops.append(Delete(*replaced))
    ops.append(Put(make_item(*key, line.to_doc()), expect=None if replaced == key else 0))
    if line.missed:
        ops.append(Put(make_item(*line_key(pid, line.posted, line.id, missed=True), line.to_doc()), expect=0))
    return ops


@dataclass(frozen=True, slots=True)
class HistoryPage:
    """A page of history lines, newest first, and the cursor of the next (None: the last page)."""

    lines: list[HistoryLine]
    next: str | None


class ChessHistory:
    """Reads of a player's chess dashboard and history."""

    def __init__(self, store: Store) -> None:
        self.store = store

    def day_tallies(self, pid: str, today: str, days: int) -> list[DayTally]:
        """The player's day tallies of the `days` days ending `today`: one query, at most `days` items."""
        items = self.store.query_items(
            K.player(pid), low=CK.chess_day(first_day(today, days)), high=CK.chess_day(today)
        )
        return [DayTally.from_doc(doc_of(it)) for it in items]

    def dashboard(self, pid: str, today: str, days: int) -> dict[str, Any]:
        """The dashboard's figures (puzzlebook.chess.dashboard.dashboard) from the day tallies."""
        return dashboard(self.day_tallies(pid, today, days), today, days)

    def page(self, pid: str, before: str | None = None, *, missed: bool = False) -> HistoryPage:
        """A page of the player's history (or of their missed puzzles), newest first, from just
        before the cursor `before` (a page's `next`; None: the newest)."""
        prefix = CK.CHESS_MISSED if missed else CK.CHESS_HISTORY
        high = prefix + "~"
        if before is not None:
            posted, puzzle_id = before.split("~", 1)
            high = f"{prefix}{posted}#{puzzle_id}"
        items = self.store.query_items(K.player(pid), low=prefix, high=high, reverse=True, limit=PAGE + 2)
        lines = [HistoryLine.from_doc(doc_of(it)) for it in items if it["SK"] != high]
        more = len(lines) > PAGE
        lines = self._as_seen(pid, lines[:PAGE])
        return HistoryPage(lines, f"{lines[-1].posted}~{lines[-1].id}" if more else None)

    def _as_seen(self, pid: str, lines: list[HistoryLine]) -> list[HistoryLine]:
        """The lines with their results as the player reads them (result_seen): a missed puzzle the
        player went on to solve reads "mistake". One read of the page's missed puzzles' solves; the
        line kept in the store keeps the first result, as the dashboard counts it."""
        solve_keys = {
            line.id: (K.player(pid), CK.chess_solve(line.id)) for line in lines if line.result == "missed"
        }
        if not solve_keys:
            return lines
        solved = self.store.get_items(list(solve_keys.values()))
        return [
            replace(line, result=result_seen(line.result, solve_keys.get(line.id) in solved))
            for line in lines
        ]
