"""Dates and numbers written on the pages in the page's language, through Babel (CLDR's forms);
the browser writes the same through Intl (lib/i18n.js). English keeps the site's own form,
puzzlebook.calendar's, which lib/dates.js writes too (tests/vectors/dates.json)."""

from __future__ import annotations

import datetime as dt
import re

from babel import Locale
from babel.dates import format_date
from babel.numbers import format_decimal

from puzzlebook import calendar
from puzzlebook.languages import SOURCE, Language


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
