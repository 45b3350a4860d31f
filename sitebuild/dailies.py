"""The daily files a build writes, and the record that lets the next build write only the days since.

A day's daily files never change once its picks are kept (the first pick stands, and nothing kept
is ever removed), while the bundle and the code that writes them stay the same. So the build keeps,
in `dist/.build/daily` (a dot folder: the deploy never sends one, ops/deploy.py), what it wrote:
each file's size and mtime (they have no compressed copies: sitebuild/compress.py), the days each
game published, the build's day, and a key of what the files are made from besides the store (the
bundle's index, the source of puzzlebook/ and service/). The next build with the same key, over
files just as recorded, makes only the days whose files may differ (from the first of the last
build's home-card days, CARD_DAYS back from its day, on: the new days, the cards, the index) and
counts the rest as unchanged without reading the store for them: a warm build costs the days that
changed, not the days stored. Anything else (another bundle or code, a file rewritten since,
`build.py fill` among them, a build for an earlier day, or another store: the days made again
differ from what was written) and it keeps and makes every day again, as a cold build does; the
record is then written anew. The picks are kept from that day on too (the days before were kept
when the last build ran, and a kept pick stands).
"""

from __future__ import annotations

import datetime as dt
import hashlib
import json
import os
from dataclasses import dataclass
from pathlib import Path

from service.games.chess import CARD_DAYS
from sitebuild import compress, records
from sitebuild.output import Output

RECORD = ".build/daily"
_FORMAT = 2  # 2: no compressed copies of the daily files


def source_key(bundle_dir: Path) -> str:
    """What the daily files are made from, besides the store, as one digest: the bundle's index (its
    version and duplicates) and every module of puzzlebook/ and service/."""
    digest = hashlib.sha256(f"{_FORMAT}\0{records.source_digest()}\0".encode())
    index = bundle_dir / "index.json"
    digest.update(index.read_bytes() if index.is_file() else b"")
    return digest.hexdigest()


@dataclass(frozen=True)
class Record:
    """What the last build wrote of the daily files: its `key` (source_key), its `day`, every file
    {path: [size, mtime_ns]} and the days each game published ({game: [dates]})."""

    key: str
    day: str
    files: dict[str, list[int]]
    published: dict[str, list[str]]

    def to_bytes(self) -> bytes:
        doc = {"format": _FORMAT, "key": self.key, "day": self.day, "files": self.files,
               "published": self.published}
        return json.dumps(doc, sort_keys=True, separators=(",", ":")).encode()

    @classmethod
    def read(cls, out: Path) -> Record | None:
        """The record in the output folder `out`, or None (none, unreadable, another format)."""
        try:
            doc = json.loads((out / RECORD).read_bytes())
            if doc.get("format") != _FORMAT:
                return None
            return cls(str(doc["key"]), str(doc["day"]), dict(doc["files"]), dict(doc["published"]))
        except (OSError, ValueError, KeyError, TypeError, AttributeError):
            return None


def _stat(out: Path | str, rel: str) -> list[int] | None:
    # A joined string, not a path object: a warm build asks this of every file it recorded (7,800
    # when the days stored reach 2028), and pathlib's parsing was most of that.
    try:
        found = os.stat(f"{out}/{rel}")
    except OSError:
        return None
    return [found.st_size, found.st_mtime_ns]


def day_of(rel: str) -> str | None:
    """The date a daily file is of (daily/<game>/<date>.<ext>), or None (the index)."""
    name = rel.rsplit("/", 1)[-1]
    stem = name.split(".", 1)[0]
    try:
        dt.date.fromisoformat(stem)
    except ValueError:
        return None
    return stem


def since_of(record: Record | None, key: str, out: Path, today: dt.date) -> dt.date | None:
    """The first day a build of `today` must make the files of, given the last build's record:
    None for every day (no usable record), else the first of the record's days with a home card
    (the last CARD_DAYS: which days have a card changes with the day; a day's file doesn't)."""
    if record is None or record.key != key:
        return None
    last = dt.date.fromisoformat(record.day)
    if today < last:
        return None
    root = str(out)
    if any(_stat(root, rel) != seen for rel, seen in record.files.items()):
        return None
    return min(last, today) - dt.timedelta(days=CARD_DAYS - 1)


def agrees(out: Path, record: Record, files: dict[str, bytes]) -> bool:
    """Whether the files made again of the days the last build made too (its last CARD_DAYS days,
    and its day) hold the bytes it wrote: the store is the one it read (another store, with other
    picks kept, makes every day again)."""
    for rel, data in files.items():
        if rel in record.files:
            try:
                if (out / rel).read_bytes() != data:
                    return False
            except OSError:
                return False
    return True


def write(output: Output, key: str, today: dt.date, record: Record | None, since: dt.date | None,
          files: dict[str, bytes]) -> int:
    """Write the daily `files` made from `since` on (every day's, when `since` is None), count the
    recorded ones before `since` as unchanged, write the index and the new record. How many daily
    files the site holds now, the index among them.

    The index lists the days each game has a JSON file of: the recorded ones before `since`, and
    those of `files` (a game publishes a day exactly when it writes its file, so this is what
    publish.index_file would read from the store again: tests/test_site_build.py)."""
    from service.publish import INDEX, index_of

    kept: dict[str, list[int]] = {}
    days: dict[str, list[str]] = {}
    if record is not None and since is not None:
        first = since.isoformat()
        for rel, seen in record.files.items():
            day = day_of(rel)
            # A card is published for the last CARD_DAYS days only: an older one is no file of this build.
            if day is not None and day < first and rel.endswith(".json"):
                output.keep(rel)
                kept[rel] = seen
        days = {game: [d for d in found if d < first] for game, found in record.published.items()}
    for rel in sorted(files):
        day, game = day_of(rel), rel.split("/")[1]
        if day is not None and rel.endswith(".json"):
            days.setdefault(game, []).append(day)
    files = {**files, INDEX: index_of(days)}
    for rel, data in sorted(files.items()):
        output.write(rel, data)
    written = [rel for rel in files] + [rel + suffix for rel in files if compress.copied(rel)
                                        for suffix, _ in compress.ENCODINGS]
    root = str(output.root)
    made = {rel: _stat(root, rel) for rel in written}
    found = {rel: seen for rel, seen in made.items() if seen is not None}
    record = Record(key, today.isoformat(), {**kept, **found}, days)
    output.write(RECORD, record.to_bytes())
    return sum(1 for rel in kept if not compress.is_copy(rel)) + len(files)
