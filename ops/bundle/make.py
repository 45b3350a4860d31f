"""The bundle maker: the Lichess puzzle CSV in, `shards/` out.

make_bundle() reads the CSV once (plain or .zst, streamed), keeps each slice's
candidates (scan.py), chooses each band's puzzles, replaying every one it
takes (choose.py), retires duplicates and carries the version over
(duplicates), and writes the shards and index.json all at once
(write.py). The same source and settings give the same bytes.
"""

from __future__ import annotations

import gc
import json
from collections import Counter
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ops.bundle.source import Source
from ops.bundle.write import (
    SHARD_BYTES,
    band_files,
    index_text,
    read_files,
    shard_count,
    swap_in,
)
from puzzlebook.chess.bands import BANDS
from puzzlebook.chess.bundle.choose import (
    LENGTHS,
    MOTIF_CAP,
    MOTIFS,
    Candidate,
    Pool,
    Replayer,
    choose,
)
from puzzlebook.chess.bundle.scan import CANDIDATES, UNKNOWABLE, Bar, SourceError, scan, workers_for
from puzzlebook.chess.duplicates import carried, settle

__all__ = [
    "CANDIDATES", "LENGTHS", "MOTIFS", "MOTIF_CAP", "PER_BAND", "UNKNOWABLE", "Bar", "BundleError",
    "Made", "Settings", "SourceError", "make_bundle",
]

PER_BAND = 6800  # puzzles per band: about 5 MB of shards from the full dump; a multiple of 16


class BundleError(ValueError):
    """The bundle cannot be made; nothing was written."""


@dataclass(frozen=True)
class Settings:
    """Everything a bundle is made with; recorded in index.json's `made`."""

    per_band: int = PER_BAND
    bar: Bar = field(default_factory=Bar)
    candidates: int = CANDIDATES
    motif_cap: float = MOTIF_CAP
    shard_bytes: int = SHARD_BYTES

    def record(self) -> dict[str, Any]:
        """The settings as index.json's `made.params`."""
        return {
            "per_band": self.per_band,
            "min_plays": self.bar.min_plays,
            "min_popularity": self.bar.min_popularity,
            "max_deviation": self.bar.max_deviation,
            "admit_unknown": sorted(self.bar.admit_unknown),
            "candidates": self.candidates,
            "motif_cap": self.motif_cap,
            "lengths": {str(n): share for n, share in LENGTHS.items()},
            "motifs": list(MOTIFS),
            "shard_bytes": self.shard_bytes,
        }


@dataclass
class Made:
    """What make_bundle() did: the index it wrote, the notes it reported and the
    bundle's size in bytes."""

    index: dict[str, Any]
    notes: list[str]
    bytes: int


def _old_index(out: Path) -> dict[str, Any] | None:
    path = out / "index.json"
    if not path.exists():
        return None
    try:
        old: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
        int(old["version"])
    except (ValueError, KeyError, TypeError) as e:
        raise BundleError(
            f"{path} is there but unreadable ({e}); its version must carry over, so fix or remove it first"
        ) from None
    return old


def _shard_files(
    chosen: dict[str, list[Candidate]], shard_bytes: int
) -> tuple[dict[str, str], dict[str, Any]]:
    """Every band's shard files (relative path -> text) and index.json's `bands`."""
    files: dict[str, str] = {}
    bands: dict[str, Any] = {}
    for band, (low, high) in BANDS.items():
        rows = [c.row() for c in chosen[band]]
        shards = shard_count(rows, shard_bytes)
        files.update(band_files(band, rows, shards))
        bands[band] = {"low": low, "high": high, "shards": shards, "count": len(rows)}
    return files, bands


def _version_and_duplicates(
    old: dict[str, Any] | None, changed: bool, chosen: dict[str, list[Candidate]]
) -> tuple[int, dict[str, str]]:
    """The new version and retired list: the old ones carried over, the list
    brought up to date, the version raised once if shards or the list changed."""
    everything = [c for picked in chosen.values() for c in picked]
    kept = carried(old, changed, {c.id for c in everything})
    duplicates = settle(((c.id, c.rating, c.position, c.moves) for c in everything), kept["duplicates"])
    version = kept["version"]
    if old and not changed and duplicates != old.get("duplicates", {}):
        version += 1  # the list of retired puzzles is served too
    return version, duplicates


