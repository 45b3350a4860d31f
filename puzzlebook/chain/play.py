"""Checking a player's solve: the same rule as the browser's checkSolve in
site/static/js/chain/tiles.js, run against the same vectors.

A solve is a list of indices into the hand, in the order played. It solves the
puzzle when every index names a tile, no tile is used twice, exactly the
puzzle's number of moves were played, every move was legal, and the last value
is the target. The checks run in that order and the first that fails is the
answer, with a code and a sentence for the player.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from puzzlebook.chain.tiles import TileError, explain, label, parse_tile

# Codes, stable: the API passes them on.
BAD_TILES = "bad_tiles"
NO_SUCH_TILE = "no_such_tile"
TILE_REUSED = "tile_reused"
WRONG_LENGTH = "wrong_length"
ILLEGAL_MOVE = "illegal_move"
MISSED_TARGET = "missed_target"


@dataclass(frozen=True)
class SolveCheck:
    """ok, or the first failure's code and reason; `values` are the values
    reached, starting with the start (as far as the moves were legal)."""

    ok: bool
    code: str | None = None
    reason: str | None = None
    values: list[int] = field(default_factory=list)


def _is_index(x: Any) -> bool:
    return isinstance(x, int) and not isinstance(x, bool)


def check_solve(puzzle: Mapping[str, Any], tiles: Any) -> SolveCheck:
    """Whether playing hand indices `tiles` in order solves `puzzle` (a stored
    row or its public part: start, target, moves, hand)."""
    hand = puzzle["hand"]
    moves = puzzle["moves"]
    if not isinstance(tiles, list) or not all(_is_index(t) for t in tiles):
        return SolveCheck(False, BAD_TILES, "tiles must be a list of tile numbers (0 for the first tile)")
    for t in tiles:
        if not 0 <= t < len(hand):
            return SolveCheck(False, NO_SUCH_TILE,
                              f"there is no tile {t}: the hand's tiles are numbered 0 to {len(hand) - 1}")
    seen: set[int] = set()
    for t in tiles:
        if t in seen:
            return SolveCheck(False, TILE_REUSED, f"tile {t} is played twice; each tile can be played once")
        seen.add(t)
    if len(tiles) != moves:
        return SolveCheck(False, WRONG_LENGTH,
                          f"this puzzle takes exactly {moves} moves; {len(tiles)} were played")
    values = [puzzle["start"]]
    for number, t in enumerate(tiles, start=1):
        try:
            tile = parse_tile(hand[t])
        except TileError as exc:
            raise ValueError(f"the puzzle's tile {t} is malformed: {exc}") from None
        verdict = explain(values[-1], tile)
        if not verdict.ok:
            return SolveCheck(False, ILLEGAL_MOVE, f"move {number} ({label(tile)}): {verdict.reason}", values)
        values.append(verdict.value)
    if values[-1] != puzzle["target"]:
        return SolveCheck(False, MISSED_TARGET,
                          f"the chain ends at {values[-1]}, not at the target {puzzle['target']}", values)
    return SolveCheck(True, values=values)
