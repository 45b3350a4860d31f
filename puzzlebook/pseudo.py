"""The pseudo-locale's words: every message of the catalogs made from its English, so a page built
in it shows at a glance which of its words were not taken from a catalog (docs/languages.md, "The
pseudo-locale").

A message is written between marks, `⟦` and `⟧`, every ASCII letter of its words as an accented
look-alike (so no English word of a catalog survives in it: a plain English word on such a page came
from somewhere else), and longer by about 30 %, as German is, by doubling some of its vowels (long
words, as German's, rather than more of them). What a message carries for the code stays exactly as
it is: `{placeholders}`, `%(placeholders)s`, `%%`, markup (`<a href="…">`, `</strong>`) and
character references (`&amp;`). Space at either end stays outside the marks.
"""

from __future__ import annotations

import re

OPEN, CLOSE = "⟦", "⟧"

_PLAIN = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
_ACCENTED = "åƀçðéƒĝĥîĵķļɱñöþǫŕšţûṽŵẋýžÅƁÇÐÉƑĜĤÎĴĶĻṀÑÖÞǪŔŠŢÛṼŴẊÝŽ"
_LOOK_ALIKE = str.maketrans(_PLAIN, _ACCENTED)
_VOWELS = frozenset("aeiouyAEIOUY")
GROWTH = 0.3  # German's words run about 30 % longer than English's

# What a message carries for the code, kept as it is: a placeholder of either style, a literal
# percent, a tag, a character reference.
_KEPT = re.compile(r"%\(\w+\)[sd]|%[sd%]|\{\w*\}|<[^<>]*>|&(?:#\d+|#x[0-9a-fA-F]+|\w+);")


def pseudo(text: str) -> str:
    """`text` as the pseudo-locale says it.

    >>> pseudo("You solved this one.")
    '⟦Ýööû šööļṽééð ţĥîš ööñéé.⟧'
    >>> pseudo("Rated %(rating)s, {n} moves")
    '⟦Ŕåţééð %(rating)s, {n} ɱööṽééš⟧'
    >>> pseudo('See <a href="/chain/">the guide</a> &amp; play ')
    '⟦Šééé <a href="/chain/">ţĥé ĝûûîðéé</a> &amp; þļåýý⟧ '
    >>> pseudo(""), pseudo("  ")
    ('', '  ')
    """
    words = text.strip()
    if not words:
        return text
    start = text[: len(text) - len(text.lstrip())]
    end = text[len(text.rstrip()):]
    pieces = _KEPT.split(words)
    kept = _KEPT.findall(words)
    letters = sum(ch.isalpha() for piece in pieces for ch in piece)
    vowels = sum(ch in _VOWELS for piece in pieces for ch in piece)
    extra = min(vowels, round(letters * GROWTH))
    out: list[str] = []
    seen = 0  # vowels met so far: the extra ones spread evenly over them
    for i, piece in enumerate(pieces):
        for ch in piece:
            out.append(ch.translate(_LOOK_ALIKE))
            if ch in _VOWELS:
                if vowels and (seen + 1) * extra // vowels > seen * extra // vowels:
                    out.append(ch.translate(_LOOK_ALIKE))
                seen += 1
        if i < len(kept):
            out.append(kept[i])
    return start + OPEN + "".join(out) + CLOSE + end
