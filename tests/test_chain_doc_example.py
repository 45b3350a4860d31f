"""docs/chain.md's worked example of 7 September 2026 is the generator's day:
the numbers written in the doc are read back and compared with
puzzlebook.chain.generate, so the doc cannot name a day we never stored."""

from __future__ import annotations

import datetime as dt
import re
from pathlib import Path

from puzzlebook.chain.candidate import attempt
from puzzlebook.chain.generate import generate
from puzzlebook.chain.rng import fnv1a
from puzzlebook.chain.tiles import label, parse_tile

DOC = Path(__file__).resolve().parents[1] / "docs" / "chain.md"
DAY = "2026-09-07"


def doc_text() -> str:
    # The doc wraps lines; one space between words makes the sentences searchable.
    return re.sub(r"\s+", " ", DOC.read_text(encoding="utf-8"))


def labels_in(words: str) -> list[str]:
    """The tile labels in "×7, ÷2 and ×9" -> ["×7", "÷2", "×9"]."""
    return re.findall(r"swap|[+−×÷]\d+", words)


def test_the_doc_names_our_7_september_as_the_generator_makes_it() -> None:
    found = re.search(r"is not ours \((?:ours is )?(\d+) → (\d+)(?: with ([^;)]*))?", doc_text())
    assert found, "docs/chain.md no longer says what our 7 September is"
    row = generate(DAY)
    start, target, tiles = int(found[1]), int(found[2]), found[3]
    assert (start, target) == (row["start"], row["target"]), (
        f"docs/chain.md says our {DAY} is {start} → {target}; the generator makes "
        f"{row['start']} → {row['target']}"
    )
    assert tiles, "docs/chain.md should name the tiles of our 7 September"
    stored = [label(parse_tile(row["hand"][i])) for i in row["solution"]]
    assert labels_in(tiles) == stored


def test_the_rejected_attempt_the_doc_names_is_the_generators() -> None:
    found = re.search(r"the first attempt, (\d+) → (\d+), was refused as `(\w+)`", doc_text())
    assert found, "docs/chain.md should say what our first attempt at 7 September was"
    code, candidate = attempt(dt.date.fromisoformat(DAY), 0)
    assert candidate is not None
    assert (int(found[1]), int(found[2]), found[3]) == (candidate.start, candidate.target, code)
    row = generate(DAY)
    attempts = re.search(r"kept on attempt (\d+)", doc_text())
    assert attempts and int(attempts[1]) == row["attempts"]
    second = re.search(r"the second as `(\w+)`", doc_text())
    assert second and [found[3], second[1]] == row["failures"]


def test_the_doc_gives_the_days_fnv1a_hash() -> None:
    found = re.search(r"FNV-1a of `2026-09-07:chain` is (\d+)", doc_text())
    assert found and int(found[1]) == fnv1a("2026-09-07:chain")

