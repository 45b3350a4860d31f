"""The still picture of a position on the home page (service/games/chess/diagram.py) and the
daily card it sits in (service/games/chess/home.py)."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from pathlib import Path

import chess
import pytest

from puzzlebook.chess.puzzle import Puzzle
from puzzlebook.chess.shards import Bundle
from service.games.chess import diagram, home

ROOT = Path(__file__).resolve().parent.parent
SVG = "{http://www.w3.org/2000/svg}"


def _pieces_on(svg: str) -> dict[tuple[int, int], str]:
    """(x, y) of each piece drawn -> its piece id (wk, bp, ...)."""
    root = ET.fromstring(svg)
    return {
        (int(use.get("x")), int(use.get("y"))): use.get("href").removeprefix("#" + diagram.ID_PREFIX)
        for use in root.iter(SVG + "use")
    }


def test_the_pieces_are_the_ones_the_game_draws() -> None:
    """pieces.svg holds cm-chessboard's sprite's pieces, as the site publishes them."""
    sprite = (ROOT / "node_modules/cm-chessboard/assets/pieces/standard.svg").read_text(encoding="utf-8")
    ours = diagram.PIECES_FILE.read_text(encoding="utf-8")
    assert diagram.pieces_from_sprite(ours) == diagram.pieces_from_sprite(sprite)
    assert "CC BY-SA 3.0" in ours and "Cburnett" in ours


@pytest.mark.parametrize("orientation", ["w", "b"])
def test_every_piece_stands_on_its_square_seen_from_the_solvers_side(orientation: str) -> None:
    board = chess.Board("r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 3 3")
    svg = diagram.diagram(board.fen(), orientation)
    drawn = _pieces_on(svg)
    expected = {}
    for square, piece in board.piece_map().items():
        file, rank = chess.square_file(square), chess.square_rank(square)
        col, row = (file, 7 - rank) if orientation == "w" else (7 - file, rank)
        name = ("w" if piece.color else "b") + piece.symbol().lower()
        expected[(col * diagram.SQUARE, row * diagram.SQUARE)] = name
    assert drawn == expected
    root = ET.fromstring(svg)
    defined = {g.get("id") for g in root.find(SVG + "defs")}
    assert defined == {diagram.ID_PREFIX + p for p in set(expected.values())}, "only the pieces it uses"
    dark = [r for r in root.iter(SVG + "rect") if r.get("x") is not None]
    assert len(dark) == 32
    a1 = (0, 7 * diagram.SQUARE) if orientation == "w" else (7 * diagram.SQUARE, 0)
    assert a1 in {(int(r.get("x")), int(r.get("y"))) for r in dark}, "a1 is a dark square"


def test_the_picture_has_nothing_the_csp_refuses() -> None:
    svg = diagram.diagram(chess.STARTING_FEN)
    assert not re.search(r"\sstyle=|<style|<script|\son[a-z]+=", svg)
    assert 'aria-hidden="true"' in svg
    assert 'role="img" aria-label="The position"' in diagram.diagram(chess.STARTING_FEN, label="The position")


def test_a_placement_that_isnt_one_is_refused() -> None:
    for fen in ("8/8/8/8/8/8/8 w - - 0 1", "9/8/8/8/8/8/8/8 w - - 0 1", "8/8/8/8/8/8/8/7x w - - 0 1"):
        with pytest.raises(ValueError, match="not a FEN placement"):
            diagram.diagram(fen)
    with pytest.raises(ValueError, match="orientation"):
        diagram.diagram(chess.STARTING_FEN, "white")


def test_the_card_draws_the_first_daily_from_the_solvers_side_and_lists_every_band() -> None:
    bundle = Bundle(ROOT / "shards")
    rows = {band: next(iter(bundle.rows(band))) for band in ("Easy", "Hard")}
    dailies = [{"band": band, "id": row[0], "rating": row[3]} for band, row in rows.items()]
    card = home.daily_card("2026-11-30", dailies, bundle)
    puzzle = Puzzle.from_row(rows["Easy"], "Easy")
    picture = diagram.diagram(puzzle.fen, "w" if puzzle.solver_color else "b")
    assert picture in card
    for daily in dailies:
        assert (f'href="#/daily/{daily["band"]}" data-band="{daily["band"]}" data-id="{daily["id"]}" '
                f'data-date="2026-11-30"') in card
        assert f"Rated {daily['rating']}" in card
    assert "No daily today." in home.daily_card("2026-11-30", [], bundle)
    lost = home.daily_card("2026-11-30", [{"band": "Easy", "id": "nosuchid", "rating": 1200}], bundle)
    assert "<svg" not in lost and 'data-id="nosuchid"' in lost


def test_the_pieces_numbers_are_the_sprites_to_a_tenth_written_short() -> None:
    """Every number of a piece is the sprite's own within half a tenth of a 40-unit square, and
    none carries a digit more than that (the daily's page carries the picture's every byte)."""
    sprite = (ROOT / "node_modules/cm-chessboard/assets/pieces/standard.svg").read_text(encoding="utf-8")
    number = re.compile(r"-?\d+(?:\.\d+)?")
    for piece, group in diagram.pieces_from_sprite(sprite).items():
        start = sprite.index(f'<g id="{piece}"')
        original = sprite[start:diagram._group_end(sprite, start)]
        drawn = [float(n) for n in number.findall(group)]
        assert not re.search(r"\.\d\d|\.0\b", group), piece
        wanted = [float(n) for n in number.findall(re.sub(r'\s+id="[^"]*"', "", original))][:len(drawn)]
        assert all(abs(a - b) <= 0.05 + 1e-9 for a, b in zip(drawn, wanted, strict=True)), piece
