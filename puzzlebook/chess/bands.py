"""The five bands of Chess Puzzles, by Lichess puzzle rating (half-open ranges)."""

from __future__ import annotations

# name -> (low, high): a puzzle rated r is in the band when low <= r < high.
BANDS: dict[str, tuple[int, int]] = {
    "Beginner": (600, 1000),
    "Easy": (1000, 1400),
    "Medium": (1400, 1800),
    "Hard": (1800, 2200),
    "Expert": (2200, 2600),
}
