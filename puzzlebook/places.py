"""A player's place on a board, found from the board's snapshot without counting the board (issue 28).

A board's snapshot holds its top rows, each with its rank key (the board's sort key, so one key
sorts before another exactly when it ranks higher), and one of two views of the whole board:

- `runs`, for a board read whole: its keys in order, cut into runs [(the run's last key, its
  entries)], each run narrow enough that any place inside it is known within 1% (`runs_of`);
- `percentiles`, for a board too large to read whole: the keys at each whole per cent of an even
  sample of its entries (`percentiles_of`), so a key's per cent of the board is known, not its place.

`standing` places a key among them: exact among the top rows (or right after them), else a range of
places, shown as "about #N" when the runs put it within 1% of the place, else (a sampled board) as
"top N%".
The browser's boards page applies the same rule (site/static/js/boards/places.js); the shared
vectors in tests/vectors/places.json bind the two.
"""

from __future__ import annotations

import math
from bisect import bisect_left
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

TOP = 100  # the rows a board shows, by name
CLOSE = 0.01  # "about #N" is within this share of the true place


@dataclass(frozen=True, slots=True)
class BoardEntry:
    """A player's entry on one board, as their browser keeps it to place them on the board's snapshot:
    the snapshot's path, the entry's rank key, and its row's columns (what the board shows of it)."""

    path: str
    key: str
    row: dict[str, Any]

    def to_doc(self) -> dict[str, Any]:
        return {"key": self.key, "row": self.row}


@dataclass(frozen=True, slots=True)
class Standing:
    """Where a key stands on a board: between places `low` and `high` (equal when exact), on a board
    of `size` entries (estimated when the board was sampled; 0 when unknown), and, when the board was
    sampled, `top`: the whole per cent of the board it is among."""

    low: int
    high: int
    size: int = 0
    top: int | None = None

    @property
    def exact(self) -> bool:
        return self.low == self.high

    @property
    def close(self) -> bool:
        """The place is known within CLOSE of itself: shown as "about #N". Only from a board read
        whole (its runs): a sampled board's percentiles carry the sample's own error, so they say
        only the per cent.

        >>> Standing(1000, 1020).close, Standing(1000, 1020, 90_000, top=2).close
        (True, False)
        """
        if self.exact:
            return True
        return self.top is None and (self.high - self.low) <= 2 * CLOSE * self.low

    @property
    def place(self) -> int | None:
        """The place to show: exact, or the middle of a close range; None when only the per cent is known.

        >>> Standing(7, 7).place, Standing(1000, 1020).place, Standing(1000, 1100).place
        (7, 1010, None)
        """
        if self.exact:
            return self.low
        return (self.low + self.high) // 2 if self.close else None

    @property
    def per_cent(self) -> int:
        """The whole per cent of the board the key is among (at least 1).

        >>> Standing(1000, 1100, 100_000).per_cent, Standing(101, 400, 50_000, top=1).per_cent
        (2, 1)
        """
        if self.top is not None:
            return self.top
        return max(1, min(100, math.ceil(100 * self.high / max(self.size, self.high, 1))))

    def to_doc(self) -> dict[str, Any]:
        return {"low": self.low, "high": self.high, "size": self.size, "top": self.top}


def placed(found: Standing) -> dict[str, Any]:
    """A result's answer fields for where it stands: `place` (exact, or about when `about`), or, when
    the place isn't known within 1%, `top`: the per cent of the board it is among.

    >>> placed(Standing(3, 3)), placed(Standing(500, 900, 80_000))
    ({'place': 3, 'about': False, 'top': None}, {'place': None, 'about': False, 'top': 2})
    """
    place = found.place
    return {
        "place": place,
        "about": place is not None and not found.exact,
        "top": None if place is not None else found.per_cent,
    }


