"""Every page in every language, as first opened, at 320, 390 and 1280 px, light and dark: it is in
its language (`lang`, `dir`), it doesn't scroll sideways, axe finds nothing, and it shows no English
that its language's catalogs don't give (tests/language_check.py).

The pages are the walk's (tests/browser/test_no_sideways_scroll.py's VIEWS, which a test there holds
to every page the build writes); the walk opens each in its states in English. A test a page: the
page in English first, whose words the other languages' are read beside.
"""

from __future__ import annotations

import urllib.parse
from typing import Any

import pytest

from puzzlebook.languages import LANGUAGES, SOURCE
from tests.browser.page_checks import OVERFLOW, SCHEMES, SETTLED, WORDS
from tests.browser.test_no_sideways_scroll import VIEWS
from tests.language_check import catalog_texts, english_left

pytestmark = pytest.mark.browser

WIDTHS = [320, 390, 1280]
PATHS = list(dict.fromkeys(urllib.parse.urlsplit(view.path).path for view in VIEWS))


def _axe_lines(violations: list[dict[str, Any]]) -> list[str]:
    return [f"axe {v['id']} ({v['impact']}): {v['help']}: " + "; ".join(v["nodes"][:3]) for v in violations]


@pytest.mark.parametrize("path", PATHS)
def test_a_page_in_every_language_at_every_width_and_scheme(make_page: Any, axe: Any, path: str) -> None:
    page = make_page(viewport={"width": WIDTHS[0], "height": 800})
    found: dict[str, list[str]] = {}
    english: list[tuple[str, str]] = []
    assert LANGUAGES[0].code == SOURCE  # English first: the others are read beside its words
    for language in LANGUAGES:
        url = language.prefix + path
        problems: list[str] = []
        words: list[tuple[str, str]] = []
        # Opened in each scheme, not switched: a switch starts colour transitions, and Chromium leaves
        # some of them on what it doesn't paint unstarted, so axe would read colours between two.
        for scheme in SCHEMES:
            page.set_viewport_size({"width": WIDTHS[0], "height": 800})
            page.emulate_media(color_scheme=scheme)
            page.goto(url)
            page.wait_for_load_state("load")
            page.evaluate(SETTLED)
            lang, direction = page.evaluate("[document.documentElement.lang, document.documentElement.dir]")
            if (lang, direction or "ltr") != (language.code, language.direction):
                problems.append(f"lang={lang!r} dir={direction!r}, not {language.code!r} "
                                f"{language.direction!r}")
            for width in WIDTHS:
                page.set_viewport_size({"width": width, "height": 800})
                wide = page.evaluate(OVERFLOW)
                if wide["scroll"] > wide["width"]:
                    problems.append(f"{width} px, {scheme}: {wide['scroll']} px wide; sticking out: "
                                    + ", ".join(wide["out"]))
                problems += [f"{width} px, {scheme}: {line}" for line in _axe_lines(axe(page))]
                if scheme == SCHEMES[0]:  # the words are the scheme's same
                    words += [(kind, text) for kind, text in page.evaluate(WORDS)]
        if language.code == SOURCE:
            english = words
        else:
            # Players' names on the boards (any test's on this worker) are translate="no", never read.
            left = english_left(words, english, catalog_texts(language.catalog))
            problems += [f"English: {text}" for text in left]
        if problems:
            found[url] = sorted(set(problems), key=problems.index)
    assert not found, "\n".join(f"{url}:\n    " + "\n    ".join(lines) for url, lines in found.items())
