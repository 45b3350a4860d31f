"""What a counted chess result changes: decided here, kept by the store.

In the manner of lila's PuzzleFinisher (which decides a round and its rating, while PuzzleApi
only persists): `settle_solve` and `settle_miss` take a result the checks accepted (checks.py)
and what the player already has (their solve or miss of that puzzle, their tallies and rating),
and return a `Settled`: the record to keep, the tallies after it, and the answer.
service/games/chess/records.py reads the items, calls them, and writes what they say.

The rules (docs/chess-rules.md, "Results"):
- the first result for a puzzle stands: a later solve or miss is not kept (`already`);
- a solve after a miss is kept, with at least one mistake, and isn't rated;
- clean: no mistakes and no hints;
- each band counts its solves and clean solves;
- a daily solved on its own site day extends the streak (an archive daily doesn't; a miss
  neither extends nor ends it), and puts the solve on that day's board;
- the first result moves the rating (puzzlebook.ratings): a miss or any mistake loses, hints
  win half, clean wins;
- an offline result (posted without a ticket, `offline`) counts for the player alone: in their
  tallies and their own streak, never rated and on no board (docs/ratings.md);
- a miss wins a tie: a miss of the very play a solve just ended (the same ticket) takes the solve's
  place as the rated result (`settle_miss(..., tie=True)`), and the solve is kept as one after a miss.

The browser keeps its own copy of the clean rule, the band tallies and the streak days
(site/static/js/chess/results.js); tests/vectors/chess_results.json binds the two.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import Literal

from puzzlebook.chess.dashboard import result_of
from puzzlebook.chess.kept import BandTally, HistoryDay, HistoryLine, KeptMiss, KeptSolve
from puzzlebook.chess.tallies import ChessStats
from puzzlebook.ratings import Rating, outcome_of, rate_puzzle
from puzzlebook.results import Posted


@dataclass(frozen=True, slots=True)
class SolvePost:
    """A solve the checks accepted: the puzzle (id, band, Lichess rating), the solver's moves and
    counts, the site day it was posted on, and the day whose daily the puzzle is (None: not a
    daily, as far as the poster knows)."""

    puzzle_id: str
    band: str
    puzzle_rating: int
    moves: list[str]
    mistakes: int
    hints: int
    seconds: int
    on: dt.date
    daily_of: dt.date | None = None
    offline: bool = False
    themes: tuple[str, ...] = ()  # the puzzle's Lichess themes (kept for the history and dashboard)
    offset: int | None = None  # the player's zone as they opened it (minutes east of UTC): streaks.py


@dataclass(frozen=True, slots=True)
class MissPost:
    """A miss the checks accepted: the puzzle, how it went ("wrong" or "gave-up"), the moves up
    to the wrong one, and the days as in SolvePost."""

    puzzle_id: str
    band: str
    puzzle_rating: int
    how: Literal["wrong", "gave-up"]
    moves: list[str]
    on: dt.date
    daily_of: dt.date | None = None
    offline: bool = False
    themes: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Had:
    """What the player had for the puzzle when the post came: a solve, a miss, and their tallies;
    `solve`: the kept solve itself, when there is one (a miss winning a tie replaces it); `days`: the
    days of the history read, by site day (the day the result counts on, `history_day`; a day not
    played yet is absent); `miss_how`: how the kept miss went (a wrong move solved later reads
    "solved after a mistake")."""

    solved: bool = False
    missed: bool = False
    stats: ChessStats = field(default_factory=ChessStats)
    solve: KeptSolve | None = None
    days: Mapping[str, HistoryDay] = field(default_factory=dict)
    miss_how: Literal["wrong", "gave-up"] | None = None  # the kept miss's (None: none, or not read)


@dataclass(frozen=True, slots=True)
class HistoryEntry:
    """What a first result adds to the history and the dashboard: its line, and the line's day with
    it, its tally too (written over the one read); `replaced`: the line it took the place of (a miss
    that won a tie: the solve's), when that was a line kept the old way, an item of its own, which
    goes."""

    line: HistoryLine
    day: HistoryDay
    replaced: HistoryLine | None = None


@dataclass(frozen=True, slots=True)
class Settled:
    """What keeping a result changes.

    answer: what the post is told. record: the solve or miss to keep (None: an earlier result
    stands and nothing is written). stats: the player's tallies after it (written over the
    version read: any other result posted since the read makes the write lose, so this one stays
    the first when it was). tally: (band, its tally) when a clean solve moved the band's count (its
    place on the band's all-time board). solve: the kept solve rewritten
    (a miss that won a tie: the solve stays, as one after a miss). history: what the result adds to
    the history and the dashboard (None: it isn't the player's first result for the puzzle).
    """

    answer: Posted
    record: KeptSolve | KeptMiss | None = None
    stats: ChessStats | None = None
    tally: tuple[str, BandTally] | None = None
    solve: KeptSolve | None = None
    history: HistoryEntry | None = None


def is_clean(mistakes: int, hints: int) -> bool:
    """A clean solve: no mistakes and no hints.

    >>> is_clean(0, 0), is_clean(0, 1), is_clean(1, 0)
    (True, False, False)
    """
    return mistakes == 0 and hints == 0


def counted_day(daily_of: dt.date | None, on: dt.date) -> dt.date | None:
    """The day a result counts for (its board, the streak): the site day it was posted `on`, when
    the puzzle is that very day's daily; None for an archive daily or a puzzle that isn't one.

    >>> day = dt.date(2026, 11, 2)
    >>> counted_day(day, day), counted_day(day - dt.timedelta(days=1), day), counted_day(None, day)
    (datetime.date(2026, 11, 2), None, None)
    """
    return on if daily_of == on else None


def history_day(post: SolvePost | MissPost, had: Had, *, tie: bool = False) -> str:
    """The site day a first result counts on in the dashboard: the day it was posted on; for a miss
    that wins a tie, the solve's (it takes the solve's place in that day's tally), or the miss's own
    for a solve kept before solves recorded their day.

    >>> post = MissPost("x", "Easy", 900, "wrong", [], dt.date(2026, 11, 3))
    >>> solve = KeptSolve("x", "Easy", (), 0, 0, 9, True, 900, "t", day="2026-11-02")
    >>> history_day(post, Had(solved=True, solve=solve)), history_day(post, Had(solve=solve), tie=True)
    ('2026-11-03', '2026-11-02')
    """
    if tie and had.solve is not None and had.solve.day is not None:
        return had.solve.day
    return post.on.isoformat()


def _whole(rating: Rating | None) -> int | None:
    return round(rating.rating) if rating is not None else None


def _line(record: KeptSolve | KeptMiss, day: str) -> HistoryLine:
    """The history's line of a first result, counted on `day`."""
    if isinstance(record, KeptSolve):
        result = result_of("solve", clean=record.clean, mistakes=record.mistakes)
    else:
        result = result_of("miss", how=record.how)
    return HistoryLine(record.id, record.band, record.rating, record.themes, result, day, record.posted,
                       _whole(record.before), _whole(record.after))


