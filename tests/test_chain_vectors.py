"""Chain's tile rule against tests/vectors/chain.json, the file the browser's
copy (site/static/js/chain/tiles.js) is also run against."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from puzzlebook.chain.generate import check_solve
from puzzlebook.chain.play import check_solve as play_check_solve
from puzzlebook.chain.tiles import apply, label, parse_tile

VECTORS = json.loads((Path(__file__).parent / "vectors" / "chain.json").read_text(encoding="utf-8"))


def _name(case: dict) -> str:
    return f"{case['value']}-{json.dumps(case['tile'])}"


@pytest.mark.parametrize("case", VECTORS["apply"], ids=_name)
def test_a_tile_on_a_value_gives_the_vectors_verdict_and_words(case: dict) -> None:
    got = apply(case["value"], case["tile"])
    assert got.ok is case["ok"]
    if case["ok"]:
        assert got.value == case["result"]
        assert (got.code, got.reason) == (None, None)
    else:
        assert (got.value, got.code, got.reason) == (None, case["code"], case["reason"])


@pytest.mark.parametrize("case", VECTORS["bad_values"], ids=lambda c: repr(c["value"]))
def test_a_value_outside_the_range_is_refused_with_the_vectors_message(case: dict) -> None:
    with pytest.raises(ValueError) as caught:
        apply(case["value"], {"op": "add", "n": 1})
    assert str(caught.value) == case["throws"]


@pytest.mark.parametrize("case", VECTORS["labels"], ids=lambda c: c["label"])
def test_tiles_are_labelled_as_the_player_sees_them(case: dict) -> None:
    assert label(parse_tile(case["tile"])) == case["label"]


@pytest.mark.parametrize("case", VECTORS["solves"], ids=lambda c: f"{c['puzzle']}-{json.dumps(c['tiles'])}")
def test_a_whole_solve_gets_the_vectors_verdict_reason_and_values(case: dict) -> None:
    puzzle = VECTORS["puzzles"][case["puzzle"]]
    for check in (check_solve, play_check_solve):
        got = check(puzzle, case["tiles"])
        assert (got.ok, got.code, got.reason, got.values) == (
            case["ok"], case.get("code"), case.get("reason"), case["values"]
        )


def test_the_vectors_cover_every_verdict() -> None:
    apply_codes = {c.get("code") for c in VECTORS["apply"]}
    assert apply_codes == {None, "inexact_divide", "swap_unchanged", "swap_drops_digit", "too_small",
                           "too_large", "bad_tile"}
    solve_codes = {c.get("code") for c in VECTORS["solves"]}
    assert solve_codes == {None, "bad_tiles", "no_such_tile", "tile_reused", "wrong_length",
                           "illegal_move", "missed_target"}
