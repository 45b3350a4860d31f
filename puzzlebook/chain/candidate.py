"""One attempt at a day's puzzle: walk, spares, shuffle, survey, then the five
checks in the seed's order.

Attempt k of a day draws only from its own stream, seeded by the FNV-1a of
`YYYY-MM-DD:chain:attempt:k`, so no attempt depends on how many numbers an
earlier one used. Within an attempt the draws go: start, walk steps, spares,
then the Fisher–Yates shuffle of the hand.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass

from puzzlebook.chain import score as scoring
from puzzlebook.chain.calendar import LEVELS, Level, level_of
from puzzlebook.chain.rng import Draws, fnv1a
from puzzlebook.chain.solver import Survey, mask_of, survey
from puzzlebook.chain.spares import spares
from puzzlebook.chain.tiles import Tile
from puzzlebook.chain.walk import Ends, walk

# The rejection reasons, in the order they are checked. Stable: they are stored.
DEAD_END = "dead_end"                    # the walk (or a spare) ran out of draws
SHORTCUT = "shortcut"                    # fewer moves than the budget reach the target
SECOND_SET = "second_set"                # two different sets of tiles solve it
IMPLAUSIBLE_SPARE = "implausible_spare"  # a spare no near-miss chain uses
SCORE_OUT_OF_BAND = "score_out_of_band"  # the feature score is atypical for the level
FAILURES = (DEAD_END, SHORTCUT, SECOND_SET, IMPLAUSIBLE_SPARE, SCORE_OUT_OF_BAND)


@dataclass(frozen=True)
class Candidate(Ends):
    """A shuffled hand with the walk behind it and the solver's survey."""

    level: Level
    hand: tuple[Tile, ...]
    solution: tuple[int, ...]  # hand indices in the walk's order
    values: tuple[int, ...]    # the start, then the value after each solution tile
    survey: Survey

    @property
    def solving_mask(self) -> int:
        return mask_of(self.solution)

    @property
    def spare_indices(self) -> list[int]:
        return [i for i in range(len(self.hand)) if i not in self.solution]

    @property
    def features(self) -> scoring.Features:
        return scoring.features(self.hand, self.solution, self.values, self.survey)

    @property
    def score(self) -> int:
        return scoring.score(self.features)


def attempt_key(day: dt.date, k: int) -> str:
    """The seed string of attempt `k` of `day`: YYYY-MM-DD:chain:attempt:k."""
    return f"{day.isoformat()}:chain:attempt:{k}"


def assemble(day: dt.date, k: int) -> Candidate | None:
    """Attempt `k` of `day` built and surveyed, or None for a dead end."""
    level = LEVELS[level_of(day)]
    draws = Draws(fnv1a(attempt_key(day, k)))
    path = walk(draws, level.moves)
    if path is None:
        return None
    extra = spares(draws, path, level.spares)
    if extra is None:
        return None
    tiles = [*path.tiles, *extra]
    order = list(range(len(tiles)))
    draws.shuffle(order)  # order[slot] = which tile lands in that slot
    hand = tuple(tiles[i] for i in order)
    solution = tuple(order.index(i) for i in range(level.moves))
    return Candidate(level, hand, solution, path.values, survey(path.start, path.target, hand, level.moves))


def first_failure(candidate: Candidate, *, check_score: bool = True) -> str | None:
    """The first of checks 2–5 that `candidate` fails, or None when it passes.

    `check_score=False` skips the band (calibration needs the scores of every
    candidate that passes the other four).
    """
    found = candidate.survey
    if found.shortest < candidate.level.moves:
        return SHORTCUT
    if len(found.sets) > 1:
        return SECOND_SET
    believable = found.playable & found.near
    if any(not believable >> i & 1 for i in candidate.spare_indices):
        return IMPLAUSIBLE_SPARE
    if check_score and not scoring.in_band(candidate.level.name, candidate.score):
        return SCORE_OUT_OF_BAND
    return None


def attempt(day: dt.date, k: int) -> tuple[str | None, Candidate | None]:
    """(failure code or None, candidate or None) for attempt `k` of `day`."""
    candidate = assemble(day, k)
    if candidate is None:
        return DEAD_END, None
    return first_failure(candidate), candidate