def _first_entry(record: KeptSolve | KeptMiss, had: Had, day: str) -> HistoryEntry:
    """A first result's line, and its day with it."""
    line = _line(record, day)
    with_it, _ = (had.days.get(day) or HistoryDay(day)).with_line(line)
    return HistoryEntry(line, with_it)


def settle_solve(post: SolvePost, had: Had, at: str) -> Settled:
    """What keeping `post` changes, given what the player `had`; `at` is when it was posted (UTC)."""
    if had.solved:
        return Settled(Posted(already=True, kind="solve"))
    mistakes = max(1, post.mistakes) if had.missed else post.mistakes
    clean = is_clean(mistakes, post.hints)
    online = not post.offline
    day = counted_day(post.daily_of, post.on)  # the player's own streak
    daily = day.isoformat() if day and online else None  # the day's board: a ticket's result only
    stats = had.stats
    before = stats.current_rating
    # The miss was the first result, and was rated; this solve isn't. Nor is an offline one.
    outcome = outcome_of(False, mistakes, post.hints)
    after = None if had.missed or post.offline else rate_puzzle(before, post.puzzle_rating, outcome)
    # The first result by name (result_names.py): a wrong move solved now reads "solved after a
    # mistake" (no longer "missed"), as does a solve carrying a mistake; Show solution stays "shown".
    from_wrong = had.missed and had.miss_how != "gave-up"
    mistaken = from_wrong or (not had.missed and mistakes > 0)
    band = stats.band(post.band)
    if clean and online:
        band = replace(band, solved=band.solved + 1, clean=band.clean + 1, clean_at=at)
    elif clean:
        band = replace(
            band, solved=band.solved + 1, clean=band.clean + 1, offline_clean=band.offline_clean + 1
        )
    else:
        band = replace(band, solved=band.solved + 1)
    new = stats.with_(
        solved=stats.solved + 1,
        clean=stats.clean + (1 if clean else 0),
        missed=max(0, stats.missed - 1) if from_wrong else stats.missed,
        after_mistake=stats.after_mistake + (1 if mistaken else 0),
        clean_at=at if clean and online else stats.clean_at,
        offline_clean=stats.offline_clean + (1 if clean and post.offline else 0),
        rated=stats.rated + (0 if after is None else 1),
        rating=after or stats.rating,
        bands={**stats.bands, post.band: band},
        streak=stats.streak.extended(day, at, post.offset) if day else stats.streak,
        board_streak=(
            stats.ranked_streak.extended(day, at, post.offset) if daily and day else stats.ranked_streak
        ),
    )
    record = KeptSolve(
        id=post.puzzle_id,
        band=post.band,
        moves=tuple(post.moves),
        mistakes=mistakes,
        hints=post.hints,
        seconds=post.seconds,
        clean=clean,
        rating=post.puzzle_rating,
        posted=at,
        themes=tuple(post.themes),
        day=post.on.isoformat(),
        daily=daily,
        before=before if after is not None else None,
        after=after,
        offline=post.offline,
    )
    answer = Posted(
        already=False,
        rated=after is not None,
        before=before if after is not None else None,
        after=after,
        clean=clean,
        mistakes=mistakes,
        daily=daily,
        kind="solve",
        streak=new.streak.current(day) if day else None,
        freezes_used=new.streak.standing(day).freezes_used if day else None,
        offline=post.offline,
    )
    # A solve after a miss is kept, but the miss was the first result: the history counts that one.
    history = None if had.missed else _first_entry(record, had, history_day(post, had))
    return Settled(
        answer, record, new, (post.band, band) if clean else None, history=history
    )


