"""The release rule at the CDN and on the local server: nothing dated is served before its date
has begun somewhere on Earth.

A file or answer whose address holds a real date (YYYY-MM-DD) that hasn't begun in the earliest zone
(UTC+14, puzzlebook.calendar.released) is refused with 404, though it may already be in the bucket:
the nightly stages the coming dates' daily files ahead (service/nightly.py), and the release function
lets each through from the first second of its date at UTC+14, when the first players' own midnight
comes. It runs on every behaviour of infra/template.yaml whose pattern is in `DATED` (the daily
files, each daily game's API fallback), and the local server applies `refused` to the same paths
(ops/server.py). tests/vectors/release.json binds the two.

The earliest zone keeps no summer time, so the function needs no table of offsets: a fixed 14 hours
ahead of UTC, the same number as `EARLIEST_OFFSET`, which tests/test_release.py checks it carries.
"""

from __future__ import annotations

import datetime as dt
import fnmatch
import json
import re
from pathlib import Path

from puzzlebook.calendar import parse_day, released
from puzzlebook.games import GAMES

ROOT = Path(__file__).resolve().parent.parent
TEMPLATE = ROOT / "infra" / "template.yaml"
FUNCTION = "ReleaseFunction"

# The CloudFront path patterns of the behaviours the release function runs on: the daily files, and
# each daily game's fallback while the day's file isn't at the CDN (GET /api/<game>/daily/<date>).
DATED: tuple[str, ...] = ("/daily/*", *(f"/api/{g.key}/daily/*" for g in GAMES if g.daily))


_DATE = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}")
_ESCAPE = re.compile(r"%([0-9A-Fa-f]{2})")


def applies(path: str) -> bool:
    """Whether the release rule applies to `path` (a URL path): it is one of DATED's patterns'."""
    return any(fnmatch.fnmatchcase(path, pattern) for pattern in DATED)


def ascii_unescaped(uri: str) -> str:
    """`uri` with its escaped ASCII characters (%2D, %32) written out, as the origin would read
    them; other escapes as they are.

    >>> ascii_unescaped("/daily/chess/2026%2D12%2d01.json%E2%80%99")
    '/daily/chess/2026-12-01.json%E2%80%99'
    """
    return _ESCAPE.sub(lambda m: chr(int(m[1], 16)) if int(m[1], 16) < 128 else m[0], uri)


def dates_in(uri: str) -> list[str]:
    """Every real date written YYYY-MM-DD in `uri`, as sent and with its ASCII escapes written out.

    >>> dates_in("/api/chess/daily/2026-12-01")
    ['2026-12-01', '2026-12-01']
    >>> dates_in("/daily/chess/2026-02-30.json")
    []
    """
    found = []
    for text in _DATE.findall(uri) + _DATE.findall(ascii_unescaped(uri)):
        try:
            parse_day(text)
        except ValueError:
            continue  # not a day: no file or answer is dated so
        found.append(text)
    return found


def refused(uri: str, now: dt.datetime) -> str | None:
    """The first date in `uri` that isn't out at `now` (puzzlebook.calendar.released: begun at UTC+14),
    or None when every date in it is (or it holds none)."""
    return next((text for text in dates_in(uri) if not released(parse_day(text), now)), None)


def refusal_body(day: str) -> bytes:
    """The 404's JSON, as the release function writes it (JSON.stringify: no spaces)."""
    # English at the edge (no catalog there; docs/languages.md), with the API's code for it (docs/api.md).
    words = {"error": f"{day} isn\u2019t out yet: it opens as its day begins at UTC+14.",
             "code": "day_not_out_yet"}
    return json.dumps(words, ensure_ascii=False, separators=(",", ":")).encode("utf-8")


def function_offset(code: str) -> int:
    """The offset (minutes east of UTC) the release function's code releases each date at."""
    found = re.search(r"var EARLIEST_OFFSET_MINUTES = (-?[0-9]+);", code)
    if not found:
        raise ValueError(f"infra/template.yaml: {FUNCTION} names no EARLIEST_OFFSET_MINUTES")
    return int(found[1])
