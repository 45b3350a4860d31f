"""The chess glossaries (docs/glossary/<code>.md) and the `chess` catalog say one word (issue 44): each
glossary lists every puzzle theme the site shows, with the catalog's name and description in its
language, and the common words every language needs (docs/languages.md, "Chess terms")."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from ops.messages import read_catalog
from puzzlebook.chess.themes import GROUPS, THEMES
from puzzlebook.languages import LANGUAGES, SOURCE, Language

ROOT = Path(__file__).resolve().parent.parent
TRANSLATED = [language for language in LANGUAGES if language.code != SOURCE]
COMMON = ("check", "checkmate, mate", "stalemate", "castling", "en passant", "promotion", "blunder",
          "mistake", "rating", "puzzle", "streak")
THEME_ROW = re.compile(r"^\| `([A-Za-z0-9]+)` \| ([^|]+) \| ([^|]+) \| (Lichess|ours) \| ([^|]+) \|$", re.M)


def rows(text: str) -> dict[str, tuple[str, str, str, str]]:
    return {key: (english, name, source, description) for key, english, name, source, description
            in THEME_ROW.findall(text)}


@pytest.mark.parametrize("language", TRANSLATED, ids=[language.code for language in TRANSLATED])
def test_each_glossary_lists_every_theme_as_the_catalog_names_it(language: Language) -> None:
    text = (ROOT / "docs" / "glossary" / f"{language.code}.md").read_text(encoding="utf-8")
    catalog = read_catalog(ROOT / "locale" / language.catalog / "LC_MESSAGES" / "chess.po", language.catalog)
    said = {message.context: message.string for message in catalog if message.id}
    listed = rows(text)
    assert set(listed) == set(THEMES)
    for key, (english, name, _, description) in listed.items():
        assert english.strip() == THEMES[key].name, key
        assert name.strip() == said[f"theme:{key}"], key
        assert description.strip() == said[f"theme-description:{key}"], key
    for group in GROUPS:
        assert f"### {said[f'theme-group:{group.key}']} ({group.name})" in text


@pytest.mark.parametrize("language", TRANSLATED, ids=[language.code for language in TRANSLATED])
def test_each_glossary_has_the_common_words(language: Language) -> None:
    text = (ROOT / "docs" / "glossary" / f"{language.code}.md").read_text(encoding="utf-8")
    common = text.split("## Common words", 1)[1].split("## Puzzle themes", 1)[0]
    english = {line.split("|")[1].strip() for line in common.splitlines() if line.startswith("| ")}
    assert set(COMMON) <= english
