"""The site's small machine-read files: sitemap.xml, robots.txt and the web
app manifest. (The service worker is a template: site/templates/sw.js.)"""

from __future__ import annotations

import json
from xml.sax.saxutils import escape

THEME_LIGHT = "#f6f1e7"


def sitemap(site_url: str, urls: list[str]) -> str:
    """A sitemap listing `urls` (paths on the site) under `site_url`."""
    base = site_url.rstrip("/")
    items = "".join(f"  <url><loc>{escape(base + url)}</loc></url>\n" for url in urls)
    return (
        '<?xml version="1.0" encoding="UTF-8"?>\n'
        '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n'
        f"{items}</urlset>\n"
    )


def robots(site_url: str) -> str:
    """robots.txt: everything may be crawled but /api/; where the sitemap is."""
    return f"User-agent: *\nDisallow: /api/\n\nSitemap: {site_url.rstrip('/')}/sitemap.xml\n"


def manifest(icon_urls: dict[str, str]) -> str:
    """The web app manifest, given the icons' URLs by size ("any" for the SVG)."""
    icons = []
    for size, url in icon_urls.items():
        kind = "image/svg+xml" if url.endswith(".svg") else "image/png"
        icons.append({"src": url, "sizes": size, "type": kind, "purpose": "any"})
    if "512x512" in icon_urls:
        big = icon_urls["512x512"]
        icons.append({"src": big, "sizes": "512x512", "type": "image/png", "purpose": "maskable"})
    data = {
        "name": "Puzzle Book",
        "short_name": "Puzzle Book",
        "description": "A chess puzzle a day, Endless in five bands, and Chain, a daily sum.",
        "start_url": "/",
        "scope": "/",
        "display": "standalone",
        "background_color": THEME_LIGHT,
        "theme_color": THEME_LIGHT,
        "icons": icons,
    }
    return json.dumps(data, indent=2, ensure_ascii=False) + "\n"
