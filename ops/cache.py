"""How long each file of the built site may be cached, and what it is.

One rule per path of dist/, used by the local server, by `build.py deploy` (as
each object's Cache-Control and Content-Type in S3) and mirrored by the cache
behaviours of infra/template.yaml (a test checks the two agree):

    immutable  static/<hash>/..., shards/<band>/<k>.<hash>.json: a year, never revalidated
    short      daily/..., any index.json: a few minutes
    snapshot   snapshots/...: a board's snapshot, 15 s (the publisher writes one at most that often:
               service/boards/)
    no-cache   the service worker (sw.js): always revalidated, so an update is seen at once
    page       everything else (pages, manifest, sitemap, schema): the browser
               revalidates every time (a 304 is cheap), the CDN keeps it a few
               minutes and a deploy invalidates what changed

A file under static/ or shards/ without a content hash or version in its path
falls back to `page`: caching it for a year would strand players on an old copy.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import PurePosixPath

from service.boards.board import SNAPSHOT_CACHE_CONTROL, SNAPSHOT_SECONDS

YEAR = 365 * 24 * 60 * 60
SHORT = 5 * 60


@dataclass(frozen=True)
class CacheRule:
    """A class of files: its Cache-Control header and how long the CDN may keep it."""

    name: str
    cache_control: str
    cdn_seconds: int  # what CloudFront takes from cache_control (s-maxage, else max-age; 0 for no-cache)


IMMUTABLE = CacheRule("immutable", f"public, max-age={YEAR}, immutable", YEAR)
SHORT_LIVED = CacheRule("short", f"public, max-age={SHORT}", SHORT)
NO_CACHE = CacheRule("no-cache", "no-cache", 0)
SNAPSHOT = CacheRule("snapshot", SNAPSHOT_CACHE_CONTROL, SNAPSHOT_SECONDS)
PAGE = CacheRule("page", f"public, max-age=0, s-maxage={SHORT}, must-revalidate", SHORT)


# Top-level folders whose files carry a content hash or version in their path.
HASHED_ROOTS = ("static", "shards")
SERVICE_WORKERS = {"sw.js", "service-worker.js"}

# A content hash (8+ hex digits) or a version (v12) as a whole path segment or a
# dot-separated part of a file name: static/3f2a1b9c0d/app.js, Easy/0.1a2b3c4d5e6f.json, v3/.
_FINGERPRINT = re.compile(r"^(?:[0-9a-f]{8,64}|v\d+)$")

_TYPES = {
    ".html": "text/html; charset=utf-8",
    ".js": "text/javascript; charset=utf-8",
    ".mjs": "text/javascript; charset=utf-8",
    ".css": "text/css; charset=utf-8",
    ".json": "application/json",
    ".map": "application/json",
    ".webmanifest": "application/manifest+json",
    ".xml": "application/xml",
    ".txt": "text/plain; charset=utf-8",
    ".md": "text/markdown; charset=utf-8",
    ".pgn": "application/vnd.chess-pgn; charset=utf-8",
    ".svg": "image/svg+xml",
    ".png": "image/png",
    ".jpg": "image/jpeg",
    ".jpeg": "image/jpeg",
    ".webp": "image/webp",
    ".avif": "image/avif",
    ".gif": "image/gif",
    ".ico": "image/x-icon",
    ".woff2": "font/woff2",
    ".woff": "font/woff",
    ".wasm": "application/wasm",
    ".pdf": "application/pdf",
}
DEFAULT_TYPE = "application/octet-stream"


def _parts(path: str) -> list[str]:
    rel = path.replace("\\", "/").lstrip("/")
    if not rel or rel.endswith("/"):
        rel += "index.html"  # a folder URL is its index page
    return rel.split("/")


def _fingerprinted(parts: list[str]) -> bool:
    for segment in parts:
        if _FINGERPRINT.match(segment):
            return True
        # a dotted file name: 0.1a2b3c4d5e6f.json -> "0", "1a2b3c4d5e6f"
        pieces = segment.split(".")
        if len(pieces) > 2 and any(_FINGERPRINT.match(p) for p in pieces[1:-1]):
            return True
    return False


def cache_rule(path: str) -> CacheRule:
    """The cache class of `path`, a file of dist/ (or a URL path; "/x/" means /x/index.html)."""
    parts = _parts(path)
    name = parts[-1]
    if len(parts) == 1 and name in SERVICE_WORKERS:
        return NO_CACHE
    if parts[0] == "daily":
        return SHORT_LIVED
    if parts[0] == "snapshots":
        return SNAPSHOT
    if parts[0] in HASHED_ROOTS and _fingerprinted(parts[1:]):
        return IMMUTABLE
    if name == "index.json":  # shards/index.json says where the hashed shards are
        return SHORT_LIVED
    return PAGE


def cache_control(path: str) -> str:
    """The Cache-Control header for `path` (a file of dist/, slash-separated, relative to it)."""
    return cache_rule(path).cache_control


def content_type(path: str) -> str:
    """The Content-Type for `path`, by its extension; text types say UTF-8.

    Unknown extensions get application/octet-stream rather than a guess, so a
    browser never sniffs a file into something it isn't.
    """
    suffix = PurePosixPath(_parts(path)[-1]).suffix.lower()
    return _TYPES.get(suffix, DEFAULT_TYPE)


def is_immutable(path: str) -> bool:
    """True when `path` carries a content hash and is cached for a year."""
    return cache_rule(path) is IMMUTABLE
