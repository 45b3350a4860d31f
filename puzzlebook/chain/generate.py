"""A day's Chain puzzle: generate the stored row, its public part, re-verify a
stored row, and check a player's solve.

generate(day) tries attempts 0, 1, 2, ... of the day (candidate.py) and keeps
the first that passes all five checks; after MAX_ATTEMPTS it raises rather than
serve an unchecked puzzle. The row records everything DESIGN.md lists and is
plain JSON. The browser only ever gets public(row).
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping
from typing import Any

from puzzlebook.chain import ENGINE_VERSION
from puzzlebook.chain import score as scoring
from puzzlebook.chain.calendar import LEVELS, as_date, level_of
from puzzlebook.chain.candidate import (
    IMPLAUSIBLE_SPARE,
    SCORE_OUT_OF_BAND,
    SECOND_SET,
    SHORTCUT,
    Candidate,
    attempt,
)
from puzzlebook.chain.play import SolveCheck
from puzzlebook.chain.play import check_solve as _check_solve
from puzzlebook.chain.solver import indices_of, mask_of, survey
from puzzlebook.chain.tiles import HIGH, LOW, Tile, TileError, parse_tile, step, to_public
from puzzlebook.chain.walkthrough import walkthrough

MAX_ATTEMPTS = 500
PUBLIC_FIELDS = ("date", "level", "start", "target", "moves", "hand")

# verify's own codes, beside the five rejection reasons it can also name.
MALFORMED = "malformed"        # the row is not a well-formed day
BAD_SOLUTION = "bad_solution"  # the stored solving order or set does not hold
SCORE_MISMATCH = "score_mismatch"  # the stored score is not the features' score


class GenerationError(RuntimeError):
    """No attempt of a day passed the checks within MAX_ATTEMPTS; `failures`
    holds every attempt's code."""

    def __init__(self, message: str, failures: list[str]) -> None:
        super().__init__(message)
        self.failures = failures


class VerifyError(ValueError):
    """A stored row failed re-verification; `code` names the failure and
    `detail` says what was found, in words."""

    def __init__(self, code: str, detail: str) -> None:
        super().__init__(f"{code}: {detail}")
        self.code = code
        self.detail = detail


def row_of(day: dt.date, candidate: Candidate, attempts: int, failures: list[str]) -> dict[str, Any]:
    """The stored row for an accepted `candidate`."""
    orders = candidate.survey.sets[candidate.solving_mask]
    return {
        "date": day.isoformat(),
        "level": candidate.level.name,
        "start": candidate.start,
        "target": candidate.target,
        "moves": candidate.level.moves,
        "hand": [to_public(tile) for tile in candidate.hand],
        "solution": list(candidate.solution),
        "solving_set": sorted(candidate.solution),
        "score": candidate.score,
        "engine_version": ENGINE_VERSION,
        "attempts": attempts,
        "failures": failures,
        "walkthrough": walkthrough(candidate.start, candidate.target, candidate.hand,
                                   candidate.solution, orders),
    }


def find(date: dt.date) -> tuple[Candidate, list[str]]:
    """The first candidate of `date` that passes all five checks, with the
    failure codes of the attempts rejected before it. Raises GenerationError
    after MAX_ATTEMPTS rejected attempts."""
    failures: list[str] = []
    for k in range(MAX_ATTEMPTS):
        failure, candidate = attempt(date, k)
        if failure is None and candidate is not None:
            return candidate, failures
        failures.append(failure or "")
    raise GenerationError(f"{date.isoformat()}: no puzzle passed the checks in {MAX_ATTEMPTS} attempts",
                          failures)


def generate(day: dt.date | str) -> dict[str, Any]:
    """The stored row of `day` (a date or YYYY-MM-DD): date, level, start,
    target, moves, hand, solution (hand indices in one solving order),
    solving_set, score, engine_version, attempts, failures (the codes of the
    rejected attempts, in order) and walkthrough. The same day always gives the
    same row for one ENGINE_VERSION. Raises GenerationError after MAX_ATTEMPTS
    rejected attempts, ValueError for a bad day."""
    date = as_date(day)
    candidate, failures = find(date)
    return row_of(date, candidate, len(failures) + 1, failures)


def public(row: Mapping[str, Any]) -> dict[str, Any]:
    """What the browser may see of a stored row: {date, level, start, target,
    moves, hand} and nothing else (no solution, score or walkthrough)."""
    return {name: row[name] for name in PUBLIC_FIELDS} | {"hand": [dict(tile) for tile in row["hand"]]}


def check_solve(row: Mapping[str, Any], tiles: Any) -> SolveCheck:
    """Whether hand indices `tiles`, in play order, solve the day `row`: each
    tile at most once, every move legal, the target reached in exactly the
    puzzle's moves. SolveCheck.ok, or .code and .reason saying what failed."""
    return _check_solve(row, tiles)


