"""A chess position as a still SVG picture: the home page's board of today's daily, drawn at build
time (and by the nightly) so it shows with the page's first response and no JavaScript.

The pieces are the ones the game's board draws: the Wikimedia (Cburnett) set in cm-chessboard's
sprite, copied into pieces.svg beside this module (CC BY-SA 3.0; the credits are on /about/). A
test keeps that copy equal to the sprite the site publishes. The picture has no style attribute
and no <style> element (the site's CSP refuses both): the squares' colours are presentation
attributes that the site's CSS overrides through the classes `diagram-light` and `diagram-dark`.

    svg = diagram(fen, orientation="w")      # the side at the bottom: "w" or "b"
"""

from __future__ import annotations

import re
from functools import cache
from html import escape
from pathlib import Path

PIECES_FILE = Path(__file__).with_name("pieces.svg")
SQUARE = 40  # the sprite's tile: one square of the picture
LIGHT, DARK = "#efe6d2", "#bda582"  # chess.css's --square-light and --square-dark (light scheme)
PIECE_IDS = ("wk", "wq", "wr", "wb", "wn", "wp", "bk", "bq", "br", "bb", "bn", "bp")
ID_PREFIX = "pb-diagram-"


def pieces_from_sprite(sprite: str) -> dict[str, str]:
    """{"wk": "<g ...>...</g>", ...}: the twelve pieces' groups of cm-chessboard's sprite, without
    their ids (and the ids of their parts), each on one line, with numbers to one decimal and no
    trailing zero (a tenth of a 40-unit tile is a tenth of a pixel on a phone's board; the sprite
    has eight decimals, and every byte of the picture is in the daily's page)."""
    found = {}
    for piece in PIECE_IDS:
        start = sprite.find(f'<g id="{piece}"')
        if start < 0:
            raise ValueError(f"the pieces' sprite has no piece {piece!r}")
        group = "<g" + sprite[start + len(f'<g id="{piece}"'):_group_end(sprite, start)]
        group = re.sub(r'\s+id="[^"]*"', "", group)
        group = re.sub(r"-?\d+\.\d+", _tenths, group)
        found[piece] = re.sub(r"\s+", " ", group).replace(" />", "/>").replace("> <", "><")
    return found


def _tenths(number: re.Match[str]) -> str:
    """A number of the sprite to a tenth, written short: "5.00" is "5", "17.57" is "17.6"."""
    short = f"{round(float(number.group(0)), 1):.1f}".removesuffix(".0")
    return "0" if short == "-0" else short


def _group_end(text: str, start: int) -> int:
    """The index just past the </g> that closes the <g> opened at `start` (groups nest)."""
    depth = 0
    for tag in re.finditer(r"<(/?)g[\s>/]", text[start:]):
        depth += -1 if tag.group(1) else 1
        if depth == 0:
            end = start + tag.end() - 1
            return text.index(">", end) + 1
    raise ValueError("the pieces' sprite has a group that is never closed")


@cache
def _pieces() -> dict[str, str]:
    return pieces_from_sprite(PIECES_FILE.read_text(encoding="utf-8"))


def _squares(fen: str) -> list[tuple[int, int, str]]:
    """(file 0-7, rank 0-7 from White's first rank, piece id) of every piece in the FEN's placement."""
    placement = fen.split()[0]
    out = []
    rows = placement.split("/")
    if len(rows) != 8:
        raise ValueError(f"not a FEN placement: {placement!r}")
    for row_index, row in enumerate(rows):
        rank = 7 - row_index
        file = 0
        for char in row:
            if char.isdigit():
                file += int(char)
            elif char.lower() in "kqrbnp":
                out.append((file, rank, ("w" if char.isupper() else "b") + char.lower()))
                file += 1
            else:
                raise ValueError(f"not a FEN placement: {placement!r}")
        if file != 8:
            raise ValueError(f"not a FEN placement: {placement!r}")
    return out


def diagram(fen: str, orientation: str = "w", label: str = "") -> str:
    """The position of `fen` as an SVG element, `orientation` ("w" or "b") at the bottom.

    `label` names the picture for assistive technology; without one it is hidden from it (the
    page says what it shows in words). Raises ValueError for a FEN whose placement isn't one.
    """
    if orientation not in ("w", "b"):
        raise ValueError(f"orientation is 'w' or 'b', not {orientation!r}")
    placed = _squares(fen)

    def corner(file: int, rank: int) -> tuple[int, int]:
        col, row = (file, 7 - rank) if orientation == "w" else (7 - file, rank)
        return col * SQUARE, row * SQUARE

    used = sorted({piece for _, _, piece in placed}, key=PIECE_IDS.index)
    pieces = _pieces()
    defs = "".join(pieces[p].replace("<g", f'<g id="{ID_PREFIX}{p}"', 1) for p in used)
    dark = "".join(
        f'<rect x="{x}" y="{y}" width="{SQUARE}" height="{SQUARE}"/>'
        for file in range(8) for rank in range(8) if (file + rank) % 2 == 0
        for x, y in [corner(file, rank)]
    )
    men = "".join(
        f'<use href="#{ID_PREFIX}{piece}" x="{x}" y="{y}"/>'
        for file, rank, piece in placed for x, y in [corner(file, rank)]
    )
    size = 8 * SQUARE
    named = f'role="img" aria-label="{escape(label)}"' if label else 'aria-hidden="true"'
    return (
        f'<svg class="diagram" xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {size} {size}" {named}>'
        f"<defs>{defs}</defs>"
        f'<rect class="diagram-light" width="{size}" height="{size}" fill="{LIGHT}"/>'
        f'<g class="diagram-dark" fill="{DARK}">{dark}</g>'
        f"<g>{men}</g></svg>"
    )
