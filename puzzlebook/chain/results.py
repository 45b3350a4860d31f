"""Chain results, decided: whether a posted solve counts, and what keeping a solve or a give-up changes.

In the manner of lila's PuzzleFinisher (it decides; PuzzleApi only persists): nothing here
reads or writes. service/games/chain/records.py reads what the player has, calls `settle_solve`
or `settle_giveup`, and writes what they say; the route calls `check` first.

    check_ticket(text, ...)                 the play ticket: this player's, this day's, old enough
                                            (or none, for a result made offline)
    check(row, tiles, seconds)              the tiles solve the stored day, at least a second a tile
    settle_solve(prior, stats, solve, ...)  the first result for a day stands; clean = no undo or
                                            reset; on its own site day: on the board, the streak grows
    settle_giveup(prior, stats, day, ...)   the same first-result rule; counts a give-up

tests/vectors/chain_results.json binds these rules, and the browser's copy of them
(site/static/js/chain/results.js and state.js) runs the same vectors.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any

from puzzlebook.chain.kept import KeptGiveup, KeptResult, KeptSolve
from puzzlebook.chain.play import (
    BAD_TILES,
    ILLEGAL_MOVE,
    MISSED_TARGET,
    NO_SUCH_TILE,
    TILE_REUSED,
    WRONG_LENGTH,
    SolveCheck,
    check_solve,
)
from puzzlebook.chain.tallies import ChainStats
from puzzlebook.chain.tiles import HIGH, LOW, SYMBOLS, explain, label, parse_tile
from puzzlebook.messages import Message, msg, msg_plural
from puzzlebook.results import Posted
from puzzlebook.tickets import Ticket, admit

GAME = "chain"

TOO_FAST_CODE = "too_fast"  # under a second a tile: the API says so in its words (functions/errors.py)


@dataclass(frozen=True, slots=True)
class Verdict:
    """Whether a posted solve is acceptable: ok, or the code, and for tiles that don't solve the day
    the rules' own sentence saying which (the API words the time floor itself)."""

    ok: bool
    code: str | None = None
    message: Message | None = None


# What a refused solve is told, by the rules' code (puzzlebook/chain/play.py), said in the request's
# language (docs/languages.md); the browser says a tile's reasons in its own words (chain/words.js).
BAD_TILES_WORDS = msg("chain_bad_tiles", "Tiles must be a list of tile numbers (0 for the first tile).")
NO_SUCH_TILE_WORDS = msg("chain_no_such_tile", "There is no tile {tile}: the hand’s tiles are numbered 0 to "
                                               "{last}.")
TILE_REUSED_WORDS = msg("chain_tile_reused", "Tile {tile} is played twice; each tile can be played once.")
WRONG_LENGTH_WORDS = msg_plural("chain_wrong_length",
                                "This puzzle takes exactly {moves} move; {played} were played.",
                                "This puzzle takes exactly {moves} moves; {played} were played.", "moves")
ILLEGAL_MOVE_WORDS = msg("chain_illegal_move", "Move {number} ({tile}): {reason}.")
MISSED_TARGET_WORDS = msg("chain_missed_target", "The chain ends at {end}, not at the target {target}.")
# Why one move can't be played (a value of ILLEGAL_MOVE_WORDS), by puzzlebook.chain.tiles' codes.
TILE_REASONS = {
    "too_large": msg("chain_above_high", "{sum} is above {high}"),
    "too_small": msg("chain_below_low", "{sum} is below {low}"),
    "inexact_divide": msg("chain_inexact_divide", "{sum} is not a whole number"),
    "swap_drops_digit": msg("chain_swap_drops_digit",
                            "{value} ends in 0, so swapping its digits would drop one"),
    "swap_unchanged": msg("chain_swap_unchanged", "swapping the digits of {value} leaves it unchanged"),
}


def refusal_words(puzzle: Mapping[str, Any], tiles: list[int], checked: SolveCheck) -> Message | None:
    """The message of a failed `checked` (check_solve of `tiles` on `puzzle`), with its values; None
    for a code it has no words for.

    >>> day = {"start": 12, "target": 3, "moves": 2, "hand": [{"op": "div", "n": 5}, {"op": "sub", "n": 9}]}
    >>> str(refusal_words(day, [0, 1], check_solve(day, [0, 1])))
    'Move 1 (÷5): 12 ÷ 5 is not a whole number.'
    """
    hand = puzzle["hand"]
    code = checked.code
    if code == BAD_TILES:
        return BAD_TILES_WORDS
    if code == NO_SUCH_TILE:
        return NO_SUCH_TILE_WORDS(tile=next(t for t in tiles if not 0 <= t < len(hand)), last=len(hand) - 1)
    if code == TILE_REUSED:
        return TILE_REUSED_WORDS(tile=next(t for k, t in enumerate(tiles) if t in tiles[:k]))
    if code == WRONG_LENGTH:
        return WRONG_LENGTH_WORDS(moves=puzzle["moves"], played=len(tiles))
    if code == MISSED_TARGET:
        return MISSED_TARGET_WORDS(end=checked.values[-1], target=puzzle["target"])
    if code == ILLEGAL_MOVE:
        number = len(checked.values)
        tile = parse_tile(hand[tiles[number - 1]])
        value = checked.values[-1]
        said = explain(value, tile)
        reason = TILE_REASONS.get(said.code or "")
        if reason is None:
            return None
        op, n = tile
        sum_text = f"{value} {SYMBOLS[op]} {n}" if op < len(SYMBOLS) else ""
        reason = reason(sum=sum_text, value=value, high=HIGH, low=LOW)
        return ILLEGAL_MOVE_WORDS(number=number, tile=label(tile), reason=reason)
    return None


