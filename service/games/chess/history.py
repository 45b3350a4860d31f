"""A player's chess history and dashboard in the store: what a first result adds (a line in the
history, in the missed list for a miss, and the day's tally: puzzlebook.chess.dashboard), written by
ChessRecords in the result's own transaction; and the reads of the dashboard and the history pages,
each a bounded query of the player's partition (docs/store.md, "Access patterns")."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from puzzlebook.chess.dashboard import add_result, dashboard, first_day, first_try_lost, result_of
from puzzlebook.chess.results import Settled
from service.games.chess import keys as CK
from service.store import keys as K
from service.store.base import Store
from service.store.items import Delete, Item, Key, Op, Put, doc_of, make_item

PAGE = 20  # history lines a page
# A page's cursor: the posted stamp and puzzle id of the last line of the page before.
CURSOR = r"[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}\.[0-9]{6}Z~[0-9A-Za-z]{1,16}"
CURSOR_RE = re.compile(rf"^(?:{CURSOR})(?![\s\S])")


def day_key(pid: str, day: str) -> Key:
    return K.player(pid), CK.chess_day(day)


def _whole(rating: dict[str, Any] | None) -> int | None:
    return round(rating["rating"]) if rating else None


def history_ops(pid: str, day: str, got: dict[Key, Item], settled: Settled) -> list[Op]:
    """What a first result adds besides its record: its history line (and missed line), and the
    day's tally with it. Nothing for a result that isn't the player's first for the puzzle (a solve
    after a miss is kept, but the miss was the result the history and the dashboard count). The day
    tally is put over what was read: the tallies' version in the same transaction guards it.
    A miss that won a tie against a solve of the same play takes the solve's line and its place in
    the tally (`first_try_lost`): the tally is the miss's day's, where a race of seconds puts both."""
    record = settled.record
    tie = settled.solve is not None
    if record is None or not (settled.first or tie):
        return []
    kind = settled.answer.kind
    result = result_of(kind or "solve", clean=bool(record.get("clean")), how=record.get("how"))
    before, after = _whole(record.get("before")), _whole(record.get("after"))
    line = {
        "id": record["id"],
        "band": record["band"],
        "rating": record["rating"],
        "themes": record.get("themes", []),
        "result": result,
        "day": day,
        "posted": record["posted"],
        "before": before,
        "after": after,
        "change": after - before if before is not None and after is not None else None,
    }
    key = day_key(pid, day)
    had = doc_of(got[key]) if key in got else None
    line_key = K.player(pid), CK.chess_history(record["posted"], record["id"])
    ops: list[Op] = []
    replaced: Key | None = None
    if tie and had is not None:
        solve = settled.solve or {}
        # The solve was first try when it was clean: then the tie takes a clean solve off its band's
        # tally too (settled.tally), as the kept solve itself is rewritten as not clean.
        tally = first_try_lost(had, line["themes"], settled.tally is not None, after)
        replaced = K.player(pid), CK.chess_history(solve["posted"], solve["id"])
        if replaced != line_key:  # posted in the same microsecond, the miss's line overwrites it
            ops.append(Delete(*replaced))
    else:
        tally = add_result(had, day, line["themes"], record["rating"], result == "clean", after)
    ops += [
        Put(make_item(*key, tally)),
        Put(make_item(*line_key, line), expect=None if replaced == line_key else 0),
    ]
    if result in ("missed", "shown"):
        missed_key = K.player(pid), CK.chess_history(record["posted"], record["id"], missed=True)
        ops.append(Put(make_item(*missed_key, line), expect=0))
    return ops


@dataclass(frozen=True, slots=True)
class HistoryPage:
    """A page of history lines, newest first, and the cursor of the next (None: the last page)."""

    lines: list[dict[str, Any]]
    next: str | None


class ChessHistory:
    """Reads of a player's chess dashboard and history."""

    def __init__(self, store: Store) -> None:
        self.store = store

    def day_tallies(self, pid: str, today: str, days: int) -> list[dict[str, Any]]:
        """The player's day tallies of the `days` days ending `today`: one query, at most `days` items."""
        items = self.store.query_items(
            K.player(pid), low=CK.chess_day(first_day(today, days)), high=CK.chess_day(today)
        )
        return [doc_of(it) for it in items]

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
        lines = [doc_of(it) for it in items if it["SK"] != high]
        more = len(lines) > PAGE
        lines = lines[:PAGE]
        return HistoryPage(lines, f"{lines[-1]['posted']}~{lines[-1]['id']}" if more else None)
