"""What the pseudo-locale's checks call a word not taken from the catalogs (docs/languages.md, "The
pseudo-locale"): one rule for the static pages (tests/test_pseudo_locale_pages.py, html.parser over
dist/en-xa/) and the pages in the browser (tests/browser/test_pseudo_locale.py).

Every word of a catalog is written in the pseudo-locale with no plain ASCII letter in it
(puzzlebook/pseudo.py). So a text shown in the pseudo-locale holds an English word that came from
somewhere else when, once the proper names and the allowlist's phrases are taken out, it has a run of
two or more ASCII letters that is not:

- in a token with a digit (numbers, times, chess moves and squares, `1400–1700`, codes, dates
  written YYYY-MM-DD), or castling (`O-O`, `O-O-O`);
- an address (`https://…`, `/chain/`);
- a word of a date as Intl or Babel write it in English, which the pseudo-locale's dates are (months,
  weekdays, `AM`/`PM`), or of a list (`and`: lib/i18n.js `list` joins a list with Intl.ListFormat,
  which writes the pseudo-locale's in English).

What is not the site's words is not looked at: an element with its own `lang` other than the
page's (the language menu's names), `translate="no"` (the standard's mark for what is not to be
translated: a player's or a teacher's own words, code), `<code>`, `<pre>`, `<samp>`, `<script>`,
`<style>`. A test passes the player's and teacher's own words it made (`allowed`).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from html.parser import HTMLParser
from pathlib import Path

from puzzlebook.languages import PSEUDO
from puzzlebook.pseudo import CLOSE, OPEN

# Names that stay names in every language (docs/languages.md, "Marking a string").
PROPER_NAMES = (
    "Puzzle Book", "Chain", "Storm", "Streak", "Lichess", "Stockfish", "Puzzle Racer",
    # The works the about and review pages credit, and their makers and licence, as named there.
    "Wikimedia Commons", "Cburnett", "CC BY-SA", "cm-chessboard", "chess.js", "ts-fsrs", "fsrs", "FSRS",
)

# Phrases a page shows as they are, each with why. Keep it short: a phrase here is never checked.
# A part of a page that stays English by decision (the lesson format guide's text: issue 44, §4)
# says so with `lang="en"` on its element, which the check skips, rather than a phrase here.
ALLOWED: dict[str, str] = {
    "Stockfish.js": "the engine's own name, as its makers write it (the home's analysis credit)",
    "WebAssembly": "the name of the engine's build format, a proper name",
}

_WORD = re.compile(r"[A-Za-z]{2,}")
_CASTLING = re.compile(r"^[O0]-[O0](?:-[O0])?[+#]?$")
_ADDRESS = re.compile(r"^(?:https?://|/)\S*$")
_EDGES = "\"'“”‘’«»()[]{},.;:!?…·—–-"
def _intl_words() -> frozenset[str]:
    """English's month and weekday names, whole and short, its day periods and its list's conjunction,
    as CLDR (Babel here, Intl in the browser) writes the pseudo-locale's dates and lists."""
    from babel import Locale

    english = Locale.parse("en")
    words = {str(english.periods[period]) for period in ("am", "pm")}
    words.update(str(pattern) for pattern in english.list_patterns["standard"].values())
    for table in (english.months, english.days):
        for context in table.values():
            for width in ("wide", "abbreviated"):
                words.update(str(name) for name in context.get(width, {}).values())
    return frozenset(word for name in words for word in _WORD.findall(name))


_INTL_WORDS = _intl_words()
# Not the site's words: never looked at.
SKIPPED_TAGS = frozenset({"script", "style", "code", "pre", "samp", "template"})
CHECKED_ATTRIBUTES = ("aria-label", "title", "placeholder", "alt", "aria-description",
                      "aria-roledescription", "aria-valuetext")


def english(text: str, allowed: Iterable[str] = ()) -> list[str]:
    """The English words in `text` that no catalog gave (none: the text is the pseudo-locale's).

    >>> english("⟦Ŝöļṽéð⟧ 3:12, Nf3+ O-O · Puzzle Book, Sunday 6 December")
    []
    >>> english("⟦Ŵîîţĥ ÷3, ×5, and +2⟧")  # a list as Intl joins it
    []
    >>> english("⟦Ŝöļṽéð îñ⟧ Loading… Couldn’t go")
    ['Loading', 'Couldn', 'go']
    >>> english("Your class Ωμέγα", allowed=["Your class"])
    []
    """
    rest = text
    for phrase in (*PROPER_NAMES, *ALLOWED, *allowed):
        if phrase:
            rest = re.sub(rf"(?<![A-Za-z]){re.escape(phrase)}(?![A-Za-z])", " ", rest)
    found: list[str] = []
    for token in rest.replace(OPEN, " ").replace(CLOSE, " ").split():
        bare = token.strip(_EDGES)
        if any(ch.isdigit() for ch in token) or _CASTLING.match(bare) or _ADDRESS.match(bare):
            continue
        found += [word for word in _WORD.findall(bare) if word not in _INTL_WORDS]
    return found