def settle_miss(post: MissPost, had: Had, at: str, *, tie: bool = False) -> Settled:
    """What keeping `post` changes: a miss is the first result only when there's no solve or miss
    yet, and is then rated as a loss (not when offline). `tie`: the miss is of the very play whose
    solve is kept (the same ticket, the solve got in first): the miss takes the solve's place."""
    if tie and had.solve is not None and had.solve.rated and not had.missed:
        return _miss_wins_tie(post, had, had.solve, at)
    if had.solved or had.missed:
        return Settled(Posted(already=True, kind="solve" if had.solved else "miss"))
    day = counted_day(post.daily_of, post.on)
    daily = day.isoformat() if day and not post.offline else None
    stats = had.stats
    before = stats.current_rating
    after = None if post.offline else rate_puzzle(before, post.puzzle_rating, "lost")
    new = stats.with_(
        missed=stats.missed + (1 if post.how == "wrong" else 0),
        shown=stats.shown + (1 if post.how == "gave-up" else 0),
        rated=stats.rated + (0 if after is None else 1),
        rating=after or stats.rating,
    )
    record = _kept_miss(post, at, daily, before if after is not None else None, after)
    answer = Posted(
        already=False,
        rated=after is not None,
        before=before if after is not None else None,
        after=after,
        mistakes=1,
        daily=daily,
        kind="miss",
        offline=post.offline,
    )
    return Settled(answer, record, new, history=_first_entry(record, had, history_day(post, had)))


def _kept_miss(
    post: MissPost, at: str, daily: str | None, before: Rating | None, after: Rating | None
) -> KeptMiss:
    return KeptMiss(
        id=post.puzzle_id,
        band=post.band,
        how=post.how,
        moves=tuple(post.moves),
        rating=post.puzzle_rating,
        posted=at,
        themes=tuple(post.themes),
        daily=daily,
        before=before,
        after=after,
        offline=post.offline,
    )


def _miss_wins_tie(post: MissPost, had: Had, solve: KeptSolve, at: str) -> Settled:
    """A miss that raced the solve of the same play and came second: the miss stands as the first
    result. The solve's rating change is taken back (nothing else was rated since: the play was
    still the player's current one) and the miss is rated from where the solve started; the solve
    stays, as one after a miss (at least one mistake, not clean, unrated).

    In the history the miss takes the solve's place: the solve's line goes, the miss's line is
    counted on the solve's day, so that day's tally keeps the puzzle played but no longer first try
    (a solve kept before it kept its day has none: the miss is then counted on its own day)."""
    stats = had.stats
    before = solve.before or stats.current_rating
    after = rate_puzzle(before, post.puzzle_rating, "lost")
    band = stats.band(solve.band)
    if solve.clean:
        band = replace(band, clean=band.clean - 1)
    # By name, the solve (counted when it came) becomes "solved after a mistake" or, after Show
    # solution, "shown".
    was_mistaken = solve.mistakes > 0
    wrong = post.how == "wrong"
    new = stats.with_(
        after_mistake=stats.after_mistake + (1 if wrong and not was_mistaken else 0)
        - (1 if not wrong and was_mistaken else 0),
        shown=stats.shown + (0 if wrong else 1),
        clean=stats.clean - (1 if solve.clean else 0),
        rating=after,
        bands={**stats.bands, solve.band: band},
    )
    record = replace(_kept_miss(post, at, solve.daily, before, after), offline=False)
    answer = Posted(
        already=False, rated=True, before=before, after=after, mistakes=1, daily=solve.daily, kind="miss"
    )
    day = history_day(post, had, tie=True)
    line = _line(record, day)
    solve_line = _line(solve, solve.day or day)
    current = had.days.get(day) or HistoryDay(day)
    if solve.day is None:  # kept before solves said their day: its line is its own item, on no day known
        with_it, old = current.with_line(line)[0], True
    else:
        with_it, old = current.with_line(line, solve_line)
    history = HistoryEntry(line, with_it, replaced=solve_line if old else None)
    return Settled(answer, record, new, (solve.band, band) if solve.clean else None,
                   solve=solve.after_a_miss(), history=history)
