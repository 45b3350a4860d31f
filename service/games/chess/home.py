"""The home page's daily card as HTML: the board of the day's first daily and each band's
puzzle, published as daily/chess/<date>.html beside the day's JSON file.

The site build puts the build day's card into the home page itself, so the board, the bands and
their ratings show with the first response and no JavaScript. The page is static and outlives
its day: on any other day the home page's module swaps in that day's file (docs/site.md, "The
first board"). The nightly writes the files of yesterday and today as it writes the JSON (never
tomorrow's); the page asks only for its own day's, and falls back to the API's copy of the JSON
when the file isn't out yet.
"""

from __future__ import annotations

from html import escape
from typing import Any

from puzzlebook.chess.puzzle import Puzzle
from service.games.chess.diagram import diagram


def path(day: str) -> str:
    return f"daily/chess/{day}.html"


def daily_card(day: str, dailies: list[dict[str, Any]], bundle: Any) -> str:
    """The card's inside for `day`: the picture of the first daily's position (the solver's side at
    the bottom, as the game shows it) and a link per daily, band and rating, `dailies` being the
    day's file's [{band, id, rating}], easiest band first."""
    picture = ""
    if dailies:
        first = dailies[0]
        try:
            puzzle = Puzzle.from_row(bundle.row(first["band"], first["id"]), first["band"])
        except (KeyError, ValueError, OSError):
            puzzle = None  # a puzzle the bundle lost: the links still say what the day holds
        if puzzle is not None:
            picture = diagram(puzzle.fen, "w" if puzzle.solver_color else "b")
    items = "".join(
        f'<a class="daily-item" href="#/daily/{escape(d["band"])}" data-band="{escape(d["band"])}"'
        f' data-id="{escape(d["id"])}" data-date="{day}">'
        f'<span class="visually-hidden">Today’s puzzle: </span>'
        f'<span class="daily-band">{escape(d["band"])}</span>'
        f'<span class="daily-state">Play</span>'
        f'<span class="daily-rating">Rated {int(d["rating"])}</span></a>'
        for d in dailies
    ) or '<p class="muted">No daily today.</p>'
    return (
        f'<div class="daily-preview" id="daily-preview">{picture}</div>'
        f'<div class="daily-side"><div id="daily-list" class="daily-list">{items}</div></div>'
    )
