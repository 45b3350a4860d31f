"""Recovery codes: how one is written, read back from what a player types, and hashed for keeping.

A code is 80 random bits written as 16 characters of Crockford's base32 (digits and capital
letters without I, L, O and U, so nothing reads as something else), in four groups:
``7KQ2-M9XD-4TRB-0WZE``. Reading a typed code forgives what people do: lower case, spaces or
hyphens anywhere, O for 0, and I or L for 1. The store keeps only the SHA-256 of the code's
16 characters (docs/accounts.md says why a fast hash is enough for 80 random bits).

>>> code_from(bytes(range(10)))
'000G-40R4-0M30-E209'
>>> normalise_code(' 000g 40r4-om3o-e2o9 ')
'000G40R40M30E209'
"""

from __future__ import annotations

import hashlib

from puzzlebook.messages import Refusal, msg
from puzzlebook.patterns import whole_text

# Crockford's base32: 0-9 then the capitals but I, L, O and U.
ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"
CODE_BYTES = 10  # 80 bits
CODE_CHARS = 16
GROUP = 4
CODES_IN_A_SET = 10
# What a reader forgives: the letters people type for the digits they resemble.
_LOOKALIKES = {"O": "0", "I": "1", "L": "1"}
_SEPARATORS = " -"
# What the API accepts as a typed code, as a published pattern (puzzlebook/patterns.py): sixteen
# code characters (either case, the lookalikes too: every letter but U), spaces and hyphens between.
_CHAR = "[0-9A-TV-Za-tv-z]"
CODE_PATTERN = whole_text(rf"[ \-]*(?:{_CHAR}[ \-]*){{{CODE_CHARS}}}")


BAD_CHARACTER = msg("recovery_code_character",
                    "A recovery code has only digits and the letters A–Z but U (it has {character}).")


class BadCode(Refusal):
    """Text that can't be a recovery code; its message says why, for the player."""


def code_from(raw: bytes) -> str:
    """The code for CODE_BYTES random bytes, grouped for reading."""
    if len(raw) != CODE_BYTES:
        raise ValueError(f"a code is made from {CODE_BYTES} bytes, not {len(raw)}")
    number = int.from_bytes(raw, "big")
    chars = "".join(ALPHABET[(number >> (5 * k)) & 31] for k in reversed(range(CODE_CHARS)))
    return "-".join(chars[i : i + GROUP] for i in range(0, CODE_CHARS, GROUP))


def normalise_code(text: object) -> str:
    """The 16 code characters of what a player typed; BadCode saying what is wrong otherwise."""
    if not isinstance(text, str):
        raise BadCode(msg("recovery_code_not_text", "The recovery code must be text."))
    chars = []
    for ch in text:
        if ch in _SEPARATORS:
            continue
        # Character by character (str.upper of the whole text would turn "ß" into "SS").
        upper = _LOOKALIKES.get(ch.upper(), ch.upper()) if ch.isascii() else ch
        if upper not in ALPHABET:
            raise BadCode(BAD_CHARACTER(character=repr(ch)))
        chars.append(upper)
    if len(chars) != CODE_CHARS:
        raise BadCode(msg("recovery_code_length", "A recovery code has {most} characters, not {count}.")(
            most=CODE_CHARS, count=len(chars)))
    return "".join(chars)


def code_hash(code: str) -> str:
    """The SHA-256 (hex) of a code's 16 characters, as `normalise_code` gives them: what is kept."""
    return hashlib.sha256(normalise_code(code).encode()).hexdigest()
