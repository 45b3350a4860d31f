"""A race's puzzles: the same for every racer, rising in difficulty, from the chess bundle as Storm's
run is (puzzlebook/chess/ladder.py's climb over Storm's steps: 800 first, each 100-point step one
puzzle longer than the last), seeded by the race (an HMAC of the site key and the race's id, so no
one can work a race's puzzles out ahead, and two races differ).

RACE_LENGTH: 100. At the floor of a second a move no racer makes more than 91 moves in the race's 90
seconds, and every puzzle takes at least one, so a race never runs out of puzzles.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from puzzlebook.calendar import seeded_digest
from puzzlebook.chess.ladder import BundleLike, RunPuzzle, climb
from puzzlebook.chess.puzzle import Puzzle
from puzzlebook.storm.run import steps

RACE_LENGTH = 100


def pick_race(race_id: str, *, key: bytes, bundle: BundleLike, length: int = RACE_LENGTH) -> list[RunPuzzle]:
    """The puzzles of race `race_id` (module docstring). LookupError when the bundle has too few."""
    return climb(seeded_digest(key, "racer", race_id), bundle, steps(length), "race")


def as_rows(picked: Sequence[RunPuzzle], row: Callable[[str, str], Sequence[Any] | None]) -> list[list[Any]]:
    """The picked puzzles as the race keeps and sends them: [id, fen, moves, rating] each (Storm's day
    file's shape), each found by `row(band, id)` (the bundle's)."""
    out = []
    for p in picked:
        found = row(p.band, p.id)
        if found is None:
            raise LookupError(f"the bundle has no {p.band} puzzle {p.id}")
        out.append([p.id, found[1], found[2], p.rating])
    return out


def puzzles_of(rows: Sequence[Sequence[Any]]) -> list[Puzzle]:
    """The kept rows as puzzles for the referee (the band from the rating, no themes).

    >>> (p,) = puzzles_of([["a", "8/8/8/8/8/8/8/k1K5 w - - 0 1", "c1c2 a1a2", 950]])
    >>> p.band, p.solution
    ('Beginner', ['a1a2'])
    """
    from puzzlebook.chess.ladder import band_of_rating

    return [Puzzle.from_row([*row[:4], ""], band_of_rating(int(row[3]))) for row in rows]
