"""Chess Puzzles in the store: each player's solves and misses with their tallies and rating, the kept
dailies, and the boards that read them. Keys: service/games/chess/keys.py; docs/store.md."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, replace
from typing import Any

from puzzlebook.chess.results import Had, MissPost, Settled, SolvePost, settle_miss, settle_solve
from puzzlebook.chess.tallies import ChessStats
from puzzlebook.ratings import Rating
from puzzlebook.results import Posted
from service.games.chess import keys as CK
from service.games.chess.history import day_key, history_ops
from service.plays import PlayCheck
from service.store import keys as K
from service.store.base import Store
from service.store.boards import BoardSpec, streak_index
from service.store.items import (
    Absent,
    Conflict,
    Item,
    Key,
    Op,
    Put,
    StoreUnavailable,
    doc_of,
    make_item,
    record_of,
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


@dataclass(frozen=True, slots=True)
class _ResultKeys:
    """The keys a chess result reads: the player's solve and miss of the puzzle, and their tallies."""

    pid: str
    puzzle_id: str
    day: str = ""  # the site day posted on: its dashboard tally is read too

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
        return [self.stats, self.solve, self.miss, day_key(self.pid, self.day)]

    def had(self, got: dict[Key, Item]) -> Had:
        """What the player had, from the items read."""
        stats = record_of(got.get(self.stats), ChessStats.from_doc)
        solve = doc_of(got[self.solve]) if self.solve in got else None
        return Had(self.solve in got, self.miss in got, stats, solve)


def _daily_board(pid: str, settled: Settled) -> tuple[int, tuple[str, str]] | None:
    """(index, (partition, rank)) of a kept solve on its day's daily board; None when nothing goes
    there (a miss, an archive or endless solve, nothing kept)."""
    record = settled.record
    if record is None or settled.answer.kind != "solve" or not record["daily"]:
        return None
    index, board = CK.chess_daily_board(record["daily"], record["band"])
    rank = CK.chess_daily_rank(
        record["clean"], record["mistakes"] + record["hints"], record["seconds"], record["posted"], pid
    )
    return index, (board, rank)


