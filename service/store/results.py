"""Results: chess solves and misses, Chain solves and give-ups, each kept with its tallies in one write.

The first result for a puzzle (or Chain day) stands. Each post goes through
`settle`: read the player's tallies and the results that might already exist,
decide, and write the result together with the tallies under their version;
a lost race reads again and decides again.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import replace
from typing import Any

from puzzlebook.ratings import Rating, outcome_of, rate_puzzle
from service.store import keys as K
from service.store.items import (
    Absent,
    Item,
    Key,
    Op,
    Primitives,
    Put,
    doc_of,
    make_item,
    record_of,
    utc_stamp,
)
from service.store.records import ChainStats, ChessStats, Posted, Streak


def _chess_keys(pid: str, puzzle_id: str) -> tuple[Key, Key, Key]:
    """The keys of the player's solve and miss of a puzzle, and of their chess tallies."""
    me = K.player(pid)
    return (me, K.chess_solve(puzzle_id)), (me, K.chess_miss(puzzle_id)), (me, K.CHESS_STATS)


def _chain_keys(pid: str, day: str) -> tuple[Key, Key]:
    """The keys of the player's result for a Chain day and of their Chain tallies."""
    me = K.player(pid)
    return (me, K.chain_result(day)), (me, K.CHAIN_STATS)


def _streak_index(game: str, streak: Streak, pid: str) -> tuple[str, str]:
    """The tallies' place on `game`'s streak board (GSI2): the partition of the streak's last day."""
    return K.streak_board(game, streak.day or "")[1], K.streak_rank(streak.length, streak.at or "", pid)


class Results(Primitives):
    """Keeping results: what each kind of post decides, and the writes that go with it."""

    # ---- chess -------------------------------------------------------------------------

    def _chess_stats_put(self, pid: str, stats: ChessStats) -> Put:
        """The versioned write of the player's chess tallies, with their places on the boards."""
        index: dict[int, tuple[str, str]] = {}
        if stats.rating is not None:
            index[1] = (K.ratings_board("chess")[1], K.rating_rank(stats.rating.rating, pid))
        if stats.streak.day:
            index[2] = _streak_index("chess", stats.streak, pid)
        if stats.clean:
            index[3] = (K.alltime_board(None)[1], K.count_rank(stats.clean, stats.clean_at or "", pid))
        new = make_item(K.player(pid), K.CHESS_STATS, stats.to_doc(), version=stats.version + 1, index=index)
        return Put(new, expect=stats.version)

    def chess_result(self, pid: str, puzzle_id: str) -> tuple[dict[str, Any] | None, dict[str, Any] | None]:
        """The player's kept (solve, miss) for the puzzle, each a dict or None."""
        solve_key, miss_key, _ = _chess_keys(pid, puzzle_id)
        got = self.get_items([solve_key, miss_key])
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
                rank = K.chess_daily_rank(clean, kept_mistakes + hints, seconds, posted, pid)
                index[1] = (K.chess_daily_board(day, band)[1], rank)
            ops: list[Op] = [
                Put(make_item(*solve_key, doc, index=index), expect=0),
                self._chess_stats_put(pid, new),
            ]
            if not missed:
                ops.append(Absent(*miss_key))  # a miss landing meanwhile would be the first result
            if clean:
                board = (K.alltime_board(band)[1], K.count_rank(tally["clean"], posted, pid))
                ops.append(Put(make_item(K.player(pid), K.chess_tally(band), tally, index={3: board})))
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

        answer = self.settle([stats_key, solve_key, miss_key], decide)
        if day and not answer.already:
            rank = K.chess_daily_rank(answer.clean, answer.mistakes + hints, seconds, posted, pid)
            index_n, board_pk = K.chess_daily_board(day, band)
            answer = replace(answer, place=self.count_items(board_pk, index=index_n, below=rank) + 1)
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

        return self.settle([stats_key, solve_key, miss_key], decide)

    # ---- chain -------------------------------------------------------------------------

    def chain_result(self, pid: str, day: str) -> dict[str, Any] | None:
        """The player's kept result for a Chain day ({"kind": "solve"|"giveup", ...}), or None."""
        item = self.get_item(K.player(pid), K.chain_result(day))
        return doc_of(item) if item else None

    def _chain_stats_put(self, pid: str, stats: ChainStats, expect: int) -> Put:
        """The versioned write of the player's Chain tallies (`stats.version` is the new version)."""
        index = {}
        if stats.streak.day:
            index[2] = _streak_index("chain", stats.streak, pid)
        item = make_item(K.player(pid), K.CHAIN_STATS, stats.to_doc(), version=stats.version, index=index)
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
        rank = K.chain_daily_rank(clean, undos + resets, seconds, posted, pid)

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
            index = {1: (K.chain_daily_board(day)[1], rank)} if on_board else {}
            ops: list[Op] = [
                Put(make_item(*key, doc, index=index), expect=0),
                self._chain_stats_put(pid, new, expect=stats.version),
            ]
            return Posted(already=False, clean=clean, daily=day if on_board else None, kind="solve"), ops

        answer = self.settle([stats_key, key], decide)
        if on_board and not answer.already:
            n, board_pk = K.chain_daily_board(day)
            answer = replace(answer, place=self.count_items(board_pk, index=n, below=rank) + 1)
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

        return self.settle([stats_key, key], decide)


def _rating_doc(rating: Rating | None) -> dict[str, float] | None:
    if rating is None:
        return None
    return {"rating": rating.rating, "rd": rating.rd, "volatility": rating.volatility}
