"""Storm's clock, combo and score (puzzlebook/storm/clock.py) give what tests/vectors/storm.json
records; node runs the same vectors against the browser's copy (tests/js/storm_clock.test.mjs)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from puzzlebook.storm import clock

VECTORS = json.loads((Path(__file__).parent / "vectors" / "storm.json").read_text(encoding="utf-8"))


def test_the_constants_are_the_vectors() -> None:
    assert (VECTORS["start"], VECTORS["wrong_penalty"]) == (clock.START, clock.WRONG_PENALTY)


@pytest.mark.parametrize(("combo", "bonus"), VECTORS["bonuses"])
def test_combo_bonus(combo: int, bonus: int) -> None:
    assert clock.combo_bonus(combo) == bonus


@pytest.mark.parametrize("case", VECTORS["runs"], ids=lambda c: c["name"])
def test_run(case: dict[str, Any]) -> None:
    puzzles = [(p["rating"], p["verdicts"]) for p in case["puzzles"]]
    if "refused" in case:
        with pytest.raises(clock.BadRun):
            clock.tally_run(puzzles)
        return
    tally = clock.tally_run(puzzles)
    expect = dict(case["expect"])
    assert clock.out_of_time(tally, case["seconds"]) is expect.pop("out_of_time")
    assert tally.to_doc() == expect


def test_step_refuses_a_verdict_it_does_not_know() -> None:
    with pytest.raises(clock.BadRun, match="right, solved or wrong"):
        clock.step(clock.Tally(), "mate")
