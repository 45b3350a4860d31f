"""A teacher's choice to keep a PGN variation as a refutation (issue 40, part 1): the import page's
engine check finds a variation of the student's move, not marked worse in the PGN, clearly worse than
the line's move, and offers to keep it as a wrong move the student is answered with; the teacher's
choices come with the import, each naming its game, the move it stands in for and the variation's
move in SAN, as "3:12:Rxe5" (the query's `refute`). The PGN reader (pgn_lesson.py) keeps a chosen
variation exactly as one marked `?` and refuses a choice of anything else (docs/lessons.md, "The
engine's check").
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass

from puzzlebook.messages import Message, msg, msg_plural

MAX_KEPT = 200  # choices in one import: far more than the variations a lesson's lines hold
# One choice: game, move and SAN, as the API's document publishes it (a pattern both Python and JSON
# Schema read alike: puzzlebook/patterns.py), so a choice the document calls valid is never refused.
CHOICE = r"([1-9][0-9]{0,2}):([1-9][0-9]{0,3}):([KQRBNOa-h1-8x=+#-]{2,12})"
_FORM = re.compile(CHOICE)
EXAMPLE = "3:12:Rxe5"


TOO_MANY = msg_plural("refute_too_many", "{count} variation to keep as a refutation; the limit is {limit}.",
                      "{count} variations to keep as refutations; the limit is {limit}.", "count")
BAD_FORM = msg("refute_bad_choice", "A variation to keep as a refutation is named by its game, the move it "
               "stands in for and its own move in SAN, as \"{example}\", not \"{given}\".")


class BadChoice(ValueError):
    """A choice that can't be read: `message` says what was wrong (the API says it in the request's
    language)."""

    def __init__(self, message: Message) -> None:
        super().__init__(str(message))
        self.message = message


@dataclass(frozen=True, slots=True)
class KeptVariation:
    """The variation `san` standing in for the mainline's move `move` (counted as a problem counts
    moves: 1 is the game's first) of game `puzzle` (the PGN's game number), to keep as a refutation."""

    puzzle: int
    move: int
    san: str


def read_kept(values: Iterable[str]) -> tuple[KeptVariation, ...]:
    """The choices as given, read (repeats once).

    >>> read_kept(["2:3:Rxe5", "2:3:Rxe5", "1:5:exd8=Q+"])
    (KeptVariation(puzzle=2, move=3, san='Rxe5'), KeptVariation(puzzle=1, move=5, san='exd8=Q+'))
    >>> try:
    ...     read_kept(["Rxe5"])
    ... except BadChoice as error:
    ...     print(str(error).split(", as ")[1])
    "3:12:Rxe5", not "Rxe5".
    """
    given = list(values)
    # Counted as sent, repeats too: the document's maxItems says the same.
    if len(given) > MAX_KEPT:
        raise BadChoice(TOO_MANY(count=len(given), limit=MAX_KEPT))
    kept: list[KeptVariation] = []
    for value in given:
        found = _FORM.fullmatch(value)
        if not found:
            shown = value if len(value) <= 30 else value[:29] + "…"
            raise BadChoice(BAD_FORM(example=EXAMPLE, given=shown))
        choice = KeptVariation(int(found[1]), int(found[2]), found[3])
        if choice not in kept:
            kept.append(choice)
    return tuple(kept)
