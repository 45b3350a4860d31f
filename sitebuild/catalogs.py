"""The languages' catalogs as the build uses them, compiled in memory from `locale/` (never
committed compiled): gettext translations for the Jinja2 pages, and for the browser each message's
translation with its plural forms named by CLDR's categories, which `Intl.PluralRules` gives
(docs/languages.md, "Plurals").
"""

from __future__ import annotations

import gettext
import io
from dataclasses import dataclass, field
from pathlib import Path

from babel import Locale
from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from babel.support import Translations

from puzzlebook.languages import SOURCE, Language

ROOT = Path(__file__).resolve().parent.parent
LOCALE = ROOT / "locale"
# Integers enough to meet every plural form of every language (Arabic's 100-102 included).
_COUNTS = range(0, 1000)


class CatalogError(ValueError):
    """A catalog could not be read or disagrees with its language's plural rules; says which."""


def read(language: Language, domain: str, locale: Path = LOCALE) -> Catalog | None:
    """The language's catalog of `domain`, None for the source language or when there is none."""
    if language.code == SOURCE:
        return None
    path = locale / language.catalog / "LC_MESSAGES" / f"{domain}.po"
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
