"""Handmade Lichess CSVs for the bundle tests, and the checks that they are sound.

Every puzzle here is a real position reached by legal moves from the start, with
a line of legal moves, so python-chess accepts it exactly as it would a Lichess
row; ratings, themes and the quality columns are whatever a test needs.
"""

from __future__ import annotations

import csv
import io
import random
from collections.abc import Iterable
from pathlib import Path

import chess
import zstandard

HEADER = ["PuzzleId", "FEN", "Moves", "Rating", "RatingDeviation", "Popularity", "NbPlays", "Themes",
          "GameUrl", "OpeningTags"]
ALPHABET = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"


def pid(n: int) -> str:
    """A five-character Lichess-like id for n."""
    chars = []
    for _ in range(5):
        n, digit = divmod(n, 62)
        chars.append(ALPHABET[digit])
    return "".join(reversed(chars))


def line_for(seed: int, length: int) -> tuple[str, str]:
    """(fen, moves): a position a few random legal moves from the start and a
    legal line of 2 * `length` plies from it, the same for the same seed."""
    rng = random.Random(seed)
    while True:
        board = chess.Board()
        for _ in range(6 + rng.randrange(12)):
            moves = list(board.legal_moves)
            if not moves:
                break
            board.push(rng.choice(moves))
        start = board.fen()
        line = []
        for _ in range(2 * length):
            moves = list(board.legal_moves)
            if not moves:
                break
            move = rng.choice(moves)
            line.append(move.uci())
            board.push(move)
        if len(line) == 2 * length and not board.is_game_over():
            return start, " ".join(line)


def row(n: int, rating: int, length: int = 2, themes: str = "middlegame short", *,
        plays: int | None = 5000, popularity: int | None = 90, deviation: int | None = 75,
        fen: str | None = None, moves: str | None = None, puzzle_id: str | None = None) -> dict[str, str]:
    """One CSV row; puzzle n gets its own position and line unless given."""
    if fen is None or moves is None:
        fen, moves = line_for(n, length)
    shown = {None: ""}
    return {
        "PuzzleId": puzzle_id or pid(n + 1000), "FEN": fen, "Moves": moves, "Rating": str(rating),
        "RatingDeviation": shown.get(deviation, str(deviation)),
        "Popularity": shown.get(popularity, str(popularity)),
        "NbPlays": shown.get(plays, str(plays)), "Themes": themes,
        "GameUrl": f"https://lichess.org/abcdefgh#{n}", "OpeningTags": "",
    }


def csv_text(rows: Iterable[dict[str, str]], header: list[str] = HEADER) -> str:
    out = io.StringIO()
    writer = csv.DictWriter(out, header, extrasaction="ignore", lineterminator="\n")
    writer.writeheader()
    writer.writerows(rows)
    return out.getvalue()


def write_csv(path: Path, rows: Iterable[dict[str, str]], header: list[str] = HEADER) -> Path:
    """Write rows as a Lichess CSV; zstd-compressed when the name ends in .zst."""
    data = csv_text(rows, header).encode()
    if path.suffix == ".zst":
        data = zstandard.ZstdCompressor().compress(data)
    path.write_bytes(data)
    return path


def band_rows(low: int, per_hundred: int, start: int = 0, **kw: object) -> list[dict[str, str]]:
    """`per_hundred` rows in each hundred of a band starting at `low`, lengths 1/2/3 in turn."""
    rows = []
    n = start
    for hundred in range(4):
        for k in range(per_hundred):
            length = 1 + k % 3
            rows.append(row(n, low + 100 * hundred + k % 100, length, **kw))  # type: ignore[arg-type]
            n += 1
    return rows


def test_made_up_puzzles_replay_and_differ() -> None:
    from puzzlebook.chess.bundle.replay import replay

    seen = set()
    for n in range(40):
        r = row(n, 1500, 1 + n % 3)
        problem, position = replay(r["PuzzleId"], r["FEN"], r["Moves"])
        assert problem is None
        assert len(r["Moves"].split()) == 2 * (1 + n % 3)
        seen.add((position, r["Moves"]))
    assert len(seen) == 40


def test_ids_are_lichess_shaped_and_distinct() -> None:
    ids = {pid(n) for n in range(5000)}
    assert len(ids) == 5000
    assert all(len(i) == 5 and i.isalnum() for i in ids)
