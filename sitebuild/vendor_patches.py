"""Changes the build makes to a vendored library's code as it copies it (sitebuild/assets.py), each
one checked against the text it replaces, so that a new release of the library fails the build
rather than being changed blind.

- **chess.js's Zobrist keys** (1.4.0). At its evaluation chess.js makes 1,561 random 64-bit keys
  (for its position hash) with xoroshiro128** on BigInts, a dozen BigInt operations each: on a daily
  opened by its address it was the largest part of the rules' evaluation, before the board takes
  moves (docs/site.md, "A daily by its address"). `sitebuild/vendor_js/chess_keys.js` steps the
  same generator's state in 32-bit halves (into a Uint32Array) and makes a key, a BigInt, from its
  step's state when it is first read (a position's hash reads a few dozen): the same numbers in the
  same order. In Chromium with the CPU slowed four times the keys took 33-56 ms, now 11-14.
  `xoroshiro128` itself, which chess.js exports, is left as it is. tests/test_vendor_patches.py runs
  both in node and compares every key and the hashes of positions.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

HERE = Path(__file__).resolve().parent

CHESS_JS = "js/vendor/chess.js"
# What chess.js 1.4.0 evaluates to make its keys (dist/esm/chess.js), replaced by chess_keys.js, and
# its three reads of them, which ask chess_keys.js's zobristKey(n) for the same key instead.
CHESS_KEYS_FROM = (
    "const rand = xoroshiro128(0xa187eb39cdcaed8f31c4b365b102e01en);\n"
    "const PIECE_KEYS = Array.from({ length: 2 }, () => Array.from({ length: 6 }, () => "
    "Array.from({ length: 128 }, () => rand())));\n"
    "const EP_KEYS = Array.from({ length: 8 }, () => rand());\n"
    "const CASTLING_KEYS = Array.from({ length: 16 }, () => rand());\n"
    "const SIDE_KEY = rand();\n"
)
CHESS_KEY_READS = {
    "return PIECE_KEYS[colorIndex][typeIndex][i];":
        "return zobristKey((colorIndex * 6 + typeIndex) * 128 + i);",
    "EP_KEYS[this._epSquare & 7]": "zobristKey(1536 + (this._epSquare & 7))",
    "return CASTLING_KEYS[index];": "return zobristKey(1544 + index);",
}


class VendorPatchFailed(RuntimeError):
    """A vendored file no longer holds the text a patch replaces (another release of the library)."""


def chess_keys(source: bytes) -> bytes:
    """chess.js with its keys made by sitebuild/vendor_js/chess_keys.js.

    Raises VendorPatchFailed when `source` doesn't hold chess.js 1.4.0's key-making text and each of
    its reads of the keys once."""
    text = source.decode("utf-8")
    keys = (HERE / "vendor_js" / "chess_keys.js").read_text(encoding="utf-8")
    for old, new in {CHESS_KEYS_FROM: keys, **CHESS_KEY_READS}.items():
        if text.count(old) != 1:
            raise VendorPatchFailed(
                f"{CHESS_JS} no longer makes or reads its Zobrist keys as chess.js 1.4.0 did "
                f"({old[:40]!r}...): "
                "check sitebuild/vendor_js/chess_keys.js against the new release (its keys, in order) and "
                "change sitebuild/vendor_patches.py with it"
            )
        text = text.replace(old, new)
    if any(name in text for name in ("PIECE_KEYS", "EP_KEYS", "CASTLING_KEYS")):
        raise VendorPatchFailed(f"{CHESS_JS} reads its keys where sitebuild/vendor_patches.py doesn't look")
    return text.encode("utf-8")


# {path under static/: the change made to that vendored file}
PATCHES: dict[str, Callable[[bytes], bytes]] = {CHESS_JS: chess_keys}


def patch(contents: dict[str, bytes]) -> None:
    """Make every change of PATCHES to `contents` ({path under static/: bytes}), in place."""
    for rel, change in PATCHES.items():
        if rel in contents:
            contents[rel] = change(contents[rel])
