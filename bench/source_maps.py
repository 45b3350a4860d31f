"""Positions in the published bundles mapped back to the modules' own (source map v3, as esbuild
writes them beside each bundle: `js/pages/home.js.map`), for naming the code in a trace's CPU
profile (bench/first_view.py).

    >>> maps = SourceMaps(lambda url: None)
    >>> maps.original("http://x/static/0a1b/js/pages/home.js", 0, 10)
    ('pages/home.js', 1, None)
"""

from __future__ import annotations

import bisect
import json
import urllib.request
from collections.abc import Callable
from typing import Any

_BASE64 = {c: i for i, c in enumerate("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/")}


def decode_vlq(segment: str) -> list[int]:
    """The numbers of one mapping segment (base64 VLQ).

    >>> decode_vlq("AAgBC")
    [0, 0, 16, 1]
    """
    values, shift, value = [], 0, 0
    for char in segment:
        digit = _BASE64[char]
        value += (digit & 31) << shift
        if digit & 32:
            shift += 5
            continue
        values.append(-(value >> 1) if value & 1 else value >> 1)
        shift, value = 0, 0
    return values


Segment = tuple[int, int, int, int]  # generated column, source index, original line, name index (-1: none)


def decode_mappings(mappings: str) -> list[list[Segment]]:
    """Each generated line's segments, 0-based, in column order; segments naming no source are left
    out.

    >>> decode_mappings("AAAA,IAAIA;AACA")
    [[(0, 0, 0, -1), (4, 0, 0, 0)], [(0, 0, 1, -1)]]
    """
    lines: list[list[Segment]] = []
    source = line = column_in = name = 0
    for text in mappings.split(";"):
        column = 0
        row: list[Segment] = []
        for segment in filter(None, text.split(",")):
            values = decode_vlq(segment)
            column += values[0]
            if len(values) >= 4:
                source += values[1]
                line += values[2]
                column_in += values[3]
                named = -1
                if len(values) >= 5:
                    name += values[4]
                    named = name
                row.append((column, source, line, named))
        lines.append(row)
    return lines


def _fetch_json(url: str) -> Any:
    try:
        with urllib.request.urlopen(url, timeout=10) as res:
            return json.load(res)
    except (OSError, ValueError):
        return None


class SourceMaps:
    """The source maps of the scripts a trace names, fetched once each (`url + '.map'`)."""

    def __init__(self, fetch: Callable[[str], Any] = _fetch_json) -> None:
        self.fetch = fetch
        self.maps: dict[str, tuple[list[str], list[str], list[list[Segment]]] | None] = {}

    def _map(self, url: str) -> tuple[list[str], list[str], list[list[Segment]]] | None:
        if url not in self.maps:
            got = self.fetch(url + ".map") if url.endswith(".js") else None
            self.maps[url] = None
            if isinstance(got, dict) and "mappings" in got:
                sources = [s.removeprefix("original/").removeprefix("js/") for s in got.get("sources", [])]
                self.maps[url] = (sources, list(got.get("names", [])), decode_mappings(got["mappings"]))
        return self.maps[url]

    def original(self, url: str, line: int, column: int) -> tuple[str, int, str | None]:
        """The module, its 1-based line and the original name there (None when the map names none)
        of the script `url`'s 0-based (line, column); without a map, the script's own path (under
        static/<version>/js/) and line."""
        own = url.split("?")[0].split("/js/", 1)[-1]
        found = self._map(url)
        if found is None or not 0 <= line < len(found[2]) or not found[2][line]:
            return own, line + 1, None
        sources, names, row = found[0], found[1], found[2][line]
        at = max(0, bisect.bisect_right(row, (column, 1 << 30, 1 << 30, 1 << 30)) - 1)
        _, source, original_line, name = row[at]
        named = names[name] if 0 <= name < len(names) else None
        return (sources[source] if source < len(sources) else own), original_line + 1, named
