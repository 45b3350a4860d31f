#!/usr/bin/env python3
"""Puzzle Book's command line: a thin shell over the library.

    python build.py bundle SOURCE [--out DIR]   make the chess bundle from the Lichess CSV
    python build.py check                       check the committed bundle
    python build.py build [--out DIR]           render the static site into dist/
    python build.py serve [--port N]            build, fill, and serve the site with /api
    python build.py fill                        the nightly job: store days ahead, write dailies
    python build.py chain report|calibrate      the Chain generator's figures
    python build.py report puzzles              the worst-voted and most-reported puzzles
    python build.py deploy --dry-run            what a deploy would upload, and how

Each subcommand lives in cli/<name>.py and answers --help.
"""

from __future__ import annotations

import argparse
import importlib
import sys

# name -> module in cli/ with `describe`, `add_arguments(parser)` and `run(args) -> int`.
COMMANDS = ["bundle", "check", "build", "serve", "fill", "chain", "report", "deploy"]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="build.py", description=__doc__.split("\n\n")[0],
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    sub = parser.add_subparsers(dest="command", required=True)
    for name in COMMANDS:
        module = importlib.import_module(f"cli.{name}")
        sp = sub.add_parser(
            name, help=module.describe, description=module.__doc__,
            formatter_class=argparse.RawDescriptionHelpFormatter,
        )
        module.add_arguments(sp)
        sp.set_defaults(_run=module.run)
    args = parser.parse_args(argv)
    try:
        return int(args._run(args) or 0)
    except KeyboardInterrupt:
        print("interrupted", file=sys.stderr)
        return 130


if __name__ == "__main__":
    sys.exit(main())
