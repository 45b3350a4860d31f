"""The compressed copies the build writes beside a text file: `x.br` (Brotli) and `x.gz` (gzip), and
the levels each kind of file is compressed at.

A server that negotiates (ops/server.py, `make serve`) sends one of them by the request's
Accept-Encoding; in production CloudFront compresses on its own (docs/operations.md). Both
copies are made from the same bytes every time (gzip without a name or a time in its header),
so a build with nothing changed leaves them alone too. The daily files get no copies: they grow
with the days stored, so the local server compresses one as it sends it (`copied`), as CloudFront
does every file.
"""

from __future__ import annotations

import gzip
from dataclasses import dataclass

# What is worth compressing: text. Images other than SVG, the icon and fonts are compressed already.
TEXT_SUFFIXES = frozenset({
    ".html", ".js", ".mjs", ".css", ".json", ".map", ".svg", ".xml", ".txt", ".webmanifest", ".md", ".pgn",
})
# (suffix added to the file's name, Content-Encoding), best first: what a server prefers when both are
# accepted.
ENCODINGS = ((".br", "br"), (".gz", "gzip"))


@dataclass(frozen=True, slots=True)
class Kind:
    """A kind of file the build compresses, and the levels it is compressed at: `brotli` (0-11) and
    `gzip` (1-9); `copies`: whether the build writes them beside the file (else the local server
    compresses the file when it sends it, at the same levels)."""

    name: str
    brotli: int
    gzip: int
    copies: bool = True


# The levels by kind (docs/site.md, "Compression levels"; `python -m bench build` prints what each
# saves against Brotli 11 everywhere). Brotli 11 is some 10% smaller than 5 and twenty to fifty
# times slower, so it goes only where few files are sent on every visit and kept for long: the
# site's code, styles and pictures under /static/<hash>/, and the pages. The files that are many,
# or big, or rarely read take a fast level:
# - the daily files (three a day, a few KB each, read on their day), Brotli 4 and gzip 6, and not by
#   the build: they grow with history, and two copies of each (their compressing and two more
#   files to create) were most of what a cold build's CPU grew by with the days stored. The local
#   server compresses one when it sends it (Storm's 14 KB in 0.3 ms; 16 ms at 11), as CloudFront does;
# - the source maps (only a developer's tools read them), Brotli 4 and gzip 6;
# - the chess bundle (shards/: 5 MB of JSON; a shard 3 ms at 5 against 170 ms at 11) and anything
#   over 256 KB (Swagger UI's 1.7 MB bundle for /api/docs: 9 s at 11), Brotli 5. The play view's
#   bundle, the biggest of the site's own (some 130 KB in Arabic, 126 KB in English), stays under
#   it, so the daily's measured bytes never jump by a level's tenth when its words grow.
# Only `make serve` sends these copies: in production CloudFront compresses on its own
# (docs/operations.md, "Compression"), so a level here moves the local figures, not the site's.
CODE = Kind("code and pages", 11, 9)
DAILY = Kind("daily files", 4, 6, copies=False)
MAPS = Kind("source maps", 4, 6)
DATA = Kind("chess bundle and large files", 5, 9)
KINDS = (CODE, DAILY, MAPS, DATA)
LARGE = 256 * 1024
_DAILY = "daily/"


def kind_of(path: str, size: int) -> Kind:
    """The kind of the text file at `path` (under dist/) of `size` bytes.

    >>> [kind_of(p, 1000).name for p in ("daily/storm/2026-12-01.json", "static/ab/js/x.js.map")]
    ['daily files', 'source maps']
    >>> [kind_of(p, n).name for p, n in (("shards/Easy/0.ab.json", 100), ("index.html", 300_000))]
    ['chess bundle and large files', 'chess bundle and large files']
    >>> kind_of("static/ab/js/site.js", 5000).name
    'code and pages'
    """
    if path.startswith(_DAILY):
        return DAILY
    if path.endswith(".map"):
        return MAPS
    if path.startswith("shards/") or size > LARGE:
        return DATA
    return CODE


def _suffix(path: str) -> str:
    """PurePosixPath(path).suffix, by string operations: a build asks it of every file, some 15,000
    times when the days stored reach 2028, and a path object each time was a tenth of a warm build."""
    name = path.rsplit("/", 1)[-1]
    dot = name.rfind(".")
    return name[dot:] if 0 < dot < len(name) - 1 else ""


def is_text(path: str) -> bool:
    """True when `path` (a file name or path under dist/) is a text file the build compresses.

    >>> is_text("daily/chess/2026-12-01.json"), is_text("img/icon.PNG"), is_text(".json"), is_text("a/x.SVG")
    (True, False, False, True)
    """
    return _suffix(path).lower() in TEXT_SUFFIXES


def is_copy(path: str) -> bool:
    """True when `path` is a compressed copy of a text file (x.js.br, x.css.gz).

    >>> is_copy("static/ab/js/x.js.br"), is_copy("x.css.gz"), is_copy("x.tar.gz"), is_copy("x.js")
    (True, True, False, False)
    """
    suffix = _suffix(path)
    return suffix in _COPY_SUFFIXES and is_text(path[: -len(suffix)])


_COPY_SUFFIXES = frozenset(suffix for suffix, _ in ENCODINGS)


def copied(path: str) -> bool:
    """True when the build writes compressed copies beside the file at `path`: a text file whose
    kind has them (every kind but the daily files, whatever its size).

    >>> copied("static/ab/js/site.js"), copied("daily/storm/2026-12-01.json"), copied("img/icon.png")
    (True, False, False)
    """
    # The prefix first: a cold build asks this twice of every daily file (5,200 times through 2028).
    return not path.startswith(_DAILY) and is_text(path)


def compressed(data: bytes, path: str = "", suffixes: tuple[str, ...] = (".br", ".gz")) -> dict[str, bytes]:
    """{".br": Brotli bytes, ".gz": gzip bytes} of `data` (the file at `path`), at its kind's levels,
    the same bytes for the same input; only those of `suffixes` when given."""
    kind = kind_of(path, len(data))
    made = {}
    if ".br" in suffixes:
        import brotli  # only the build and the local server's daily files need it

        made[".br"] = brotli.compress(data, quality=kind.brotli)
    if ".gz" in suffixes:
        made[".gz"] = gzip.compress(data, compresslevel=kind.gzip, mtime=0)
    return made