def _counts(chosen: dict[str, list[Candidate]], passed: dict[str, int]) -> dict[str, Any]:
    lengths: Counter[str] = Counter()
    motifs: Counter[str] = Counter()
    by_band = {}
    for band, picked in chosen.items():
        mine_lengths = Counter(str(c.length) for c in picked)
        mine_motifs = Counter(c.motif for c in picked)
        lengths += mine_lengths
        motifs += mine_motifs
        by_band[band] = {
            "count": len(picked),
            "passed": passed.get(band, 0),
            "lengths": dict(sorted(mine_lengths.items())),
            "motifs": dict(sorted(mine_motifs.items())),
            "mate": sum("mate" in c.themes.split() for c in picked),
        }
    return {
        "puzzles": sum(len(p) for p in chosen.values()),
        "lengths": dict(sorted(lengths.items())),
        "motifs": dict(sorted(motifs.items())),
        "bands": by_band,
    }


@contextmanager
def _collector_resting() -> Iterator[None]:
    # Hundreds of thousands of candidates stay alive while they are weighed;
    # the cyclic garbage collector would rescan them over and over for
    # nothing (nothing here makes cycles), so it rests meanwhile.
    was_on = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_on:
            gc.enable()


def make_bundle(
    source: str | Path,
    out: str | Path,
    settings: Settings | None = None,
    *,
    on_progress: Callable[[int], None] | None = None,
    on_note: Callable[[str], None] | None = None,
    workers: int | None = None,
) -> Made:
    """Make the bundle from the Lichess puzzle CSV at `source` into directory `out`.

    `on_progress` receives the bytes of the source read so far; `on_note` each
    top-up, shortfall and count of skipped rows as a line of text. `workers` is
    how many processes scan the file (None: as many as it is worth, see
    scan.workers_for); it never changes the result. Raises SourceError
    (naming the line) for a malformed source and BundleError when no bundle can
    be made; either way `out` is left exactly as it was.
    """
    with _collector_resting():
        return _make(Path(source), Path(out), settings or Settings(), on_progress, on_note, workers)


def _make(
    source: Path,
    out: Path,
    settings: Settings,
    on_progress: Callable[[int], None] | None,
    on_note: Callable[[str], None] | None,
    workers: int | None,
) -> Made:
    if settings.per_band < 1:
        raise BundleError(f"per_band must be at least 1, not {settings.per_band}")
    if out.exists() and not out.is_dir():
        raise BundleError(f"{out} is a file; the bundle is a directory")
    notes: list[str] = []

    def say(text: str) -> None:
        notes.append(text)
        if on_note:
            on_note(text)

    old = _old_index(out)
    with Source(source, on_progress) as src:
        if workers is None:
            workers = workers_for(src.size)
        try:
            found = scan(src.blocks(), settings.bar, settings.candidates, workers)
        except SourceError as e:
            raise SourceError(f"{src.name}: {e}") from None
        digest = src.sha256
    replayer = Replayer()
    pools = {s: Pool(entries, s[2], replayer) for s, entries in found.pools.items()}
    chosen = choose(pools, settings.per_band, settings.motif_cap, say)
    total = sum(len(p) for p in chosen.values())
    if not total:
        raise BundleError(
            f"{src.name}: no puzzle passed the quality bar ({found.rows:,} rows read); "
            "lower it or admit unknown values (see --help)"
        )
    if replayer.bad:
        bad = ", ".join(f"{n} {why}" for why, n in sorted(replayer.bad.items()))
        say(f"skipped as unfit to replay: {bad}")

    files, bands = _shard_files(chosen, settings.shard_bytes)
    version, duplicates = _version_and_duplicates(old, read_files(out) != files, chosen)
    passed: Counter[str] = Counter()
    for (band, _, _), n in found.passed.items():
        passed[band] += n
    skipped = Counter(found.counts) + replayer.bad
    index = {
        "version": version,
        "bands": bands,
        "duplicates": duplicates,
        "made": {
            "source": {"name": src.name, "sha256": digest, "rows": found.rows},
            "params": settings.record(),
            "counts": _counts(chosen, passed),
            "skipped": dict(sorted(skipped.items())),
            "notes": notes,
        },
    }
    files["index.json"] = index_text(index)
    swap_in(out, files)
    return Made(index=index, notes=notes, bytes=sum(len(t.encode("utf-8")) for t in files.values()))

