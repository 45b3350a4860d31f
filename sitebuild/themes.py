"""What the site shows of the puzzle themes: the /themes/ page's groups (from the catalogue,
puzzlebook/chess/themes.py, and the counts of the published theme index) and the browser's copy
of the names, js/chess/theme_names.js, made at build time (docs/site.md, "Themes and your
difficulty")."""

from __future__ import annotations

import gettext
import json
from typing import Any

from puzzlebook.chess import themes

# A theme goes on the page once it has this many live puzzles (fewer would repeat too soon).
MIN_PUZZLES = 20

JS_PATH = "js/chess/theme_names.js"


def page_groups(index: dict[str, Any] | None,
                chess: gettext.NullTranslations | None = None) -> list[dict[str, Any]]:
    """The page's groups in order, each with its themes of MIN_PUZZLES or more puzzles:
    {key, name, themes: [{key, name, description, count}]}; groups left empty are left out. Names
    and descriptions in the language of `chess`, the `chess` catalog's translations (English's
    without)."""
    say = (chess or gettext.NullTranslations()).pgettext
    counts = ((index or {}).get("themes") or {}).get("counts", {})
    groups = []
    for group in themes.GROUPS:
        shown = []
        for entry in themes.in_group(group.key):
            count = sum(counts.get(entry.key, {}).values())
            if count >= MIN_PUZZLES:
                shown.append({"key": entry.key, "name": say(f"theme:{entry.key}", entry.name),
                              "description": say(f"theme-description:{entry.key}", entry.description),
                              "count": count})
        if shown:
            groups.append({"key": group.key, "name": say(f"theme-group:{group.key}", group.name),
                           "themes": shown})
    return groups


def render_js(translated: dict[str, str] | None = None) -> bytes:
    """js/chess/theme_names.js: every theme's name, for the play view's heading and Next link;
    a language's copy has `translated`'s names (by key: the `chess` catalog's) in place of English's."""
    names = {key: (translated or {}).get(key, entry.name) for key, entry in themes.THEMES.items()}
    text = json.dumps(names, ensure_ascii=False, indent=0, sort_keys=True)
    return (
        "// The puzzle themes' names, made by sitebuild/themes.py from puzzlebook/chess/themes.py.\n"
        f"export const THEME_NAMES = Object.freeze({text})\n"
    ).encode()
