"""CI must not go green on a machine without Chromium: with PUZZLEBOOK_REQUIRE_BROWSER=1
(which .ci/run sets) a missing Chromium fails the browser tests instead of skipping them."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.slow  # `make check` leaves these to `make test`

ROOT = Path(__file__).resolve().parent.parent

# Points the browser fixtures at a Chromium that is not there, once they are imported.
NO_CHROMIUM = '''
import sys

def pytest_collection_finish(session):
    for module in list(sys.modules.values()):
        if (getattr(module, "__file__", None) or "").endswith("tests/browser/conftest.py"):
            module.CHROMIUM = "/nonexistent/chromium"
'''


def _run_a_browser_test(tmp_path: Path, require: str | None) -> subprocess.CompletedProcess[str]:
    (tmp_path / "no_chromium.py").write_text(NO_CHROMIUM, encoding="utf-8")
    env = {k: v for k, v in os.environ.items() if k != "PUZZLEBOOK_REQUIRE_BROWSER"}
    env["PYTHONPATH"] = str(tmp_path)
    if require is not None:
        env["PUZZLEBOOK_REQUIRE_BROWSER"] = require
    return subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:xdist", "-p", "no:cacheprovider",
         "-p", "no_chromium", "tests/browser/test_boards.py"],
        cwd=ROOT, env=env, capture_output=True, text=True, check=False, timeout=120,
    )


def test_without_chromium_the_browser_tests_fail_when_ci_requires_them(tmp_path: Path) -> None:
    done = _run_a_browser_test(tmp_path, "1")
    assert done.returncode == 1, done.stdout[-2000:]
    assert "Failed: the browser tests need Chromium at /nonexistent/chromium" in done.stdout
    assert re.search(r"\b\d+ errors?\b", done.stdout) and " skipped" not in done.stdout


def test_without_chromium_the_browser_tests_skip_on_a_developers_machine(tmp_path: Path) -> None:
    done = _run_a_browser_test(tmp_path, None)
    assert done.returncode == 0, done.stdout[-2000:]
    assert re.search(r"\b\d+ skipped\b", done.stdout) and "error" not in done.stdout


def test_ci_requires_the_browser_tests() -> None:
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    assert re.search(r"^export PUZZLEBOOK_REQUIRE_BROWSER=1$", ci, re.M)
    assert ci.index("PUZZLEBOOK_REQUIRE_BROWSER=1") < ci.index("make test")
