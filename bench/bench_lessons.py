"""Lesson import speed: the worst imports the limits allow, checked end to end.

Goal (ours): a full import (200 puzzles, or 256 KB) is checked in well under a second,
so the API can validate on every keystroke-paced preview and every store.
"""

from __future__ import annotations

import json
import time
from pathlib import Path

from puzzlebook.lessons import MAX_BYTES, MAX_PUZZLES, check

FIXTURES = Path(__file__).resolve().parent.parent / "tests" / "fixtures" / "lessons"
GOAL_SECONDS = 0.5


def _time(label: str, text: str, **kwargs: object) -> None:
    size = len(text.encode())
    assert size <= MAX_BYTES, f"{label}: {size} bytes is over the limit"
    best = float("inf")
    for _ in range(3):
        start = time.perf_counter()
        report = check(text, **kwargs)  # type: ignore[arg-type]
        best = min(best, time.perf_counter() - start)
    verdict = "ok" if best <= GOAL_SECONDS else "SLOW"
    print(
        f"{label:44} {size / 1024:6.0f} KB {len(report.lessons):4} lessons "
        f"{len(report.errors):4} errors  {best * 1000:7.1f} ms  {verdict}"
    )


def main() -> None:
    puzzles = json.loads((FIXTURES / "guide_lesson.json").read_text(encoding="utf-8"))
    opera = (FIXTURES / "study_classics.pgn").read_text(encoding="utf-8")
    _time("200 guide puzzles (JSON)", json.dumps((puzzles * MAX_PUZZLES)[:MAX_PUZZLES]))
    _time(
        "200 puzzles, every move illegal (JSON)",
        json.dumps([{**p, "moves": [{"uci": "a1a2"}] * 3} for p in (puzzles * MAX_PUZZLES)[:MAX_PUZZLES]]),
    )
    # One puzzle with the longest line that fits: knights shuffling back and forth.
    shuffle = ["g1f3", "g8f6", "f3g1", "f6g8"]
    per_move = len(json.dumps({"uci": "g1f3"})) + 2
    moves = [{"uci": shuffle[i % 4]} for i in range((MAX_BYTES - 200) // per_move)]
    long_line = {
        "fen": "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "playerColor": "white",
        "moves": moves,
    }
    _time(f"1 puzzle of {len(moves)} moves (JSON)", json.dumps(long_line))
    games = (MAX_BYTES - 100) // len(opera.encode())
    _time(f"{games * 2} Lichess study chapters (PGN)", "\n\n".join([opera] * games))


if __name__ == "__main__":
    main()
