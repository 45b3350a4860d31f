"""build.py chain: the Chain generator's figures.

  build.py chain report --from 2026-09-01 --days 60
      candidates built, rejections by reason, median attempts by level, and a
      check over 3,000 dates that no day reaches the 500-attempt cap
  build.py chain calibrate [--from 2026-01-01 --days 3000]
      the score band of each level, printed as the constants to commit in
      puzzlebook/chain/score.py, with the features' spread
"""

from __future__ import annotations

import argparse
import datetime as dt
import statistics
import sys

from cli.progress import Progress
from puzzlebook.calendar import parse_day
from puzzlebook.chain import ENGINE_VERSION
from puzzlebook.chain.calendar import LEVELS
from puzzlebook.chain.candidate import FAILURES
from puzzlebook.chain.generate import MAX_ATTEMPTS
from puzzlebook.chain.report import CALIBRATION_DAYS, CALIBRATION_START, calibrate, days_from, tally
from puzzlebook.chain.score import BANDS, HIGH_PERCENTILE, LOW_PERCENTILE

describe = "the Chain generator's figures: report, calibrate"

FEATURES = ("ops", "hard_ops", "traps", "peak", "orders")
QUANTILES = (0, 5, 15, 25, 50, 75, 85, 95, 100)


def _day(text: str) -> dt.date:
    try:
        return parse_day(text)
    except ValueError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


def _count(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
    if value < 0:
        raise argparse.ArgumentTypeError(f"{value} is negative")
    return value


def add_arguments(parser: argparse.ArgumentParser) -> None:
    sub = parser.add_subparsers(dest="chain_command", required=True, metavar="{report,calibrate}")
    report = sub.add_parser("report", help="candidates, rejections and attempts over a range of days",
                            description="Generate a range of days as the site would and print what it took.")
    report.add_argument("--from", dest="first", type=_day, default=parse_day("2026-09-01"),
                        metavar="YYYY-MM-DD", help="first day (default 2026-09-01)")
    report.add_argument("--days", type=_count, default=60, help="how many days (default 60)")
    report.add_argument("--cap-days", type=_count, default=CALIBRATION_DAYS, metavar="N",
                        help=f"also generate N days from {CALIBRATION_START} and check none reached "
                             f"the {MAX_ATTEMPTS}-attempt cap (default {CALIBRATION_DAYS}; 0 skips it)")
    report.set_defaults(_chain=run_report)
    cal = sub.add_parser("calibrate", help="compute the score band of each level",
                         description="Compute each level's score band over a range of dates and print "
                                     "the constants for puzzlebook/chain/score.py.")
    cal.add_argument("--from", dest="first", type=_day, default=CALIBRATION_START,
                     metavar="YYYY-MM-DD", help=f"first date (default {CALIBRATION_START})")
    cal.add_argument("--days", type=_count, default=CALIBRATION_DAYS,
                     help=f"how many dates (default {CALIBRATION_DAYS})")
    cal.set_defaults(_chain=run_calibrate)


def run(args: argparse.Namespace) -> int:
    if getattr(args, "days", 1) < 1:
        print("--days must be at least 1", file=sys.stderr)
        return 2
    return int(args._chain(args) or 0)


def _median(values: list[int]) -> str:
    return f"{statistics.median(values):g}" if values else "-"


def run_report(args: argparse.Namespace) -> int:
    dates = days_from(args.first, args.days)
    bar = Progress("generating", len(dates))
    found = tally(dates, bar.update)
    bar.close()
    last = dates[-1]
    print(f"Chain engine {ENGINE_VERSION}: {found.days} days, {args.first} to {last}")
    print(f"candidates built  {found.candidates:6d}   kept {found.kept}")
    print(f"rejected          {sum(found.rejects.values()):6d}")
    for code in FAILURES:
        print(f"  {code:<18} {found.rejects[code]:4d}")
    print("attempts by level  days  median  most")
    for name in LEVELS:
        counts = found.attempts[name]
        print(f"  {name:<16} {len(counts):5d}  {_median(counts):>6}  {max(counts, default=0):4d}")
    status = 0
    if found.capped:
        print(f"REACHED THE CAP of {MAX_ATTEMPTS} attempts: {', '.join(map(str, found.capped))}")
        status = 1
    if args.cap_days:
        span = days_from(CALIBRATION_START, args.cap_days)
        bar = Progress(f"cap check over {args.cap_days:,} dates", len(span))
        wide = tally(span, bar.update)
        bar.close()
        most, when = wide.most
        if wide.capped:
            print(f"cap check: {len(wide.capped)} of {wide.days:,} dates from {CALIBRATION_START} REACHED "
                  f"the cap of {MAX_ATTEMPTS}: {', '.join(map(str, wide.capped[:10]))}")
            status = 1
        else:
            print(f"cap check: none of {wide.days:,} dates from {CALIBRATION_START} reached the cap of "
                  f"{MAX_ATTEMPTS} attempts (most: {most}, on {when}; {wide.candidates:,} candidates)")
    return status


def _quantiles(values: list[int]) -> str:
    ranked = sorted(values)
    last = len(ranked) - 1
    return " ".join(f"{ranked[last * q // 100]:>5}" for q in QUANTILES)


def run_calibrate(args: argparse.Namespace) -> int:
    dates = days_from(args.first, args.days)
    bar = Progress("calibrating", len(dates))
    found = calibrate(dates, bar.update)
    bar.close()
    bands = found.bands()
    print(f"Chain engine {ENGINE_VERSION}: calibrated over {len(dates):,} dates, {dates[0]} to {dates[-1]}")
    print(f"band = {LOW_PERCENTILE}th to {HIGH_PERCENTILE}th percentile of the first candidate per date "
          "that passes checks 1-4")
    print("percentile       " + " ".join(f"{q:>5}" for q in QUANTILES))
    for name in LEVELS:
        scores = found.scores[name]
        print(f"{name} ({len(scores)} dates)")
        for feature in FEATURES:
            print(f"  {feature:<14} " + _quantiles([getattr(f, feature) for f in found.features[name]]))
        print(f"  {'score':<14} " + _quantiles(scores))
    print()
    print("# level -> (lowest, highest) score kept. Output of `build.py chain calibrate`.")
    print("BANDS: dict[str, tuple[int, int]] = {")
    for name, (low, high) in bands.items():
        print(f'    "{name}": ({low}, {high}),')
    print("}")
    if bands != BANDS:
        print(f"\nThese differ from the committed bands {BANDS}: paste them into puzzlebook/chain/score.py "
              "and bump ENGINE_VERSION (every puzzle may change).", file=sys.stderr)
    return 0
