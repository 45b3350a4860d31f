"""One run of the static files' esbuild steps shared by every cold site build of a test run.

A cold build bundles the browser's modules once per language (sitebuild/static_steps.py), some 20 s
of CPU, and a build keeps what the steps made in its own `dist/.build/static` record, under a key of
everything they read. Every test build reads the same static files, so the record the first one
makes is the one the others would make: `shared_static(dist, tmp_path_factory)` puts a copy of it into a
new build's folder before the build runs, and keeps the first build's for the rest of the run. The
key still decides: a build whose static files differ (a test that changes one) finds the record
isn't its own and runs the steps, as a build always does. A build that is about cold builds
themselves doesn't use this.
"""

from __future__ import annotations

import fcntl
import os
import shutil
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from sitebuild import records, static_steps


def run_folder(factory: pytest.TempPathFactory) -> Path:
    """The folder every process of this run shares: the xdist workers' basetemps' parent."""
    basetemp = factory.getbasetemp()
    return basetemp.parent if os.environ.get("PYTEST_XDIST_WORKER") else basetemp


def _record(dist: Path) -> Path:
    return dist / records.DIR / static_steps.RECORD


@contextmanager
def shared_static(dist: Path, factory: pytest.TempPathFactory | Path) -> Iterator[None]:
    """Around a build into `dist`: the run's record first, if there is one; else this build makes
    it (the others wait, rather than each running esbuild at once) and it is kept for them.
    `factory`: the test's tmp_path_factory, or the run's shared folder (`run_folder`)."""
    folder = (factory if isinstance(factory, Path) else run_folder(factory)) / "static-record"
    folder.mkdir(parents=True, exist_ok=True)
    kept = folder / static_steps.RECORD
    with open(folder / ".lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not kept.exists():
            yield
            if _record(dist).exists():
                shutil.copyfile(_record(dist), folder / ".making")
                os.replace(folder / ".making", kept)
            return
    _record(dist).parent.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(kept, _record(dist))
    yield
