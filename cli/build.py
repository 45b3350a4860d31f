"""Render the static site into dist/ (or --out, or PUZZLEBOOK_DIST).

Pages from site/templates (Jinja2), site/static and the vendor files
(chess.js, cm-chessboard) under one content-hashed folder /static/<hash>/,
site/public copied to the root as it is, the chess bundle under
content-hashed names with /shards/index.json pointing at them, the public
daily files from 2026-01-01 through tomorrow, sitemap.xml, robots.txt,
404.html, manifest.webmanifest and the service worker /sw.js.

A file is written only when its bytes change: a second build with nothing
changed rewrites nothing.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from sitebuild.builder import BuildReport

describe = "render the static site into dist/"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--out", type=Path, help="where to build (default: PUZZLEBOOK_DIST, else dist/)")
    parser.add_argument("--shards", type=Path, help="the chess bundle to publish (default: shards/)")
    parser.add_argument(
        "--site-url", default="",
        help="the site's address, for sitemap.xml and robots.txt "
             "(default: PUZZLEBOOK_SITE_URL, else http://127.0.0.1:8000)",
    )


def run(args: argparse.Namespace) -> int:
    from service import settings as settings_module
    from sitebuild import builder
    from sitebuild.assets import MissingVendorFiles
    from sitebuild.minify import MinifyFailed
    from sitebuild.pages import PageError
    from sitebuild.shards import BadBundle

    try:
        settings = settings_module.load()
    except ValueError as exc:
        print(f"build: {exc}", file=sys.stderr)
        return 2
    settings = settings.with_(
        dist=args.out or settings.dist,
        shards=args.shards or settings.shards,
        site_url=(args.site_url or settings.site_url).rstrip("/"),
    )
    try:
        report = builder.build_site(settings)
    except (MissingVendorFiles, MinifyFailed, BadBundle, PageError) as exc:
        print(f"build: {exc}", file=sys.stderr)
        return 1
    print_report(report)
    return 0


def print_report(report: BuildReport) -> None:
    """Say what a build did, in a few lines."""
    print(
        f"built {report.out}/ in {report.seconds:.2f} s: {report.written} written, "
        f"{report.unchanged} unchanged, {report.removed} removed"
    )
    print(f"  {len(report.pages)} pages, static files under {report.static_prefix} ({report.static})")
    if report.bundle_version is not None:
        print(f"  chess bundle version {report.bundle_version}")
    print(f"  daily files: {report.dailies}")
    for note in report.notes:
        print(f"  note: {note}")
