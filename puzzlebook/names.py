"""Players' display names: the rule, its words, and the same rule as a published pattern.

A name is trimmed of whitespace at both ends; what is left must be 1-24 characters, none of them
a control (Cc), formatting (Cf, e.g. zero-width and direction overrides), surrogate (Cs),
private-use (Co), line or paragraph separator (Zl, Zp) or space other than the plain one (Zs).
Letters, marks, digits, punctuation, symbols (emoji) and the plain space are fine; so are code
points Unicode hasn't assigned yet (they show as a box, and hide nothing). The name kept is then
NFC-normalised. NAME_PATTERN is the same rule as a JSON Schema pattern (docs/api.md).
"""

from __future__ import annotations

import bisect
import functools
import unicodedata

from puzzlebook.messages import Refusal, msg, msg_plural
from puzzlebook.patterns import END, SPACE_RANGES, char_class

NAME_MAX = 24
REFUSED_CATEGORIES = frozenset({"Cc", "Cf", "Cs", "Co", "Zl", "Zp", "Zs"})
# The code points refused in a name, as inclusive ranges: the categories above as Unicode
# 14.0 (Python 3.11) assigns them. The rule reads this table, not the running Python's Unicode
# database, so the server (Python 3.12 on Lambda, Unicode 15) and the published pattern agree
# everywhere. tests/test_api_request_shapes.py checks it against Unicode data.
REFUSED_UNICODE = "14.0.0"
REFUSED_RANGES = (
    (0x0000, 0x001F), (0x007F, 0x00A0), (0x00AD, 0x00AD), (0x0600, 0x0605), (0x061C, 0x061C),
    (0x06DD, 0x06DD), (0x070F, 0x070F), (0x0890, 0x0891), (0x08E2, 0x08E2), (0x1680, 0x1680),
    (0x180E, 0x180E), (0x2000, 0x200F), (0x2028, 0x202F), (0x205F, 0x2064), (0x2066, 0x206F),
    (0x3000, 0x3000), (0xD800, 0xF8FF), (0xFEFF, 0xFEFF), (0xFFF9, 0xFFFB), (0x110BD, 0x110BD),
    (0x110CD, 0x110CD), (0x13430, 0x13438), (0x1BCA0, 0x1BCA3), (0x1D173, 0x1D17A), (0xE0001, 0xE0001),
    (0xE0020, 0xE007F), (0xF0000, 0xFFFFD), (0x100000, 0x10FFFD),
)


class BadName(Refusal):
    """A name that breaks the rule; its message says which part, for the player."""


def refused(ch: str) -> bool:
    """Whether `ch` may not stand in a name (the plain space may): whether it falls in REFUSED_RANGES."""
    code = ord(ch)
    at = bisect.bisect_right(_STARTS, code) - 1
    return at >= 0 and code <= REFUSED_RANGES[at][1]


_STARTS = [low for low, _ in REFUSED_RANGES]


def refused_by_category(ch: str) -> bool:
    """The rule as this Python's Unicode database reads it (what REFUSED_RANGES was made from)."""
    return ch != " " and unicodedata.category(ch) in REFUSED_CATEGORIES


def check_name(value: object, most: int = NAME_MAX) -> str:
    """`value` as a display name (trimmed, NFC; at most `most` characters: a class's name may be
    longer), or BadName saying which rule it broke."""
    if not isinstance(value, str):
        raise BadName(msg("name_not_text", "The name must be text."))
    name = value.strip()
    if not name:
        raise BadName(msg("name_empty", "The name can't be empty."))
    if len(name) > most:
        raise BadName(msg_plural("name_too_long", "The name can be at most {most} character, not {length}.",
                                  "The name can be at most {most} characters, not {length}.", "most")(
            most=most, length=len(name)))
    odd = next((ch for ch in name if refused(ch)), None)
    if odd is not None:
        raise BadName(msg("name_invisible_character",
                           "The name can't contain control or invisible characters (it has {character}).")(
            character=f"U+{ord(odd):04X}"))
    return unicodedata.normalize("NFC", name)


@functools.cache
def name_pattern(most: int = NAME_MAX) -> str:
    """The rule as one pattern: any trimmed whitespace, then a non-space allowed character, then up to
    22 allowed characters and a last non-space one, then any whitespace. Built from this Python's
    Unicode database, so it says what this server accepts. (Surrogates, which no valid JSON text
    holds, aren't named: JSON Schema's engines can't spell them.)"""
    bad = _without_surrogates(list(REFUSED_RANGES))
    space = list(SPACE_RANGES)
    allowed = char_class(bad, negated=True)
    solid = char_class([*bad, (0x20, 0x20)], negated=True)
    trim = char_class(space)
    return rf"^{trim}*{solid}(?:{allowed}{{0,{most - 2}}}{solid})?{trim}*{END}"


def _without_surrogates(ranges: list[tuple[int, int]]) -> list[tuple[int, int]]:
    out = []
    for low, high in ranges:
        if low <= 0xDFFF and high >= 0xD800:
            if low < 0xD800:
                out.append((low, 0xD7FF))
            if high > 0xDFFF:
                out.append((0xE000, high))
        else:
            out.append((low, high))
    return out
