"""Checking a bundle on disk: everything the site and the server rely on.

check_bundle() answers a list of problems, each a sentence naming the file or
puzzle at fault; an empty list means the bundle is fit to commit.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from puzzlebook.chess.bundle.replay import replay
from puzzlebook.chess.duplicates import groups
from puzzlebook.chess.shards import shard_of, shard_path
from puzzlebook.chess.source_game import REF_RE

MAX_BYTES = 6_000_000  # the whole bundle, index included: what a browser may end up caching


def bundle_bytes(root: Path) -> int:
    """The size of every file under the bundle's root."""
    return sum(p.stat().st_size for p in root.rglob("*") if p.is_file())


def _load(path: Path, problems: list[str]) -> Any:
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        problems.append(f"{path}: missing")
    except (ValueError, UnicodeDecodeError) as e:
        problems.append(f"{path}: not valid JSON ({e})")
    return None


def _row_problem(row: Any, low: int, high: int) -> tuple[str | None, str]:
    """(what is wrong with the row or None, its position: the FEN without its clocks)."""
    if not (isinstance(row, list) and len(row) in (5, 6)):
        return "is not a row [id, fen, moves, rating, themes] (and its game)", ""
    pid, fen, moves, rating, themes = row[:5]
    if not all(isinstance(x, str) for x in (pid, fen, moves, themes)) or type(rating) is not int:
        return "has a field of the wrong type", ""
    if len(row) == 6 and not (isinstance(row[5], str) and REF_RE.fullmatch(row[5])):
        return f"names its game as {row[5]!r}, not <game id>#<ply>", ""
    if not low <= rating < high:
        return f"is rated {rating}, outside the band's {low}-{high - 1}", ""
    problem, position = replay(pid, fen, moves)
    return (f"does not replay ({problem})" if problem else None), position


def check_bundle(
    root: str | Path, head: Mapping[str, Any] | None = None, max_bytes: int = MAX_BYTES
) -> list[str]:
    """Every problem with the bundle at `root`.

    Checks that index.json and every shard it lists parse; each row is well
    formed, rated inside its band, in the shard its id hashes to, unique, and
    replays (valid FEN, every move legal, even length); the counts match;
    every group of duplicates (same position, same moves) has all but one
    member retired and every retired entry names puzzles in the bundle; the
    version is not lower than `head`'s (the committed index, if any); and
    the whole bundle is at most `max_bytes`.
    """
    root = Path(root)
    problems: list[str] = []
    index = _load(root / "index.json", problems)
    if not isinstance(index, dict):
        return problems or [f"{root / 'index.json'}: not a JSON object"]
    version = index.get("version")
    if type(version) is not int or version < 1:
        problems.append(f"index.json: version {version!r} is not a whole number of at least 1")
    elif head is not None and isinstance(head.get("version"), int) and version < head["version"]:
        problems.append(f"index.json: version {version} is lower than the committed {head['version']}; "
                        "a bundle's version never goes down")
    bands = index.get("bands")
    duplicates = index.get("duplicates")
    if not isinstance(bands, dict) or not isinstance(duplicates, dict):
        problems.append("index.json: needs `bands` and `duplicates` objects")
        return problems

    where: dict[str, str] = {}  # id -> file, for repeats
    lines = []  # (id, rating, position, moves) for duplicates
    for band, info in sorted(bands.items()):
        try:
            shards, low, high, count = (int(info[k]) for k in ("shards", "low", "high", "count"))
        except (KeyError, TypeError, ValueError):
            problems.append(f"index.json: band {band} needs whole numbers low, high, shards and count")
            continue
        seen = 0
        for k in range(max(shards, 0)):
            path = shard_path(root, band, k)
            name = f"{band}/{k}.json"
            rows = _load(path, problems)
            if rows is None:
                continue
            if not isinstance(rows, list):
                problems.append(f"{name}: not a list of rows")
                continue
            for row in rows:
                seen += 1
                problem, position = _row_problem(row, low, high)
                if problem:
                    named = isinstance(row, list) and row and isinstance(row[0], str)
                    label = row[0] if named else repr(row)[:40]
                    problems.append(f"{name}: puzzle {label} {problem}")
                    continue
                pid = row[0]
                home = shard_of(pid, shards)
                if home != k:
                    problems.append(f"{name}: puzzle {pid} is here, but its id hashes to shard {home}")
                if pid in where:
                    problems.append(f"{name}: puzzle {pid} is also in {where[pid]}")
                where[pid] = name
                lines.append((pid, row[3], position, " ".join(row[2].split())))
        extra = sorted(p.name for p in (root / band).glob("*.json")
                       if not (p.stem.isdigit() and int(p.stem) < shards))
        if extra:
            listed = f"not listed in index.json ({shards} shards)"
            problems.append(f"{band}/: shard file(s) {', '.join(extra)} {listed}")
        if seen != count:
            problems.append(f"index.json: band {band} says {count} puzzles, its shards hold {seen}")

    for retired, kept in sorted(duplicates.items()):
        for pid in (retired, kept):
            if pid not in where:
                problems.append(f"index.json: duplicates names {pid}, which is not in the bundle")
        if kept in duplicates and kept != retired:  # {id: id}: retired for its own fault
            problems.append(f"index.json: {retired} is retired in favour of {kept}, which is retired too")
    for group in groups(lines):
        live = [pid for _, pid in group if pid not in duplicates]
        if len(live) > 1:
            problems.append(
                f"duplicates: {', '.join(live)} have the same position and moves; "
                f"all but one must be retired in index.json's duplicates"
            )
    size = bundle_bytes(root)
    if size > max_bytes:
        problems.append(f"the bundle is {size:,} bytes, over the limit of {max_bytes:,}")
    return problems
