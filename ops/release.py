"""The release rule at the CDN and on the local server: nothing dated after today is served.

A file or answer whose address holds a real date (YYYY-MM-DD) that hasn't begun in the site's zone
is refused with 404, though it may already be in the bucket: the nightly stages tomorrow's daily
files an hour before midnight (service/nightly.py), and the release function lets them through from
the first second of their day. It runs on every behaviour of infra/template.yaml whose pattern is in
`DATED` (the daily files, each daily game's API fallback), and the local server applies `refused`
to the same paths (ops/server.py). tests/vectors/release.json binds the two.

CloudFront Functions have no time zones, so the function carries the site zone's offsets from UTC
for a dozen years (puzzlebook.calendar.zone_offsets, the table the pages carry too), written into
the template between two marker lines by `python -m ops.release` for the zone of
infra/samconfig.toml. A template rule refuses a deploy with another SiteTimeZone, and
tests/test_release.py fails once fewer than two years of the table are left, or when tzdata's
offsets for it have changed: run it again then (docs/operations.md, "Midnight").

The rule is puzzlebook.calendar.released, with the zone as a parameter: a day released where it
begins first (the earliest zone, for players' own midnights) is the same function with another zone
and another table.
"""

from __future__ import annotations

import argparse
import datetime as dt
import fnmatch
import json
import re
import sys
import tomllib
from pathlib import Path
from zoneinfo import ZoneInfo

from puzzlebook.calendar import UTC, parse_day, released, zone_offsets
from puzzlebook.games import GAMES

ROOT = Path(__file__).resolve().parent.parent
TEMPLATE = ROOT / "infra" / "template.yaml"
SAMCONFIG = ROOT / "infra" / "samconfig.toml"
FUNCTION = "ReleaseFunction"

# The CloudFront path patterns of the behaviours the release function runs on: the daily files, and
# each daily game's fallback while the day's file isn't at the CDN (GET /api/<game>/daily/<date>).
DATED: tuple[str, ...] = ("/daily/*", *(f"/api/{g.key}/daily/*" for g in GAMES if g.daily))

# The generated part of the function's code, between these two lines.
BEGIN = "// -- the site zone's offsets from UTC: made by `python -m ops.release`, do not edit --"
END = "// -- end of the made part --"
# The template's rule that the stack's SiteTimeZone is the zone of the table.
ZONE_RULE = re.compile(r'(Assert: !Equals \[!Ref SiteTimeZone, )"[^"]*"(\])')
# The table: from the start of last year to the start of the year twelve years on.
YEARS_BEFORE, YEARS_AFTER = 1, 12
NUMBERS_A_LINE = 6

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


def refused(uri: str, now: dt.datetime, zone: ZoneInfo) -> str | None:
    """The first date in `uri` that isn't out at `now` in `zone` (puzzlebook.calendar.released), or
    None when every date in it is (or it holds none)."""
    return next((text for text in dates_in(uri) if not released(parse_day(text), now, zone)), None)


def refusal_body(day: str) -> bytes:
    """The 404's JSON, as the release function writes it (JSON.stringify: no spaces)."""
    words = {"error": f"{day} isn\u2019t out yet: it opens as its day begins."}
    return json.dumps(words, ensure_ascii=False, separators=(",", ":")).encode("utf-8")


# ---------------------------------------------------------------- the function's table


def table_for(zone: ZoneInfo, year: int) -> list[int]:
    """The zone's offsets as the function carries them, for a table made in `year`."""
    start = dt.datetime(year - YEARS_BEFORE, 1, 1, tzinfo=UTC)
    end = dt.datetime(year + YEARS_AFTER, 1, 1, tzinfo=UTC)
    return zone_offsets(zone, start, end)


def generated_part(zone: str, table: list[int], indent: str) -> str:
    """The lines between BEGIN and END (without them) for `zone` and its `table`."""
    rows = [", ".join(str(n) for n in table[i:i + NUMBERS_A_LINE])
            for i in range(0, len(table), NUMBERS_A_LINE)]
    lines = [f"var ZONE = '{zone}';",
             "// [t0, o0, t1, o1, ..., tn]: offset oi (seconds east of UTC) from Unix second ti to t(i+1)",
             "var OFFSETS = [",
             *(f"  {row}," if k < len(rows) - 1 else f"  {row}" for k, row in enumerate(rows)),
             "];"]
    return "".join(f"{indent}{line}\n" for line in lines)


def _part_span(text: str) -> tuple[int, int, str]:
    """Where the generated part of the template's function is: its first and end offsets, and the
    indent of its marker lines."""
    begin, end = text.find(BEGIN), text.find(END)
    if begin < 0 or end < begin:
        raise ValueError(f"infra/template.yaml: {FUNCTION}'s code has no generated part between its markers")
    line_start = text.rfind("\n", 0, begin) + 1
    return text.index("\n", begin) + 1, text.rfind("\n", 0, end) + 1, text[line_start:begin]


def template_table(text: str) -> tuple[str, list[int]]:
    """The zone and the offsets the template's function carries."""
    first, last, _ = _part_span(text)
    part = text[first:last]
    zone = re.search(r"var ZONE = '([^']*)';", part)
    numbers = re.search(r"var OFFSETS = \[([^\]]*)\];", part)
    if not zone or not numbers:
        raise ValueError(f"infra/template.yaml: {FUNCTION}'s generated part has no ZONE or OFFSETS")
    return zone[1], [int(n) for n in re.findall(r"-?[0-9]+", numbers[1])]


def with_offsets(code: str, zone: str, table: list[int]) -> str:
    """`code` (the function's, or the whole template's text) with its made part for `zone`."""
    first, last, indent = _part_span(code)
    return code[:first] + generated_part(zone, table, indent) + code[last:]


def with_table(text: str, zone: str, table: list[int]) -> str:
    """The template's text with the function's table, and the rule on SiteTimeZone, for `zone`."""
    text = with_offsets(text, zone, table)
    if not ZONE_RULE.search(text):
        raise ValueError("infra/template.yaml has no rule that SiteTimeZone is the release function's zone")
    return ZONE_RULE.sub(lambda m: f'{m[1]}"{zone}"{m[2]}', text)


def samconfig_zone(path: Path = SAMCONFIG) -> str:
    """The SiteTimeZone infra/samconfig.toml deploys with (UTC when it sets none)."""
    with open(path, "rb") as fh:
        overrides = tomllib.load(fh)["default"]["deploy"]["parameters"].get("parameter_overrides", "")
    pairs = dict(item.split("=", 1) for item in overrides.split() if "=" in item)
    return pairs.get("SiteTimeZone", "UTC").strip('"')


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m ops.release",
        description="Write the site zone's offsets into the release function of infra/template.yaml.")
    parser.add_argument("--zone", help="the IANA zone (default: SiteTimeZone in infra/samconfig.toml)")
    parser.add_argument("--year", type=int, help="the year the table is made in (default: this year)")
    args = parser.parse_args(argv)
    zone = args.zone or samconfig_zone()
    try:
        tz = ZoneInfo(zone)
    except (ValueError, KeyError) as exc:
        print(f"ops.release: {zone!r} is not a time zone ({exc})", file=sys.stderr)
        return 2
    year = args.year or dt.datetime.now(UTC).year
    text = TEMPLATE.read_text(encoding="utf-8")
    TEMPLATE.write_text(with_table(text, zone, table_for(tz, year)), encoding="utf-8")
    print(f"infra/template.yaml: {FUNCTION} carries {zone}'s offsets for "
          f"{year - YEARS_BEFORE}-{year + YEARS_AFTER - 1}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
