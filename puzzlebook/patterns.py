"""Regular expressions that mean the same in Python's `re` and in JSON Schema (ECMA-262), for the
patterns the API's OpenAPI document publishes.

Two differences bite: `$` in Python also matches before a final newline ("e2e4\\n" would pass), and
`\\d`, `\\s`, `\\w` in Python take any Unicode digit, space or letter. So a published pattern is
anchored with `(?![\\s\\S])` ("nothing follows"), which both read alike, and names its characters
outright ([0-9], never \\d).
"""

from __future__ import annotations

END = r"(?![\s\S])"
# A chess move in UCI as both engines write it: from-square, to-square, and the promotion piece if any
# (e2e4, e7e8q). The referee, the API's document and the browser (through js/games.js) all read it here.
UCI = r"[a-h][1-8][a-h][1-8][qrbn]?"
# The characters Python's str.isspace (and so str.strip) takes as whitespace, as inclusive ranges
# (tests/test_api_request_shapes.py checks them against this Python's Unicode data).
SPACE_RANGES = (
    (0x0009, 0x000D), (0x001C, 0x0020), (0x0085, 0x0085), (0x00A0, 0x00A0), (0x1680, 0x1680),
    (0x2000, 0x200A), (0x2028, 0x2029), (0x202F, 0x202F), (0x205F, 0x205F), (0x3000, 0x3000),
)


def whole_text(body: str) -> str:
    """A pattern that `body` must match from the first character to the last, in both dialects."""
    return rf"^(?:{body}){END}"


def char(code: int) -> str:
    """One character for a character class, in both dialects: \\uXXXX in the BMP, the character itself
    beyond (ECMA's \\u{...} and Python's \\U........ have no common spelling)."""
    return f"\\u{code:04x}" if code <= 0xFFFF else chr(code)


def char_class(ranges: list[tuple[int, int]], *, negated: bool = False) -> str:
    """A character class of the inclusive code point `ranges`."""
    parts = [char(low) if low == high else f"{char(low)}-{char(high)}" for low, high in ranges]
    return "[" + ("^" if negated else "") + "".join(parts) + "]"


def ranges_of(test: object, *, upto: int = 0x10FFFF) -> list[tuple[int, int]]:
    """The inclusive code point ranges of the characters for which `test(ch)` is true."""
    out: list[tuple[int, int]] = []
    start = None
    for code in range(upto + 2):
        inside = code <= upto and test(chr(code))  # type: ignore[operator]
        if inside and start is None:
            start = code
        elif not inside and start is not None:
            out.append((start, code - 1))
            start = None
    return out
