"""A puzzle's source game: the bundle keeps `<game id>#<ply>` from the dump's GameUrl
(tests/vectors/source_game.json, whose other half tests/js/chess_source_game.test.mjs runs)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from puzzlebook.chess.puzzle import Puzzle
from puzzlebook.chess.source_game import REF_RE, game_ref

VECTORS = json.loads((Path(__file__).parent / "vectors" / "source_game.json").read_text(encoding="utf-8"))


@pytest.mark.parametrize("case", VECTORS["cases"], ids=lambda c: c["url"] or "empty")
def test_game_ref_reads_the_url_the_vectors_say(case: dict[str, str]) -> None:
    assert game_ref(case["url"]) == case["ref"]
    assert (REF_RE.fullmatch(case["ref"]) is not None) == bool(case["ref"])


def test_a_row_may_carry_its_game_as_a_sixth_field() -> None:
    fen = "5rk1/1p3ppp/pq3b2/8/8/1P1Q1N2/P4PPP/3R2K1 w - - 2 27"
    row = ["0000D", fen, "d3d6 f8d8 d6d8 f6d8", 1492, "short"]
    assert Puzzle.from_row(row, "Medium").game == ""
    assert Puzzle.from_row([*row, "F8M8OS71#53"], "Medium").game == "F8M8OS71#53"
    with pytest.raises(ValueError):
        Puzzle.from_row([*row, "F8M8OS71#53", "more"], "Medium")
