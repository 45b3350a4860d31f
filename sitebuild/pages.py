"""Rendering the site's pages with Jinja2.

Every `*.html` template under site/templates is a page, except base.html and
anything whose name (or a folder in its path) starts with `_` (layouts,
partials, macros). Where a page lands:

    index.html           -> /             (dist/index.html)
    404.html             -> /404.html
    offline.html         -> /offline.html  (the service worker's answer for a page not kept)
    about.html           -> /about/       (dist/about/index.html)
    <key>/index.html     -> /<key>/
    lessons/format.html  -> /lessons/format/

A page leaves the sitemap with `{% set sitemap = false %}` at its top level.

Every page is written once per language of puzzlebook/languages.py: English's where the table
says, each other language's under its prefix (`/es/about/`, dist/es/about/index.html), with its
links to the site's pages rewritten to its own (`localise`; docs/languages.md).
"""

from __future__ import annotations

import gettext
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import jinja2

from puzzlebook.languages import Language

LAYOUTS = {"base.html"}
SPECIAL = {"404.html", "offline.html"}  # as they are: what the server and the service worker answer with
SPECIAL_URLS = tuple(sorted("/" + name for name in SPECIAL))


class PageError(ValueError):
    """A page could not be rendered; the message names its template."""


@dataclass(frozen=True)
class Page:
    template: str  # name under site/templates
    output: str  # path under dist/
    url: str  # path on the site


def page_for(template: str) -> Page | None:
    """Where the template `template` is published, or None when it isn't a page."""
    parts = template.split("/")
    if not template.endswith(".html") or template in LAYOUTS or any(p.startswith("_") for p in parts):
        return None
    if template in SPECIAL:
        return Page(template, template, "/" + template)
    stem = template[: -len(".html")]
    folder = stem[: -len("index")] if parts[-1] == "index.html" else stem + "/"
    return Page(template, folder + "index.html", "/" + folder)


class Speaking:
    """The language the pages are being rendered in, for the environment's gettext: its calls
    read the translations installed now, so a macro module Jinja2 made and cached while another
    language was rendered speaks this one (`environment`; the builder calls `use` per language)."""

    def __init__(self) -> None:
        self.translations: gettext.NullTranslations = gettext.NullTranslations()

    def use(self, translations: gettext.NullTranslations) -> None:
        self.translations = translations


def environment(templates: Path, globals_: dict[str, Any],
                speaking: Speaking | None = None) -> jinja2.Environment:
    """The Jinja2 environment: autoescaped HTML/XML, undefined names are errors, gettext through
    `speaking` (Jinja2's i18n extension, new style: `_("…")`, `{% trans %}`)."""
    env = jinja2.Environment(
        loader=jinja2.FileSystemLoader(str(templates)),
        extensions=["jinja2.ext.i18n"],
        autoescape=jinja2.select_autoescape(["html", "xml"]),
        undefined=jinja2.StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
    )
    # A mapping's values in the page's language, keys as they are (data a script reads, as Chain's levels).
    env.filters["translated"] = jinja2.pass_context(lambda context, mapping: {
        key: context.call(context.resolve("gettext"), value) for key, value in mapping.items()})
    speaking = speaking or Speaking()
    env.install_gettext_callables(  # type: ignore[attr-defined]  (the i18n extension's)
        lambda text: speaking.translations.gettext(text),
        lambda one, other, n: speaking.translations.ngettext(one, other, n),
        newstyle=True)
    env.policies["ext.i18n.trimmed"] = True  # as babel.cfg extracts them: a {% trans %} block's spaces folded
    env.globals.update(globals_)
    return env


def discover(templates: Path) -> list[Page]:
    """Every page under `templates`, in a stable order."""
    pages = []
    for path in sorted(templates.rglob("*.html")):
        page = page_for(path.relative_to(templates).as_posix())
        if page:
            pages.append(page)
    return pages


def in_sitemap(env: jinja2.Environment, page: Page) -> bool:
    """False for 404.html, offline.html and for pages that set `sitemap = false`."""
    if page.template in SPECIAL:
        return False
    try:
        module = env.get_template(page.template).make_module({"page": page})
    except (jinja2.TemplateError, KeyError, ValueError, TypeError) as exc:
        raise PageError(f"site/templates/{page.template}: {exc}") from exc
    return bool(getattr(module, "sitemap", True))


def render(env: jinja2.Environment, page: Page) -> str:
    """The page's HTML. Raises PageError naming the template (and the line, when Jinja2 knows it)."""
    try:
        return env.get_template(page.template).render(page=page)
    except jinja2.TemplateSyntaxError as exc:
        where = f"site/templates/{exc.name or page.template}, line {exc.lineno}"
        raise PageError(f"{where}: {exc.message}") from exc
    except (jinja2.TemplateError, KeyError, ValueError, TypeError) as exc:
        message = exc.args[0] if isinstance(exc, KeyError) and exc.args else exc
        raise PageError(f"site/templates/{page.template}: {message}") from exc


def output_of(page: Page, language: Language) -> str:
    """Where the page in `language` is written under dist/: English's path, under the language's prefix."""
    return language.prefix.lstrip("/") + "/" + page.output if language.prefix else page.output


_LINK = re.compile(r"<(?:a|form|area)\b[^>]*>")
_TARGET = re.compile(r'\b(href|action)="(/[^"]*)"')


def localise(html: str, language: Language, page_urls: set[str]) -> str:
    """The page's HTML with every link to one of the site's pages (`page_urls`: their English
    paths) pointing to that page in `language`: `href="/chain/#/2026-10-19"` is `/es/chain/#/…`.
    Links to anything else (static files, the API, the schema) stay, and so does a link that names
    its own language (`lang`) or is the language menu's (`?chosen`).

    >>> from puzzlebook.languages import BY_CODE
    >>> localise('<a href="/chain/#/x">C</a> <a href="/static/a.css">s</a> <a href="/" lang="en">E</a>',
    ...          BY_CODE["es"], {"/", "/chain/"})
    '<a href="/es/chain/#/x">C</a> <a href="/static/a.css">s</a> <a href="/" lang="en">E</a>'
    """
    if not language.prefix:
        return html

    def target(match: re.Match[str]) -> str:
        path = re.split(r"[?#]", match.group(2), maxsplit=1)[0]
        if path not in page_urls:
            return match.group()
        return f'{match.group(1)}="{language.prefix}{match.group(2)}"'

    def tag(match: re.Match[str]) -> str:
        text = match.group()
        return text if " lang=" in text or "?chosen" in text else _TARGET.sub(target, text)

    return _LINK.sub(tag, html)


_KEPT_AS_WRITTEN = re.compile(r"(<(pre|textarea|script|code)\b.*?</\2>)", re.S)


def tidy(html: str) -> str:
    """The page without its lines' indentation, outside <pre>, <textarea>, <script> and <code>: a
    line break and the spaces after it show as one space, so the page looks the same, and every
    page is some 2% smaller sent (the room the language menu and the alternates take: a daily's
    budget, docs/languages.md).

    >>> tidy("<ul>\\n  <li>a</li>\\n</ul>\\n<pre>\\n  kept</pre>")
    '<ul>\\n<li>a</li>\\n</ul>\\n<pre>\\n  kept</pre>'
    """
    parts = _KEPT_AS_WRITTEN.split(html)
    # split() gives text, then each match's two groups (the block, its tag's name), then text.
    return "".join(re.sub(r"\n[ \t]+", "\n", part) if i % 3 == 0 else part if i % 3 == 1 else ""
                   for i, part in enumerate(parts))
