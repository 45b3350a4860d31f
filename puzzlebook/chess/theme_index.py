"""The theme index: which puzzles carry each theme, by band, small enough for the browser.

A puzzle is named by its **place** in its band: shard 0's rows in file order, then shard 1's,
and so on (the shards are written sorted by id, so places are fixed as long as the shards
are). A place is written as three characters of the URL-safe base64 alphabet (18 bits, so a
band may hold 262,144 puzzles), a rating as two (12 bits, ratings up to 4095). Per band:

- `ratings` ("ratings-<Band>"): `{"sizes": [rows of shard 0, rows of shard 1, ...],
  "ratings": "<2 chars per place>"}`, every puzzle of the band in place order;
- per theme ("<theme>"): `{"theme": key, "bands": {Band: "<3 chars per place>"}}`, the
  places in ascending order, retired puzzles left out.

So the browser playing a theme fetches that theme's file and the rating tables of the bands
it draws from, picks places in a rating window (puzzlebook.chess.difficulty), and reads each
row from its shard. The format is docs/bundle.md's "The theme index".
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"
_VALUE = {c: i for i, c in enumerate(ALPHABET)}
PLACE_WIDTH = 3
RATING_WIDTH = 2

FORMAT = 1


def encode(number: int, width: int) -> str:
    """`number` as `width` characters of ALPHABET, most significant first.

    >>> encode(0, 3), encode(64, 2), encode(4095, 2)
    ('AAA', 'BA', '__')
    >>> encode(4096, 2)
    Traceback (most recent call last):
    ...
    ValueError: 4096 doesn't fit in 2 characters (at most 4095)
    """
    top = 64**width - 1
    if not 0 <= number <= top:
        raise ValueError(f"{number} doesn't fit in {width} characters (at most {top})")
    return "".join(ALPHABET[(number >> (6 * shift)) & 63] for shift in range(width - 1, -1, -1))


def decode(text: str, width: int) -> list[int]:
    """The numbers in `text`, `width` characters each.

    >>> decode("AAABA_", 3)
    [0, 4159]
    """
    if len(text) % width:
        raise ValueError(f"{len(text)} characters is not a whole number of {width}-character entries")
    numbers = []
    for start in range(0, len(text), width):
        value = 0
        for char in text[start : start + width]:
            if char not in _VALUE:
                raise ValueError(f"{char!r} is not in the index's alphabet")
            value = value * 64 + _VALUE[char]
        numbers.append(value)
    return numbers


@dataclass
class ThemeIndex:
    """The index of one bundle: per band its shard sizes and ratings, per theme its places."""

    sizes: dict[str, list[int]] = field(default_factory=dict)
    ratings: dict[str, str] = field(default_factory=dict)
    places: dict[str, dict[str, str]] = field(default_factory=dict)
    counts: dict[str, dict[str, int]] = field(default_factory=dict)

    def ratings_file(self, band: str) -> dict[str, Any]:
        """What the browser reads for a band: its shard sizes and every puzzle's rating."""
        return {"sizes": self.sizes[band], "ratings": self.ratings[band]}

    def theme_file(self, theme: str) -> dict[str, Any]:
        """What the browser reads for a theme: its places, band by band."""
        return {"theme": theme, "bands": self.places[theme]}

    def total(self, theme: str) -> int:
        """How many live puzzles carry `theme`."""
        return sum(self.counts[theme].values())


def build(bands: Mapping[str, Sequence[Sequence[Sequence[Any]]]], retired: Iterable[str]) -> ThemeIndex:
    """The index of a bundle given as {band: [shard 0's rows, shard 1's rows, ...]} (rows
    `[id, fen, moves, rating, themes]`) and the ids retired as duplicates.

    >>> index = build({"Easy": [[["a1", "", "", 1010, "fork pin"]], [["b2", "", "", 1390, "pin"]]]}, [])
    >>> index.sizes, index.counts["pin"], decode(index.places["pin"]["Easy"], 3)
    ({'Easy': [1, 1]}, {'Easy': 2}, [0, 1])
    """
    gone = frozenset(retired)
    index = ThemeIndex()
    by_theme: dict[str, dict[str, list[int]]] = {}
    for band, shards in bands.items():
        index.sizes[band] = [len(rows) for rows in shards]
        ratings = []
        place = 0
        for rows in shards:
            for row in rows:
                ratings.append(encode(int(row[3]), RATING_WIDTH))
                if row[0] not in gone:
                    for theme in sorted(set(str(row[4]).split())):
                        by_theme.setdefault(theme, {}).setdefault(band, []).append(place)
                place += 1
        index.ratings[band] = "".join(ratings)
    # Every place of a band is encoded once, then shared by its themes (the build runs this each time).
    codes = {band: [encode(p, PLACE_WIDTH) for p in range(len(index.ratings[band]) // RATING_WIDTH)]
             for band in bands}
    for theme in sorted(by_theme):
        index.places[theme] = {
            band: "".join(codes[band][p] for p in places) for band, places in by_theme[theme].items()
        }
        index.counts[theme] = {band: len(places) for band, places in by_theme[theme].items()}
    return index


def locate(sizes: Sequence[int], place: int) -> tuple[int, int]:
    """(shard, row in shard) of `place` in a band whose shards hold `sizes` rows.

    >>> locate([2, 3], 0), locate([2, 3], 2), locate([2, 3], 4)
    ((0, 0), (1, 0), (1, 2))
    """
    for k, size in enumerate(sizes):
        if place < size:
            return k, place
        place -= size
    raise ValueError("the place is past the band's last puzzle")
