"""Saying a message in a language: the API's gettext catalog, read with the standard library.

The catalogs are written as `locale/<catalog>/LC_MESSAGES/api.po` and compiled to `api.mo` beside
them by `python -m ops.messages` (and into the Lambda package by `ops/deploy.py`), so what runs reads
only the compiled `.mo` through `gettext`: no Babel at run time (docs/languages.md, "Catalogs").
English is the source language: its words are the messages themselves. A language whose `.mo` isn't
there says English, and the log says so once.
"""

from __future__ import annotations

import logging
import threading
from pathlib import Path
from typing import TYPE_CHECKING, Any

from puzzlebook.languages import LANGUAGES, SOURCE, Language
from puzzlebook.messages import Message, capitalized

if TYPE_CHECKING:
    from gettext import NullTranslations

log = logging.getLogger("puzzlebook.api")

# Beside the code, in the repository and in the Lambda package alike.
LOCALE = Path(__file__).resolve().parent.parent / "locale"
DOMAIN = "api"


class Speech:
    """An app's catalogs (`ctx.part(Speech)`): each language's read at its first message, then kept.
    English needs none (its words are the messages), so an English error reads no file."""

    def __init__(self, ctx: Any = None, folder: Path = LOCALE, domain: str = DOMAIN) -> None:
        self.folder = folder
        self.domain = domain
        self._read: dict[str, NullTranslations] = {}
        self._lock = threading.Lock()

    def catalog(self, language: Language) -> NullTranslations:
        """`language`'s translations (none for English, the source)."""
        found = self._read.get(language.code)
        if found is None:
            with self._lock:
                found = self._read.get(language.code)
                if found is None:
                    found = self._read[language.code] = self._load(language)
        return found

    def warm(self) -> None:
        """Read every language's catalog now (SnapStart's hook: functions/handler.py)."""
        for language in LANGUAGES:
            self.catalog(language)

    def _load(self, language: Language) -> NullTranslations:
        # gettext waits for the first error in another language: not a cold start's work.
        from gettext import GNUTranslations, NullTranslations

        if language.code == SOURCE:
            return NullTranslations()
        path = self.folder / language.catalog / "LC_MESSAGES" / f"{self.domain}.mo"
        try:
            with path.open("rb") as compiled:
                return GNUTranslations(compiled)
        except OSError:
            log.error("no compiled catalog at %s (python -m ops.messages): answering in English", path)
            return NullTranslations()

    def say(self, message: Message, language: Language) -> str:
        """`message` in `language`, its values filled in (a value that is a message said likewise)."""
        if language.code == SOURCE:
            return str(message)
        catalog = self.catalog(language)
        if message.plural:
            count = message.values.get(message.count)
            number = count if isinstance(count, int) else 0
            words = catalog.npgettext(message.code, message.english, message.plural, number)
        else:
            words = catalog.pgettext(message.code, message.english)
        values = {
            name: self.say(value, language) if isinstance(value, Message) else str(value)
            for name, value in message.values.items()
        }
        said = words.format_map(values)
        return capitalized(said) if message.capital else said
