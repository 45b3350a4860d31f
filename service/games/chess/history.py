"""A player's chess history and dashboard in the store.

A first result's line and the day's tally with it go into one item, the day's (`DAY#chess#<day>`:
puzzlebook.chess.kept.HistoryDay, its tally and its newest lines), in the result's own transaction,
on the version read. The day's item is kept under DAY_BYTES, so that each write of it is one unit
(twice in a transaction): a line that would take it past moves the lines it has to a page of their
own, `DAY#chess#<day>#<nnn>` (written once, new), and the day's item starts again from that line. A
day kept before days kept their lines (its tally alone, and each line an item of its own:
`HIST#chess#…`, `MISSED#chess#…`) reads as it was: its tally goes on being the day's, and the history
reads those lines after the new ones, which are all later. The reads of the dashboard and the
history pages are bounded queries of the player's partition (docs/store.md, "Access patterns").
"""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Iterator
from dataclasses import dataclass, replace
from typing import Any

from pydantic_core import to_json

from puzzlebook.chess.dashboard import DayTally, dashboard, first_day, result_seen
from puzzlebook.chess.kept import HistoryDay, HistoryLine, day_tally, page_doc, page_lines
from puzzlebook.chess.results import HistoryEntry
from service.games.chess import keys as CK
from service.store import keys as K
from service.store.base import Store
from service.store.items import Delete, Item, Key, Op, Put, doc_of, make_item, version_of

PAGE = 20  # history lines a page
# A page's cursor: the posted stamp and puzzle id of the last line of the page before.
CURSOR = r"[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}\.[0-9]{6}Z~[0-9A-Za-z]{1,16}"
CURSOR_RE = re.compile(rf"^(?:{CURSOR})(?![\s\S])")


class BadCursor(ValueError):
    """A history cursor of the right shape whose time isn't one (month 13, day 0): its words say so,
    `time` the cursor's time as given."""

    def __init__(self, time: str) -> None:
        super().__init__(f"{time} isn't a time")
        self.time = time


# The most a day's item's record may take, encoded: with its keys and version the item stays under
# DynamoDB's 1 KB, one write unit (about seven lines).
DAY_BYTES = 940
# A line counts on its player's own date, which is at most 14 hours ahead of UTC and 12 behind: a
# line posted at UTC stamp t is of a day from t − 12 h to t + 14 h, so a day's lines were posted
# from 14 hours before it began (AHEAD) to 12 hours after it ended (LAST: 36 hours after it began).
AHEAD, LAST = dt.timedelta(hours=14), dt.timedelta(hours=36)
ONE_DAY = dt.timedelta(days=1)
READ_FIRST = 4  # the days a history page reads in its first query (twice as many in each next one)


def day_key(pid: str, day: str) -> Key:
    return K.player(pid), CK.chess_day(day)


def page_key(pid: str, day: str, page: int) -> Key:
    return K.player(pid), CK.chess_day_page(day, page)


def day_of(item: Item | None, day: str, pages: dict[int, Item] | None = None) -> HistoryDay | None:
    """The day of the history `item` keeps (None: none), with its pages' lines when `pages` were read
    (each by its number)."""
    if item is None:
        return None
    kept = HistoryDay.from_doc(doc_of(item))
    if pages is None or not kept.pages:
        return kept
    return replace(kept, paged=tuple(page_lines(doc_of(pages[n])) if n in pages else ()
                                     for n in range(kept.pages)))


def _size(doc: dict[str, Any]) -> int:
    """`doc`'s size as compact UTF-8 JSON, as the standard library writes it (separators without
    spaces, no escapes but JSON's own): pydantic-core's encoder writes the same bytes for a day's
    record (strings and whole numbers) without json.dumps making its encoder again on each call, a
    thirtieth of a solve's CPU time."""
    return len(to_json(doc))


