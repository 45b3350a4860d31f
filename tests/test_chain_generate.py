"""A day's row: what generate() stores, what public() lets out, what verify()
catches and what check_solve() accepts."""

from __future__ import annotations

import copy
import datetime as dt
import itertools
import json
import math

import pytest

from puzzlebook.chain import ENGINE_VERSION, score
from puzzlebook.chain.calendar import LEVELS, level_of
from puzzlebook.chain.candidate import FAILURES
from puzzlebook.chain.generate import (
    MAX_ATTEMPTS,
    GenerationError,
    VerifyError,
    check_solve,
    generate,
    public,
    verify,
)
from puzzlebook.chain.tiles import parse_tile, step

DAYS = [dt.date(2026, 9, 1) + dt.timedelta(days=i) for i in range(14)]


@pytest.fixture(scope="module")
def rows() -> list[dict]:
    return [generate(day) for day in DAYS]


def test_levels_follow_the_weekday() -> None:
    # 2026-09-07 is a Monday.
    week = [level_of(dt.date(2026, 9, 7) + dt.timedelta(days=i)) for i in range(7)]
    assert week == ["easy", "easy", "medium", "medium", "hard", "hard", "hard"]
    assert level_of("2026-09-11") == "hard"
    with pytest.raises(ValueError, match="YYYY-MM-DD"):
        level_of("11/09/2026")


def test_a_row_holds_everything_the_design_lists_and_survives_json(rows: list[dict]) -> None:
    for day, row in zip(DAYS, rows, strict=True):
        assert json.loads(json.dumps(row)) == row
        assert set(row) == {"date", "level", "start", "target", "moves", "hand", "solution", "solving_set",
                            "score", "engine_version", "attempts", "failures", "walkthrough"}
        level = LEVELS[level_of(day)]
        assert (row["date"], row["level"], row["moves"]) == (day.isoformat(), level.name, level.moves)
        assert len(row["hand"]) == level.tiles
        assert row["engine_version"] == ENGINE_VERSION
        assert row["attempts"] == len(row["failures"]) + 1
        assert set(row["failures"]) <= set(FAILURES)
        assert sorted(row["solution"]) == row["solving_set"]
        assert score.in_band(row["level"], row["score"])


def test_the_same_day_always_gives_the_same_row(rows: list[dict]) -> None:
    assert generate(DAYS[3]) == rows[3]
    assert generate(DAYS[3].isoformat()) == rows[3]


def test_public_is_exactly_the_six_fields(rows: list[dict]) -> None:
    for row in rows:
        shown = public(row)
        assert set(shown) == {"date", "level", "start", "target", "moves", "hand"}
        text = json.dumps(shown)
        assert "solution" not in text and "score" not in text and "walkthrough" not in text
        for tile in shown["hand"]:
            assert set(tile) in ({"op", "n"}, {"op"})
            assert tile["op"] in {"add", "sub", "mul", "div", "swap"}
            parse_tile(tile)
        shown["hand"][0]["n"] = -1  # the public copy is a copy
        assert row["hand"][0].get("n") != -1


def test_every_solving_order_and_nothing_else_solves(rows: list[dict]) -> None:
    for row in rows[:7]:
        hand = row["hand"]
        solving_orders = 0
        for order in itertools.permutations(range(len(hand)), row["moves"]):
            verdict = check_solve(row, list(order))
            if verdict.ok:
                solving_orders += 1
                assert sorted(order) == row["solving_set"]
                assert verdict.values[0] == row["start"] and verdict.values[-1] == row["target"]
            else:
                assert verdict.code in {"illegal_move", "missed_target"}
        assert solving_orders == row["walkthrough"]["orders"] >= 1
        assert check_solve(row, row["solution"]).ok


def test_the_walkthrough_reads_the_solution_and_explains_each_spare(rows: list[dict]) -> None:
    for row in rows:
        walk = row["walkthrough"]
        tiles = [parse_tile(t) for t in row["hand"]]
        value = row["start"]
        for move, index in zip(walk["steps"], row["solution"], strict=True):
            assert move["tile"] == index and move["from"] == value
            value = step(value, *tiles[index])
            assert move["to"] == value and str(value) in move["text"]
        assert value == row["target"]
        assert f"From {row['start']} to {row['target']}" in walk["summary"]
        spares = [i for i in range(len(tiles)) if i not in row["solving_set"]]
        assert [note["tile"] for note in walk["spares"]] == spares
        for note in walk["spares"]:
            # The closest chain really uses the spare, really ends there, and misses by 1–10.
            assert note["tile"] in note["closest"] and len(note["closest"]) == row["moves"]
            verdict = check_solve(row, note["closest"])
            assert verdict.code == "missed_target" and verdict.values[-1] == note["end"]
            assert 1 <= abs(note["end"] - row["target"]) <= 10
            assert f"ends at {note['end']}" in note["text"]


