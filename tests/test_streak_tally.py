"""Streak's tally (puzzlebook/streak/tally.py) gives what tests/vectors/streak.json records; node
runs the same vectors against the browser's copy (tests/js/streak_tally.test.mjs)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from puzzlebook.streak import tally

VECTORS = json.loads((Path(__file__).parent / "vectors" / "streak.json").read_text(encoding="utf-8"))


@pytest.mark.parametrize("case", VECTORS["runs"], ids=lambda c: c["name"])
def test_run(case: dict[str, Any]) -> None:
    puzzles = [(p["rating"], p["verdicts"]) for p in case["puzzles"]]
    if "refused" in case:
        with pytest.raises(tally.BadRun):
            tally.tally_run(puzzles)
        return
    got = tally.tally_run(puzzles)
    assert got.to_doc() == case["expect"]
    assert tally.Tally.from_doc(got.to_doc()) == got
    assert got.over is (case["expect"]["missed"] is not None)


def test_the_vectors_cover_every_verdict_and_refusal() -> None:
    seen = {v for case in VECTORS["runs"] for p in case["puzzles"] for v in p["verdicts"]}
    assert set(tally.VERDICTS) <= seen
    refusals = {case["refused"] for case in VECTORS["runs"] if "refused" in case}
    assert refusals == {"second-skip", "after-wrong", "after-end", "unfinished", "unknown"}
