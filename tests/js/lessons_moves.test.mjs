// A student's move in a lesson (site/static/js/lessons/moves.js's line, which the lesson page plays) is judged
// by the chess game's rules (chess/rules.js, real chess.js): the line's move is right, another mating
// move solves the puzzle too, and any other legal move is wrong, at the first move or later in a line.
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { register } from 'node:module'

register('./vendor_hooks.mjs', import.meta.url)
const { Chess } = await import('../../site/static/js/vendor/chess.js')
const { play } = await import('../../site/static/js/chess/rules.js')
const { lineOf } = await import('../../site/static/js/lessons/moves.js')
const { judge } = await import('../../site/static/js/chess/rules.js')
const judgeMove = (puzzle, ply, chess, uci) => judge(lineOf(puzzle), ply, chess, uci) // the line's judge (chess/line.js)

// Two rooks on the first rank, the king boxed in by its pawns: Ra8 and Re8 both mate.
const TWO_MATES = {
  fen: '6k1/5ppp/8/8/8/8/8/R3R1K1 w - - 0 1',
  moves: [{ uci: 'a1a8', comment: "The line's mate." }],
}
// The same mates one move later: the opponent's pawn move first, then the student's.
const LATER = {
  fen: '6k1/5ppp/8/1p6/8/8/8/R3R1K1 b - - 0 1',
  moves: [{ uci: 'b5b4' }, { uci: 'a1a8' }],
}
// Ra8 is check, but the king walks out of it to h7: no mate (the line plays a quiet king move).
const NO_MATE = {
  fen: '6k1/5pp1/8/8/8/8/8/R5K1 w - - 0 1',
  moves: [{ uci: 'g1f2' }],
}

function verdict(puzzle, ply, uci) {
  const chess = new Chess(puzzle.fen)
  for (const before of lineOf(puzzle).line.slice(0, ply)) assert.ok(play(chess, before), before)
  assert.ok(play(chess, uci), `${uci} is legal here`)
  return judgeMove(puzzle, ply, chess, uci)
}

test("the line's move is right", () => {
  assert.equal(verdict(TWO_MATES, 0, 'a1a8'), 'right')
  assert.equal(verdict(LATER, 1, 'a1a8'), 'right')
})

test('another move that mates solves it too', () => {
  assert.equal(verdict(TWO_MATES, 0, 'e1e8'), 'mate')
  assert.equal(verdict(LATER, 1, 'e1e8'), 'mate')
})

test('any other move is wrong, a check that is not mate included', () => {
  for (const uci of ['e1e7', 'a1a7', 'g1f1', 'e1e2']) assert.equal(verdict(TWO_MATES, 0, uci), 'wrong', uci)
  for (const uci of ['e1e7', 'a1b1']) assert.equal(verdict(LATER, 1, uci), 'wrong', uci)
  const check = new Chess(NO_MATE.fen)
  assert.ok(play(check, 'a1a8') && check.inCheck() && !check.isCheckmate())
  assert.equal(judgeMove(NO_MATE, 0, check, 'a1a8'), 'wrong')
  assert.equal(verdict(NO_MATE, 0, 'g1f2'), 'right')
})
