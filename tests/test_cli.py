"""The command line: every subcommand answers --help."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

import build

ROOT = Path(__file__).resolve().parent.parent


@pytest.mark.parametrize("command", build.COMMANDS)
def test_every_subcommand_explains_itself(command: str) -> None:
    done = subprocess.run(
        [sys.executable, "build.py", command, "--help"], cwd=ROOT, capture_output=True, text=True, check=False
    )
    assert done.returncode == 0, done.stderr
    assert "usage: build.py " + command in done.stdout
    assert "not built yet" not in done.stdout


def test_no_subcommand_is_an_error_that_lists_them() -> None:
    done = subprocess.run([sys.executable, "build.py"], cwd=ROOT, capture_output=True, text=True, check=False)
    assert done.returncode == 2
    assert "bundle" in done.stderr
