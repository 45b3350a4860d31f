"""Words the build's data carries onto the pages (the chess bands' names, Chain's levels), marked
here for the pages' catalog, since they are written in puzzlebook's rules, which know no language:
a template shows one as `_(name)` (docs/languages.md, "Marking a string"). tests/test_site_build.py
checks every band and level is here."""

from __future__ import annotations

import re
from collections.abc import Callable
from html import escape


def _(text: str) -> str:
    """Marks `text` for `python -m ops.messages`; the template translates it as it renders."""
    return text


# The home's chess card's words, as service/games/chess/home.py writes them (`chess_card`).
CARD = (_("Today’s puzzle:"), _("Play"), _("Rated %(rating)s"), _("No daily today."))

WORDS = frozenset({
    # The chess bands (puzzlebook/chess/bands.py), and Chain's levels (puzzlebook/chain/calendar.py).
    _("Beginner"), _("Easy"), _("Medium"), _("Hard"), _("Expert"),
})


def chess_card(html: str, say: Callable[[str], str]) -> str:
    """The home's chess card (service/games/chess/home.py's English) in the language `say`
    translates into: its few words, the bands' names among them.

    >>> es = {"Today’s puzzle:": "El problema de hoy:", "Easy": "Fácil", "Play": "Jugar",
    ...       "Rated %(rating)s": "Rating %(rating)s"}
    >>> print(chess_card('<span class="visually-hidden">Today’s puzzle: </span>'
    ...                  '<span class="daily-band">Easy</span><span class="daily-rating">Rated 1234</span>',
    ...                  lambda text: es.get(text, text)))
    <span class="visually-hidden">El problema de hoy: </span><span class="daily-band">Fácil</span><span \
class="daily-rating">Rating 1234</span>
    """
    html = html.replace(">Today’s puzzle: <", f">{escape(say('Today’s puzzle:'))} <")
    html = html.replace('class="daily-state">Play<', f'class="daily-state">{escape(say("Play"))}<')
    html = html.replace(">No daily today.<", f">{escape(say('No daily today.'))}<")
    html = re.sub(r'class="daily-band">(\w+)<', lambda m: f'class="daily-band">{escape(say(m.group(1)))}<',
                  html)
    rated = say("Rated %(rating)s")
    return re.sub(r'class="daily-rating">Rated (\d+)<',
                  lambda m: f'class="daily-rating">{escape(rated % {"rating": m.group(1)})}<', html)
