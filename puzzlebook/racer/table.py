"""The race's standings and its table at the end (docs/live.md).

Ranked by Storm's order (puzzlebook/storm/kept.py's `RunResult.rank`): more puzzles solved, then the
higher puzzle solved, then, where Storm takes the quicker run, whoever reached their score first (their
last solve's time), then who joined first. A racer who left stays in the table, marked so: nothing they
did is lost. Each row lists the racer's puzzles, each solved or missed (the one they were on when the
race ended, part way, is "left"), to review.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from puzzlebook.racer.progress import Racer


def rank_key(racer: Racer) -> tuple[int, int, int, int]:
    """What orders racers, first first.

    >>> a = Racer("a", "A", 5, scored=40_000)
    >>> sorted([a, Racer("b", "B", 1, scored=30_000)], key=rank_key)[0].pid
    'b'
    """
    t = racer.tally
    return (-t.score, -(t.highest or 0), racer.scored if racer.scored is not None else 1 << 62, racer.joined)


def standings(racers: Sequence[Racer]) -> list[Racer]:
    """The racers in their order."""
    return sorted(racers, key=rank_key)


def table(racers: Sequence[Racer], rows: Sequence[Sequence[Any]]) -> list[dict[str, Any]]:
    """The table at the end: a row per racer in their order, with the race's puzzles they played
    (`rows`: the race's [id, fen, moves, rating] each)."""
    out = []
    for place, racer in enumerate(standings(racers), start=1):
        played = [{"id": rows[k][0], "rating": rows[k][3], "result": result}
                  for k, result in enumerate(racer.results) if k < len(rows)]
        if racer.line and racer.puzzle < len(rows):
            played.append({"id": rows[racer.puzzle][0], "rating": rows[racer.puzzle][3], "result": "left"})
        out.append({"place": place, "pid": racer.pid, "name": racer.name, "score": racer.tally.score,
                    "highest": racer.tally.highest, "mistakes": racer.tally.mistakes,
                    "combo_best": racer.tally.combo_best, "moves": racer.moves, "left": racer.left,
                    "puzzles": played})
    return out
