"""Build the site, then serve it and the API from one local process.

Fills the days the server needs when the next 7 are missing (the nightly
job's `fill_if_needed`), builds into PUZZLEBOOK_DIST (default dist/), then runs
one uvicorn process on 127.0.0.1:PORT serving the built files and, under
/api, the FastAPI app over PUZZLEBOOK_STORE (SQLite by default). Every
response carries the site's security and cache headers, as CloudFront's would.
"""

from __future__ import annotations

import argparse
import importlib.util
import socket
import sys
from pathlib import Path

describe = "build, fill the days ahead, and serve the site with /api on 127.0.0.1"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--port", type=int, default=8000, help="the port on 127.0.0.1 (default 8000)")
    parser.add_argument("--shards", type=Path, help="the chess bundle to serve (default: shards/)")
    levels = ["critical", "error", "warning", "info", "debug"]
    parser.add_argument("--log-level", default="info", choices=levels,
                        help="uvicorn's log level (default info)")


def _port_free(port: int) -> bool:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            probe.bind(("127.0.0.1", port))
        except OSError:
            return False
    return True


def run(args: argparse.Namespace) -> int:
    import uvicorn

    from cli.build import print_report
    from puzzlebook import settings as settings_module
    from sitebuild import builder
    from sitebuild.assets import MissingVendorFiles
    from sitebuild.pages import PageError
    from sitebuild.server import UVICORN_OPTIONS, SiteServer
    from sitebuild.shards import BadBundle

    if not 0 < args.port < 65536:
        print(f"serve: --port {args.port} is not a port number (1-65535)", file=sys.stderr)
        return 2
    if not _port_free(args.port):
        print(f"serve: port {args.port} on 127.0.0.1 is in use; stop what uses it or pass --port N",
              file=sys.stderr)
        return 1
    try:
        settings = settings_module.load()
    except ValueError as exc:
        print(f"serve: {exc}", file=sys.stderr)
        return 2
    store = None
    if importlib.util.find_spec("functions.store") is not None:
        from functions.store import open_store

        try:
            store = open_store(settings.store_url)
        except ValueError as exc:  # e.g. a store file that existed and is gone (docs/store.md)
            print(f"serve: {exc}", file=sys.stderr)
            return 1
    if store is not None and importlib.util.find_spec("functions.nightly") is not None:
        # Fill first, so the build publishes every day the store now holds.
        from functions import nightly
        from puzzlebook.chess.shards import Bundle

        shards = args.shards or builder.ROOT / "shards"
        if (shards / "index.json").is_file():
            filled = nightly.fill_if_needed(store, settings, Bundle(shards))
            if filled:
                print(f"filled the days ahead: {filled.summary()}")
    try:
        report = builder.build_site(settings.dist, settings=settings, bundle_dir=args.shards, store=store,
                                    site_url=f"http://127.0.0.1:{args.port}")
    except (MissingVendorFiles, BadBundle, PageError) as exc:
        print(f"serve: {exc}", file=sys.stderr)
        return 1
    print_report(report)

    api = None
    if importlib.util.find_spec("functions.app") is not None:
        from functions.app import create_app

        api = create_app(store=store, settings=settings)
    app = SiteServer(settings.dist, api)
    what = "the site and /api" if api else "the static site only (the API isn't built yet)"
    print(f"Puzzle Book: serving {what} at http://127.0.0.1:{args.port}/ (Ctrl+C stops)", flush=True)
    uvicorn.run(
        app, host="127.0.0.1", port=args.port, log_level=args.log_level, lifespan="auto", **UVICORN_OPTIONS
    )
    return 0