class ChessRecords:
    """Chess Puzzles' records in `store`."""

    def __init__(self, store: Store) -> None:
        self.store = store

    # ---- results -----------------------------------------------------------------------

    def _chess_stats_put(self, pid: str, stats: ChessStats) -> Put:
        """The versioned write of the player's chess tallies, with their places on the boards."""
        index: dict[int, tuple[str, str]] = {}
        if stats.rating is not None:
            index[1] = (K.ratings_board("chess")[1], K.rating_rank(stats.rating.rating, pid))
        # The boards see only what came with a ticket: the ranked clean count and streak.
        if stats.ranked_streak.day:
            index[2] = streak_index("chess", stats.ranked_streak, pid)
        if stats.ranked_clean:
            rank = K.count_rank(stats.ranked_clean, stats.clean_at or "", pid)
            index[3] = (CK.alltime_board(None)[1], rank)
        new = make_item(K.player(pid), CK.CHESS_STATS, stats.to_doc(), version=stats.version + 1, index=index)
        return Put(new, expect=stats.version)

    def chess_result(self, pid: str, puzzle_id: str) -> tuple[dict[str, Any] | None, dict[str, Any] | None]:
        """The player's kept (solve, miss) for the puzzle, each a dict or None."""
        keys = _ResultKeys(pid, puzzle_id)
        solve_key, miss_key = keys.solve, keys.miss
        got = self.store.get_items([solve_key, miss_key])
        return (
            doc_of(got[solve_key]) if solve_key in got else None,
            doc_of(got[miss_key]) if miss_key in got else None,
        )

    def record_solve(
        self, pid: str, post: SolvePost, now: dt.datetime, play: PlayCheck | None = None
    ) -> Posted:
        """Keep the player's solve as puzzlebook.chess.results.settle_solve decides, in one write;
        for a daily solved on its day, its place on that day's board. `play`: the ticket it came
        with, which must be the player's current play (TicketRefused "closed" otherwise); the
        solve ends that play in the same write, and is counted there against the play's cap
        (CapReached past it)."""
        keys = _ResultKeys(pid, post.puzzle_id, post.on.isoformat())
        at = utc_stamp(now)

        def decide(got: dict[Key, Item]) -> tuple[Settled, list[Op]]:
            if play is not None:
                play.is_tie(got)
            settled = settle_solve(post, keys.had(got), at)
            ops = self._writes(pid, keys.solve, keys.miss, settled)
            if play is not None and ops:
                ops += play.counting(got)
            ops = ops + history_ops(pid, keys.day, got, settled)
            return settled, ops + ([play.closing(got, "solve")] if play is not None else [])

        settled = self.store.settle(keys.read + (play.keys if play else []), decide)
        on_board = _daily_board(pid, settled)
        if on_board is None:
            return settled.answer
        index, (board, rank) = on_board
        return replace(settled.answer, place=self.store.count_items(board, index=index, below=rank) + 1)

    def record_miss(
        self, pid: str, post: MissPost, now: dt.datetime, play: PlayCheck | None = None
    ) -> Posted:
        """Keep the player's miss as puzzlebook.chess.results.settle_miss decides, in one write.
        `play`: its ticket, as for a solve; a miss of the play a solve has just ended is a tie, and
        the miss wins it. Show solution ends the play; a wrong move doesn't (the player plays on,
        and the solve that may follow carries the same ticket)."""
        keys = _ResultKeys(pid, post.puzzle_id, post.on.isoformat())
        at = utc_stamp(now)

        def decide(got: dict[Key, Item]) -> tuple[Posted, list[Op]]:
            tie = play.is_tie(got, ties_with="solve") if play is not None else False
            settled = settle_miss(post, keys.had(got), at, tie=tie)
            ops = self._writes(pid, keys.miss, keys.solve, settled)
            if play is not None and ops and not tie:  # a tie's miss takes the counted solve's place
                ops += play.counting(got)
            ops += history_ops(pid, keys.day, got, settled)
            if play is not None and (tie or post.how == "gave-up"):
                ops.append(play.closing(got, "miss"))
            return settled.answer, ops

        return self.store.settle(keys.read + (play.keys if play else []), decide)

    def _writes(self, pid: str, kept: Key, other: Key, settled: Settled) -> list[Op]:
        """The store operations of a settled result: its record (new; a daily solve on its day's
        board), the tallies (over the version read), the other kind's absence when this is the
        first result, and a clean solve's band tally (on the band's all-time board)."""
        record, stats = settled.record, settled.stats
        if record is None or stats is None:
            return []
        on_board = _daily_board(pid, settled)
        index = {on_board[0]: on_board[1]} if on_board else {}
        ops: list[Op] = [
            Put(make_item(*kept, record, index=index), expect=0),
            self._chess_stats_put(pid, stats),
        ]
        if settled.first:
            ops.append(Absent(*other))
        if settled.solve is not None:
            # A miss won a tie: the solve stays, as one after a miss (its daily place re-ranked).
            rewritten = Settled(replace(settled.answer, kind="solve"), settled.solve)
            on_its_board = _daily_board(pid, rewritten)
            solve_index = {on_its_board[0]: on_its_board[1]} if on_its_board else {}
            ops.append(Put(make_item(*other, settled.solve, index=solve_index)))
        if settled.tally:
            band, tally = settled.tally
            ranked = tally["clean"] - tally.get("offline_clean", 0)
            board = (CK.alltime_board(band)[1], K.count_rank(ranked, tally["clean_at"], pid))
            index = {3: board} if ranked else {}
            ops.append(Put(make_item(K.player(pid), CK.chess_tally(band), tally, index=index)))
        return ops

    def stats(self, pid: str) -> ChessStats:
        """The player's Chess Puzzles tallies (zeros for a player who hasn't played)."""
        return record_of(self.store.get_item(K.player(pid), CK.CHESS_STATS), ChessStats.from_doc)

    # ---- kept dailies ------------------------------------------------------------------

    def keep_daily(self, day: str, band: str, puzzle_id: str, rating: int) -> KeptDaily:
        """Keep `puzzle_id` as `band`'s daily on `day` unless one is kept already; the kept one stands."""
        doc: dict[str, Any] = {"id": puzzle_id, "rating": rating}
        try:
            self.store.transact([Put(make_item(CK.CHESS_DAILIES, CK.chess_daily(day, band), doc), expect=0)])
        except Conflict:
            item = self.store.get_item(CK.CHESS_DAILIES, CK.chess_daily(day, band))
            if item is None:  # pragma: no cover - a kept daily is never deleted
                raise StoreUnavailable("a kept daily vanished") from None
            doc = doc_of(item)
        return KeptDaily(day, band, doc["id"], doc["rating"])

    def dailies_on(self, day: str) -> list[KeptDaily]:
        """The chess dailies kept for `day`, by band name."""
        return [_kept(it) for it in self.store.query_items(CK.CHESS_DAILIES, prefix=f"{day}#")]

    def kept_dailies(self, first: str | None = None, last: str | None = None) -> list[KeptDaily]:
        """Every kept chess daily from `first` to `last` (inclusive; open-ended when None), by date."""
        low = first or "0000"
        high = f"{last}#~" if last else "9999"
        return [_kept(it) for it in self.store.query_items(CK.CHESS_DAILIES, low=low, high=high)]

    # ---- boards ------------------------------------------------------------------------

    def daily_board(self, day: str, band: str, me: str | None = None) -> Board:
        """The daily board of `band` on `day`: solves posted that day, clean first, then less help,
        then time, then who posted first."""
        index, pk = CK.chess_daily_board(day, band)
        mine = None
        if me:
            kept = self.store.get_item(CK.CHESS_DAILIES, CK.chess_daily(day, band))
            if kept:
                mine = (K.player(me), CK.chess_solve(doc_of(kept)["id"]))

        def detail(it: Item) -> dict[str, Any]:
            d = doc_of(it)
            return {
                "mistakes": d["mistakes"],
                "hints": d["hints"],
                "seconds": d["seconds"],
                "clean": d["clean"],
            }

        return self.store.board_of(BoardSpec(index, [pk], detail, mine))

    def alltime_board(self, band: str | None = None, me: str | None = None) -> Board:
        """Clean solves of all time, in `band` or over all; ties to whoever got there first."""
        index, pk = CK.alltime_board(band)
        if band:
            mine = (K.player(me), CK.chess_tally(band)) if me else None
        else:
            mine = (K.player(me), CK.CHESS_STATS) if me else None
        def detail(it: Item) -> dict[str, Any]:
            doc = doc_of(it)  # the ranked count: clean solves that came with a ticket
            return {"clean": doc["clean"] - doc.get("offline_clean", 0)}

        return self.store.board_of(BoardSpec(index, [pk], detail, mine))

    def ratings_board(self, game: str = "chess", me: str | None = None) -> Board:
        """Players by rating, highest first; provisional ones marked."""
        index, pk = K.ratings_board(game)

        def detail(it: Item) -> dict[str, Any]:
            r = doc_of(it)["rating"]
            rating = Rating(**r)
            return {"rating": round(rating.rating), "rd": round(rating.rd), "provisional": rating.provisional}

        mine = (K.player(me), CK.CHESS_STATS) if me else None
        return self.store.board_of(BoardSpec(index, [pk], detail, mine))

    def streak_board(self, today: dt.date, me: str | None = None) -> Board:
        """Current chess streaks, longest first."""
        return self.store.streak_board("chess", CK.CHESS_STATS, today, me)


def _kept(item: Item) -> KeptDaily:
    day, band = item["SK"].split("#", 1)
    doc = doc_of(item)
    return KeptDaily(day, band, doc["id"], doc["rating"])
