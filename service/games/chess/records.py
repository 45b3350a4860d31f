"""Chess Puzzles in the store: each player's solves and misses with their tallies and rating, the kept
dailies, and the boards that read them. Keys: service/games/chess/keys.py; docs/store.md."""

from __future__ import annotations

import contextlib
import datetime as dt
from dataclasses import dataclass, replace
from typing import Any

from puzzlebook.chess.kept import BandTally, KeptMiss, KeptSolve, NeedPages, first_result
from puzzlebook.chess.results import (
    Had,
    HistoryEntry,
    MissPost,
    Settled,
    SolvePost,
    history_day,
    settle_miss,
    settle_solve,
)
from puzzlebook.chess.tallies import ChessStats
from puzzlebook.daily_stats import SOLVED, DayResult, best_of_day
from puzzlebook.places import BoardEntry
from puzzlebook.results import Posted
from puzzlebook.standing import on_ratings_board
from service.boards.board import rank_key, snapshot_path
from service.games.chess import keys as CK
from service.games.chess.history import day_key, day_of, history_ops, page_key
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
    StoreUnavailable,
    doc_of,
    make_item,
    record_of,
    row_of,
    state_of,
    utc_stamp,
)
from service.store.records import Board


@dataclass(frozen=True, slots=True)
class KeptDaily:
    """A chess daily kept for a day and band: the puzzle's Lichess id and rating."""

    day: str
    band: str
    id: str
    rating: int

    def to_doc(self) -> dict[str, Any]:
        """The item's record (the day and band are its sort key)."""
        return {"id": self.id, "rating": self.rating}

    @classmethod
    def from_item(cls, item: Item) -> KeptDaily:
        day, band = item["SK"].split("#", 1)
        doc = doc_of(item)
        return cls(day, band, doc["id"], doc["rating"])


@dataclass(frozen=True, slots=True)
class _ResultKeys:
    """The keys a chess result reads: the player's solve and miss of the puzzle, their tallies, and the
    days of the history of `days` (the site day posted on; for a miss that wins a tie, the solve's too),
    with the pages of older lines of those in `pages` (day, how many: a miss whose tie's solve has its
    line there)."""

    pid: str
    puzzle_id: str
    days: tuple[str, ...] = ()
    pages: tuple[tuple[str, int], ...] = ()

    @property
    def solve(self) -> Key:
        return K.player(self.pid), CK.chess_solve(self.puzzle_id)

    @property
    def miss(self) -> Key:
        return K.player(self.pid), CK.chess_miss(self.puzzle_id)

    @property
    def stats(self) -> Key:
        return K.player(self.pid), CK.CHESS_STATS

    @property
    def read(self) -> list[Key]:
        pages = [page_key(self.pid, day, n) for day, count in self.pages for n in range(count)]
        return [self.stats, self.solve, self.miss, *(day_key(self.pid, day) for day in self.days), *pages]

    def pages_of(self, got: dict[Key, Item], day: str) -> dict[int, Item] | None:
        """The pages of `day` read, by number (None: not read)."""
        counts = dict(self.pages)
        if day not in counts:
            return None
        return {n: got[key] for n in range(counts[day]) if (key := page_key(self.pid, day, n)) in got}

    def had(self, got: dict[Key, Item]) -> Had:
        """What the player had, from the items read."""
        stats = state_of(got.get(self.stats), ChessStats.from_doc)
        solve = KeptSolve.from_doc(doc_of(got[self.solve])) if self.solve in got else None
        read = {day: day_of(got.get(day_key(self.pid, day)), day, self.pages_of(got, day))
                for day in self.days}
        days = {day: kept for day, kept in read.items() if kept is not None}
        how = KeptMiss.from_doc(doc_of(got[self.miss])).how if self.miss in got else None
        return Had(self.solve in got, self.miss in got, stats, solve, days, how)

    def history_ops(self, got: dict[Key, Item], entry: HistoryEntry | None) -> list[Op]:
        """The writes of what a first result adds to its day of the history (history.history_ops)."""
        if entry is None:
            return []
        day = entry.day.day
        return history_ops(self.pid, entry, got.get(day_key(self.pid, day)), self.pages_of(got, day) or {})


class _ReadDay(Exception):
    """The decision needs the day tally of `day`, which wasn't read (a miss that wins a tie against a
    solve of an earlier site day): read again with it."""

    def __init__(self, day: str) -> None:
        super().__init__(day)
        self.day = day


