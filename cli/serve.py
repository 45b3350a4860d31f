"""Build the site, then serve it and the API from one local process.

Fills the days the server needs when the next 7 are missing (the nightly
job's `fill_if_needed`), builds into PUZZLEBOOK_DIST (default dist/), stages
tomorrow's daily files there (refused until their day begins, then served, as
at the CDN: docs/operations.md, "Midnight"), then runs
one uvicorn process on 127.0.0.1:PORT serving the built files and, under
/api, the FastAPI app over PUZZLEBOOK_STORE (SQLite by default), with the boards'
publisher in a thread (a snapshot of each live board in dist/snapshots/, every 15 s
when it changed: service/boards/), and the nightly job in another at 23:00 in SITE_TZ, as on AWS
(the days ahead kept, the next date's files staged: ops/server.py, NightlyLoop). Every
response carries the site's security and cache headers, as CloudFront's would.

The site's address is http://localhost:PORT (announced, and the site_url the
build and the API use): WebAuthn refuses an IP address as a site's identity,
so passkeys work only when the browser opens the site by a name. localhost is
a secure context over plain HTTP, and resolves to the loopback the server listens on.
"""

from __future__ import annotations

import argparse
import datetime as dt
import logging
import signal
import socket
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from service.settings import Settings
    from service.store.base import Store
    from sitebuild.builder import BuildReport

describe = "build, fill the days ahead, and serve the site with /api at http://localhost:PORT"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--port", type=int, default=8000, help="the port on 127.0.0.1 (default 8000)")
    parser.add_argument("--shards", type=Path, help="the chess bundle to serve (default: shards/)")
    levels = ["critical", "error", "warning", "info", "debug"]
    parser.add_argument("--log-level", default="info", choices=levels,
                        help="uvicorn's log level (default info)")


def local_site_url(port: int) -> str:
    """The address the local site is announced at and known by (passkeys' relying party: localhost)."""
    return f"http://localhost:{port}"


def _port_free(port: int) -> bool:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            probe.bind(("127.0.0.1", port))
        except OSError:
            return False
    return True


def fill_and_build(settings: Settings, store: Store) -> BuildReport:
    """What serving starts with: the days ahead filled into `store` when any are missing (said on
    stdout, before the build), then the site built from it, so the build publishes every day the
    store now holds. Returns the build's report. The browser tests' shared build
    (tests/site_seed.py) is this too."""
    from puzzlebook.calendar import next_to_begin, site_day
    from puzzlebook.chess.shards import Bundle
    from service import nightly
    from service.publish import DirWriter, stage_day
    from sitebuild import builder

    if not (settings.shards / "index.json").is_file():
        return builder.build_site(settings, store=store)
    bundle = Bundle(settings.shards)
    filled = nightly.fill_if_needed(store, settings, bundle)
    if filled:
        print(f"filled the days ahead: {filled.summary()}")
    report = builder.build_site(settings, store=store)
    # The dates after the site day's through the next to begin, staged as the nightly stages them:
    # each served from its first second at UTC+14 (ops/release.py).
    day, last = site_day(settings.site_tz) + dt.timedelta(days=1), next_to_begin(dt.datetime.now(dt.UTC))
    while day <= last:
        stage_day(store, settings, bundle, DirWriter(settings.dist), day)
        day += dt.timedelta(days=1)
    return report


def run(args: argparse.Namespace) -> int:
    from service import settings as settings_module
    from service.store import open_store

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
    settings = settings.with_(shards=args.shards or settings.shards, site_url=local_site_url(args.port))
    try:
        store = open_store(settings.store_url)
    except ValueError as exc:  # e.g. a store file that existed and is gone (docs/store.md)
        print(f"serve: {exc}", file=sys.stderr)
        return 1
    stopped: list[int] = []
    try:
        with _stop_signals(stopped):
            return _build_and_serve(args, settings, store)
        return 0  # stopped by a signal, raised again below
    finally:
        # Closed on every way out, so the store's file alone holds every write (SQLite: its log
        # copied into it): a copy of the file after a stop is a whole backup (docs/operations.md).
        store.close()
        if stopped:
            # End as the signal asked (the exit status a supervisor expects), with the store closed.
            signal.signal(stopped[0], signal.SIG_DFL)
            signal.raise_signal(stopped[0])