def _int_in(row: Mapping[str, Any], name: str, low: int, high: int) -> int:
    value = row.get(name)
    if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
        raise VerifyError(MALFORMED, f"{name} must be a whole number from {low} to {high}, got {value!r}")
    return value


def _indices(row: Mapping[str, Any], name: str, size: int) -> list[int]:
    value = row.get(name)
    if (not isinstance(value, list) or not all(isinstance(i, int) and not isinstance(i, bool) for i in value)
            or len(set(value)) != len(value) or not all(0 <= i < size for i in value)):
        raise VerifyError(MALFORMED, f"{name} must list distinct hand indices, got {value!r}")
    return value


def _shape(row: Mapping[str, Any]) -> tuple[dt.date, list[Tile], list[int]]:
    if not isinstance(row, Mapping):
        raise VerifyError(MALFORMED, f"a day is a JSON object, got {type(row).__name__}")
    try:
        date = as_date(row.get("date"))  # type: ignore[arg-type]
    except ValueError as exc:
        raise VerifyError(MALFORMED, f"date: {exc}") from None
    level = LEVELS.get(row.get("level"))  # type: ignore[arg-type]
    if level is None:
        raise VerifyError(MALFORMED, f"level must be easy, medium or hard, got {row.get('level')!r}")
    _int_in(row, "moves", level.moves, level.moves)
    _int_in(row, "start", LOW, HIGH)
    _int_in(row, "target", LOW, HIGH)
    raw_hand = row.get("hand")
    if not isinstance(raw_hand, list) or len(raw_hand) != level.tiles:
        raise VerifyError(MALFORMED, f"a {level.name} hand has {level.tiles} tiles")
    try:
        hand = [parse_tile(tile) for tile in raw_hand]
    except TileError as exc:
        raise VerifyError(MALFORMED, f"hand: {exc}") from None
    if len(set(hand)) != len(hand):
        raise VerifyError(MALFORMED, "two tiles in the hand are alike")
    solution = _indices(row, "solution", len(hand))
    if len(solution) != level.moves:
        raise VerifyError(MALFORMED, f"solution must play {level.moves} tiles")
    _indices(row, "solving_set", len(hand))
    if not isinstance(row.get("score"), int):
        raise VerifyError(MALFORMED, "score must be a whole number")
    return date, hand, solution


def verify(row: Mapping[str, Any]) -> None:
    """Re-check a stored day from scratch; return None when it holds, else
    raise VerifyError whose .code names the failure: malformed, bad_solution,
    shortcut, second_set, implausible_spare, score_mismatch or
    score_out_of_band. The score, its band and the level of the date's weekday
    are only checked for rows of this ENGINE_VERSION: they belong to the engine
    that made the row. The puzzle itself (one set, no shortcut, believable
    spares) is checked whatever made it."""
    date, hand, solution = _shape(row)
    start, target, moves = row["start"], row["target"], row["moves"]
    current = row.get("engine_version") == ENGINE_VERSION
    if current and row["level"] != level_of(date):
        raise VerifyError(MALFORMED, f"{date.isoformat()} is a {level_of(date)} day, not {row['level']}")
    values = [start]
    for i in solution:
        reached = step(values[-1], *hand[i])
        if not reached:
            raise VerifyError(BAD_SOLUTION, f"the stored solving order cannot play tile {i} on {values[-1]}")
        values.append(reached)
    if values[-1] != target:
        raise VerifyError(BAD_SOLUTION, f"the stored solving order ends at {values[-1]}, not {target}")
    if sorted(row["solving_set"]) != sorted(solution):
        raise VerifyError(BAD_SOLUTION, "the solving set is not the tiles of the solving order")
    found = survey(start, target, hand, moves)
    if found.shortest < moves:
        raise VerifyError(SHORTCUT, f"{found.shortest} moves reach {target}, fewer than {moves}")
    if len(found.sets) > 1:
        sets = [indices_of(mask) for mask in sorted(found.sets)]
        raise VerifyError(SECOND_SET, f"{len(sets)} different sets of tiles solve it: {sets}")
    believable = found.playable & found.near
    spares = [i for i in range(len(hand)) if not mask_of(solution) >> i & 1]
    for i in spares:
        if not believable >> i & 1:
            raise VerifyError(IMPLAUSIBLE_SPARE,
                              f"spare tile {i} is in no {moves}-move chain ending within 10 of {target}")
    if not current:
        return
    value = scoring.score(scoring.features(hand, solution, values, found))
    if row["score"] != value:
        raise VerifyError(SCORE_MISMATCH, f"stored score {row['score']}, but the features score {value}")
    if not scoring.in_band(row["level"], value):
        low, high = scoring.BANDS[row["level"]]
        raise VerifyError(SCORE_OUT_OF_BAND, f"score {value} is outside the {row['level']} band {low}–{high}")
