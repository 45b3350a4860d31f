"""build.py report: what the operator looks at.

  build.py report puzzles [--most N] [--refresh]
      the worst-voted and the most-reported chess puzzles with their reasons, from the tallies the
      nightly fill makes (service/games/chess/votes.py); --refresh makes the tallies now first (every
      vote read once, as the nightly does)
  build.py report puzzles --retire ID [ID ...] [--dir DIR]
      retire those puzzles in the bundle (ops/bundle/retire.py): still playable by their link, never
      drawn again; the site build and a deploy publish it
"""

from __future__ import annotations

import argparse
import datetime as dt
import sys

from puzzlebook.votes import REASONS, VoteTally

describe = "what the operator looks at: puzzles (their votes and reports)"


def _most(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
    if not 1 <= value <= 500:
        raise argparse.ArgumentTypeError(f"--most is from 1 to 500, not {value}")
    return value


def add_arguments(parser: argparse.ArgumentParser) -> None:
    sub = parser.add_subparsers(dest="report_command", required=True, metavar="{puzzles}")
    puzzles = sub.add_parser("puzzles", help="the worst-voted and most-reported chess puzzles")
    puzzles.add_argument("--most", type=_most, default=20, help="how many of each (default 20)")
    puzzles.add_argument("--refresh", action="store_true", help="make the tallies now, as the nightly does")
    puzzles.add_argument("--retire", nargs="+", metavar="ID",
                         help="retire these puzzles in the bundle (playable by link, never drawn again)")
    puzzles.add_argument("--dir", default="shards", metavar="DIR",
                         help="the bundle --retire changes (default: shards)")


def _weight(weight: float) -> str:
    """A weighed count as the report prints it: to two places, without trailing zeros (3, 0.5, 0.06)."""
    return f"{weight:.2f}".rstrip("0").rstrip(".")


def _line(t: VoteTally) -> str:
    reasons = ", ".join(f"{REASONS[k].lower()} {_weight(n)}" for k, n in t.reports.items()) or "no reports"
    words = f"{t.words} word{'s' if t.words != 1 else ''}" + (f", {t.guests} unplayed" if t.guests else "")
    return (f"  {t.puzzle} ({t.band}): {_weight(t.up)} up, {_weight(t.down)} down; {reasons} ({words})"
            f"  /#/p/{t.band}/{t.puzzle}")


def lines(view_computed: str, counted: int, worst: list[VoteTally], reported: list[VoteTally]) -> list[str]:
    """The report's text, line by line: each puzzle's votes and reports weighed (docs/votes.md, "How
    much a word counts"), with how many words were counted and how many of them were on a puzzle
    the account hadn't played (a guest's)."""
    out = [f"puzzle votes as tallied at {view_computed} ({counted} players' words, weighed)", "worst voted:"]
    out += [_line(t) for t in worst] or ["  none has a down vote"]
    out.append("most reported:")
    out += [_line(t) for t in reported] or ["  none is reported"]
    return out


def retire(ids: list[str], root: str) -> int:
    from ops.bundle.retire import retire_puzzles

    try:
        done = retire_puzzles(root, ids)
    except (OSError, ValueError) as exc:
        print(exc, file=sys.stderr)
        return 2
    for pid, band in done.retired:
        print(f"retired {pid} ({band}): still plays at /#/p/{band}/{pid}, never drawn again")
    for pid in done.already:
        print(f"{pid} was retired already")
    if done.retired:
        print(f"{root}/index.json is version {done.version}: build and deploy the site to publish it")
    return 0


def run(args: argparse.Namespace) -> int:
    if args.retire:
        return retire(args.retire, args.dir)
    from service.games.chess.votes import PuzzleVotes
    from service.settings import load
    from service.store import open_store

    try:
        settings = load()
        store = open_store(settings.store_url)
    except ValueError as exc:
        print(exc, file=sys.stderr)
        return 2
    try:
        votes = PuzzleVotes(store)
        view = votes.refresh_view(dt.datetime.now(dt.UTC)) if args.refresh else votes.view()
    finally:
        store.close()
    if view is None:
        print("no tallies yet: the nightly fill makes them (or run with --refresh)", file=sys.stderr)
        return 1
    print("\n".join(lines(view.computed, view.counted, view.worst(args.most), view.reported(args.most))))
    return 0
