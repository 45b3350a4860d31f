"""The game a Lichess puzzle comes from, kept in the bundle as a short reference.

The Lichess dump's GameUrl is ``https://lichess.org/<game id>[/black]#<ply>``: the game's
eight-letter id, ``/black`` when the solver plays Black (it only turns the board), and the ply
the puzzle starts at. The bundle keeps ``<game id>#<ply>`` (about a third of the URL's bytes):
the host is always Lichess's and the side follows from the FEN (the solver is the side not to
move). The browser makes the link again (site/static/js/chess/rules.js, ``gameUrl``);
tests/vectors/source_game.json binds the two directions.
"""

from __future__ import annotations

import re

# A game id is eight letters and digits; the ply a whole number, never with a leading zero.
REF_RE = re.compile(r"[0-9A-Za-z]{8}#(?:0|[1-9][0-9]{0,3})")
_URL_RE = re.compile(r"https?://lichess\.org/([0-9A-Za-z]{8})(?:/(?:black|white))?#(0|[1-9][0-9]{0,3})")


def game_ref(url: str) -> str:
    """The bundle's reference (``id#ply``) for a GameUrl cell, or "" when it holds none we can read.

    >>> game_ref("https://lichess.org/787zsVup/black#48")
    '787zsVup#48'
    >>> game_ref("https://lichess.org/F8M8OS71#53")
    'F8M8OS71#53'
    >>> game_ref("")
    ''
    """
    found = _URL_RE.fullmatch(url.strip())
    return f"{found[1]}#{found[2]}" if found else ""