def history_ops(pid: str, entry: HistoryEntry | None, read: Item | None, pages: dict[int, Item]) -> list[Op]:
    """The writes of what a first result adds: its day's item, on the version `read` (absent: new),
    its older lines moved to a page of their own when the line would take it past DAY_BYTES; a page
    whose line the result took the place of (`pages`: those read, by number), on its version; and a
    line kept the old way that it took the place of, deleted."""
    if entry is None:
        return []
    day = entry.day
    ops: list[Op] = []
    if day.paged is not None:
        for n, page in enumerate(day.paged):
            before = pages.get(n)
            if before is not None and page != page_lines(doc_of(before)):
                version = version_of(before)
                item = make_item(*page_key(pid, day.day, n), page_doc(day.day, page), version=version + 1)
                ops.append(Put(item, expect=version))
    doc = day.to_doc()
    if _size(doc) > DAY_BYTES and len(day.lines) > 1:
        older, newest = day.lines[:-1], day.lines[-1:]
        moved = make_item(*page_key(pid, day.day, day.pages), page_doc(day.day, older), version=1)
        ops.append(Put(moved, expect=0))
        doc = replace(day, lines=newest, pages=day.pages + 1, paged=None).to_doc()
    version = version_of(read)
    item = make_item(*day_key(pid, day.day), doc, version=version + 1)
    # A day kept before days had versions (its tally alone) is written on condition it is as read.
    ops.append(Put(item, same=read) if read is not None and "v" not in read else Put(item, expect=version))
    if entry.replaced is not None:
        posted, puzzle_id = entry.replaced.key
        ops += [Delete(K.player(pid), CK.chess_history(posted, puzzle_id, missed=missed))
                for missed in (False, True)]
    return ops


def day_items(pid: str, day: str, lines: list[HistoryLine]) -> list[Item]:
    """A day's item and its pages as keeping its first results' `lines` one by one leaves them (a
    bench's or a test's history, put straight into the store)."""
    items: dict[Key, Item] = {}
    read: Item | None = None
    for line in lines:
        current = day_of(read, day) or HistoryDay(day)
        entry = HistoryEntry(line, current.with_line(line)[0])
        for op in history_ops(pid, entry, read, {}):
            if isinstance(op, Put):
                items[(op.item["PK"], op.item["SK"])] = op.item
        read = items[day_key(pid, day)]
    return list(items.values())


@dataclass(frozen=True, slots=True)
class HistoryPage:
    """A page of history lines, newest first, and the cursor of the next (None: the last page)."""

    lines: list[HistoryLine]
    next: str | None


