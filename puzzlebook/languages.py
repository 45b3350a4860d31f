"""The languages the site speaks, and which one a request or a browser gets.

One list, `LANGUAGES`, in the order the language menu shows them. English is the source
language: its pages live at the site's root, every other language's under its own path prefix
(`/es/…`). The rules here are pure; the static build, the local server, the CDN's root function
and the API all take their answer from them (docs/languages.md).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal


@dataclass(frozen=True, slots=True)
class Language:
    """A language the site is written in.

    code: the BCP 47 tag the pages' `lang` attribute and `hreflang` links carry (`pt-BR`);
    catalog: the gettext catalog's directory name under `locale/` (`pt_BR`);
    prefix: the pages' path prefix, "" for English at the root, else `/<code lowercased>`;
    name: the language's own name for itself, as the language menu shows it;
    direction: `rtl` for a language written right to left (the pages' `dir` attribute)."""

    code: str
    catalog: str
    name: str
    direction: Literal["ltr", "rtl"] = "ltr"

    @property
    def prefix(self) -> str:
        return "" if self.code == SOURCE else "/" + self.code.lower()


SOURCE = "en"

LANGUAGES: tuple[Language, ...] = (
    Language("en", "en", "English"),
    Language("es", "es", "Español"),
    Language("fr", "fr", "Français"),
    Language("de", "de", "Deutsch"),
    Language("pt-BR", "pt_BR", "Português (Brasil)"),
    Language("ru", "ru", "Русский"),
    Language("ar", "ar", "العربية", "rtl"),
)

BY_CODE: dict[str, Language] = {language.code.lower(): language for language in LANGUAGES}

# The pseudo-locale (docs/languages.md, "The pseudo-locale"): a language only a test build writes
# (PUZZLEBOOK_PSEUDO_LOCALE=1, service/settings.py), every message made from the English by
# puzzlebook/pseudo.py, so a page that shows a word not taken from the catalogs shows it plainly.
# Never in LANGUAGES: not in the language menu, the sitemap, the hreflang links or the budgets.
# `en-XA` is the tag Android and Chromium give their own accented pseudo-locale (XA: a region code
# ISO 3166 leaves to private use); its catalog is made from the templates, and Babel's and Intl's
# English write its dates, numbers and plurals.
PSEUDO = Language("en-XA", "en", "Pseudo-English")


def spoken(pseudo: bool = False, only: tuple[str, ...] | None = None) -> tuple[Language, ...]:
    """The languages a build writes and the API speaks: LANGUAGES (those whose codes are `only`,
    when given: a build measuring what each language adds), and the pseudo-locale when a test
    build asks for it.

    >>> [language.code for language in spoken(True)][-2:], PSEUDO in spoken()
    (['ar', 'en-XA'], False)
    >>> [language.code for language in spoken(only=("en", "de"))]
    ['en', 'de']
    """
    chosen = LANGUAGES if only is None else tuple(lang for lang in LANGUAGES if lang.code in only)
    return (*chosen, PSEUDO) if pseudo else chosen


def language_of(code: str | None, among: tuple[Language, ...] = LANGUAGES) -> Language | None:
    """The site's language for a tag exactly or by its primary subtag, None if it has none.

    >>> [language_of(tag).code for tag in ("es", "ES-mx", "pt", "pt-PT", "pt-br", "ar-EG")]
    ['es', 'es', 'pt-BR', 'pt-BR', 'pt-BR', 'ar']
    >>> language_of("ja") is None, language_of("") is None, language_of(None) is None
    (True, True, True)
    >>> language_of("en-XA").code, language_of("en-xa", spoken(True)).code
    ('en', 'en-XA')
    """
    if not code:
        return None
    tag = code.strip().lower().replace("_", "-")
    codes = {language.code.lower(): language for language in among}
    if tag in codes:
        return codes[tag]
    primary = tag.split("-", 1)[0]
    # A region the site lacks falls back to the language's one version (pt-PT reads pt-BR).
    return next((language for key, language in codes.items() if key.split("-", 1)[0] == primary), None)


def parse_accept_language(header: str | None) -> list[str]:
    """The tags of an Accept-Language header, most wanted first (q=0 dropped, ties in the header's
    order); a malformed part is skipped, never an error.

    >>> parse_accept_language("fr-CH, fr;q=0.9, en;q=0.8, de;q=0.7, *;q=0.5")
    ['fr-CH', 'fr', 'en', 'de', '*']
    >>> parse_accept_language("de;q=0, es;q=oops, ru;q=0.2, ar")
    ['ar', 'ru']
    >>> parse_accept_language(None), parse_accept_language("")
    ([], [])
    """
    ranked: list[tuple[float, int, str]] = []
    for index, part in enumerate((header or "").split(",")):
        tag, _, params = part.strip().partition(";")
        tag = tag.strip()
        if not tag:
            continue
        quality = 1.0
        for param in params.split(";"):
            name, _, value = param.strip().partition("=")
            if name.strip().lower() == "q":
                try:
                    quality = float(value)
                except ValueError:
                    quality = -1.0
        if 0 < quality <= 1:
            ranked.append((-quality, index, tag))
    return [tag for _, _, tag in sorted(ranked)]


def negotiate(wanted: list[str] | str | None, chosen: str | None = None,
              among: tuple[Language, ...] = LANGUAGES) -> Language:
    """The language to speak: the one the player chose (a cookie, a signed-in player's setting)
    when the site has it, else the first of the browser's languages the site has (of `among`),
    else English.

    >>> negotiate("ja, pt;q=0.8, en;q=0.5").code
    'pt-BR'
    >>> negotiate(["de-AT", "fr"], chosen="ar").code, negotiate("zz", chosen="klingon").code
    ('ar', 'en')
    """
    if chosen_language := language_of(chosen, among):
        return chosen_language
    tags = parse_accept_language(wanted) if isinstance(wanted, str) or wanted is None else wanted
    for tag in tags:
        if found := language_of(tag, among):
            return found
    return BY_CODE[SOURCE]


def strip_prefix(path: str, among: tuple[Language, ...] = LANGUAGES) -> tuple[Language, str]:
    """A page's language from its path (of `among`), and the path as English has it at the root.

    >>> [(lang.code, rest) for lang, rest in map(strip_prefix, ("/es/chess/", "/pt-br", "/storm/", "/"))]
    [('es', '/chess/'), ('pt-BR', '/'), ('en', '/storm/'), ('en', '/')]
    >>> strip_prefix("/en-xa/chain/", spoken(True))[0].code
    'en-XA'
    """
    for language in among:
        prefix = language.prefix
        if prefix and (path == prefix or path.startswith(prefix + "/")):
            return language, path[len(prefix):] or "/"
    return BY_CODE[SOURCE], path


COOKIE = "pb_lang"  # the language a player chose from the language menu (lib/language.js sets it)


def cookie_value(header: str | None, name: str = COOKIE) -> str | None:
    """The value of cookie `name` in a Cookie header, None without one.

    >>> cookie_value("a=1; pb_lang=ar; b=2"), cookie_value("pb_language=x"), cookie_value(None)
    ('ar', None, None)
    """
    for part in (header or "").split(";"):
        key, sep, value = part.strip().partition("=")
        if sep and key == name:
            return value.strip()
    return None


def root_redirect(accept_language: str | None, cookie: str | None) -> str | None:
    """Where the site's root (`/`) sends a visitor: their language's home (`/es/`) when it isn't
    English, None to serve English's root. The choice in the cookie first, else the browser's
    languages (`negotiate`). The local server and the CDN's root function apply this one rule
    (tests/vectors/languages.json; docs/languages.md, "Choosing a language").

    >>> root_redirect("es-MX,es;q=0.9", None), root_redirect("es", "pb_lang=en"), root_redirect(None, None)
    ('/es/', None, None)
    """
    language = negotiate(accept_language, chosen=cookie_value(cookie))
    return language.prefix + "/" if language.prefix else None
