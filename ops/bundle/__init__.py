"""The bundle maker: the Lichess puzzle CSV in, `shards/` out, and the check of what it wrote. The
files are read and written here; which rows are taken is the rules' (puzzlebook/chess/bundle/).

One module per job, in the order a bundle is made:

    source   reading the CSV, plain or .zst, streamed
             (then puzzlebook.chess.bundle.scan: each slice's candidates, and .choose: each band's)
    write    the shards and index.json, all at once
    make     make_bundle(), which runs the above
    check    check_bundle(): everything the site and the server rely on
    measure  the table docs/bundle.md shows (python -m ops.bundle.measure)

Callers (build.py bundle, build.py check) import from here; the tests reach into the modules for
their parts. Nothing the Lambda package holds imports it.
"""

from ops.bundle.check import MAX_BYTES, bundle_bytes, check_bundle
from ops.bundle.make import (
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
from ops.bundle.write import SHARD_BYTES

__all__ = [
    "CANDIDATES", "LENGTHS", "MAX_BYTES", "MOTIFS", "MOTIF_CAP", "PER_BAND", "SHARD_BYTES", "UNKNOWABLE",
    "Bar", "BundleError", "Made", "Settings", "SourceError", "bundle_bytes", "check_bundle", "make_bundle",
]