class ChessHistory:
    """Reads of a player's chess dashboard and history (eventually consistent: what is shown, a
    moment behind at most, at half the read units)."""

    def __init__(self, store: Store) -> None:
        self.store = store

    def day_tallies(self, pid: str, today: str, days: int) -> list[DayTally]:
        """The player's day tallies of the `days` days ending `today`: one query of those days' items
        (at most `days`: each keeps its tally; their pages of older lines are apart), however long the
        history."""
        items = self.store.query_items(
            K.player(pid), low=CK.chess_day(first_day(today, days)), high=CK.chess_day(today),
            consistent=False,
        )
        tallies = (day_tally(doc_of(item)) for item in items)
        return [t for t in tallies if t is not None]

    def dashboard(self, pid: str, today: str, days: int) -> dict[str, Any]:
        """The dashboard's figures (puzzlebook.chess.dashboard.dashboard) from the day tallies."""
        return dashboard(self.day_tallies(pid, today, days), today, days)

    def page(self, pid: str, before: str | None = None, *, missed: bool = False) -> HistoryPage:
        """A page of the player's history (or of their missed puzzles: the lines not solved first try
        for a mistake or a miss), newest first, from just before the cursor `before` (a page's `next`;
        None: the newest)."""
        cursor = tuple(before.split("~", 1)) if before is not None else None
        found = self._lines(pid, cursor, missed=missed)
        if len(found) <= PAGE:
            found += self._kept_lines(pid, cursor, found, missed=missed)
        found.sort(key=lambda line: line.key, reverse=True)
        more = len(found) > PAGE
        lines = self._as_seen(pid, found[:PAGE])
        return HistoryPage(lines, f"{lines[-1].posted}~{lines[-1].id}" if more else None)

    def _lines(self, pid: str, cursor: tuple[str, ...] | None, *, missed: bool) -> list[HistoryLine]:
        """The lines before `cursor` (every one posted before it, or of the same stamp and a smaller
        id; only those missed, with `missed`) of the days read newest first, until more than a page of
        them is in hand and no day not
        yet read can hold a line posted later than the page's last (the days before a day read were
        all over 36 hours after the day before it began: LAST)."""
        high = CK.CHESS_DAY + "~"
        if cursor is not None:
            try:
                stamp = dt.datetime.fromisoformat(cursor[0].removesuffix("Z"))
            except ValueError:
                raise BadCursor(cursor[0]) from None
            latest = min(stamp, dt.datetime.max - AHEAD) + AHEAD  # a cursor at the end of time reads all
            high = CK.chess_day(latest.date().isoformat())
        found: list[HistoryLine] = []
        for history in _days_newest_first(self.store, pid, high):
            found += [line for line in history.every_line()
                      if (cursor is None or line.key < cursor) and (line.missed or not missed)]
            if len(found) > PAGE:
                found.sort(key=lambda line: line.key, reverse=True)
                last = dt.datetime.fromisoformat(found[PAGE].posted.removesuffix("Z"))
                if dt.datetime.fromisoformat(history.day) - ONE_DAY + LAST <= last:
                    break
        return found

    def _kept_lines(self, pid: str, cursor: tuple[str, ...] | None, found: list[HistoryLine], *,
                    missed: bool) -> list[HistoryLine]:
        """The lines kept the old way, each an item of its own (older than every day's lines), before
        the cursor: enough to fill the page."""
        prefix = CK.CHESS_MISSED if missed else CK.CHESS_HISTORY
        high = prefix + "~" if cursor is None else f"{prefix}{cursor[0]}#{cursor[1]}"
        items = self.store.query_items(K.player(pid), low=prefix, high=high, reverse=True,
                                       limit=PAGE + 2 - len(found), consistent=False)
        return [HistoryLine.from_doc(doc_of(it)) for it in items if it["SK"] != high]

    def _as_seen(self, pid: str, lines: list[HistoryLine]) -> list[HistoryLine]:
        """The lines with their results as the player reads them (result_seen): a missed puzzle the
        player went on to solve reads "mistake". One read of the page's missed puzzles' solves; the
        line kept in the store keeps the first result, as the dashboard counts it."""
        solve_keys = {
            line.id: (K.player(pid), CK.chess_solve(line.id)) for line in lines if line.result == "missed"
        }
        if not solve_keys:
            return lines
        solved = self.store.get_items(list(solve_keys.values()), consistent=False)
        return [
            replace(line, result=result_seen(line.result, solve_keys.get(line.id) in solved))
            for line in lines
        ]


def _days_newest_first(store: Store, pid: str, high: str) -> Iterator[HistoryDay]:
    """The days of the player's history up to `high` (a day's sort key), newest first, each whole:
    their items read READ_FIRST at first, twice as many each time after, newest first, and the pages
    of older lines of those that have them (one read of their keys a call)."""
    seen = None  # the last item of the call before, which the next one reads again first
    at_once = READ_FIRST
    while True:
        items = store.query_items(K.player(pid), low=CK.CHESS_DAY, high=high, reverse=True,
                                  limit=at_once + (seen is not None), consistent=False)
        fresh = [it for it in items if it["SK"] != seen]
        days = [HistoryDay.from_doc(doc_of(it)) for it in fresh]
        keys = [page_key(pid, d.day, n) for d in days for n in range(d.pages)]
        pages = store.get_items(keys, consistent=False) if keys else {}
        for d in days:
            read = {n: pages[key] for n in range(d.pages) if (key := page_key(pid, d.day, n)) in pages}
            yield replace(d, paged=tuple(page_lines(doc_of(read[n])) if n in read else ()
                                         for n in range(d.pages))) if d.pages else d
        if len(fresh) < at_once:
            return
        high = seen = items[-1]["SK"]
        at_once *= 2