def _daily_board(pid: str, record: KeptSolve | KeptMiss | None) -> tuple[int, tuple[str, str]] | None:
    """(index, (partition, rank)) of a kept solve on its day's daily board; None when nothing goes
    there (a miss, an archive or endless solve, nothing kept)."""
    if not isinstance(record, KeptSolve) or not record.daily:
        return None
    index, _ = CK.chess_daily_board(record.daily, record.band)
    help_count = record.mistakes + record.hints
    rank = CK.chess_daily_rank(record.clean, help_count, record.seconds, record.posted, pid)
    return index, (CK.chess_daily_entry(record.daily, record.band, pid), rank)


def _daily_entry(pid: str, record: KeptSolve | KeptMiss | None) -> BoardEntry | None:
    """A kept solve's entry on its day's daily board (its snapshot's path, its rank key and its
    columns), to place it on the board's snapshot; None when it isn't on one."""
    on_board = _daily_board(pid, record)
    if on_board is None or not isinstance(record, KeptSolve) or not record.daily:
        return None
    path = snapshot_path(CK.DAILY_BOARD_PATH, record.daily, record.band)
    row = {"mistakes": record.mistakes, "hints": record.hints, "seconds": record.seconds,
           "clean": record.clean}
    return BoardEntry(path, rank_key(on_board[1][1]), row)


def daily_entry_of(pid: str, item: Item) -> BoardEntry | None:
    """A kept solve's item as its day's daily board ranks it (ChessHooks.daily_entry): a daily solved
    on its day with its ticket, whether or not its player is on the public boards yet."""
    return _daily_entry(pid, KeptSolve.from_doc(doc_of(item)))


def _rating_row(stats: ChessStats) -> dict[str, Any]:
    """The ratings board's row of a player's tallies (on the board: rated at least once)."""
    rating = stats.current_rating
    return {"rating": round(rating.rating), "rd": round(rating.rd), "provisional": rating.provisional}


