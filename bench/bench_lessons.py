"""Lesson import speed: the worst imports the limits allow, checked end to end.

    python -m bench lessons [--runs N] [--no-profile]

Goal (issue 32): every import the limits allow is checked in under 0.5 s of CPU. Each figure is the
best CPU time of N checks, printed beside its floor measured in turn in the same run: python-chess
merely playing the same moves (JSON) or reading the same PGN text (PGN), nothing checked. Where the
floor itself takes 0.5 s or more (a slower or busier machine than the one the goal was set on), no
check can be under it, and the goal is judged as the ratio instead: at most GOAL_RATIO times the
floor. Then a profile of the biggest PGN's check says where its time goes (--no-profile skips it).
"""

from __future__ import annotations

import argparse
import cProfile
import functools
import io
import json
import logging
import pstats
import random
import time
from collections.abc import Callable
from pathlib import Path

import chess
import chess.pgn

from bench.figures import load, verdict
from puzzlebook.lessons import MAX_BYTES, MAX_PUZZLES, check

ROOT = Path(__file__).resolve().parent.parent
# The format guide's worked example, and a Lichess study.
GUIDE = ROOT / "site" / "templates" / "lessons" / "_examples" / "guide_lesson.json"
STUDY = ROOT / "tests" / "fixtures" / "lessons" / "study_classics.pgn"
GOAL_SECONDS = 0.5
# 0.5 s over python-chess's own reading of the 160 games (the floor), 0.42-0.44 s with the machine
# idle where the goal was set (2026-12-05): the same allowance over the floor, for a machine where
# the floor alone takes 0.5 s.
GOAL_RATIO = 1.15
RUNS = 3  # each import is timed this many times, and the best kept
TAGS = '[Event "Blank lines"]\n[StudentColor "white"]\n\n'
BLANK_LINES = "\n" * (MAX_BYTES - 100)


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


def _json_floor(text: str) -> None:
    """python-chess merely playing a JSON import's moves: the text parsed, each puzzle's position
    set up and its moves pushed while legal, nothing else checked and no SAN written."""
    data = json.loads(text)
    for puzzle in data if isinstance(data, list) else [data]:
        board = chess.Board(puzzle["fen"])
        for written in puzzle["moves"]:
            move = chess.Move.from_uci(written["uci"])
            if not board.is_legal(move):
                break
            board.push(move)


def _pgn_floor(text: str) -> None:
    """python-chess merely reading the PGN: chess.pgn.read_game over every game (each move parsed
    from SAN and played), nothing else checked and no SAN written."""
    handle = io.StringIO(text)
    while chess.pgn.read_game(handle) is not None:
        pass


def _time(label: str, text: str, floor: Callable[[str], object], runs: int = RUNS, **kwargs: object) -> None:
    """The best CPU time of `runs` checks of `text`, each taken in turn with `floor` over the same
    text (so a busy moment falls on both alike), printed beside it and the goal."""
    size = len(text.encode())
    assert size <= MAX_BYTES, f"{label}: {size} bytes is over the limit"
    best = best_floor = float("inf")
    for _ in range(runs):
        start = time.process_time()
        report = check(text, **kwargs)  # type: ignore[arg-type]
        best = min(best, time.process_time() - start)
        start = time.process_time()
        floor(text)
        best_floor = min(best_floor, time.process_time() - start)
    if best_floor < GOAL_SECONDS:
        goal = f"goal < {GOAL_SECONDS} s: {verdict(best < GOAL_SECONDS)}"
    else:  # no check can be under the goal here: judged as its ratio to the floor
        ratio_met = best <= GOAL_RATIO * best_floor
        goal = f"goal < {GOAL_SECONDS} s, here judged <= {GOAL_RATIO}x the floor: {verdict(ratio_met)}"
    print(
        f"{label:42} {size / 1024:4.0f} KB {len(report.lessons):4} lessons {len(report.errors):4} errors  "
        f"{best * 1000:6.0f} ms of CPU, floor {best_floor * 1000:4.0f} ms ({best / best_floor:4.2f}x); {goal}"
    )


