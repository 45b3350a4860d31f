"""What the every-language check calls English left on a page in another language
(tests/browser/test_every_language.py; docs/languages.md, "Tested").

The pseudo-locale proves every word of every page comes from a catalog, and `python -m ops.messages`
that every catalog is translated whole. What is left to go wrong is a language's own: a catalog not
loaded, a bundle or template falling back to its English source, a text no catalog of that
language holds. So a page opened in a language is read beside the same page in English: a text
it shows that English's page shows too, word for word, is English left over, unless

- it has no English word in it (`tests/pseudo_check.english`: numbers, moves, squares, addresses,
  the proper names, the date words);
- its language's catalogs give that very text (`catalog_texts`): a translator's choice that the word
  is the same there (Zugzwang; French's "Classes"), or a word both languages have (French's "Main",
  the hand), not a miss.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from functools import cache

from ops.messages import DOMAINS, LOCALE, catalog_path, read_catalog
from tests.pseudo_check import english

_TAG = re.compile(r"<[^>]+>")
_WORD = re.compile(r"[A-Za-z]{2,}")
_PARTS = re.compile(r"\s*·\s*")  # a title's parts, a list's items: each a message of its own
_SLOT = re.compile(r"(\{\w+\}|%\(\w+\)[sd])")  # a group: split() keeps the slots


@cache
def catalog_texts(catalog: str) -> re.Pattern[str]:
    """Every text a language's catalogs (`locale/<catalog>/`) give, as a pattern a shown text matches
    whole: each form of each translation, a slot (`{n}`, `%(start)s`) standing for any text, and
    markup's pieces each on its own (the page shows "Combo" and the count in two texts).

    A text the language's catalog gives is its word, even where English has the same one: a message
    translated as the English (Zugzwang, Storm), or a word both languages have for different things
    (French's "Main", the hand).

    >>> texts = catalog_texts("de")
    >>> [bool(texts.fullmatch(text)) for text in ("Zugzwang", "Fesselung", "Start: 1400", "Combo", "Pin")]
    [True, True, True, True, False]
    """
    texts: set[str] = set()
    for domain in DOMAINS:
        for message in read_catalog(catalog_path(LOCALE, catalog, domain.name)):
            translations = message.string if isinstance(message.string, tuple) else (message.string,)
            for text in translations:
                if message.id and text:
                    texts.update(piece.strip() for piece in _TAG.split(text) if piece.strip())
    # A message of slots and marks alone ("{first}; {rest}") holds no word: it would pass any text.
    patterns = ("".join(".+" if _SLOT.fullmatch(part) else re.escape(part) for part in _SLOT.split(text))
                for text in sorted(texts) if _WORD.search(_SLOT.sub(" ", text)))
    return re.compile("|".join(f"(?:{pattern})" for pattern in patterns) or "(?!)")


def english_left(shown: Iterable[tuple[str, str]], in_english: Iterable[tuple[str, str]],
                 given: re.Pattern[str] = re.compile("(?!)")) -> list[str]:
    """The texts of `shown` (a page in a language, as (kind, text)) left in English: English's same page
    shows the same text (`in_english`), and one of its parts between `·` marks has an English word that
    the language's catalogs don't give as that part (`given`, from `catalog_texts`). Each once, as
    `kind: "text"`, in the order met.

    >>> en = [("text", "Play"), ("text", "Chain"), ("aria-label", "Menu"), ("text", "1400–1700"),
    ...       ("title", "Classes · Puzzle Book")]
    >>> english_left([("text", "Jugar"), ("text", "Chain"), ("text", "1400–1700")], en)
    []
    >>> english_left([("text", "Jugar"), ("aria-label", "Menu"), ("text", "Menu")], en)
    ['aria-label: "Menu"', 'text: "Menu"']
    >>> french = re.compile("Menu|Classes")
    >>> english_left([("text", "Menu"), ("title", "Classes · Puzzle Book")], en, french)
    []
    """
    on_english = {text for _, text in in_english}
    seen: dict[str, None] = {}
    for kind, text in shown:
        parts = _PARTS.split(text)
        if text in on_english and any(english(part) and not given.fullmatch(part) for part in parts):
            seen.setdefault(f'{kind}: "{text}"')
    return list(seen)
