"""The public daily files, made from the store by each daily game, and where they're written.

    files = daily_files(store, settings, bundle, through=today)      # {relative path: bytes}
    write_files(files, DirWriter(settings.dist))                      # or S3Writer(bucket)

Paths are relative to the site root. Each game with `daily` in the registry
writes its own files, daily/<key>/<YYYY-MM-DD>.json, through its `daily_files`
hook (service/games/hooks.py; docs/api.md, "The daily files and the nightly job",
shows each), and this module adds the index:
  daily/index.json               {"<game>": [dates], ...}: every date published, per game

The site build calls daily_files for every date up to the site day. The nightly job, which runs
once a day (an hour before midnight in SITE_TZ), writes the files of every date still someone's
somewhere, the date before them, and the next date to begin, so that date is at the CDN from the
first second it begins at UTC+14, and the index through the newest date begun (`publish_days`).
Nothing of a date is public before it begins somewhere: a staged file sits in the bucket, and the
CDN's release function refuses every dated path until its date has begun at UTC+14 (ops/release.py;
the local server applies the same rule). A page that finds no file for today falls back to
GET /api/<game>/daily/<date>, which answers the same and is cached at the edge by its path.
"""

from __future__ import annotations

import datetime as dt
import os
import tempfile
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

from puzzlebook.calendar import newest_date, next_to_begin, oldest_date
from service.boards.board import SNAPSHOT_CACHE_CONTROL, SNAPSHOTS
from service.encoding import json_bytes
from service.games.registry import every_game
from service.settings import Settings
from service.store.base import Store

if TYPE_CHECKING:
    from puzzlebook.chess.shards import Bundle

INDEX = "daily/index.json"
# The index changes once a day, as the day turns: a short cache.
CACHE_CONTROL = "public, max-age=300"
# What the daily files are: the JSON, and the chess home page's card of the day (HTML).
CONTENT_TYPES = {".json": "application/json; charset=utf-8", ".html": "text/html; charset=utf-8"}


def daily_files(
    store: Store,
    settings: Settings,
    bundle: Bundle,
    through: dt.date,
    *,
    since: dt.date | None = None,
    index: bool = True,
) -> dict[str, bytes]:
    """Every public daily file for dates up to `through` (from `since` when given), plus the index
    (unless `index` is False: the site build makes it from what it recorded, sitebuild/dailies.py).

    The index always lists every published date up to `through`, whatever `since` is.
    `settings` is accepted for symmetry with the nightly job (the files need no secret).
    """
    last = through.isoformat()
    first = since.isoformat() if since else None
    files: dict[str, bytes] = {}
    for game, hooks in every_game():
        if game.daily:
            files.update(hooks.daily_files(store, bundle, first, last))
    if index:
        files[INDEX] = index_file(store, through)
    return files


def index_file(store: Store, through: dt.date) -> bytes:
    """daily/index.json: every date each daily game published up to `through`."""
    last = through.isoformat()
    return index_of({game.key: hooks.published(store, last) for game, hooks in every_game() if game.daily})


def index_of(published: dict[str, list[str]]) -> bytes:
    """daily/index.json's bytes, given the dates each daily game published ({game: [dates]}), in the
    registry's order."""
    return json_bytes({game.key: published.get(game.key, []) for game, _ in every_game() if game.daily})


def day_path(game: str, day: dt.date) -> str:
    """Where a daily game's file of `day` is (daily/<game>/<date>.json)."""
    return f"daily/{game}/{day.isoformat()}.json"


def unstaged(paths: list[str], day: dt.date) -> list[str]:
    """The daily games none of whose `paths` is the file of `day`."""
    have = set(paths)
    return [game.key for game, _ in every_game() if game.daily and day_path(game.key, day) not in have]


class Writer(Protocol):
    def write(self, path: str, data: bytes) -> None: ...


class Reader(Protocol):
    def read(self, path: str) -> bytes | None: ...


class SiteFiles(Writer, Reader, Protocol):
    """Where the site's files are, to write and to read back (the board snapshots: service/boards/)."""


def cache_control_of(path: str) -> str:
    """The Cache-Control a written file carries: a board's snapshot a few seconds (it is published at
    most that often), the daily files a few minutes."""
    return SNAPSHOT_CACHE_CONTROL if path.startswith(SNAPSHOTS) else CACHE_CONTROL


