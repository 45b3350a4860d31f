"""The bundle maker: the Lichess puzzle CSV in, `shards/` out, and the check of what it wrote.

One module per job, in the order a bundle is made:

    source   reading the CSV, plain or .zst, streamed
    scan     one pass: each slice's candidates
    choose   each band's puzzles, the motif cap, top-ups (replay: a row's line)
    write    the shards and index.json, all at once
    make     make_bundle(), which runs the above
    check    check_bundle(): everything the site and the server rely on
    measure  the table docs/bundle.md shows (python -m puzzlebook.chess.bundle.measure)

Callers import from here; the tests reach into the modules for their parts.
The functions never import this package: it is a build tool, left out of the
Lambda package.
"""

from puzzlebook.chess.bundle.check import MAX_BYTES, bundle_bytes, check_bundle
from puzzlebook.chess.bundle.make import (
    CANDIDATES,
    LENGTHS,
    MOTIF_CAP,
    MOTIFS,
    PER_BAND,
    UNKNOWABLE,
    Bar,
    BundleError,
    Made,
    Settings,
    SourceError,
    make_bundle,
)
from puzzlebook.chess.bundle.write import SHARD_BYTES

__all__ = [
    "CANDIDATES", "LENGTHS", "MAX_BYTES", "MOTIFS", "MOTIF_CAP", "PER_BAND", "SHARD_BYTES", "UNKNOWABLE",
    "Bar", "BundleError", "Made", "Settings", "SourceError", "bundle_bytes", "check_bundle", "make_bundle",
]
