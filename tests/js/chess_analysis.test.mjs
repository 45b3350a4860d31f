// The analysis's rules and words (site/static/js/chess/analysis_rules.js) and the engine's UCI
// reading (engine.js): the line as positions, where each wrong move was tried, an engine line
// in SAN, an evaluation in figures and words. The engine itself runs in tests/browser/test_analysis.py.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { register } from 'node:module';

register('./vendor_hooks.mjs', import.meta.url);
const rules = await import('../../site/static/js/chess/rules.js');
const a = await import('../../site/static/js/chess/analysis_rules.js');
const engine = await import('../../site/static/js/chess/engine.js');

// Lichess 0000D: White plays d3d6, Black (the solver) answers f8d8, then d6d8 f6d8.
const ROW = ['0000D', '5rk1/1p3ppp/pq3b2/8/8/1P1Q1N2/P4PPP/3R2K1 w - - 2 27', 'd3d6 f8d8 d6d8 f6d8', 1492, 'advantage endgame short', 'F8M8OS71#53'];
const puzzle = rules.fromRow(ROW, 'Medium');

test('only a finished puzzle can be analysed', () => {
  assert.equal(a.canAnalyse({ state: 'playing' }), false);
  assert.equal(a.canAnalyse(null), false);
  for (const state of ['solved', 'shown']) assert.equal(a.canAnalyse({ state }), true);
});

test('the main line is every position, in SAN, numbered from the FEN', () => {
  const nodes = a.mainLine(puzzle);
  assert.deepEqual(nodes.map((n) => n.san), [null, 'Qd6', 'Rd8', 'Qxd8+', 'Bxd8']);
  assert.equal(nodes[0].fen, puzzle.fen);
  assert.equal(a.numbered(puzzle.fen, nodes.slice(1).map((n) => n.san)), '27. Qd6 Rd8 28. Qxd8+ Bxd8');
  assert.equal(a.numbered(nodes[1].fen, ['Rd8', 'Qxd8+']), '27… Rd8 28. Qxd8+');
});

test('wrong tries are placed where they were tried, kept or worked out', () => {
  const kept = a.wrongTries(puzzle, { tries: ['b6b3', 'h7h6'], triedAt: [1, 1] });
  assert.deepEqual(kept.map((t) => [t.ply, t.san]), [[1, 'Qxb3'], [1, 'h6']]);
  // An older record without triedAt: the first solver's turn where the move is legal and not the line's.
  const worked = a.wrongTries(puzzle, { tries: ['b6b3'] });
  assert.deepEqual(worked.map((t) => [t.ply, t.san]), [[1, 'Qxb3']]);
  assert.deepEqual(a.wrongTries(puzzle, { tries: ['e1e8'] }), [], 'a try legal nowhere is left out');
  assert.deepEqual(a.wrongTries(puzzle, {}), []);
});

test('an engine line reads in SAN as far as it stays legal', () => {
  assert.deepEqual(a.sanLine(puzzle.fen, ['d3d6', 'f8d8', 'e1e8', 'd6d8']), ['Qd6', 'Rd8']);
  assert.deepEqual(a.sanLine(puzzle.fen, []), []);
});

test('evaluations in figures and words, from White\'s side', () => {
  assert.equal(a.evalText({ cp: 130 }), '+1.3');
  assert.equal(a.evalText({ cp: -42 }), '−0.4');
  assert.equal(a.evalText({ cp: 3 }), '0.0');
  assert.equal(a.evalText({ mate: 3 }), '#3');
  assert.equal(a.evalText({ mate: -2 }), '#−2');
  const fen = puzzle.fen;
  assert.equal(a.evalWords({ cp: 10 }, fen), 'About level (+0.1).');
  assert.equal(a.evalWords({ cp: -60 }, fen), 'Black is a little better (−0.6).');
  assert.equal(a.evalWords({ cp: 180 }, fen), 'White is better (+1.8).');
  assert.equal(a.evalWords({ cp: -320 }, fen), 'Black is winning (−3.2).');
  assert.equal(a.evalWords({ mate: 2 }, fen), 'White mates in 2.');
  assert.equal(a.evalWords({ mate: 0 }, '4k3/8/8/8/8/8/8/4K3 b - - 0 1'), 'Checkmate: white has won.');
});

test('why not: the wrong move, its answer and what it comes to, in words', () => {
  const wrong = a.nodeAfter(a.mainLine(puzzle)[1].fen, 'b6b3', 2).move;
  const reply = a.nodeAfter(wrong.after, 'd6d8', 3).move;
  const words = a.refutationWords({ wrong, reply, score: { cp: 900 }, fen: reply.after, best: 'Rd8' });
  assert.equal(words, 'Black plays Qxb3: queen takes pawn on b3. White answers Qd8: queen to d8. White is winning (+9.0). The puzzle’s move was Rd8.');
  // A wrong move that left no answer (it mated, or stalemated): no reply to say.
  assert.equal(a.refutationWords({ wrong, reply: null, score: null, fen: wrong.after, best: null }), 'Black plays Qxb3: queen takes pawn on b3.');
});

test('UCI lines: info with a score, bestmove, and scores turned to White\'s side', () => {
  assert.deepEqual(engine.parseInfo('info depth 12 seldepth 18 multipv 1 score cp -35 nodes 12345 nps 1 pv e2e4 e7e5'),
    { multipv: 1, depth: 12, score: { cp: -35 }, nodes: 12345, pv: ['e2e4', 'e7e5'] });
  assert.deepEqual(engine.parseInfo('info depth 0 score mate 0'), { multipv: 1, depth: 0, score: { mate: 0 }, pv: [] });
  assert.equal(engine.parseInfo('info depth 5 score cp 20 lowerbound pv e2e4').bound, 'lowerbound');
  assert.equal(engine.parseInfo('info string NNUE evaluation using nn.bin'), null);
  assert.equal(engine.parseInfo('bestmove e2e4'), null);
  assert.equal(engine.parseBestmove('bestmove e2e4 ponder e7e5'), 'e2e4');
  assert.equal(engine.parseBestmove('bestmove (none)'), null);
  assert.equal(engine.parseBestmove('info depth 1'), undefined);
  assert.deepEqual(engine.whiteScore({ cp: 50 }, puzzle.fen), { cp: 50 });
  assert.deepEqual(engine.whiteScore({ mate: 2 }, a.mainLine(puzzle)[1].fen), { mate: -2 });
});
