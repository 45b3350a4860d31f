"""A scripted week of chess results posted through the API with a test clock, for the dashboard's and
the history's tests (tests/test_api_dashboard.py through TestClient on both stores, and the browser
test through an app over the browser server's own store). Forks go badly, pins well, so the
dashboard has a weakest and a strongest theme; what was posted comes back as the log
puzzlebook.chess.dashboard.tallies_of reads, to compute the expected figures independently of the
store."""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable
from typing import Any

from puzzlebook.chess.puzzle import Puzzle, position_at
from service.games.chess.puzzles import puzzles_of

Post = Callable[[str, dict[str, Any]], dict[str, Any]]

# Per day, what happens to each of the day's four puzzles: (kind of puzzle, result).
WEEK: list[list[tuple[str, str]]] = [
    [("fork", "missed"), ("pin", "clean"), ("other", "clean"), ("fork", "clean")],
    [("fork", "shown"), ("pin", "clean"), ("other", "help"), ("pin", "clean")],
    [("fork", "help"), ("pin", "help"), ("other", "missed"), ("fork", "missed")],
    [("pin", "clean"), ("fork", "clean"), ("other", "clean"), ("pin", "clean")],
    [("fork", "missed"), ("pin", "clean"), ("other", "shown"), ("fork", "shown")],
    [("pin", "clean"), ("fork", "missed"), ("other", "clean"), ("pin", "missed")],
    [("fork", "help"), ("pin", "clean"), ("other", "clean"), ("fork", "missed")],
]


def week_puzzles(ctx: Any, band: str = "Medium") -> dict[str, list[Puzzle]]:
    """Enough puzzles of each kind: forks without a pin, pins without a fork, others with neither
    (not retired, none a daily of the week)."""
    rows = [r for r in puzzles_of(ctx).bundle.rows(band) if r[0] not in puzzles_of(ctx).bundle.retired]
    kinds: dict[str, list[Puzzle]] = {"fork": [], "pin": [], "other": []}
    for row in rows:
        themes = set(str(row[4]).split())
        kind = (
            "fork"
            if "fork" in themes and "pin" not in themes
            else (
                "pin"
                if "pin" in themes and "fork" not in themes
                else ("other" if not themes & {"fork", "pin"} else "")
            )
        )
        if kind and len(kinds[kind]) < 20:
            kinds[kind].append(Puzzle.from_row(row, band))
        if all(len(v) == 20 for v in kinds.values()):
            break
    return kinds


def wrong_move(puzzle: Puzzle) -> str:
    """A legal first move of the solver that is neither the line's nor a mate."""
    board = position_at(puzzle, 1)
    for move in board.legal_moves:
        board.push(move)
        mate = board.is_checkmate()
        board.pop()
        if move.uci() != puzzle.line[1] and not mate:
            return move.uci()
    raise AssertionError(f"{puzzle.id}: no wrong move")


def play_week(
    post: Post, set_time: Callable[[dt.datetime], None], start: dt.datetime, ctx: Any
) -> list[dict[str, Any]]:
    """Post the week from `start` (noon of its first day, in the site's zone), one day after another;
    the log of first results, oldest first ({day, id, band, themes, rating, result, after})."""
    kinds = week_puzzles(ctx)
    used = {kind: 0 for kind in kinds}
    log: list[dict[str, Any]] = []
    for n, day in enumerate(WEEK):
        for i, (kind, result) in enumerate(day):
            set_time(start + dt.timedelta(days=n, minutes=10 * i))
            puzzle = kinds[kind][used[kind]]
            used[kind] += 1
            base = {"id": puzzle.id, "band": puzzle.band}
            if result in ("clean", "help"):
                answer = post(
                    "/api/chess/solves",
                    {
                        **base,
                        "moves": puzzle.solution,
                        "mistakes": 0,
                        "hints": 1 if result == "help" else 0,
                        "seconds": 40,
                    },
                )
            else:
                moves = [wrong_move(puzzle)] if result == "missed" else []
                answer = post(
                    "/api/chess/misses",
                    {**base, "how": "wrong" if result == "missed" else "gave-up", "moves": moves},
                )
            rating = answer.get("rating")
            log.append(
                {
                    "day": (start + dt.timedelta(days=n)).date().isoformat(),
                    "id": puzzle.id,
                    "band": puzzle.band,
                    "themes": puzzle.themes,
                    "rating": puzzle.rating,
                    "result": result,
                    "after": rating["after"] if rating else None,
                }
            )
    return log
