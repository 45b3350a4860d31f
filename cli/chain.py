"""build.py chain: (not built yet)."""

from __future__ import annotations

import argparse
import sys

describe = "chain (not built yet)"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    pass


def run(args: argparse.Namespace) -> int:
    print("build.py chain is not built yet", file=sys.stderr)
    return 2
