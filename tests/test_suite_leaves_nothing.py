"""A test process leaves nothing behind in the temporary folder: the site-file folders that
tests/support.py's settings_for_tests() makes go when the process ends."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

MAKE_TWO = """
from tests.support import settings_for_tests
for _ in range(2):
    dist = settings_for_tests().dist
    assert dist.is_dir() and not any(dist.iterdir())
    (dist / "snapshots").mkdir()
print(dist)
"""


def test_the_site_folders_of_a_test_process_go_when_it_ends(tmp_path: Path) -> None:
    env = {**os.environ, "TMPDIR": str(tmp_path)}
    done = subprocess.run([sys.executable, "-c", MAKE_TWO], cwd=ROOT, env=env, capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    assert Path(done.stdout.strip()).is_relative_to(tmp_path)
    assert list(tmp_path.iterdir()) == []