# Where a function's own time goes, by the file it is in.
_PLACES = [
    ("chess/pgn.py", "python-chess reading PGN (the tokens, its loop, the visitor's calls)"),
    ("chess/__init__.py", "python-chess's rules (parse, push, legal moves, check)"),
    ("puzzlebook/lessons/", "the importer (puzzlebook/lessons)"),
]


def _profile(text: str, top: int = 12) -> None:
    """Where one check of `text` spends its CPU: cProfile on the CPU clock, each function's own
    time summed by where it is, then the functions with the most. Profiling slows each Python call,
    so read the shares, not the times."""
    profile = cProfile.Profile(time.process_time)
    profile.runcall(check, text)
    stats = pstats.Stats(profile).stats  # type: ignore[attr-defined]
    rows = [
        (own, calls, f"{Path(file).name}:{line}({name})", file.replace("\\", "/"))
        for (file, line, name), (_, calls, own, _, _) in stats.items()
    ]
    total = sum(row[0] for row in rows)
    shares = {place: 0.0 for place, _ in _PLACES}
    for own, _, _, file in rows:
        place = next((place for place, _ in _PLACES if place in file), None)
        if place is not None:
            shares[place] += own
    print("  by where (own time):")
    for place, words in _PLACES:
        print(f"    {shares[place] / total:4.0%}  {words}")
    rest = 1 - sum(shares.values()) / total
    print(f"    {rest:4.0%}  the rest (re, str, list and dict methods: the interpreter's builtins)")
    print(f"  the {top} functions with the most own time:")
    for own, calls, where, _ in sorted(rows, reverse=True)[:top]:
        print(f"    {own / total:4.0%}  {calls:7} calls  {where}")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m bench lessons")
    parser.add_argument("--runs", type=int, default=RUNS,
                        help=f"times each import is checked, the best kept (default {RUNS})")
    parser.add_argument("--no-profile", action="store_true", help="leave out the profile of the biggest PGN")
    options = parser.parse_args(argv or [])
    runs = options.runs
    if runs < 1:
        parser.error("--runs must be at least 1")
    time_it = functools.partial(_time, runs=runs)
    # The floor reads the blank-lines game as two, the second's first move illegal: python-chess's
    # GameBuilder logs that, as the importer's reader does not.
    logging.getLogger("chess.pgn").setLevel(logging.CRITICAL)
    print(f"Each import checked {runs} times (the best CPU time kept) beside its floor; {load()}")
    puzzles = json.loads(GUIDE.read_text(encoding="utf-8"))
    opera = STUDY.read_text(encoding="utf-8")
    time_it("200 guide puzzles (JSON)", json.dumps((puzzles * MAX_PUZZLES)[:MAX_PUZZLES]), _json_floor)
    time_it(
        "200 puzzles, every move illegal (JSON)",
        json.dumps([{**p, "moves": [{"uci": "a1a2"}] * 3} for p in (puzzles * MAX_PUZZLES)[:MAX_PUZZLES]]),
        _json_floor,
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
    time_it(f"1 puzzle of {len(moves)} moves (JSON)", json.dumps(long_line), _json_floor)
    games = (MAX_BYTES - 100) // len(opera.encode())
    time_it(f"{games * 2} Lichess study chapters (PGN)", "\n\n".join([opera] * games), _pgn_floor)
    # Games as a database exports them: only moves, the most a PGN under the limit holds.
    time_it("160 games of 200 plies, moves only (PGN)", ordinary_games(160, 200), _pgn_floor)
    # A game cut by blank lines, as many as fit: each is looked past (join_broken_movetext).
    time_it("1 game, 255 KB of blank lines inside (PGN)", f"{TAGS}1. e4 {BLANK_LINES}e5 *\n", _pgn_floor)
    print("Floors: python-chess merely playing the same moves (JSON: the text parsed, each move pushed "
          f"while legal) or reading the same PGN (chess.pgn.read_game); {load()}")
    if not options.no_profile:
        print("Where the check of the 160 games of 200 plies spends its CPU (cProfile, one check):")
        _profile(ordinary_games(160, 200))


if __name__ == "__main__":
    main()
