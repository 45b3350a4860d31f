"""One whole-site build shared by every test process that starts a server, instead of one each.

A cold build costs 10-20 s of CPU (esbuild, Brotli at quality 11 on every page and script), and
each browser worker's server (`build.py serve`) used to make its own. Now the first worker to
ask builds a seed (`seed_folder`), under a lock, into a folder every worker knows (beside their
own temporary folders). Each server starts from a hard-linked copy of it (`copy_seed`) and
builds over that as it always did: the build compares bytes and rewrites only what differs (the
pages naming the server's own address), so it serves what a cold build would have made, in a
third of the time. The links are safe: the build replaces a file by renaming a new one over it
and prunes by unlinking, so nothing is ever written into the seed through a link.
"""

from __future__ import annotations

import fcntl
import os
import shutil
from pathlib import Path

DONE = "built"  # written into the seed folder once its build finished


def shared_folder(basetemp: Path) -> Path:
    """Where this run's seed lives: beside the xdist workers' basetemps (pytest-N/popen-gwK share
    pytest-N), or in this process's own basetemp without xdist."""
    return (basetemp.parent if os.environ.get("PYTEST_XDIST_WORKER") else basetemp) / "site-seed"


def seed_folder(folder: Path) -> Path:
    """The seed's dist/ in `folder`, built by the first caller (the others wait for it)."""
    folder.mkdir(parents=True, exist_ok=True)
    with open(folder / ".lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)  # released when the file closes
        if not (folder / DONE).exists():
            _build(folder)
            (folder / DONE).write_text("the seed build finished\n", encoding="utf-8")
    return folder / "dist"


def _build(folder: Path) -> None:
    """What `build.py serve` does before it serves (cli.serve.fill_and_build), into `folder`."""
    from cli.serve import fill_and_build
    from service.settings import load
    from service.store import open_store
    from tests.static_record import shared_static

    env = {**os.environ, "PUZZLEBOOK_DIST": str(folder / "dist"),
           "PUZZLEBOOK_STORE": f"sqlite:///{folder / 'store.sqlite3'}"}
    settings = load(env, warn=False)
    store = open_store(settings.store_url)
    try:
        with shared_static(folder / "dist", folder.parent):  # the run's folder (shared_folder's parent)
            fill_and_build(settings, store)
    finally:
        store.close()


def copy_seed(seed: Path, dist: Path, store: Path | None = None) -> None:
    """`dist` as a hard-linked copy of the seed's dist/ (same files, same times, no bytes copied);
    with `store`, the seed's store copied there too (SQLite's backup API: never a torn copy), so a
    server over it finds the days ahead filled, as the seed's build left them, and fills nothing."""
    shutil.copytree(seed, dist, copy_function=os.link)
    if store is not None:
        from tests.support import copy_store

        copy_store(seed.parent / "store.sqlite3", store)
