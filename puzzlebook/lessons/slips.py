"""Typing slips in the fields a machine reads (a UCI move, a FEN, playerColor), in plain words
(messages, said in the request's language by the API).

These fields are printable ASCII, with single spaces between a FEN's parts. A slip that
leaves the value looking right on screen (a line break or a space around it, a Cyrillic
"а" for a Latin "a", a full-width "ａ", an invisible character) is named exactly, so a
teacher never hunts for a mistake they cannot see; `plain_guess` gives the value they
most likely meant, for the message to offer.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Callable

from puzzlebook.messages import Message, msg

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

# The slips' words, each a message (said in the request's language by the API). A slip is said of
# its field ("\"fen\" has a space after it"): each is the words after the field's name. A
# character's Unicode name and code point are values, never translated.
CHAR_SURROGATE = msg("lesson_char_surrogate", "an unpaired surrogate ({code})")
CHAR_INVISIBLE = msg("lesson_char_invisible", "an invisible character ({code})")
CHAR_INVISIBLE_NAMED = msg("lesson_char_invisible_named", "an invisible character ({code}, {name})")
CHAR_NAMED = msg("lesson_char_named", '"{char}" ({name})')
A_LINE_BREAK = msg("lesson_slip_a_line_break", "a line break")
A_SPACE = msg("lesson_slip_a_space", "a space")
SPACES = msg("lesson_slip_spaces", "spaces")
WHITE_SPACE = msg("lesson_slip_white_space", "white space (a tab or similar)")
BLANK = msg("lesson_slip_blank", "is blank (white space only)")
SPACES_AROUND = msg("lesson_slip_spaces_around", "has spaces around it")
BEFORE_AND_AFTER = msg("lesson_slip_before_and_after", "has {before} before it and {after} after it")
BEFORE = msg("lesson_slip_before", "has {what} before it")
AFTER = msg("lesson_slip_after", "has {what} after it")
TWO_SPACES = msg("lesson_slip_two_spaces", "has two spaces in a row (put one space between its parts)")
LINE_BREAK_INSIDE = msg("lesson_slip_line_break_inside", "has a line break inside it")
INSIDE = msg("lesson_slip_inside", "has {what} inside it")
UNSEEN_IN = msg("lesson_slip_unseen", "has {char} in it")
OTHER_LETTER = msg("lesson_slip_letter", "uses {char}, a letter that isn't {letters}")
OTHER_DIGIT = msg("lesson_slip_digit", "uses {char}, a digit that isn't {digits}")
NOT_KEYBOARD = msg("lesson_slip_not_keyboard", "uses {char}, which is not a plain keyboard character")
# What a field's letters and digits may be, where they are words rather than a range ("a–h").
LATIN_LETTER = msg("lesson_slip_latin_letter", "a plain Latin letter")
PLAIN_DIGIT = msg("lesson_slip_plain_digit", "a plain 0–9")


def plain_guess(value: str, *, spaced: bool = False) -> str:
    """A guess at what `value` was meant to be: look-alike characters turned into the ASCII
    ones they resemble, invisible ones dropped, white space around it removed, and inside
    it removed (or, when `spaced`, made single spaces)."""
    folded = unicodedata.normalize("NFKC", value).translate(_LOOK_ALIKES)
    seen = "".join(c for c in folded if c.isspace() or unicodedata.category(c) not in _UNSEEN)
    return " ".join(seen.split()) if spaced else "".join(seen.split())


def _named(char: str) -> Message:
    """A character named so it can be found: '"а" (Cyrillic small letter a)', or for one
    that can't be seen, 'an invisible character (U+200B, zero width space)'."""
    name = unicodedata.name(char, "").lower()
    code = f"U+{ord(char):04X}"
    if unicodedata.category(char) == "Cs":
        return CHAR_SURROGATE(code=code)
    if unicodedata.category(char) in _UNSEEN:
        return CHAR_INVISIBLE_NAMED(code=code, name=name) if name else CHAR_INVISIBLE(code=code)
    return CHAR_NAMED(char=char, name=name or code)


def _padding(value: str) -> Message:
    """What is around `value`: 'has a space after it', 'has a line break after it', 'has spaces
    around it'."""
    head = value[: len(value) - len(value.lstrip())]
    tail = value[len(value.rstrip()) :]

    def words(part: str) -> Message:
        if "\n" in part or "\r" in part:
            return A_LINE_BREAK
        if part == " ":
            return A_SPACE
        return SPACES if set(part) == {" "} else WHITE_SPACE

    if head and tail:
        if set(head + tail) == {" "}:
            return SPACES_AROUND
        return BEFORE_AND_AFTER(before=words(head), after=words(tail))
    return BEFORE(what=words(head)) if head else AFTER(what=words(tail))


def slip_problem(
    value: str,
    letters: str | Message | Callable[[int], str | Message],
    digits: str | Message,
    *,
    spaced: bool = False,
) -> Message | None:
    """Why `value` has a typing slip (without saying what to write), as a message of the words after
    the field's name, or None when it has none.

    `letters` says which letters the field takes ("a–h"; or a function of the character's
    place, for a UCI promotion letter), `digits` which digits ("1–8"). `spaced` allows
    single spaces between parts (a FEN). A slip: white space around the value; a line
    break, tab or other white space inside it (or two spaces in a row); a character
    outside printable ASCII (a letter or digit of another script or width, an invisible
    character).
    """
    if value and not value.strip():
        return BLANK
    if value != value.strip():
        return _padding(value)
    for place, char in enumerate(value):
        if char == " " and spaced:
            if value[place + 1 : place + 2] == " ":
                return TWO_SPACES
            continue
        if char.isspace():
            if char in "\r\n\x85\u2028\u2029":
                return LINE_BREAK_INSIDE
            return INSIDE(what=A_SPACE if char == " " else _named(char))
        if " " < char <= "~":
            continue
        category = unicodedata.category(char)
        if category in _UNSEEN:
            return UNSEEN_IN(char=_named(char))
        if category.startswith("L"):
            which = letters if isinstance(letters, str | Message) else letters(place)
            return OTHER_LETTER(char=_named(char), letters=which)
        if category.startswith("N"):
            return OTHER_DIGIT(char=_named(char), digits=digits)
        return NOT_KEYBOARD(char=_named(char))
    return None
