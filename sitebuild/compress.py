"""The compressed copies the build writes beside every text file: `x.br` (Brotli) and `x.gz` (gzip).

A server that negotiates (ops/server.py, `make serve`) sends one of them by the request's
Accept-Encoding; in production CloudFront compresses on its own (docs/operations.md). Both
copies are made from the same bytes every time (gzip without a name or a time in its header),
so a build with nothing changed leaves them alone too.
"""

from __future__ import annotations

import gzip
from pathlib import PurePosixPath

# What is worth compressing: text. Images other than SVG, the icon and fonts are compressed already.
TEXT_SUFFIXES = frozenset({
    ".html", ".js", ".mjs", ".css", ".json", ".map", ".svg", ".xml", ".txt", ".webmanifest", ".md", ".pgn",
})
# (suffix added to the file's name, Content-Encoding), best first: what a server prefers when both are
# accepted.
ENCODINGS = ((".br", "br"), (".gz", "gzip"))
# Brotli's quality: 11, its best, for the site's code, pages and pictures. The chess shards (JSON
# of 30 KB, about 170 of them), the source maps (only a developer's tools read them) and anything
# over 128 KB (Swagger UI's 1.7 MB bundle for /api/docs) take 5: some 10% larger than at 11 but
# fifty times faster, so a cold build stays within seconds (measured here: a shard in 3 ms
# against 170 ms; Swagger UI's bundle 9 s at 11).
LARGE_DATA = 24 * 1024
LARGE = 128 * 1024


def is_text(path: str) -> bool:
    """True when `path` (a file name or path under dist/) is a text file the build compresses."""
    return PurePosixPath(path).suffix.lower() in TEXT_SUFFIXES


def is_copy(path: str) -> bool:
    """True when `path` is a compressed copy of a text file (x.js.br, x.css.gz)."""
    name = PurePosixPath(path)
    return name.suffix in {suffix for suffix, _ in ENCODINGS} and is_text(name.stem)


def compressed(data: bytes, path: str = "") -> dict[str, bytes]:
    """{".br": Brotli bytes, ".gz": gzip bytes} of `data` (the file at `path`), the same bytes for
    the same input."""
    import brotli  # only the build needs it, not the local server reading ENCODINGS

    large = len(data) > LARGE or path.endswith(".map") or (path.endswith(".json") and len(data) > LARGE_DATA)
    quality = 5 if large else 11
    return {
        ".br": brotli.compress(data, quality=quality),
        ".gz": gzip.compress(data, compresslevel=9, mtime=0),
    }
