"""build.py serve: (not built yet)."""

from __future__ import annotations

import argparse
import sys

describe = "serve (not built yet)"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    pass


def run(args: argparse.Namespace) -> int:
    print("build.py serve is not built yet", file=sys.stderr)
    return 2
