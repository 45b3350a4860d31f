"""The public daily files, made from the store by each daily game, and where they're written.

    files = daily_files(store, settings, bundle, through=today)      # {relative path: bytes}
    write_files(files, DirWriter(settings.dist))                      # or S3Writer(bucket)

Paths are relative to the site root. Each game with `daily` in the registry
writes its own files, daily/<key>/<YYYY-MM-DD>.json, through its `daily_files`
hook (service/games/hooks.py; docs/api.md, "The daily files and the nightly job",
shows each), and this module adds the index:
  daily/index.json               {"<game>": [dates], ...}: every date published, per game

Nothing of a day is public before the day begins (SITE_TZ): the site build calls
daily_files for every date up to today, and the nightly job, which runs at the turn of
the site day, writes yesterday's and today's files and the index. Tomorrow's chess daily
is kept in the store ahead, where only the API reads it, and only once its day has come
(a page that asks before the CDN has the new file falls back to GET /api/<game>/daily/<date>).
"""

from __future__ import annotations

import datetime as dt
import os
import tempfile
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

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
) -> dict[str, bytes]:
    """Every public daily file for dates up to `through` (from `since` when given), plus the index.

    The index always lists every published date up to `through`, whatever `since` is.
    `settings` is accepted for symmetry with the nightly job (the files need no secret).
    """
    last = through.isoformat()
    first = since.isoformat() if since else None
    files: dict[str, bytes] = {}
    index: dict[str, list[str]] = {}
    for game, hooks in every_game():
        if game.daily:
            files.update(hooks.daily_files(store, bundle, first, last))
            index[game.key] = hooks.published(store, last)
    files[INDEX] = json_bytes(index)
    return files


class Writer(Protocol):
    def write(self, path: str, data: bytes) -> None: ...


class DirWriter:
    """Writes files under a directory (the built site, PUZZLEBOOK_DIST), each replaced atomically.

    The compressed copies the site build keeps beside a file (x.br, x.gz) are removed with it
    replaced: they were made from the old bytes (the next build makes them again)."""

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


class S3Writer:
    """Writes files to the site's S3 bucket (under `prefix`), as JSON with a short cache."""

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
            CacheControl=CACHE_CONTROL,
        )


def write_files(files: dict[str, bytes], writer: Writer) -> list[str]:
    """Write every file (the index last, so it never lists a file not yet written); the paths written."""
    paths = sorted(p for p in files if p != INDEX)
    if INDEX in files:
        paths.append(INDEX)
    for path in paths:
        writer.write(path, files[path])
    return paths


def publish_days(
    store: Store, settings: Settings, bundle: Bundle, writer: Writer, today: dt.date
) -> list[str]:
    """The nightly's publishing: yesterday's and today's files, and the index (never tomorrow's)."""
    files = daily_files(store, settings, bundle, through=today, since=today - dt.timedelta(days=1))
    return write_files(files, writer)
