"""tests/vectors/chess.json through python-chess: the referee gives every recorded answer.

tests/js/chess_rules.test.mjs runs the same file through chess.js, so the
browser and the server can't disagree unnoticed.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from puzzlebook.chess.puzzle import Puzzle, position_at
from puzzlebook.chess.referee import attempt, min_seconds, needs_referee, solves

VECTORS = json.loads((Path(__file__).parent / "vectors" / "chess.json").read_text(encoding="utf-8"))
PUZZLES = {name: Puzzle.from_row(spec["row"], spec["band"]) for name, spec in VECTORS["puzzles"].items()}


def _id(v: dict) -> str:
    return f"{v['puzzle']}-{v.get('ply', '')}-{json.dumps(v.get('uci', v.get('moves')))}"


def test_the_file_describes_its_format_and_covers_what_it_must():
    assert "format" in VECTORS
    verdicts = {a["verdict"] for a in VECTORS["attempts"]}
    assert verdicts == {"right", "mate", "wrong", "illegal"}
    results = {(s["solves"], s["needs_referee"]) for s in VECTORS["solves"]}
    assert {(True, False), (True, True), (False, True), (False, False)} <= results
    sources = {spec["source"] for spec in VECTORS["puzzles"].values()}
    assert sources == {"lichess", "constructed"}


@pytest.mark.parametrize("vector", VECTORS["positions"], ids=_id)
def test_positions(vector):
    assert position_at(PUZZLES[vector["puzzle"]], vector["ply"]).fen() == vector["fen"]


@pytest.mark.parametrize("vector", VECTORS["attempts"], ids=_id)
def test_attempts(vector):
    verdict = attempt(PUZZLES[vector["puzzle"]], vector["ply"], vector["uci"])
    assert verdict == vector["verdict"], vector["why"]


@pytest.mark.parametrize("vector", VECTORS["solves"], ids=_id)
def test_solves(vector):
    puzzle = PUZZLES[vector["puzzle"]]
    assert solves(puzzle, vector["moves"]) is vector["solves"], vector["why"]
    if vector["needs_referee"] is not None:
        assert needs_referee(puzzle, vector["moves"]) is vector["needs_referee"], vector["why"]


@pytest.mark.parametrize("vector", VECTORS["min_seconds"], ids=lambda v: str(len(v["moves"])))
def test_min_seconds(vector):
    assert min_seconds(vector["moves"]) == vector["seconds"]
