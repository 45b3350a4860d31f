"""Lesson import speed: the worst imports the limits allow, checked end to end.

Goal (ours): a full import (200 puzzles, or 256 KB) is checked in well under a second,
so the API can validate on every keystroke-paced preview and every store.
"""

from __future__ import annotations

import argparse
import functools
import json
import random
import time
from pathlib import Path

import chess

from puzzlebook.lessons import MAX_BYTES, MAX_PUZZLES, check

ROOT = Path(__file__).resolve().parent.parent
# The format guide's worked example, and a Lichess study.
GUIDE = ROOT / "site" / "templates" / "lessons" / "_examples" / "guide_lesson.json"
STUDY = ROOT / "tests" / "fixtures" / "lessons" / "study_classics.pgn"
GOAL_SECONDS = 0.5
RUNS = 3  # each import is timed this many times, and the best kept


@functools.cache  # some seconds of python-chess; a test's runs on both stores share it
def ordinary_games(count: int, plies: int) -> str:
    """`count` games of random legal moves (the same every run), with move numbers and no comments:
    PGN as a game database exports it."""
    rng = random.Random(12)
    games = []
    for number in range(1, count + 1):
        board, words = chess.Board(), []
        while len(board.move_stack) < plies and not board.is_game_over():
            move = rng.choice(list(board.legal_moves))
            if board.turn == chess.WHITE:
                words.append(f"{board.fullmove_number}.")
            words.append(board.san(move))
            board.push(move)
        games.append(f'[Event "Game {number}"]\n[StudentColor "white"]\n\n{" ".join(words)} *\n')
    return "\n".join(games)


def _time(label: str, text: str, runs: int = RUNS, **kwargs: object) -> None:
    size = len(text.encode())
    assert size <= MAX_BYTES, f"{label}: {size} bytes is over the limit"
    best = float("inf")
    for _ in range(runs):
        start = time.perf_counter()
        report = check(text, **kwargs)  # type: ignore[arg-type]
        best = min(best, time.perf_counter() - start)
    verdict = "ok" if best <= GOAL_SECONDS else "SLOW"
    print(
        f"{label:44} {size / 1024:6.0f} KB {len(report.lessons):4} lessons "
        f"{len(report.errors):4} errors  {best * 1000:7.1f} ms  {verdict}"
    )


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m bench lessons")
    parser.add_argument("--runs", type=int, default=RUNS,
                        help=f"times each import is checked, the best kept (default {RUNS})")
    runs = parser.parse_args(argv or []).runs
    if runs < 1:
        parser.error("--runs must be at least 1")
    time_it = functools.partial(_time, runs=runs)
    puzzles = json.loads(GUIDE.read_text(encoding="utf-8"))
    opera = STUDY.read_text(encoding="utf-8")
    time_it("200 guide puzzles (JSON)", json.dumps((puzzles * MAX_PUZZLES)[:MAX_PUZZLES]))
    time_it(
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
    time_it(f"1 puzzle of {len(moves)} moves (JSON)", json.dumps(long_line))
    games = (MAX_BYTES - 100) // len(opera.encode())
    time_it(f"{games * 2} Lichess study chapters (PGN)", "\n\n".join([opera] * games))
    # Games as a database exports them: only moves, the most a PGN under the limit holds.
    time_it("160 games of 200 plies, moves only (PGN)", ordinary_games(160, 200))


if __name__ == "__main__":
    main()