def min_seconds(tiles: int) -> int:
    """The fewest whole seconds a believable solve of `tiles` tiles takes: one a tile.

    >>> min_seconds(4)
    4
    """
    return tiles


def check(row: Mapping[str, Any], tiles: list[int], seconds: int) -> Verdict:
    """The verdict on a solve of the stored day `row`: the tiles first (play.check_solve, its
    reason as a message: refusal_words), then the time floor."""
    checked = check_solve(row, tiles)
    if not checked.ok:
        return Verdict(False, checked.code, refusal_words(row, tiles, checked))
    if seconds < min_seconds(len(tiles)):
        return Verdict(False, TOO_FAST_CODE)
    return Verdict(True)


def check_ticket(text: str | None, *, offline: bool, key: bytes, player: str, day: str,
                 seconds: int | None, now: int, tiles: int = 0) -> Ticket | None:
    """The ticket a Chain result carries, checked for `player` and the day `day` (a Chain ticket's
    target is its date), claiming `seconds` (None for a give-up) at `now` (ms), a solve of `tiles`
    tiles taking at least a second each since the ticket was issued; None for an offline result.
    puzzlebook.tickets.TicketRefused says why not."""
    return admit(text, offline=offline, key=key, player=player, game=GAME, target=day,
                 seconds=seconds, now=now, floor=min_seconds(tiles))


@dataclass(frozen=True, slots=True)
class Solve:
    """A solve as posted: the day, hand indices in the order played, the time, undos and resets."""

    day: str
    tiles: list[int]
    seconds: int
    undos: int = 0
    resets: int = 0
    offline: bool = False

    @property
    def clean(self) -> bool:
        """No undo and no reset."""
        return self.undos == 0 and self.resets == 0


@dataclass(frozen=True, slots=True)
class Settled:
    """What keeping a result decided: the answer, and what to write.

    result: the day's result to create (None when an earlier result stands: nothing is written);
    stats: the player's tallies after it, whose `version` is the one to write (the one read + 1);
    on_board: the result goes on the day's board.
    """

    answer: Posted
    result: KeptResult | None = None
    stats: ChainStats | None = None
    on_board: bool = False


def _already(prior: KeptResult) -> Settled:
    return Settled(Posted(already=True, kind=prior.kind))


def settle_solve(
    prior: KeptResult | None, stats: ChainStats, solve: Solve, *, today: dt.date, posted: str,
    offset: int | None = None,
) -> Settled:
    """Keep `solve` against what the player has: `prior` (their result for that day, or None) and
    their tallies. `today` is the player's own date it was played on (its ticket's), at `offset`
    (their zone, minutes east of UTC); `posted` its UTC time stamp.

    The first result for a day stands. A solve posted on its own site day goes on the day's
    board and extends the streak (another result the same day can't: the first stands); an
    archive solve counts in the tallies only.

    >>> day, solve = dt.date(2026, 11, 2), Solve("2026-11-02", [0, 1], 9, undos=1)
    >>> first = settle_solve(None, ChainStats(), solve, today=day, posted="t")
    >>> first.answer.clean, first.answer.daily, first.stats.solved, first.stats.streak.current(day)
    (False, '2026-11-02', 1, 1)
    >>> settle_solve(first.result, first.stats, solve, today=day, posted="u").answer.already
    True
    """
    if prior is not None:
        return _already(prior)
    its_day = solve.day == today.isoformat()
    on_board = its_day and not solve.offline  # an offline solve counts for the player alone
    clean = solve.clean
    streak = stats.streak.extended(today, posted, offset) if its_day else stats.streak
    after = replace(
        stats,
        version=stats.version + 1,
        solved=stats.solved + 1,
        clean=stats.clean + (1 if clean else 0),
        streak=streak,
        board_streak=stats.ranked_streak.extended(today, posted, offset) if on_board else stats.ranked_streak,
    )
    result = KeptSolve(tuple(solve.tiles), solve.seconds, solve.undos, solve.resets, clean, posted, on_board,
                       solve.offline)
    answer = Posted(
        already=False,
        clean=clean,
        daily=solve.day if on_board else None,
        kind="solve",
        streak=streak.current(today) if its_day else None,
        freezes_used=streak.standing(today).freezes_used if its_day else None,
        offline=solve.offline,
    )
    return Settled(answer, result, after, on_board)


def settle_giveup(
    prior: KeptResult | None, stats: ChainStats, day: str, *, posted: str, offline: bool = False
) -> Settled:
    """Keep a give-up of `day` unless a result came first: counted as given up, never on a board,
    the streak untouched.

    >>> gave = settle_giveup(None, ChainStats(), "2026-11-02", posted="t")
    >>> gave.answer.kind, gave.stats.gave_up, gave.on_board
    ('giveup', 1, False)
    >>> settle_giveup(gave.result, gave.stats, "2026-11-02", posted="u").answer.kind
    'giveup'
    """
    if prior is not None:
        return _already(prior)
    after = replace(stats, version=stats.version + 1, gave_up=stats.gave_up + 1)
    return Settled(Posted(already=False, kind="giveup", offline=offline), KeptGiveup(posted, offline), after)