class ChessRecords:
    """Chess Puzzles' records in `store`."""

    def __init__(self, store: Store) -> None:
        self.store = store

    # ---- results -----------------------------------------------------------------------

    def _chess_stats_put(self, pid: str, stats: ChessStats, read: Item | None, on_boards: bool = True) -> Put:
        """The versioned write of the player's chess tallies, with their places on the boards: none
        for a new account (`on_boards` False), and on the ratings board only a settled rating of
        enough rated results (puzzlebook.standing), so the index holds only what a board shows."""
        index: dict[int, tuple[str, str]] = {}
        rows: dict[int, dict[str, Any]] = {}
        if stats.rating is not None and on_ratings_board(stats.rating, stats.rated, established=on_boards):
            index[1] = (K.board_entry(K.ratings_board("chess"), pid), K.rating_rank(stats.rating.rating, pid))
            rows[1] = _rating_row(stats)
        # The boards see only what came with a ticket: the ranked clean count and streak.
        if stats.ranked_streak.day and on_boards:
            index[2] = streak_index("chess", stats.ranked_streak, pid)
            rows[2] = streak_row(stats.ranked_streak)
        if stats.ranked_clean and on_boards:
            rank = K.count_rank(stats.ranked_clean, stats.clean_at or "", pid)
            index[3] = (CK.alltime_entry(None, pid), rank)  # its count is in its rank: no row
        # The tallies as `stats`, which no index holds: a result that leaves an entry as it was (the
        # streak's, between days) writes nothing to its index.
        new = make_item(K.player(pid), CK.CHESS_STATS, version=stats.version + 1, index=index, rows=rows)
        new["stats"] = stats.to_doc()
        return Put(carrying_play(new, read), expect=stats.version)

    def chess_result(self, pid: str, puzzle_id: str) -> tuple[KeptSolve | None, KeptMiss | None]:
        """The player's kept (solve, miss) for the puzzle, each None when there is none."""
        keys = _ResultKeys(pid, puzzle_id)
        solve_key, miss_key = keys.solve, keys.miss
        got = self.store.get_items([solve_key, miss_key])
        return (
            KeptSolve.from_doc(doc_of(got[solve_key])) if solve_key in got else None,
            KeptMiss.from_doc(doc_of(got[miss_key])) if miss_key in got else None,
        )

    def chess_results(
        self, pid: str, puzzle_ids: list[str], *, consistent: bool = True
    ) -> dict[str, tuple[KeptSolve | None, KeptMiss | None]]:
        """The player's kept (solve, miss) of each puzzle, in one read of their own items (a day's
        dailies on a second device: GET /api/me/chess/<date>); `consistent` as Store.get_items."""
        keys = {puzzle_id: _ResultKeys(pid, puzzle_id) for puzzle_id in puzzle_ids}
        wanted = [key for k in keys.values() for key in (k.solve, k.miss)]
        got = self.store.get_items(wanted, consistent=consistent)
        return {
            puzzle_id: (
                KeptSolve.from_doc(doc_of(got[k.solve])) if k.solve in got else None,
                KeptMiss.from_doc(doc_of(got[k.miss])) if k.miss in got else None,
            )
            for puzzle_id, k in keys.items()
        }

    def daily_results(self, pid: str, dailies: list[KeptDaily]) -> list[DayResult]:
        """The player's result of each day of `dailies` (kept dailies, by date: a span's, which an app
        reads once it is complete, service/games/chess/puzzles.py) they played, the best of a day's
        bands (puzzlebook.daily_stats): the player's own solve and miss of each (batched reads of their
        items)."""
        kept = self.chess_results(pid, list(dict.fromkeys(d.id for d in dailies)))
        results = []
        for daily in dailies:
            solve, miss = kept[daily.id]
            result = first_result(solve, miss)  # named as the history names it
            if result is not None:
                seconds = solve.seconds if solve is not None and result in SOLVED else None
                results.append(DayResult(daily.day, result, seconds=seconds))
        return best_of_day(results)

    def record_solve(
        self, pid: str, post: SolvePost, now: dt.datetime, play: PlayCheck | None = None,
        *, on_boards: bool = True,
    ) -> Posted:
        """Keep the player's solve as puzzlebook.chess.results.settle_solve decides, in one write;
        for a daily solved on its day, its place on that day's board. `play`: the ticket it came
        with, which must be the player's current play (TicketRefused "closed" otherwise); the
        solve ends that play in the same write, and is counted there against the play's cap
        (CapReached past it). `on_boards`: the player's results go on the boards now (a new
        account's don't: puzzlebook.standing); kept and counted either way."""
        keys = _ResultKeys(pid, post.puzzle_id, (post.on.isoformat(),))
        at = utc_stamp(now)
        check = play
        later: list[Put | None] = []  # the band's tally, when written after the result

        def decide(got: dict[Key, Item]) -> tuple[Settled, list[Op]]:
            if check is not None:
                check.is_tie(got)
            settled = settle_solve(post, keys.had(got), at)
            ops = self._writes(pid, keys.solve, keys.miss, settled, got, on_boards)
            counted = bool(ops)
            ops = ops + keys.history_ops(got, settled.history)
            later[:] = [self._band_tally(pid, settled, got, on_boards)]
            ops += [put for put in later if put is not None and not put.older]
            if check is not None:
                ops = check.onto(ops, got, check.recording(got, counted=counted, closed="solve"))
            return settled, ops

        while True:
            try:
                settled = self.store.settle(keys.read + (check.keys if check else []), decide,
                                            eventually=True)
                break
            except OldPlay:  # the play may be kept the old way: read it too
                check = check.reading_old() if check is not None else None
        self._copy_band_tally(later[0] if later else None)
        entry = _daily_entry(pid, settled.record) if on_boards else None
        return settled.answer if entry is None else replace(settled.answer, entry=entry)

    def record_miss(
        self, pid: str, post: MissPost, now: dt.datetime, play: PlayCheck | None = None,
        *, on_boards: bool = True,
    ) -> Posted:
        """Keep the player's miss as puzzlebook.chess.results.settle_miss decides, in one write.
        `play`: its ticket, as for a solve; a miss of the play a solve has just ended is a tie, and
        the miss wins it. Show solution ends the play; a wrong move doesn't (the player plays on,
        and the solve that may follow carries the same ticket)."""
        at = utc_stamp(now)
        days: tuple[str, ...] = (post.on.isoformat(),)
        check = play
        later: list[Put | None] = []  # the band's tally (a tie's solve was clean), written after

        def decide(got: dict[Key, Item]) -> tuple[Posted, list[Op]]:
            tie = check.is_tie(got, ties_with="solve") if check is not None else False
            had = keys.had(got)
            if (day := history_day(post, had, tie=tie)) not in keys.days:
                raise _ReadDay(day)
            settled = settle_miss(post, had, at, tie=tie)
            ops = self._writes(pid, keys.miss, keys.solve, settled, got, on_boards)
            counted = bool(ops) and not tie  # a tie's miss takes the counted solve's place
            ops += keys.history_ops(got, settled.history)
            later[:] = [self._band_tally(pid, settled, got, on_boards)]
            ops += [put for put in later if put is not None and not put.older]
            if check is not None:
                # Show solution ends the play; a wrong move doesn't (the player plays on).
                ended = tie or post.how == "gave-up"
                left = check.recording(got, counted=counted, closed="miss" if ended else None)
                ops = check.onto(ops, got, left)
            return settled.answer, ops

        pages: tuple[tuple[str, int], ...] = ()
        while True:
            keys = _ResultKeys(pid, post.puzzle_id, days, pages)
            try:
                answer = self.store.settle(keys.read + (check.keys if check else []), decide, eventually=True)
                self._copy_band_tally(later[0] if later else None)
                return answer
            except OldPlay:  # the play may be kept the old way: read it too
                check = check.reading_old() if check is not None else None
            except _ReadDay as needed:  # at most once more: the solve's day is read from then on
                days = (*days, needed.day)
            except NeedPages as needed:  # the tie's solve has its line on a page of its day: read them
                pages = (*pages, (needed.day, needed.pages))

    def _writes(
        self, pid: str, kept: Key, other: Key, settled: Settled, got: dict[Key, Item], on_boards: bool = True
    ) -> list[Op]:
        """The store operations of a settled result: its record (new; a daily solve on its day's
        board), the tallies (over the version read), and a clean solve's band tally (on the band's
        all-time board). Nothing goes on a board when `on_boards` is False (a new account).

        No condition that the other kind's record is still absent: every result writes the tallies
        on the version it read, so a result of the other kind kept since the read (which wrote them
        too) makes this write lose, and it is decided again (docs/store.md, "Writes that must not
        half-happen")."""
        record, stats = settled.record, settled.stats
        if record is None or stats is None:
            return []
        on_board = _daily_board(pid, record) if on_boards else None
        index = {on_board[0]: on_board[1]} if on_board else {}
        ops: list[Op] = [
            Put(make_item(*kept, record.to_doc(), index=index), expect=0),
            self._chess_stats_put(pid, stats, got.get((K.player(pid), CK.CHESS_STATS)), on_boards),
        ]
        if settled.solve is not None:
            # A miss won a tie: the solve stays, as one after a miss (its daily place re-ranked).
            on_its_board = _daily_board(pid, settled.solve) if on_boards else None
            solve_index = {on_its_board[0]: on_its_board[1]} if on_its_board else {}
            # On condition it is as read: its club entries (service/social/days.py) are written apart.
            ops.append(Put(make_item(*other, settled.solve.to_doc(), index=solve_index), same=got[other]))
        return ops

    def _band_tally(self, pid: str, settled: Settled, got: dict[Key, Item], on_boards: bool) -> Put | None:
        """The write of the band's tally a clean solve moved (its place on the band's all-time board):
        a copy of the band's count in the tallies, at their new version. None when none moved."""
        if not settled.tally or settled.stats is None:
            return None
        band, tally = settled.tally
        board = (CK.alltime_entry(band, pid), K.count_rank(tally.ranked_clean, tally.clean_at or "", pid))
        index = {3: board} if tally.ranked_clean and on_boards else {}
        item = make_item(K.player(pid), CK.chess_tally(band), tally.to_doc(), index=index,
                         version=settled.stats.version + 1)
        had = state_of(got.get((K.player(pid), CK.CHESS_STATS)), ChessStats.from_doc).band(band)
        # The band's first clean solve makes it with the result; after that it is written after the
        # result, on its own (one unit, not two in the transaction): a copy, over an older copy only.
        return Put(item, older=had.clean > 0)

    def _copy_band_tally(self, put: Put | None) -> None:
        """Write the band's tally after the result that moved it (`_band_tally`). Refused when a later
        result's copy is there already, or when it is gone (its player deleted meanwhile): either way
        nothing is left to write. Should this write not happen (the request ended between the two), the
        band's board shows the count before until the band's next clean solve writes it again."""
        if put is None or not put.older:
            return
        with contextlib.suppress(Conflict):
            self.store.transact([put])

    def stats(self, pid: str, *, consistent: bool = True) -> ChessStats:
        """The player's Chess Puzzles tallies (zeros for a player who hasn't played); `consistent` as
        Store.get_item."""
        item = self.store.get_item(K.player(pid), CK.CHESS_STATS, consistent=consistent)
        return state_of(item, ChessStats.from_doc)

    # ---- kept dailies ------------------------------------------------------------------

    def keep_daily(self, day: str, band: str, puzzle_id: str, rating: int) -> KeptDaily:
        """Keep `puzzle_id` as `band`'s daily on `day` unless one is kept already; the kept one stands."""
        kept = KeptDaily(day, band, puzzle_id, rating)
        try:
            new = make_item(CK.CHESS_DAILIES, CK.chess_daily(day, band), kept.to_doc())
            self.store.transact([Put(new, expect=0)])
        except Conflict:
            item = self.store.get_item(CK.CHESS_DAILIES, CK.chess_daily(day, band))
            if item is None:  # pragma: no cover - a kept daily is never deleted
                raise StoreUnavailable("a kept daily vanished") from None
            return KeptDaily.from_item(item)
        return kept

    def kept_daily_id(self, day: str, band: str) -> str | None:
        """The puzzle kept as `band`'s daily on `day`, or None: one read of the site-wide DAILY#chess
        partition (an app reads it once: service/games/chess/puzzles.py, `kept_id`)."""
        item = self.store.get_item(CK.CHESS_DAILIES, CK.chess_daily(day, band))
        return None if item is None else str(doc_of(item)["id"])

    def dailies_on(self, day: str) -> list[KeptDaily]:
        """The chess dailies kept for `day`, by band name."""
        return [KeptDaily.from_item(it) for it in self.store.query_items(CK.CHESS_DAILIES, prefix=f"{day}#")]

    def kept_dailies(self, first: str | None = None, last: str | None = None) -> list[KeptDaily]:
        """Every kept chess daily from `first` to `last` (inclusive; open-ended when None), by date."""
        low = first or "0000"
        high = f"{last}#~" if last else "9999"
        items = self.store.query_items(CK.CHESS_DAILIES, low=low, high=high)
        return [KeptDaily.from_item(it) for it in items]

    # ---- boards ------------------------------------------------------------------------

    def daily_board(self, day: str, band: str, me: str | None = None) -> Board:
        """The daily board of `band` on `day`: solves posted that day, clean first, then less help,
        then time, then who posted first."""
        return self.store.board_of(self.daily_spec(day, band, me))

    def daily_spec(self, day: str, band: str, me: str | None = None, kept: str | None = None) -> BoardSpec:
        """The spec of `band`'s daily board on `day` (`me`: the caller's own solve of the puzzle kept as
        that daily, when there is one: `kept`, when the caller knows it, as an app does, else read
        here)."""
        index, pk = CK.chess_daily_board(day, band)
        if me and kept is None:
            kept = self.kept_daily_id(day, band)
        mine = (K.player(me), CK.chess_solve(kept)) if me and kept else None

        def detail(it: Item) -> dict[str, Any]:
            s = KeptSolve.from_doc(doc_of(it))
            return {"mistakes": s.mistakes, "hints": s.hints, "seconds": s.seconds, "clean": s.clean}

        return BoardSpec(index, [pk], detail, mine)

    def alltime_board(self, band: str | None = None, me: str | None = None) -> Board:
        """Clean solves of all time, in `band` or over all; ties to whoever got there first."""
        return self.store.board_of(self.alltime_spec(band, me))

    def alltime_spec(self, band: str | None = None, me: str | None = None) -> BoardSpec:
        """The spec of the all-time board of `band` (None: over all bands)."""
        index, pk = CK.alltime_board(band)
        # The ranked count: clean solves that came with a ticket, of the band's tally or of all bands.
        if band:
            mine = (K.player(me), CK.chess_tally(band)) if me else None

            def detail(it: Item) -> dict[str, Any]:
                return {"clean": BandTally.from_doc(doc_of(it)).ranked_clean}
        else:
            mine = (K.player(me), CK.CHESS_STATS) if me else None

            def detail(it: Item) -> dict[str, Any]:
                return {"clean": K.count_of(str(it["GSI3SK"]))}

        return BoardSpec(index, [pk], detail, mine)

    def ratings_board(self, game: str = "chess", me: str | None = None) -> Board:
        """Players by rating, highest first: settled ratings of established accounts only (the
        index holds no other: `_chess_stats_put`)."""
        return self.store.board_of(self.ratings_spec(game, me))

    def ratings_spec(self, game: str = "chess", me: str | None = None) -> BoardSpec:
        """The spec of `game`'s ratings board."""
        index, pk = K.ratings_board(game)

        def detail(it: Item) -> dict[str, Any]:
            row = row_of(it, 1)  # an entry kept before rows were: its doc, the tallies
            return row if row is not None else _rating_row(record_of(it, ChessStats.from_doc))

        mine = (K.player(me), CK.CHESS_STATS) if me else None
        return BoardSpec(index, [pk], detail, mine)

    def streak_board(self, today: dt.date, me: str | None = None) -> Board:
        """Current chess streaks, longest first."""
        return self.store.streak_board("chess", CK.CHESS_STATS, today, me)

    def streak_spec(self, today: dt.date, me: str | None = None) -> BoardSpec:
        """The spec of the chess streak board on `today`."""
        return streak_spec("chess", CK.CHESS_STATS, today, me)

