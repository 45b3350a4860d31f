"""A follow code: ten characters of Crockford's base32 (puzzlebook.recovery_codes' alphabet: digits and
capitals without I, L, O and U) in two groups of five, `7KQ2M-9XD4T`, short enough to read aloud and
50 random bits, so a guess finds someone about once in 10^8 tries at ten million players. A typed code
is read as recovery codes are: case, spaces and hyphens forgiven, O for 0, I and L for 1.

>>> code_from(bytes(range(7)))
'000G4-0R40M'
>>> normalise_code(' 000g4-0r4om ')
'000G40R40M'
"""

from __future__ import annotations

from puzzlebook.messages import Refusal, msg
from puzzlebook.patterns import whole_text
from puzzlebook.recovery_codes import ALPHABET

CODE_BYTES = 7  # 56 random bits, of which the code keeps 50
CODE_CHARS = 10
GROUP = 5
_LOOKALIKES = {"O": "0", "I": "1", "L": "1"}
_SEPARATORS = " -"
_CHAR = "[0-9A-TV-Za-tv-z]"
# What the API accepts as a typed code (the OpenAPI document's pattern): ten code characters, either
# case, spaces and hyphens between.
CODE_PATTERN = whole_text(rf"[ \-]*(?:{_CHAR}[ \-]*){{{CODE_CHARS}}}")


class BadCode(Refusal):
    """Text that can't be a follow code; its message says why, for the player."""


NOT_TEXT = msg("follow_code_not_text", "The follow code must be text.")
BAD_CHARACTER = msg("follow_code_character",
                    "A follow code has only digits and the letters A–Z but U (it has {character}).")
BAD_LENGTH = msg("follow_code_length", "A follow code has {most} characters, not {count}.")


def code_from(raw: bytes) -> str:
    """The code for CODE_BYTES random bytes (their first 50 bits), grouped for reading."""
    if len(raw) != CODE_BYTES:
        raise ValueError(f"a follow code is made from {CODE_BYTES} bytes, not {len(raw)}")
    number = int.from_bytes(raw, "big") >> (8 * CODE_BYTES - 5 * CODE_CHARS)
    chars = "".join(ALPHABET[(number >> (5 * k)) & 31] for k in reversed(range(CODE_CHARS)))
    return f"{chars[:GROUP]}-{chars[GROUP:]}"


def normalise_code(text: object) -> str:
    """The ten code characters of what a player typed (no hyphen); BadCode saying what is wrong.

    >>> normalise_code("7kq2m 9xd4t")
    '7KQ2M9XD4T'
    >>> normalise_code("7KQ2M")
    Traceback (most recent call last):
    ...
    puzzlebook.friends.codes.BadCode: A follow code has 10 characters, not 5.
    """
    if not isinstance(text, str):
        raise BadCode(NOT_TEXT)
    chars = []
    for ch in text:
        if ch in _SEPARATORS:
            continue
        upper = _LOOKALIKES.get(ch.upper(), ch.upper()) if ch.isascii() else ch
        if upper not in ALPHABET:
            raise BadCode(BAD_CHARACTER(character=repr(ch)))
        chars.append(upper)
    if len(chars) != CODE_CHARS:
        raise BadCode(BAD_LENGTH(most=CODE_CHARS, count=len(chars)))
    return "".join(chars)


def grouped(code: str) -> str:
    """A kept code (ten characters) as it is shown and read aloud.

    >>> grouped("7KQ2M9XD4T")
    '7KQ2M-9XD4T'
    """
    return f"{code[:GROUP]}-{code[GROUP:]}"


def follow_link(code: str) -> str:
    """The page that offers to follow the player whose code this is (the site's address before it).

    >>> follow_link("7KQ2M9XD4T")
    '/friends/follow/?code=7KQ2M-9XD4T'
    """
    return f"/friends/follow/?code={grouped(code)}"
