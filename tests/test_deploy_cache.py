"""ops/cache.py: each file of dist/ gets the Cache-Control and Content-Type
a browser and a CDN should see."""

from __future__ import annotations

import pytest

from ops.cache import cache_control, cache_rule, content_type, is_immutable

YEAR = "public, max-age=31536000, immutable"
FEW_MINUTES = "public, max-age=300"
PAGE = "public, max-age=0, s-maxage=300, must-revalidate"


@pytest.mark.parametrize(
    ("path", "expected"),
    [
        # content-hashed: a year, never revalidated
        ("static/878c00ef25/js/vendor/chess.js", YEAR),
        ("static/878c00ef25/css/site.css", YEAR),
        ("shards/Easy/0.4026ce204239.json", YEAR),
        ("shards/v3/Hard/12.json", YEAR),
        # the same folders without a hash or version: not a year (a player would be stuck on it)
        ("static/js/app.js", PAGE),
        ("shards/Easy/0.json", PAGE),
        # dailies and indexes: a few minutes
        ("daily/chess/2026-11-30.json", FEW_MINUTES),
        ("daily/chain/2026-11-30.json", FEW_MINUTES),
        ("daily/index.json", FEW_MINUTES),
        ("shards/index.json", FEW_MINUTES),
        # the service worker: always revalidated, so an update reaches players at once
        ("sw.js", "no-cache"),
        # pages and the rest: revalidated by the browser, a few minutes at the CDN
        ("index.html", PAGE),
        ("about/index.html", PAGE),
        ("404.html", PAGE),
        ("manifest.webmanifest", PAGE),
        ("sitemap.xml", PAGE),
        ("robots.txt", PAGE),
        ("schema/lesson.json", PAGE),
    ],
)
def test_cache_control_by_path(path: str, expected: str) -> None:
    assert cache_control(path) == expected
    assert cache_control("/" + path) == expected  # a URL path says the same


def test_a_folder_url_is_its_index_page() -> None:
    assert cache_rule("/") is cache_rule("index.html")
    assert cache_rule("/chain/") is cache_rule("chain/index.html")
    assert content_type("/chain/") == "text/html; charset=utf-8"


def test_only_hashed_files_are_immutable() -> None:
    assert is_immutable("shards/Expert/28.aea29a262005.json")
    assert not is_immutable("sw.js")
    assert not is_immutable("static/sw.js")
    assert not is_immutable("daily/1234567890ab/x.json")  # daily/ is always short, whatever its name


@pytest.mark.parametrize(
    ("path", "expected"),
    [
        ("index.html", "text/html; charset=utf-8"),
        ("static/878c00ef25/js/app.js", "text/javascript; charset=utf-8"),
        ("sw.js", "text/javascript; charset=utf-8"),
        ("static/878c00ef25/js/x.mjs", "text/javascript; charset=utf-8"),
        ("static/878c00ef25/css/site.css", "text/css; charset=utf-8"),
        ("shards/Easy/0.4026ce204239.json", "application/json"),
        ("manifest.webmanifest", "application/manifest+json"),
        ("static/878c00ef25/js/vendor/cm-chessboard/assets/pieces/standard.svg", "image/svg+xml"),
        ("static/878c00ef25/img/icon-192.PNG", "image/png"),
        ("robots.txt", "text/plain; charset=utf-8"),
        ("sitemap.xml", "application/xml"),
        ("favicon.ico", "image/x-icon"),
        ("static/878c00ef25/fonts/x.woff2", "font/woff2"),
        ("download.unknownext", "application/octet-stream"),
        ("LICENSE", "application/octet-stream"),
    ],
)
def test_content_type_by_extension(path: str, expected: str) -> None:
    assert content_type(path) == expected