def standing(
    rows: Sequence[str],
    key: str,
    *,
    full: bool,
    runs: Sequence[tuple[str, int]] | None = None,
    percentiles: Sequence[str] | None = None,
    size: int = 0,
) -> Standing:
    """Where `key` stands among a board's top `rows` (their keys in order, the player's own row left
    out) and the board's `runs` or `percentiles` (of a board of `size` entries). `full`: the top rows
    were a full TOP, so the board may go on past them.

    >>> standing(["a", "c"], "b", full=False)
    Standing(low=2, high=2, size=3, top=None)
    >>> standing(["a", "c"], "d", full=False).place
    3
    >>> standing(["a", "b"], "f", full=True, runs=[("b", 2), ("d", 1), ("g", 2)], size=5)
    Standing(low=4, high=6, size=5, top=None)
    >>> standing(["a", "b"], "f", full=True, percentiles=["c", "e", "g"], size=300)
    Standing(low=7, high=9, size=300, top=3)
    """
    ahead_rows = bisect_left(rows, key)
    if ahead_rows < len(rows) or not full:
        return Standing(ahead_rows + 1, ahead_rows + 1, max(size, len(rows) + 1))
    after = len(rows) + 1  # below every top row
    if runs:
        last_keys = [last for last, _ in runs]
        i = bisect_left(last_keys, key)
        ahead = sum(n for _, n in runs[:i])
        if i == len(runs):  # after the last entry of the board
            return Standing(max(after, ahead + 1), max(after, ahead + 1), max(size, ahead + 1))
        # The others in its run may be ahead of it or behind: any place from the run's first to
        # one past its last (the run may or may not count this very entry).
        low = max(after, ahead + 1)
        high = max(low, ahead + runs[i][1] + 1)
        return Standing(low, high, max(size, high - 1))
    if percentiles:
        below = bisect_left(percentiles, key)  # the per cents of the sample ranked ahead of it
        top = min(100, below + 1)
        low = max(after, math.floor(size * below / 100) + 1)
        high = max(low, math.ceil(size * top / 100))
        return Standing(low, high, size, top)
    return Standing(after, max(after, size), size)


def runs_of(keys: Sequence[str], top: int = TOP) -> list[tuple[str, int]]:
    """A whole board's keys (in order) as runs [(last key, entries)]: the top rows as one run (their
    places are read from the rows), then runs each at most 2 × CLOSE of the places ahead of it wide,
    so a place found inside a run is within CLOSE (`standing`). About 100 + 50·ln(size / 100) runs.

    >>> runs_of([f"k{n:03d}" for n in range(260)], top=100)[:3]
    [('k099', 100), ('k101', 2), ('k103', 2)]
    >>> sum(n for _, n in runs_of([f"k{n:04d}" for n in range(5000)]))
    5000
    """
    if not keys:
        return []
    first = min(top, len(keys))
    runs = [(keys[first - 1], first)]
    ahead = first
    while ahead < len(keys):
        width = max(1, math.floor(2 * CLOSE * (ahead + 1)))
        end = min(len(keys), ahead + width)
        runs.append((keys[end - 1], end - ahead))
        ahead = end
    return runs


def percentiles_of(sample: Sequence[str]) -> list[str]:
    """The keys at 1%, 2%, ... 99% of an even sample of a board (its keys in order); [] for none.

    >>> p = percentiles_of([f"k{n:03d}" for n in range(200)])
    >>> len(p), p[0], p[49], p[-1]
    (99, 'k001', 'k099', 'k197')
    """
    m = len(sample)
    if not m:
        return []
    return [sample[min(m - 1, math.ceil(i * m / 100) - 1)] for i in range(1, 100)]


def standing_in(snapshot: dict[str, Any], key: str, name: str | None = None) -> Standing:
    """The standing of rank `key` on a board's `snapshot` (its rows, size, runs or percentiles): the
    place of its own row when a top row has that key (and `name`, among equal keys), else `standing`
    among the rest. The board page does the same (site/static/js/boards/places.js, `standingIn`).

    >>> snap = {"rows": [{"place": 1, "name": "Ada", "key": "a"}, {"place": 2, "name": "Bo", "key": "c"}],
    ...         "size": 2, "runs": [("c", 2)], "percentiles": None}
    >>> standing_in(snap, "c", "Bo").place, standing_in(snap, "b").place, standing_in(snap, "d").place
    (2, 2, 3)
    """
    rows = list(snapshot.get("rows") or [])
    size = int(snapshot.get("size") or 0)
    for row in rows:
        if row["key"] == key and (name is None or row["name"] == name):
            return Standing(int(row["place"]), int(row["place"]), size or len(rows))
    runs = [(str(last), int(n)) for last, n in snapshot.get("runs") or []]
    return standing(
        [str(r["key"]) for r in rows],
        key,
        full=len(rows) >= TOP,
        runs=runs or None,
        percentiles=list(snapshot.get("percentiles") or []) or None,
        size=size,
    )
