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
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

import jinja2

LAYOUTS = {"base.html"}
SPECIAL = {"404.html", "offline.html"}  # as they are: what the server and the service worker answer with


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


def environment(templates: Path, globals_: dict[str, Any]) -> jinja2.Environment:
    """The Jinja2 environment: autoescaped HTML/XML, undefined names are errors."""
    env = jinja2.Environment(
        loader=jinja2.FileSystemLoader(str(templates)),
        autoescape=jinja2.select_autoescape(["html", "xml"]),
        undefined=jinja2.StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
    )
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
