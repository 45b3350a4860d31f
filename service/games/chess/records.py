"""Chess Puzzles in the store: each player's solves and misses with their tallies and rating, the kept
dailies, and the boards that read them. Keys: service/games/chess/keys.py; docs/store.md."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, replace
from typing import Any

from puzzlebook.chess.tallies import ChessStats
from puzzlebook.ratings import Rating, outcome_of, rate_puzzle
from puzzlebook.results import Posted
from service.games.chess import keys as CK
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



def _chess_keys(pid: str, puzzle_id: str) -> tuple[Key, Key, Key]:
    """The keys of the player's solve and miss of a puzzle, and of their chess tallies."""
    me = K.player(pid)
    return (me, CK.chess_solve(puzzle_id)), (me, CK.chess_miss(puzzle_id)), (me, CK.CHESS_STATS)


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
        if stats.streak.day:
            index[2] = streak_index("chess", stats.streak, pid)
        if stats.clean:
            index[3] = (CK.alltime_board(None)[1], K.count_rank(stats.clean, stats.clean_at or "", pid))
        new = make_item(K.player(pid), CK.CHESS_STATS, stats.to_doc(), version=stats.version + 1, index=index)
        return Put(new, expect=stats.version)

    def chess_result(self, pid: str, puzzle_id: str) -> tuple[dict[str, Any] | None, dict[str, Any] | None]:
        """The player's kept (solve, miss) for the puzzle, each a dict or None."""
        solve_key, miss_key, _ = _chess_keys(pid, puzzle_id)
        got = self.store.get_items([solve_key, miss_key])
        return (
            doc_of(got[solve_key]) if solve_key in got else None,
            doc_of(got[miss_key]) if miss_key in got else None,
        )

    def record_chess_solve(
        self,
        pid: str,
        *,
        puzzle_id: str,
        band: str,
        moves: list[str],
        mistakes: int,
        hints: int,
        seconds: int,
        puzzle_rating: int,
        daily: dt.date | None,
        now: dt.datetime,
    ) -> Posted:
        """Keep the player's first solve of a puzzle, with its tallies and rating, in one write.

        A later solve is not kept (already). A solve after a miss is kept with
        at least one mistake and isn't rated (the miss was the first result).
        `daily`: the site day, when this is one of that day's dailies posted on
        it; the solve then goes on that day's board and counts for the streak.
        """
        solve_key, miss_key, stats_key = _chess_keys(pid, puzzle_id)
        posted = utc_stamp(now)
        day = daily.isoformat() if daily else None

        def decide(got: dict[Key, Item]) -> tuple[Posted, list[Op]]:
            if solve_key in got:
                return Posted(already=True, kind="solve"), []
            missed = miss_key in got
            kept_mistakes = max(1, mistakes) if missed else mistakes
            clean = kept_mistakes == 0 and hints == 0
            stats = record_of(got.get(stats_key), ChessStats.from_doc)
            before = stats.current_rating
            after = (
                None
                if missed
                else rate_puzzle(before, puzzle_rating, outcome_of(False, kept_mistakes, hints))
            )
            tally = dict(stats.band(band))
            tally["solved"] += 1
            if clean:
                tally["clean"] += 1
                tally["clean_at"] = posted
            new = stats.with_(
                solved=stats.solved + 1,
                clean=stats.clean + (1 if clean else 0),
                clean_at=posted if clean else stats.clean_at,
                rated=stats.rated + (0 if missed else 1),
                rating=after or stats.rating,
                bands={**stats.bands, band: tally},
                streak=stats.streak.extended(daily, posted) if daily else stats.streak,
            )
            doc = {
                "id": puzzle_id,
                "band": band,
                "moves": moves,
                "mistakes": kept_mistakes,
                "hints": hints,
                "seconds": seconds,
                "clean": clean,
                "rating": puzzle_rating,
                "posted": posted,
                "daily": day,
                "before": _rating_doc(before) if after else None,
                "after": _rating_doc(after),
            }
            index = {}
            if day:
                rank = CK.chess_daily_rank(clean, kept_mistakes + hints, seconds, posted, pid)
                index[1] = (CK.chess_daily_board(day, band)[1], rank)
            ops: list[Op] = [
                Put(make_item(*solve_key, doc, index=index), expect=0),
                self._chess_stats_put(pid, new),
            ]
            if not missed:
                ops.append(Absent(*miss_key))  # a miss landing meanwhile would be the first result
            if clean:
                board = (CK.alltime_board(band)[1], K.count_rank(tally["clean"], posted, pid))
                ops.append(Put(make_item(K.player(pid), CK.chess_tally(band), tally, index={3: board})))
            answer = Posted(
                already=False,
                rated=after is not None,
                before=before if after else None,
                after=after,
                clean=clean,
                mistakes=kept_mistakes,
                daily=day,
                kind="solve",
            )
            return answer, ops

        answer = self.store.settle([stats_key, solve_key, miss_key], decide)
        if day and not answer.already:
            rank = CK.chess_daily_rank(answer.clean, answer.mistakes + hints, seconds, posted, pid)
            index_n, board_pk = CK.chess_daily_board(day, band)
            answer = replace(answer, place=self.store.count_items(board_pk, index=index_n, below=rank) + 1)
        return answer

    def record_chess_miss(
        self,
        pid: str,
        *,
        puzzle_id: str,
        band: str,
        how: str,
        moves: list[str],
        puzzle_rating: int,
        daily: dt.date | None,
        now: dt.datetime,
    ) -> Posted:
        """Keep the player's miss of a puzzle, rated as a loss, unless a solve or miss came first."""
        solve_key, miss_key, stats_key = _chess_keys(pid, puzzle_id)
        posted = utc_stamp(now)
        day = daily.isoformat() if daily else None

        def decide(got: dict[Key, Item]) -> tuple[Posted, list[Op]]:
            if solve_key in got or miss_key in got:
                return Posted(already=True, kind="solve" if solve_key in got else "miss"), []
            stats = record_of(got.get(stats_key), ChessStats.from_doc)
            before = stats.current_rating
            after = rate_puzzle(before, puzzle_rating, "lost")
            new = stats.with_(missed=stats.missed + 1, rated=stats.rated + 1, rating=after)
            doc = {
                "id": puzzle_id,
                "band": band,
                "how": how,
                "moves": moves,
                "rating": puzzle_rating,
                "posted": posted,
                "daily": day,
                "before": _rating_doc(before),
                "after": _rating_doc(after),
            }
            ops: list[Op] = [
                Put(make_item(*miss_key, doc), expect=0),
                Absent(*solve_key),
                self._chess_stats_put(pid, new),
            ]
            answer = Posted(
                already=False, rated=True, before=before, after=after, mistakes=1, daily=day, kind="miss"
            )
            return answer, ops

        return self.store.settle([stats_key, solve_key, miss_key], decide)

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
        return self.store.board_of(BoardSpec(index, [pk], lambda it: {"clean": doc_of(it)["clean"]}, mine))

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


def _rating_doc(rating: Rating | None) -> dict[str, float] | None:
    if rating is None:
        return None
    return {"rating": rating.rating, "rd": rating.rd, "volatility": rating.volatility}


def _kept(item: Item) -> KeptDaily:
    day, band = item["SK"].split("#", 1)
    doc = doc_of(item)
    return KeptDaily(day, band, doc["id"], doc["rating"])
