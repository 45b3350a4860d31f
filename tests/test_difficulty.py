"""Your difficulty and the browser's rating estimate, against tests/vectors/difficulty.json
(tests/js/chess_difficulty.test.mjs runs the same file through the browser's copies)."""

from __future__ import annotations

import itertools
import json
from pathlib import Path

import pytest

from puzzlebook.chess import difficulty
from puzzlebook.ratings import Rating, outcome_of, rate_puzzle

VECTORS = json.loads((Path(__file__).parent / "vectors" / "difficulty.json").read_text(encoding="utf-8"))


def test_the_file_covers_every_step_and_both_ends_of_the_bundle() -> None:
    assert {v["difficulty"] for v in VECTORS["targets"]} == set(difficulty.DIFFICULTIES)
    targets = {v["target"] for v in VECTORS["targets"]}
    assert difficulty.LOWEST in targets and difficulty.HIGHEST in targets
    assert any(v["window"] is None for v in VECTORS["eligible"])
    assert {v["outcome"] for v in VECTORS["ratings"]} == {"clean", "hints", "lost"}


def test_the_five_steps_are_lichess_s() -> None:
    steps = {"easiest": -600, "easier": -300, "normal": 0, "harder": 300, "hardest": 600}
    assert steps == difficulty.DIFFICULTIES
    assert difficulty.START_RATING == 1500


@pytest.mark.parametrize("v", VECTORS["targets"], ids=lambda v: f"{v['rating']}-{v['difficulty']}")
def test_targets(v: dict) -> None:
    assert difficulty.target(v["rating"], v["difficulty"]) == v["target"]


def test_an_unknown_step_is_refused_in_words() -> None:
    with pytest.raises(ValueError, match="must be one of easiest, easier, normal, harder, hardest"):
        difficulty.target(1500, "medium")


@pytest.mark.parametrize("v", VECTORS["windows"], ids=lambda v: str(v["centre"]))
def test_windows_widen_outward_to_the_whole_bundle(v: dict) -> None:
    found = difficulty.windows(v["centre"])
    assert [list(w) for w in found] == v["windows"]
    assert found[-1] == (difficulty.LOWEST, difficulty.HIGHEST)
    assert all(a[0] >= b[0] and a[1] <= b[1] for a, b in itertools.pairwise(found))


@pytest.mark.parametrize("v", VECTORS["bands_for"], ids=lambda v: f"{v['low']}-{v['high']}")
def test_bands_for(v: dict) -> None:
    assert difficulty.bands_for(v["low"], v["high"]) == v["bands"]


@pytest.mark.parametrize("v", VECTORS["eligible"], ids=lambda v: f"{v['centre']}-{'.'.join(v['skip'])}")
def test_eligible(v: dict) -> None:
    window, ids = difficulty.eligible([tuple(c) for c in v["candidates"]], v["centre"], set(v["skip"]))
    assert (list(window) if window else None) == v["window"]
    assert ids == v["ids"]


def _rated(v: dict) -> str:
    return f"{v['before']['rating']}-{v['puzzle']}-{v['outcome']}"


@pytest.mark.parametrize("v", VECTORS["ratings"], ids=_rated)
def test_the_rating_step_the_browser_copies(v: dict) -> None:
    before = Rating(v["before"]["rating"], v["before"]["rd"], v["before"]["volatility"])
    after = rate_puzzle(before, v["puzzle"], v["outcome"])
    assert after.rating == pytest.approx(v["after"]["rating"], abs=1e-6)
    assert after.rd == pytest.approx(v["after"]["rd"], abs=1e-6)
    assert after.volatility == pytest.approx(v["after"]["volatility"], abs=1e-9)


@pytest.mark.parametrize("v", VECTORS["outcomes"], ids=str)
def test_outcomes(v: dict) -> None:
    assert outcome_of(v["missed"], v["mistakes"], v["hints"]) == v["outcome"]
