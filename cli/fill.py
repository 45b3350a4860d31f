"""build.py fill: the nightly job, run by hand.

Stores Chain days through 31 days ahead (from 2026-09-01 on first run),
keeps the chess dailies and Storm runs through tomorrow, and writes the public
daily files of yesterday, today and tomorrow (and daily/index.json, through
today) into the built site: tomorrow's are staged, and the local server, as the
CDN, refuses them until their day begins (ops/release.py).
Uses PUZZLEBOOK_STORE (default var/puzzlebook.sqlite3) and PUZZLEBOOK_DIST.
Safe to run again: it only adds what's missing.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

describe = "the nightly job: store Chain days ahead, keep chess dailies, write daily files"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--ahead", type=int, default=31, help="Chain days to keep stored ahead (default 31)")
    parser.add_argument(
        "--dist", type=Path, default=None, help="where to write the daily files (PUZZLEBOOK_DIST)"
    )
    parser.add_argument("--no-publish", action="store_true", help="store and keep only; write no files")
    parser.add_argument(
        "--all-files",
        action="store_true",
        help="write every published date's files through today, not just yesterday's and today's",
    )


def run(args: argparse.Namespace) -> int:
    from puzzlebook.calendar import site_day
    from puzzlebook.chess.shards import Bundle
    from service.nightly import fill
    from service.publish import DirWriter, daily_files, write_files
    from service.settings import load
    from service.store import open_store

    if args.ahead < 1 or args.ahead > 366:
        print("--ahead must be from 1 to 366 days", file=sys.stderr)
        return 2
    try:
        settings = load()
        store = open_store(settings.store_url)
    except ValueError as exc:
        print(exc, file=sys.stderr)
        return 2
    dist = args.dist or settings.dist
    writer = None if args.no_publish else DirWriter(dist)
    bundle = Bundle(settings.shards)
    try:
        report = fill(store, settings, bundle, writer=writer, ahead=args.ahead)
        if writer is not None and args.all_files:
            today = site_day(settings.site_tz)
            report.published = write_files(daily_files(store, settings, bundle, through=today), writer)
    finally:
        store.close()
    print(report.summary())
    if writer is not None:
        print(f"daily files in {dist}/daily/")
    return 0
