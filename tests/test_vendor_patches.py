"""The build's changes to vendored code (sitebuild/vendor_patches.py) change nothing it computes."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

from sitebuild import vendor_patches

ROOT = Path(__file__).resolve().parent.parent
CHESS_JS = ROOT / "node_modules" / "chess.js" / "dist" / "esm" / "chess.js"

# Each file exports its keys (module-private in chess.js) and the hashes of positions made by moves:
# castling rights lost, an en-passant square, a capture, a promotion, both sides to move.
_BEFORE = "\nexport const __keys = [...PIECE_KEYS.flat(2), ...EP_KEYS, ...CASTLING_KEYS, SIDE_KEY];\n"
_AFTER = "\nexport const __keys = Array.from({ length: 1561 }, (_, n) => zobristKey(n));\n"
_COMPARE = """
const [before, after] = await Promise.all(process.argv.slice(-2).map((file) => import(file)))
const flat = (keys) => keys.map(String)
const lines = [
  ['e4', 'd5', 'exd5', 'c5', 'dxc6', 'Nf6', 'cxb7', 'Bd7', 'bxa8=Q', 'e6', 'Ke2'],
  ['d4', 'e5', 'd5', 'c5', 'dxc6', 'Qh4', 'Nf3', 'Qxf2+', 'Kxf2'],
]
const hashes = (mod) => lines.map((moves) => {
  const chess = new mod.Chess()
  return moves.map((move) => { chess.move(move); return chess.hash() })
})
console.log(JSON.stringify({
  keys: [flat(before.__keys), flat(after.__keys)],
  hashes: [hashes(before), hashes(after)],
  exported: typeof after.xoroshiro128,
}))
"""


@pytest.mark.skipif(shutil.which("node") is None or not CHESS_JS.is_file(), reason="needs node, node_modules")
def test_chess_js_makes_the_same_keys_and_hashes_patched(tmp_path: Path) -> None:
    source = CHESS_JS.read_bytes()
    before, after = tmp_path / "before.mjs", tmp_path / "after.mjs"
    before.write_bytes(source + _BEFORE.encode())
    after.write_bytes(vendor_patches.chess_keys(source) + _AFTER.encode())
    done = subprocess.run(["node", "--input-type=module", "-e", _COMPARE, str(before), str(after)],
                          capture_output=True, text=True, check=True, timeout=60)
    got = json.loads(done.stdout)
    assert len(got["keys"][0]) == 2 * 6 * 128 + 8 + 16 + 1
    assert got["keys"][0] == got["keys"][1], "the patched chess.js makes other Zobrist keys"
    assert got["hashes"][0] == got["hashes"][1]
    assert len(set(got["hashes"][0][0])) == 11, "each position its own hash"
    assert got["exported"] == "function", "xoroshiro128, which chess.js exports, is still there"


def test_a_patch_that_no_longer_fits_fails_the_build() -> None:
    with pytest.raises(vendor_patches.VendorPatchFailed, match=r"chess_keys\.js"):
        vendor_patches.chess_keys(b"export class Chess {}\n")
