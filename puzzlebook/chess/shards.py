"""The committed chess bundle, read: which shard holds a puzzle, and its rows.

Layout (docs/architecture.md): `index.json` and `<Band>/<k>.json`, each shard a
JSON list of rows `[id, fen, moves, rating, themes]`. A puzzle lives in shard
`shard_of(id, shards)` of its band, so one fetch finds it, here and in the
browser alike.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Hashable
from pathlib import Path
from typing import Any, TypeVar

Row = list[Any]  # [id, fen, moves, rating, themes]
T = TypeVar("T")


def shard_of(puzzle_id: str, shards: int) -> int:
    """The shard holding `puzzle_id` in a band of `shards` shards: the first four
    bytes of SHA-256 of the id (UTF-8) as a big-endian unsigned integer, modulo
    `shards`."""
    if shards < 1:
        raise ValueError(f"a band has at least one shard, not {shards}")
    digest = hashlib.sha256(puzzle_id.encode("utf-8")).digest()
    return int.from_bytes(digest[:4], "big") % shards


def shard_path(root: str | Path, band: str, k: int) -> Path:
    """Where shard `k` of `band` lives under the bundle's root."""
    return Path(root) / band / f"{k}.json"


class Bundle:
    """A bundle on disk, read lazily: index.json on first use, each shard on the
    first look into it, and both kept for the life of the object."""

    def __init__(self, root: str | Path) -> None:
        self.root = Path(root)
        self._index: dict[str, Any] | None = None
        self._shards: dict[tuple[str, int], list[Row]] = {}
        self._by_id: dict[tuple[str, int], dict[str, Row]] = {}
        self._retired: frozenset[str] | None = None
        # (band, id) -> its row, once found: a build's daily files look up the same puzzles again and
        # again (a Storm run's 150 a day), and hashing the id to its shard each time was most of it.
        self._found: dict[tuple[str, str], Row] = {}
        self._derived: dict[Hashable, Any] = {}

    def derived(self, what: Hashable, make: Callable[[], T]) -> T:
        """`make()`, a value computed from this bundle alone and named by `what` (a band's daily
        order, a ladder's pool of ratings), made on first use and kept with the bundle: the bundle
        never changes, and whoever holds it (an app's part: service/games/chess/puzzles.py) keeps
        what is made of it, no longer."""
        if what not in self._derived:
            self._derived[what] = make()
        found: T = self._derived[what]
        return found

    @property
    def index(self) -> dict[str, Any]:
        """index.json: {version, bands: {Band: {low, high, shards, count}}, duplicates, made}."""
        if self._index is None:
            self._index = json.loads((self.root / "index.json").read_text(encoding="utf-8"))
        return self._index

    @property
    def version(self) -> int:
        """The bundle's version; it only ever goes up."""
        return int(self.index["version"])

    @property
    def retired(self) -> frozenset[str]:
        """Ids retired as duplicates: they stay in their shards but are never drawn."""
        if self._retired is None:
            self._retired = frozenset(self.index.get("duplicates", {}))
        return self._retired

    def shard(self, band: str, k: int) -> list[Row]:
        """The rows of shard `k` of `band` (read once, then cached)."""
        key = (band, k)
        if key not in self._shards:
            self._shards[key] = json.loads(shard_path(self.root, band, k).read_text(encoding="utf-8"))
        return self._shards[key]

    def row(self, band: str, puzzle_id: str) -> Row | None:
        """The row of puzzle `puzzle_id` in `band`, reading at most one shard; None
        when the band is unknown or holds no such puzzle (retired ones are found)."""
        found = self._found.get((band, puzzle_id))
        if found is not None:
            return found
        info = self.index["bands"].get(band)
        if info is None:
            return None
        key = (band, shard_of(puzzle_id, int(info["shards"])))
        if key not in self._by_id:
            self._by_id[key] = {row[0]: row for row in self.shard(*key)}
        row = self._by_id[key].get(puzzle_id)
        if row is not None:
            self._found[(band, puzzle_id)] = row
        return row

    def rows(self, band: str) -> list[Row]:
        """Every row of `band` (retired ones included), shard by shard; [] for an
        unknown band."""
        info = self.index["bands"].get(band)
        if info is None:
            return []
        return [row for k in range(int(info["shards"])) for row in self.shard(band, k)]
