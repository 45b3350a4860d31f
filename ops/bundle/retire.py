"""Retiring puzzles from the bundle for their own fault (`build.py report puzzles --retire`).

The bundle's one retired list (index.json's `duplicates`, puzzlebook/chess/duplicates.py) takes the
puzzle in favour of itself: it stays in its shard, so a link to it still plays, and nothing draws it
again (Endless, themes, the dailies, Storm's and Streak's runs all pass over the list). The version
goes up by one, as for any change to the list; the site build and a deploy publish it.
"""

from __future__ import annotations

import os
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from ops.bundle.write import index_text
from puzzlebook.chess.duplicates import retire
from puzzlebook.chess.shards import Bundle


@dataclass(frozen=True, slots=True)
class Retired:
    """What a retirement did: the bundle's version after it, the puzzles newly retired (id, band) and
    those that already were."""

    version: int
    retired: list[tuple[str, str]]
    already: list[str]


def band_of(bundle: Bundle, puzzle_id: str) -> str | None:
    """The band holding `puzzle_id` (one shard read a band), or None."""
    return next((band for band in bundle.index["bands"] if bundle.row(band, puzzle_id) is not None), None)


def retire_puzzles(root: str | Path, ids: Iterable[str]) -> Retired:
    """Retire `ids` in the bundle at `root` and write its index.json (whole: a new file moved into
    place). Raises ValueError, changing nothing, when an id isn't in the bundle."""
    root = Path(root)
    bundle = Bundle(root)
    wanted = list(dict.fromkeys(ids))
    missing = [pid for pid in wanted if band_of(bundle, pid) is None]
    if missing:
        raise ValueError(f"not in the bundle at {root}: {', '.join(missing)}")
    already = [pid for pid in wanted if pid in bundle.index["duplicates"]]  # as a duplicate, or before
    fresh = [pid for pid in wanted if pid not in already]
    index = dict(bundle.index)
    if fresh:
        index["duplicates"] = retire(index["duplicates"], fresh)
        index["version"] = int(index["version"]) + 1
        path = root / "index.json"
        spare = path.with_name("index.json.retiring")
        spare.write_text(index_text(index), encoding="utf-8")
        os.replace(spare, path)
    return Retired(int(index["version"]), [(pid, str(band_of(bundle, pid))) for pid in fresh], already)
