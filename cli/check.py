"""Check the chess bundle before it is committed; exit 1 with the reasons if anything is wrong.

Fails on: a row that doesn't replay with python-chess (bad FEN, an illegal
move, an odd-length line), a puzzle in a shard its id doesn't hash to, a
rating outside its band, counts that don't match index.json, duplicates (same
position, same moves) not listed in index.json's `duplicates`, a version lower
than the one committed in git's HEAD (`git show HEAD:<dir>/index.json`; nothing
to compare when there is none), and a bundle over 6 MB.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

from ops.bundle import MAX_BYTES, bundle_bytes, check_bundle

describe = "check the chess bundle (replays, shards, duplicates, version, size)"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--dir", default="shards", metavar="DIR",
                        help="the bundle to check (default: shards)")


def committed_index(root: Path) -> dict[str, Any] | None:
    """index.json as committed in git's HEAD for the bundle at `root`, or None when
    there is no repository, no commit, or no committed copy."""
    if not root.is_dir():
        return None
    try:
        done = subprocess.run(
            ["git", "-C", str(root), "show", "HEAD:./index.json"],
            capture_output=True, text=True, check=False, timeout=30,
        )
    except (OSError, subprocess.SubprocessError):
        return None
    if done.returncode != 0:
        return None
    try:
        head = json.loads(done.stdout)
    except ValueError:
        return None
    return head if isinstance(head, dict) else None


def run(args: argparse.Namespace) -> int:
    root = Path(args.dir)
    head = committed_index(root)
    problems = check_bundle(root, head)
    if problems:
        for problem in problems:
            print(f"check: {problem}", file=sys.stderr)
        print(f"check: {root} failed ({len(problems)} problem{'s' * (len(problems) != 1)})", file=sys.stderr)
        return 1
    index = json.loads((root / "index.json").read_text(encoding="utf-8"))
    total = sum(int(b["count"]) for b in index["bands"].values())
    against = f"committed version {head['version']}" if head else "no committed copy to compare"
    print(
        f"{root}: ok: version {index['version']} ({against}), {total:,} puzzles replay, "
        f"{len(index['duplicates'])} duplicates retired, {bundle_bytes(root) / 1e6:.2f} MB "
        f"(limit {MAX_BYTES / 1e6:.0f} MB)"
    )
    return 0