def pseudo_pages(dist: Path) -> list[str]:
    """Every page the build wrote in the pseudo-locale, by its address (`/en-xa/chain/`)."""
    folder = dist / PSEUDO.prefix.strip("/")
    urls = []
    for html in sorted(folder.rglob("*.html")):
        rel = html.relative_to(dist).as_posix()
        urls.append("/" + rel.removesuffix("index.html"))
    return urls


class _Page(HTMLParser):
    """A page's words as html.parser reads them: (kind, text) for each text and checked attribute
    outside what is not the site's words."""

    VOID = frozenset({"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta",
                      "source", "track", "wbr"})

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.page_lang = ""
        self.stack: list[tuple[str, bool]] = []  # (tag, whether its content is skipped)
        self.found: list[tuple[str, str]] = []

    def _skipped(self) -> bool:
        return bool(self.stack) and self.stack[-1][1]

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = {name: value or "" for name, value in attrs}
        if tag == "html":
            self.page_lang = values.get("lang", "")
        skipped = (self._skipped() or tag in SKIPPED_TAGS or values.get("translate") == "no"
                   or (tag != "html" and "lang" in values and values["lang"] != self.page_lang))
        if not skipped:
            for name in CHECKED_ATTRIBUTES:
                if values.get(name, "").strip():
                    self.found.append((name, values[name]))
            if tag == "meta" and values.get("name") == "description":
                self.found.append(("description", values.get("content", "")))
            if tag == "input" and values.get("type") in ("submit", "button", "reset") and values.get("value"):
                self.found.append(("value", values["value"]))
        if tag not in self.VOID:
            self.stack.append((tag, skipped))

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.handle_starttag(tag, attrs)
        if tag not in self.VOID:
            self.stack.pop()

    def handle_endtag(self, tag: str) -> None:
        # An element closed by its parent's end (a <p>, an <li>) is popped with it.
        for i in range(len(self.stack) - 1, -1, -1):
            if self.stack[i][0] == tag:
                del self.stack[i:]
                return

    def handle_data(self, data: str) -> None:
        if data.strip() and not self._skipped():
            self.found.append(("text", " ".join(data.split())))


def static_words(html: str) -> list[tuple[str, str]]:
    """Every text and checked attribute of a page's HTML, as (kind, text)."""
    page = _Page()
    page.feed(html)
    page.close()
    return page.found


def unmarked(words: Iterable[tuple[str, str]], allowed: Iterable[str] = ()) -> list[str]:
    """The words no catalog gave, each as `kind: "text"` in the shape of its message (a square as
    `{square}`, a number as `{n}`: "{square}, empty" once, not 64 times), once each, in the order met.

    >>> unmarked([("aria-label", "e4, empty"), ("aria-label", "f5, empty"), ("text", "⟦Ĥî⟧")])
    ['aria-label: "{square}, empty"']
    """
    kept = list(allowed)
    seen: dict[str, None] = {}
    for kind, text in words:
        if english(text, kept):
            shape = _NUMBER.sub("{n}", _SQUARE.sub("{square}", text))
            seen.setdefault(f'{kind}: "{shape}"')
    return list(seen)


_SQUARE = re.compile(r"(?<![A-Za-z])[a-h][1-8](?![0-9])")
_NUMBER = re.compile(r"(?<![A-Za-z{])\d+(?:[,.:]\d+)*")


def report(found: dict[str, list[str]]) -> str:
    """The failure's list: each page (or page in a state) and its words no catalog gave; a word met
    on three or more of them is listed once, after, with where it was met."""
    where_met: dict[str, list[str]] = {}
    for where, words in found.items():
        for word in words:
            where_met.setdefault(word, []).append(where)
    shared = {word for word, places in where_met.items() if len(places) >= 3}
    lines = [f"{len(where_met)} words on {len(found)} pages of the pseudo-locale were not taken from a "
             "catalog (docs/languages.md, \"The pseudo-locale\"):"]
    for where, words in found.items():
        own = [word for word in words if word not in shared]
        if own:
            lines.append(f"{where}:")
            lines += [f"    {word}" for word in own]
    if shared:
        lines.append("on several pages:")
        for word in sorted(shared, key=lambda w: (-len(where_met[w]), list(where_met).index(w))):
            places = where_met[word]
            lines.append(f"    {word}  ({len(places)}: {', '.join(places)})")
    return "\n".join(lines)
