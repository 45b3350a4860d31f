// The browser's Chain tile rule against the vectors pytest also runs
// (tests/test_chain_vectors.py): one rule, two languages, one file.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";

import { applyTile, checkSolve, label } from "../../site/static/js/chain/tiles.js";

const vectors = JSON.parse(readFileSync(new URL("../vectors/chain.json", import.meta.url), "utf8"));

test("every tile application gives the vector's verdict and words", () => {
  assert.ok(vectors.apply.length >= 30);
  for (const c of vectors.apply) {
    const got = applyTile(c.value, c.tile);
    const want = c.ok ? { ok: true, value: c.result } : { ok: false, code: c.code, reason: c.reason };
    assert.deepEqual(got, want, `${c.value} with ${JSON.stringify(c.tile)}`);
  }
});

test("a value outside 1–9999 is refused with the vector's message", () => {
  for (const c of vectors.bad_values) {
    assert.throws(() => applyTile(c.value, { op: "add", n: 1 }), { name: "RangeError", message: c.throws });
  }
});

test("tiles are labelled as the player sees them", () => {
  for (const c of vectors.labels) assert.equal(label(c.tile), c.label);
});

test("every whole solve gets the vector's verdict, reason and values", () => {
  for (const c of vectors.solves) {
    const got = checkSolve(vectors.puzzles[c.puzzle], c.tiles);
    const want = { ok: c.ok, code: c.code ?? null, reason: c.reason ?? null, values: c.values };
    assert.deepEqual(got, want, `${c.puzzle} ${JSON.stringify(c.tiles)}`);
  }
});

test("checking a solve does not change the puzzle", () => {
  const puzzle = vectors.puzzles.seven_september;
  const before = JSON.stringify(puzzle);
  checkSolve(puzzle, [2, 4, 1]);
  checkSolve(puzzle, [0, 0]);
  assert.equal(JSON.stringify(puzzle), before);
});