def test_a_stored_row_verifies(rows: list[dict]) -> None:
    for row in rows:
        verify(row)


def _failure(row: dict) -> str:
    with pytest.raises(VerifyError) as caught:
        verify(row)
    assert caught.value.detail and str(caught.value) == f"{caught.value.code}: {caught.value.detail}"
    return caught.value.code


def test_verify_names_what_is_wrong_with_a_tampered_row(rows: list[dict]) -> None:
    row = rows[0]
    bad = copy.deepcopy(row)
    bad["target"] += 1
    assert _failure(bad) == "bad_solution"
    bad = copy.deepcopy(row)
    bad["score"] += 1
    assert _failure(bad) == "score_mismatch"
    bad = copy.deepcopy(row)
    bad["hand"][0] = {"op": "mul", "n": 1}
    assert _failure(bad) == "malformed"
    bad = copy.deepcopy(row)
    del bad["hand"]
    assert _failure(bad) == "malformed"
    bad = copy.deepcopy(row)
    bad["level"] = "hard"
    assert _failure(bad) == "malformed"
    bad = copy.deepcopy(row)
    bad["solving_set"] = bad["solving_set"][:-1]
    assert _failure(bad) == "bad_solution"
    assert _failure("2026-09-01") == "malformed"  # type: ignore[arg-type]


def _hand_made(fifth: dict) -> dict:
    # 79 +54 +55 −28 = 160 in three moves; +65 is a near miss (79 +54 +65 −28 = 170).
    return {
        "date": "2026-09-07", "level": "easy", "start": 79, "target": 160, "moves": 3,
        "hand": [{"op": "add", "n": 54}, {"op": "add", "n": 65}, {"op": "add", "n": 55},
                 {"op": "sub", "n": 28}, fifth],
        "solution": [0, 2, 3], "solving_set": [0, 2, 3], "score": 0, "engine_version": ENGINE_VERSION,
    }


def test_verify_names_a_shortcut_a_second_set_and_an_unbelievable_spare() -> None:
    assert _failure(_hand_made({"op": "add", "n": 81})) == "shortcut"  # 79 +81 = 160
    assert _failure(_hand_made({"op": "add", "n": 44})) == "second_set"  # +65 +44 −28 is +81 too
    # ×9 can never end within 10 of 160 in three moves.
    assert _failure(_hand_made({"op": "mul", "n": 9})) == "implausible_spare"
    # −36 can (79 +54 +55 −36 = 152): the day holds up to its score.
    assert _failure(_hand_made({"op": "sub", "n": 36})) == "score_mismatch"


def test_verify_holds_this_engines_rows_to_their_band(
    rows: list[dict], monkeypatch: pytest.MonkeyPatch
) -> None:
    row = next(r for r in rows if r["level"] == "easy")
    monkeypatch.setitem(score.BANDS, "easy", (-2, -1))
    assert _failure(row) == "score_out_of_band"
    # A row another engine made keeps its own score and band: only the puzzle is re-checked.
    older = copy.deepcopy(row) | {"engine_version": "older", "score": -5}
    verify(older)
    older["target"] += 1
    assert _failure(older) == "bad_solution"


def test_after_500_rejected_attempts_generate_raises(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(score.BANDS, "easy", (-2, -1))  # no score can be inside
    with pytest.raises(GenerationError) as caught:
        generate("2026-09-07")
    assert len(caught.value.failures) == MAX_ATTEMPTS == 500
    assert "score_out_of_band" in caught.value.failures
    assert "2026-09-07" in str(caught.value)


def test_a_bad_day_is_a_clear_error() -> None:
    with pytest.raises(ValueError, match="YYYY-MM-DD"):
        generate("2026-9-7")
    with pytest.raises(ValueError, match="expected a date"):
        generate(dt.datetime(2026, 9, 7, 12))  # type: ignore[arg-type]


def test_check_solve_is_clear_about_bad_input(rows: list[dict]) -> None:
    row = rows[0]
    assert check_solve(row, "0,1,2").code == "bad_tiles"
    assert check_solve(row, [0] * row["moves"]).code == "tile_reused"
    assert check_solve(row, [len(row["hand"])]).code == "no_such_tile"
    assert check_solve(row, row["solution"][:-1]).code == "wrong_length"
    assert math.factorial(row["moves"]) >= row["walkthrough"]["orders"]
