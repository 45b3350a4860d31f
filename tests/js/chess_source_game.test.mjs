// The link to a puzzle's source game (site/static/js/chess/rules.js gameUrl) is made from the
// reference the bundle maker reads out of the dump's GameUrl (puzzlebook/chess/source_game.py):
// tests/vectors/source_game.json binds the two, tests/test_source_game.py runs the other half.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { register } from 'node:module';

register('./vendor_hooks.mjs', import.meta.url);
const rules = await import('../../site/static/js/chess/rules.js');

const vectors = JSON.parse(readFileSync(new URL('../vectors/source_game.json', import.meta.url), 'utf8'));
// The solver is the side not to move in the FEN.
const FEN = { w: '4k3/8/8/8/8/8/8/4K3 b - - 0 1', b: '4k3/8/8/8/8/8/8/4K3 w - - 0 1' };

test('every reference makes the link the vectors say, from the solver\'s side', () => {
  assert.ok(vectors.cases.length > 5);
  for (const c of vectors.cases) {
    const puzzle = rules.fromRow(['00001', FEN[c.solver], 'e1e2 e8e7', 1000, '', ...(c.ref ? [c.ref] : [])], 'Easy');
    assert.equal(puzzle.game, c.ref);
    assert.equal(rules.gameUrl(puzzle), c.link, c.url);
  }
});

test('a row of five fields has no game, and a malformed reference makes no link', () => {
  assert.equal(rules.gameUrl(rules.fromRow(['00001', FEN.w, 'e1e2 e8e7', 1000, ''], 'Easy')), null);
  for (const bad of ['787zsVup', '#48', '787zsVup#48/black', 'javascript:x#1']) {
    assert.equal(rules.gameUrl(rules.fromRow(['00001', FEN.w, 'e1e2 e8e7', 1000, '', bad], 'Easy')), null, bad);
  }
});