class _Stopped(BaseException):
    """Ctrl+C or SIGTERM, once uvicorn has answered what was under way and handed the signal back."""


@contextmanager
def _stop_signals(caught: list[int]) -> Iterator[None]:
    """While serving, SIGINT and SIGTERM end the process through the `finally` that closes the store:
    uvicorn stops on either, then raises it again with the handler it found, and the default ones
    would end the process at once (SIGTERM) or with a traceback (SIGINT). The signal goes in
    `caught`."""

    def stop(signum: int, frame: object) -> None:
        caught.append(signum)
        raise _Stopped

    previous = {sig: signal.signal(sig, stop) for sig in (signal.SIGINT, signal.SIGTERM)}
    try:
        yield
    except _Stopped:
        pass
    finally:
        for sig, handler in previous.items():
            signal.signal(sig, handler)


def _build_and_serve(args: argparse.Namespace, settings: Settings, store: Store) -> int:
    import uvicorn

    from cli.build import print_report
    from functions.app import create_app
    from ops.server import UVICORN_OPTIONS, NightlyLoop, OneAddress, SiteServer, SnapshotLoop
    from service.boards.publisher import Publisher
    from service.nightly import next_nightly
    from service.publish import DirWriter
    from sitebuild.assets import MissingVendorFiles
    from sitebuild.minify import MinifyFailed
    from sitebuild.pages import PageError
    from sitebuild.shards import BadBundle

    try:
        report = fill_and_build(settings, store)
    except (MissingVendorFiles, MinifyFailed, BadBundle, PageError) as exc:
        print(f"serve: {exc}", file=sys.stderr)
        return 1
    print_report(report)

    api = create_app(settings, store)
    if settings.pseudo_locale:  # a test server's pseudo-locale (docs/languages.md): its errors' words too
        from service.pseudo_catalogs import teach

        teach(api.state.ctx)
    app = SiteServer(settings.dist, api)
    # The boards' snapshots, published into dist/snapshots/ every 15 s while the server runs (on AWS,
    # the SnapshotFunction does it): stopped, its round finished, before the store closes.
    snapshots = SnapshotLoop(Publisher(store, settings, DirWriter(settings.dist))).start()
    nightly_loop = NightlyLoop(lambda now: _nightly(settings, store, now),
                               lambda now: next_nightly(now, settings.site_tz)).start()
    # The site's one address is ours to say (below): uvicorn's own line would name 127.0.0.1 too.
    config = uvicorn.Config(app, host="127.0.0.1", port=args.port, log_level=args.log_level, lifespan="auto",
                            **UVICORN_OPTIONS)
    logging.getLogger("uvicorn.error").addFilter(OneAddress())
    server = uvicorn.Server(config)
    print(f"Puzzle Book: serving the site and /api at {settings.site_url}/ (Ctrl+C stops)", flush=True)
    try:
        # uvicorn returns after Ctrl+C or SIGTERM, once the requests under way are answered.
        server.run()
    finally:
        nightly_loop.stop()
        snapshots.stop()
    if not server.started:  # it couldn't listen (uvicorn said why)
        return 1
    return 0


def _nightly(settings: Settings, store: Store, now: dt.datetime) -> None:
    """The nightly job at `now`, as on AWS: each game's days kept ahead, the daily files of the dates in
    play and of the next to begin written into the served folder, the index through the newest
    begun (service/nightly.py). Said on stdout."""
    from puzzlebook.chess.shards import Bundle
    from service import nightly
    from service.publish import DirWriter

    report = nightly.fill(store, settings, Bundle(settings.shards), writer=DirWriter(settings.dist), now=now)
    print(f"nightly: {report.summary()}", flush=True)
