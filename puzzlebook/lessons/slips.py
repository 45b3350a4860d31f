"""Typing slips in the fields a machine reads (a UCI move, a FEN, playerColor), in plain words.

These fields are printable ASCII, with single spaces between a FEN's parts. A slip that
leaves the value looking right on screen (a line break or a space around it, a Cyrillic
"а" for a Latin "a", a full-width "ａ", an invisible character) is named exactly, so a
teacher never hunts for a mistake they cannot see; `plain_guess` gives the value they
most likely meant, for the message to offer.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Callable

# Letters of other scripts that look like the Latin letters these fields use. NFKC already
# turns full-width and mathematical letters and digits into plain ones; these it keeps.
_LOOK_ALIKES = str.maketrans(
    {
        # Cyrillic
        "а": "a", "в": "B", "В": "B", "е": "e", "һ": "h", "Н": "H", "к": "k", "К": "K", "о": "o",
        "р": "p", "Р": "P", "с": "c", "ԛ": "q", "Ԛ": "Q", "ԁ": "d", "ь": "b", "Ь": "b", "г": "r",
        "п": "n", "і": "i", "ѡ": "w", "т": "t", "Т": "T",
        # Greek
        "α": "a", "β": "b", "Β": "B", "κ": "k", "Κ": "K", "ν": "v", "Ν": "N", "ο": "o", "ρ": "p",
        "Ρ": "P", "ι": "i", "τ": "t", "Τ": "T",
    }
)  # fmt: skip
# Categories whose characters can't be seen, or can't be told apart from a space.
_UNSEEN = ("Cc", "Cf", "Cn", "Co", "Cs", "Mn", "Me", "Zl", "Zp", "Zs")


def plain_guess(value: str, *, spaced: bool = False) -> str:
    """A guess at what `value` was meant to be: look-alike characters turned into the ASCII
    ones they resemble, invisible ones dropped, white space around it removed, and inside
    it removed (or, when `spaced`, made single spaces)."""
    folded = unicodedata.normalize("NFKC", value).translate(_LOOK_ALIKES)
    seen = "".join(c for c in folded if c.isspace() or unicodedata.category(c) not in _UNSEEN)
    return " ".join(seen.split()) if spaced else "".join(seen.split())


def _named(char: str) -> str:
    """A character named so it can be found: '"а" (Cyrillic small letter a)', or for one
    that can't be seen, 'an invisible character (U+200B, zero width space)'."""
    name = unicodedata.name(char, "").lower()
    code = f"U+{ord(char):04X}"
    if unicodedata.category(char) == "Cs":
        return f"an unpaired surrogate ({code})"
    if unicodedata.category(char) in _UNSEEN:
        return f"an invisible character ({code}{', ' + name if name else ''})"
    return f'"{char}" ({name or code})'


def _padding(value: str) -> str:
    """What is around `value`: 'a space after it', 'a line break after it', 'spaces around it'."""
    head = value[: len(value) - len(value.lstrip())]
    tail = value[len(value.rstrip()) :]

    def words(part: str) -> str:
        if "\n" in part or "\r" in part:
            return "a line break"
        if part == " ":
            return "a space"
        return "spaces" if set(part) == {" "} else "white space (a tab or similar)"

    if head and tail:
        if set(head + tail) == {" "}:
            return "spaces around it"
        return f"{words(head)} before it and {words(tail)} after it"
    return f"{words(head)} before it" if head else f"{words(tail)} after it"


def slip_problem(
    value: str, letters: str | Callable[[int], str], digits: str, *, spaced: bool = False
) -> str | None:
    """Why `value` has a typing slip (without saying what to write), or None when it has none.

    `letters` says which letters the field takes ("a–h"; or a function of the character's
    place, for a UCI promotion letter), `digits` which digits ("1–8"). `spaced` allows
    single spaces between parts (a FEN). A slip: white space around the value; a line
    break, tab or other white space inside it (or two spaces in a row); a character
    outside printable ASCII (a letter or digit of another script or width, an invisible
    character).
    """
    if value and not value.strip():
        return "is blank (white space only)"
    if value != value.strip():
        return f"has {_padding(value)}"
    for place, char in enumerate(value):
        if char == " " and spaced:
            if value[place + 1 : place + 2] == " ":
                return "has two spaces in a row (put one space between its parts)"
            continue
        if char.isspace():
            return (
                "has a line break inside it"
                if char in "\r\n\x85\u2028\u2029"
                else (f"has {'a space' if char == ' ' else _named(char)} inside it")
            )
        if " " < char <= "~":
            continue
        category = unicodedata.category(char)
        if category in _UNSEEN:
            return f"has {_named(char)} in it"
        if category.startswith("L"):
            which = letters(place) if callable(letters) else letters
            return f"uses {_named(char)}, a letter that isn't {which}"
        if category.startswith("N"):
            return f"uses {_named(char)}, a digit that isn't {digits}"
        return f"uses {_named(char)}, which is not a plain keyboard character"
    return None
