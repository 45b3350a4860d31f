// The browser's chess rules (site/static/js/chess/rules.js, on chess.js) must
// give exactly the answers python-chess gives: tests/vectors/chess.json is
// the shared record, also run by tests/test_chess_vectors.py.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { register } from 'node:module';

register('./vendor_hooks.mjs', import.meta.url);
const rules = await import('../../site/static/js/chess/rules.js');

const vectors = JSON.parse(readFileSync(new URL('../vectors/chess.json', import.meta.url), 'utf8'));
const puzzles = Object.fromEntries(
  Object.entries(vectors.puzzles).map(([name, spec]) => [name, rules.fromRow(spec.row, spec.band)]),
);

test('the vector file says how to read it and covers every section', () => {
  assert.equal(typeof vectors.format, 'string');
  for (const section of ['positions', 'attempts', 'solves', 'min_seconds']) {
    assert.ok(vectors[section].length > 0, section);
  }
});

test('fromRow reads a bundle row', () => {
  const p = rules.fromRow(['0000D', '5rk1/1p3ppp/pq3b2/8/8/1P1Q1N2/P4PPP/3R2K1 w - - 2 27', 'd3d6 f8d8 d6d8 f6d8', 1492, 'advantage endgame short'], 'Medium');
  assert.deepEqual(p.line, ['d3d6', 'f8d8', 'd6d8', 'f6d8']);
  assert.deepEqual(rules.solution(p), ['f8d8', 'f6d8']);
  assert.deepEqual(p.themes, ['advantage', 'endgame', 'short']);
  assert.equal(rules.solverColor(p), 'b');
  assert.deepEqual(rules.fromRow(['x', p.fen, 'a b', 1, ''], 'Easy').themes, []);
});

test('positionAt gives the position python-chess gives at every ply', () => {
  for (const v of vectors.positions) {
    assert.equal(rules.positionAt(puzzles[v.puzzle], v.ply).fen(), v.fen, `${v.puzzle} at ply ${v.ply}`);
  }
});

test('positionAt refuses a ply outside the line', () => {
  assert.throws(() => rules.positionAt(puzzles['0000D'], 5), RangeError);
  assert.throws(() => rules.positionAt(puzzles['0000D'], -1), RangeError);
});

test('every attempted move gets the verdict python-chess gives', () => {
  for (const v of vectors.attempts) {
    const got = rules.attempt(puzzles[v.puzzle], v.ply, v.uci);
    assert.equal(got, v.verdict, `${v.puzzle} ply ${v.ply} ${JSON.stringify(v.uci)}: ${v.why}`);
  }
});

test('an illegal or malformed move is never played on the board', () => {
  for (const v of vectors.attempts.filter((a) => a.verdict === 'illegal')) {
    const chess = rules.positionAt(puzzles[v.puzzle], v.ply);
    const before = chess.fen();
    assert.equal(rules.play(chess, v.uci), false, JSON.stringify(v.uci));
    assert.equal(chess.fen(), before);
  }
});

test('every replayed solve gets the result python-chess gives', () => {
  for (const v of vectors.solves) {
    const p = puzzles[v.puzzle];
    assert.equal(rules.solves(p, v.moves), v.solves, `${v.puzzle} ${JSON.stringify(v.moves)}: ${v.why}`);
    if (v.needs_referee !== null) {
      assert.equal(rules.needsReferee(p, v.moves), v.needs_referee, `needsReferee ${v.puzzle} ${JSON.stringify(v.moves)}`);
    }
  }
});

test('minSeconds is a second a move, one at least', () => {
  for (const v of vectors.min_seconds) assert.equal(rules.minSeconds(v.moves), v.seconds);
});

test('judge: the line move is right, another mating move is mate', () => {
  const p = puzzles['001KR'];
  const chess = rules.positionAt(p, 1);
  assert.ok(rules.play(chess, 'd1d8'));
  assert.equal(rules.judge(p, 1, chess, 'd1d8'), 'mate');
  assert.equal(rules.judge(p, 1, chess, 'f1f8'), 'right');
});
