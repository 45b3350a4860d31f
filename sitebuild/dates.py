"""Dates, numbers and short lists written on the pages in the page's language, through Babel
(CLDR's forms); the browser writes the same through Intl (lib/i18n.js). English keeps the site's
own form, puzzlebook.calendar's, which lib/dates.js writes too (tests/vectors/dates.json)."""

from __future__ import annotations

import datetime as dt
import re

from babel import Locale
from babel.dates import format_date
from babel.lists import format_list
from babel.numbers import format_decimal

from puzzlebook import calendar
from puzzlebook.languages import PSEUDO, SOURCE, Language
from puzzlebook.pseudo import pseudo


def long_date(day: dt.date, language: Language) -> str:
    """The day in full without its year, as the language writes it.

    >>> from puzzlebook.languages import BY_CODE
    >>> [long_date(dt.date(2025, 10, 19), BY_CODE[code]) for code in ("en", "es", "fr", "de", "ru")]
    ... # doctest: +NORMALIZE_WHITESPACE
    ['Sunday 19 October', 'domingo, 19 de octubre', 'dimanche 19 octobre', 'Sonntag, 19. Oktober',
     'воскресенье, 19 октября']
    """
    if language.code == SOURCE:
        return calendar.long_date(day)
    return format_date(day, _long_pattern(language.catalog), locale=language.catalog)


def _long_pattern(catalog: str) -> str:
    """CLDR's pattern for a day and month with its weekday (skeleton MMMMEd, else MMMEd), with the
    weekday and month written in full, as ICU (the browser's Intl) widens a skeleton's fields."""
    skeletons = Locale.parse(catalog).datetime_skeletons
    pattern = str(skeletons.get("MMMMEd") or skeletons["MMMEd"])
    parts = re.split(r"('[^']*')", pattern)  # quoted literals kept as they are
    widened = (re.sub(r"(?<![ML])[ML]{3}(?![ML])", lambda m: m.group()[0] * 4,
                      re.sub(r"[Ec]+", lambda m: m.group()[0] * 4, part)) for part in parts[::2])
    out = parts[:]
    out[::2] = list(widened)
    return "".join(out)


def number(value: float, language: Language) -> str:
    """A number as the language writes it.

    >>> from puzzlebook.languages import BY_CODE
    >>> [number(12345, BY_CODE[code]) for code in ("en", "fr", "de", "ar")]
    ['12,345', '12\\u202f345', '12.345', '12,345']
    """
    return format_decimal(value, locale=language.catalog)


def dated(day: dt.date, language: Language, *, weekday: bool = True) -> str:
    """A day with its year, in full, as the language writes it (the Chain guides' worked examples).

    >>> from puzzlebook.languages import BY_CODE
    >>> [dated(dt.date(2026, 9, 7), BY_CODE[code]) for code in ("en", "es", "de")]
    ['Monday 7 September 2026', 'lunes, 7 de septiembre de 2026', 'Montag, 7. September 2026']
    >>> [dated(dt.date(2026, 9, 7), BY_CODE[code], weekday=False) for code in ("en", "fr")]
    ['7 September 2026', '7 septembre 2026']
    """
    if language.code == SOURCE:
        english = f"{calendar.long_date(day)} {day.year}"
        return english if weekday else english.split(" ", 1)[1]
    return format_date(day, "full" if weekday else "long", locale=language.catalog)


def and_list(items: list[str], language: Language) -> str:
    """A short list joined as the language joins one ("×2 and ×3"); English's joins every item
    with "and", as the guides always wrote it. In a right-to-left language each item is isolated
    left to right (U+2066 … U+2069), as the items are tiles.

    >>> from puzzlebook.languages import BY_CODE
    >>> [and_list(["×2", "×3"], BY_CODE[code]) for code in ("en", "es", "de", "ru")]
    ['×2 and ×3', '×2 y ×3', '×2 und ×3', '×2 и ×3']
    >>> and_list(["×2", "×3"], PSEUDO)
    '×2 ⟦ååñð⟧ ×3'
    """
    if language.code == SOURCE:
        return " and ".join(items)
    if language == PSEUDO:  # English's CLDR list, its "and" said as the pseudo-locale says words
        return pseudo(" and ").join(items)
    if language.direction == "rtl":  # each item (a tile: +48) kept left to right inside the sentence
        items = [f"\u2066{item}\u2069" for item in items]
    return format_list(list(items), locale=language.catalog)
