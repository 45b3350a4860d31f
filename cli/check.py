"""build.py check: (not built yet)."""

from __future__ import annotations

import argparse
import sys

describe = "check (not built yet)"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    pass


def run(args: argparse.Namespace) -> int:
    print("build.py check is not built yet", file=sys.stderr)
    return 2