def site_files(settings: Settings, client: Any = None) -> SiteFiles:
    """The site's files: the bucket's when the settings name one (AWS), else the built site's folder."""
    if settings.bucket:
        return S3Writer(settings.bucket, client=client)
    return DirWriter(settings.dist)


class DirWriter:
    """Writes files under a directory (the built site, PUZZLEBOOK_DIST), each replaced atomically.

    Any compressed copies beside a file (x.br, x.gz) are removed with it replaced: they were made
    from the old bytes (the site build writes none of a daily file, but an older build's may be
    there)."""

    def __init__(self, root: str | Path) -> None:
        self.root = Path(root)

    def write(self, path: str, data: bytes) -> None:
        target = self.root / path
        target.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=target.parent, prefix=".tmp-")
        try:
            with os.fdopen(fd, "wb") as fh:
                fh.write(data)
            os.replace(tmp, target)
        except BaseException:
            Path(tmp).unlink(missing_ok=True)
            raise
        for stale in (".br", ".gz"):
            target.with_name(target.name + stale).unlink(missing_ok=True)

    def read(self, path: str) -> bytes | None:
        """The file at `path` under the root, or None when there is none."""
        try:
            return (self.root / path).read_bytes()
        except (FileNotFoundError, NotADirectoryError, IsADirectoryError):
            return None


class S3Writer:
    """Writes files to the site's S3 bucket (under `prefix`), as JSON with a short cache (a board's
    snapshot, SNAPSHOT_CACHE_CONTROL; every other file, CACHE_CONTROL), and reads them back."""

    def __init__(self, bucket: str, client: Any = None, prefix: str = "") -> None:
        if client is None:
            import boto3

            client = boto3.client("s3")
        self.bucket = bucket
        self.client = client
        self.prefix = prefix.strip("/")

    def write(self, path: str, data: bytes) -> None:
        key = f"{self.prefix}/{path}" if self.prefix else path
        self.client.put_object(
            Bucket=self.bucket,
            Key=key,
            Body=data,
            ContentType=CONTENT_TYPES.get(Path(path).suffix, CONTENT_TYPES[".json"]),
            CacheControl=cache_control_of(path),
        )

    def read(self, path: str) -> bytes | None:
        """The object at `path` (under the prefix), or None when there is none."""
        key = f"{self.prefix}/{path}" if self.prefix else path
        try:
            got = self.client.get_object(Bucket=self.bucket, Key=key)
        except self.client.exceptions.NoSuchKey:
            return None
        except Exception as exc:  # a 404 without the modelled error (no ListBucket right: 403)
            code = getattr(exc, "response", {}).get("Error", {}).get("Code")
            if code in ("NoSuchKey", "404", "403", "AccessDenied"):
                return None
            raise
        body: bytes = got["Body"].read()
        return body


def write_files(files: dict[str, bytes], writer: Writer) -> list[str]:
    """Write every file (the index last, so it never lists a file not yet written); the paths written."""
    paths = sorted(p for p in files if p != INDEX)
    if INDEX in files:
        paths.append(INDEX)
    for path in paths:
        writer.write(path, files[path])
    return paths


def publish_days(
    store: Store, settings: Settings, bundle: Bundle, writer: Writer, now: dt.datetime
) -> list[str]:
    """The nightly's publishing at `now`: the files of every date somewhere on Earth, of the date
    before them, and of the next date to begin (`next_to_begin(now)`, staged: the CDN refuses it
    until it begins at UTC+14, which is before the next nightly), and the index through the newest
    date begun (it never names one not out). Each game keeps its days through that date first
    (service.games.hooks.kept_through)."""
    day = dt.timedelta(days=1)
    files = daily_files(store, settings, bundle, through=next_to_begin(now), since=oldest_date(now) - day)
    files[INDEX] = index_file(store, newest_date(now))
    return write_files(files, writer)


def stage_day(store: Store, settings: Settings, bundle: Bundle, writer: Writer, day: dt.date) -> list[str]:
    """The files of `day` alone, the index untouched: a date after the site day's, staged ahead as the
    nightly stages it (`make serve` does this as it starts; the local server, as the CDN, refuses
    them until the date begins at UTC+14: ops/release.py). What `day` needs must be kept already."""
    files = daily_files(store, settings, bundle, through=day, since=day)
    del files[INDEX]
    return write_files(files, writer)

