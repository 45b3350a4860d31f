"""Make the chess bundle from the Lichess puzzle CSV (lichess_db_puzzle.csv, plain or .zst).

Reads the CSV once, streaming, and writes OUT/index.json and OUT/<Band>/<k>.json.
Each band gets PER_BAND puzzles: equal shares of its hundreds, lengths 1/2/3
solver moves in 25/50/25%, each slice sampled by the smallest SHA-256 of the id
among the rows that pass the quality bar. Top-ups, shortfalls and skipped rows
are reported on stderr. A malformed source stops with the line at fault and
leaves OUT untouched. index.json records every setting used and the source's
name and SHA-256.

The committed bundle, from the shared sample (see docs/bundle.md for why):
  python build.py bundle ../shared/data/lichess/puzzles.csv --admit-unknown all --per-band 6000
From the full Lichess dump, with the default bar:
  python build.py bundle lichess_db_puzzle.csv.zst
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from cli.progress import Progress
from ops.bundle import (
    PER_BAND,
    SHARD_BYTES,
    UNKNOWABLE,
    Bar,
    BundleError,
    Settings,
    SourceError,
    make_bundle,
)

describe = "make the chess bundle (shards/) from the Lichess puzzle CSV"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    bar = Bar()
    parser.add_argument("source", metavar="SOURCE", help="the Lichess puzzle CSV, plain or .zst")
    parser.add_argument("--out", default="shards", metavar="DIR",
                        help="where to write the bundle (default: shards)")
    parser.add_argument("--per-band", type=int, default=PER_BAND, metavar="N",
                        help=f"puzzles per band (default: {PER_BAND})")
    parser.add_argument("--min-plays", type=int, default=bar.min_plays, metavar="N",
                        help=f"NbPlays at least this (default: {bar.min_plays})")
    parser.add_argument("--min-popularity", type=int, default=bar.min_popularity, metavar="N",
                        help=f"Popularity at least this (default: {bar.min_popularity})")
    parser.add_argument("--max-deviation", type=int, default=bar.max_deviation, metavar="N",
                        help=f"RatingDeviation at most this (default: {bar.max_deviation})")
    parser.add_argument(
        "--admit-unknown", action="append", default=[], metavar="COLUMN",
        choices=[*UNKNOWABLE, "all"],
        help="let an empty value in COLUMN pass its threshold (by default it fails); "
             f"one of {', '.join(UNKNOWABLE)} or all; repeatable",
    )
    parser.add_argument("--shard-bytes", type=int, default=SHARD_BYTES, metavar="N",
                        help=f"the size each band's shards aim at (default: {SHARD_BYTES})")


def settings_from(args: argparse.Namespace) -> Settings:
    """The maker's settings from the parsed flags."""
    admit = set(UNKNOWABLE) if "all" in args.admit_unknown else set(args.admit_unknown)
    bar = Bar(args.min_plays, args.min_popularity, args.max_deviation, frozenset(admit))
    return Settings(per_band=args.per_band, bar=bar, shard_bytes=args.shard_bytes)


def run(args: argparse.Namespace) -> int:
    source = Path(args.source)
    size = source.stat().st_size if source.is_file() else None
    bar = Progress(f"reading {source.name}", total=size)
    drawing = [True]

    def done_reading() -> None:
        if drawing[0]:
            bar.close()
            drawing[0] = False

    def note(text: str) -> None:
        done_reading()
        print(text, file=sys.stderr)

    try:
        made = make_bundle(source, args.out, settings_from(args), on_progress=bar.update, on_note=note)
    except (SourceError, BundleError) as e:
        done_reading()
        print(f"bundle: {e}", file=sys.stderr)
        print(f"bundle: nothing written; {args.out} is as it was", file=sys.stderr)
        return 1
    done_reading()
    counts = made.index["made"]["counts"]
    bands = ", ".join(f"{b} {info['count']:,}" for b, info in made.index["bands"].items())
    print(
        f"wrote {args.out}: version {made.index['version']}, {counts['puzzles']:,} puzzles "
        f"({bands}), {made.bytes / 1e6:.2f} MB, {len(made.index['duplicates'])} retired as duplicates"
    )
    return 0
