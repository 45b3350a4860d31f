"""The languages' catalogs as the build uses them, compiled in memory from `locale/` (never
committed compiled): gettext translations for the Jinja2 pages, and for the browser each message's
translation with its plural forms named by CLDR's categories, which `Intl.PluralRules` gives
(docs/languages.md, "Plurals").
"""

from __future__ import annotations

import gettext
import hashlib
import io
from dataclasses import dataclass, field
from pathlib import Path

from babel import Locale
from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from babel.support import Translations

from puzzlebook import pseudo
from puzzlebook.languages import PSEUDO, SOURCE, Language
from service import pseudo_catalogs

ROOT = Path(__file__).resolve().parent.parent
LOCALE = ROOT / "locale"
_PSEUDO_CODE = (Path(pseudo.__file__), Path(pseudo_catalogs.__file__))  # what makes the pseudo-locale's
# Integers enough to meet every plural form of every language (Arabic's 100-102 included).
_COUNTS = range(0, 1000)


class CatalogError(ValueError):
    """A catalog could not be read or disagrees with its language's plural rules; says which."""


def source_of(language: Language, domain: str, locale: Path = LOCALE) -> Path | None:
    """The file `read` reads the language's catalog of `domain` from (it may not exist): the
    domain's template for the pseudo-locale; None for the source language, which has none."""
    if language.code == SOURCE:
        return None
    if language == PSEUDO:
        return locale / f"{domain}.pot"
    return locale / language.catalog / "LC_MESSAGES" / f"{domain}.po"


def sources_digest(languages: tuple[Language, ...], domains: tuple[str, ...], locale: Path = LOCALE) -> str:
    """A digest of everything `read` makes the languages' catalogs of `domains` from: each file's
    bytes (or that it is missing), Babel's version (its reader and plural rules), and for the
    pseudo-locale the code that makes its catalogs; so a key holding it moves when any of them does."""
    from importlib.metadata import version

    digest = hashlib.sha256(f"babel {version('babel')}\0".encode())
    for language in languages:
        for domain in domains:
            path = source_of(language, domain, locale)
            data = path.read_bytes() if path is not None and path.is_file() else b"-"
            digest.update(f"{language.code}\0{domain}\0{len(data)}\0".encode() + data)
        if language == PSEUDO:
            for module in _PSEUDO_CODE:
                digest.update(module.read_bytes())
    return digest.hexdigest()


def read(language: Language, domain: str, locale: Path = LOCALE) -> Catalog | None:
    """The language's catalog of `domain`, None for the source language or when there is none.
    The pseudo-locale's is made from the domain's template (service/pseudo_catalogs.py)."""
    path = source_of(language, domain, locale)
    if path is None:
        return None
    if language == PSEUDO:
        return pseudo_catalogs.catalog(path)
    if not path.is_file():
        return None
    try:
        with open(path, "rb") as file:
            return read_po(file, locale=language.catalog)
    except (ValueError, SyntaxError) as exc:
        raise CatalogError(f"{path}: {exc}") from exc


def translations(language: Language, domain: str, locale: Path = LOCALE) -> gettext.NullTranslations:
    """gettext translations of `domain` for `language`: the catalog compiled in memory (a fuzzy or
    empty translation left out, so English shows instead), or none for the source language."""
    catalog = read(language, domain, locale)
    if catalog is None:
        return gettext.NullTranslations()
    compiled = io.BytesIO()
    write_mo(compiled, catalog, use_fuzzy=False)
    compiled.seek(0)
    return Translations(compiled, domain=domain)


def plural_categories(catalog_name: str) -> list[str]:
    """The CLDR plural category of each of gettext's plural forms for the language, in the order
    of its `Plural-Forms` (Babel's): Russian's ['one', 'few', 'many'].

    Raises CatalogError when a form holds integers of two categories, so the browser's
    Intl.PluralRules would pick another form than gettext's rule.

    >>> plural_categories('ru'), plural_categories('fr'), plural_categories('ar')
    (['one', 'few', 'many'], ['one', 'other'], ['zero', 'one', 'two', 'few', 'other', 'many'])
    """
    catalog = Catalog(locale=catalog_name)
    rule = Locale.parse(catalog_name).plural_form
    found: dict[int, str] = {}
    form = gettext.c2py(catalog.plural_expr)  # gettext's own reader of a Plural-Forms rule
    for n in _COUNTS:
        index = form(n)
        category = rule(n)
        if found.setdefault(index, category) != category:
            raise CatalogError(f"{catalog_name}: plural form {index} holds both {found[index]} "
                               f"and {category}")
    return [found[index] for index in range(catalog.num_plurals)]


@dataclass(frozen=True)
class BrowserMessages:
    """A language's translations of the browser's messages: `texts` by msgid, and for a plural
    message (keyed by its singular msgid) its forms by CLDR category; `themes`, the puzzle themes'
    names by key (the `chess` catalog's), which the build writes into the language's
    js/chess/theme_names.js."""

    texts: dict[str, str]
    plurals: dict[str, dict[str, str]]
    themes: dict[str, str] = field(default_factory=dict)


def browser_messages(language: Language, locale: Path = LOCALE) -> BrowserMessages:
    """The browser catalog's translated messages for `language` (none for the source language);
    a message without a translation, or fuzzy, is left out and stays English."""
    catalog = read(language, "browser", locale)
    texts: dict[str, str] = {}
    plurals: dict[str, dict[str, str]] = {}
    if catalog is None:
        return BrowserMessages(texts, plurals)
    chess = read(language, "chess", locale)
    names = {str(m.context).removeprefix("theme:"): str(m.string) for m in (chess or [])
             if m.id and m.string and not m.fuzzy and str(m.context or "").startswith("theme:")}
    categories = plural_categories(language.catalog)
    for message in catalog:
        if not message.id or message.fuzzy:
            continue
        if isinstance(message.id, tuple | list):
            forms = tuple(message.string)
            if all(forms):
                plurals[message.id[0]] = dict(zip(categories, forms, strict=True))
        elif message.string:
            texts[str(message.id)] = str(message.string)
    return BrowserMessages(texts, plurals, names)


BROWSER_DOMAINS = ("browser", "chess")  # what browser_messages reads: the messages, the themes' names


class BrowserCatalogs:
    """The browser messages of `languages` (each one's `browser_messages`), read only when first
    asked for, and a key of what they are made from (`sources_digest`): a build whose bundles are
    kept from the last (sitebuild/static_steps.py) needs the key alone, not the catalogs parsed."""

    def __init__(self, languages: tuple[Language, ...], locale: Path = LOCALE) -> None:
        self.languages = tuple(language for language in languages if language.code != SOURCE)
        self.locale = locale
        self._messages: dict[str, BrowserMessages] | None = None
        self._key: str | None = None

    def key(self) -> str:
        if self._key is None:
            self._key = sources_digest(self.languages, BROWSER_DOMAINS, self.locale)
        return self._key

    def messages(self) -> dict[str, BrowserMessages]:
        """Each language's browser messages, by its code."""
        if self._messages is None:
            self._messages = {language.code: browser_messages(language, self.locale)
                              for language in self.languages}
        return self._messages
