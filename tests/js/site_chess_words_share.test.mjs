// Moves in words, the motif line and the share text (site/static/js/chess/).
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { Chess } from '../../node_modules/chess.js/dist/esm/chess.js'
import { moveWords, squareLabel, ratingWords } from '../../site/static/js/chess/words.js'
import { motifLine } from '../../site/static/js/chess/motifs.js'
import { shareText } from '../../site/static/js/chess/share.js'

function play(fen, move) {
  const chess = new Chess(fen)
  return chess.move(move)
}

test('moves are said the way a person would say them', () => {
  assert.equal(moveWords(play('4k3/8/8/4p3/8/5N2/8/4K3 w - - 0 1', 'Nxe5')), 'Knight takes pawn on e5')
  assert.equal(moveWords(play('5k2/8/8/4p3/8/5N2/8/4K3 w - - 0 1', 'Ng5')), 'Knight to g5')
  assert.equal(moveWords(play('8/5k2/3p4/4p3/8/3N4/8/4K3 w - - 0 1', 'Nxe5+')), 'Knight takes pawn on e5, check')
  assert.equal(moveWords(play('6k1/8/8/8/8/8/8/4K2R w K - 0 1', 'O-O')), 'Castles kingside')
  assert.equal(moveWords(play('r3k3/8/8/8/8/8/8/6K1 b q - 0 1', 'O-O-O')), 'Castles queenside')
  assert.equal(moveWords(play('7k/8/8/8/8/8/8/R5K1 w - - 0 1', 'Ra8')), 'Rook to a8, check')
  assert.equal(moveWords(play('7k/6pp/8/8/8/8/8/R5K1 w - - 0 1', 'Ra8')), 'Rook to a8, checkmate')
})

test('promotions and en passant', () => {
  assert.equal(moveWords(play('3r3k/4P3/8/8/8/8/8/4K3 w - - 0 1', { from: 'e7', to: 'd8', promotion: 'n' })),
    'Pawn takes rook on d8, promotes to knight')
  assert.equal(moveWords(play('7k/4P1pp/8/8/8/8/8/4K3 w - - 0 1', { from: 'e7', to: 'e8', promotion: 'q' })),
    'Pawn to e8, promotes to queen, checkmate')
  assert.equal(moveWords(play('4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2', 'exd6')), 'Pawn takes pawn on d6, en passant')
})

test('squares are named with what stands on them', () => {
  assert.equal(squareLabel('e4', 'wn'), 'e4, white knight')
  assert.equal(squareLabel('d8', { type: 'q', color: 'b' }), 'd8, black queen')
  assert.equal(squareLabel('a1', undefined), 'a1, empty')
})

test('the motif line names the first motif by precedence, the phase and the rating', () => {
  assert.equal(motifLine({ themes: ['middlegame', 'short', 'fork', 'pin'], rating: 1778 }), 'Fork · Middlegame · Rated 1778')
  assert.equal(motifLine({ themes: ['endgame', 'mateIn2', 'mate', 'sacrifice'], rating: 901 }), 'Mate in 2 · Endgame · Rated 901')
  assert.equal(motifLine({ themes: ['crushing', 'long'], rating: 2210 }), 'Rated 2210')
})

const base = { band: 'Medium', id: 'aB3dE', found: 2, shown: 0, mistakes: 0, hints: 0, seconds: 41, solved: true }

test('a clean daily shares the day and band, a square per move, Clean and the time, and links the game', () => {
  const text = shareText({ ...base, daily: '2025-10-19', place: null }, 'https://pb.example')
  assert.equal(text, '♟️ Chess Puzzles · Sun, Oct 19 · Medium\n✅✅\n🎯 Clean · ⏱️ 0:41\nhttps://pb.example/')
})

test('wrong tries and hints follow the moves; a place shows once posted; Endless links the puzzle', () => {
  const text = shareText({ ...base, daily: null, mistakes: 1, hints: 2, seconds: 75, place: 3 }, 'https://pb.example')
  assert.equal(text, '♟️ Chess Puzzles · Endless · Medium\n✅✅❌💡💡\n⏱️ 1:15 · 🏆 #3 today\nhttps://pb.example/#/p/Medium/aB3dE')
})

test('Show solution marks the moves it played and is never clean', () => {
  const text = shareText({ ...base, daily: '2026-11-29', found: 1, shown: 2, solved: false }, 'https://pb.example')
  assert.equal(text.split('\n')[1], '✅👀👀')
  assert.ok(!text.includes('Clean'))
})

test('a replay shares as a replay: unrated, never as a clean rated solve, and links the puzzle (issue 26)', () => {
  const text = shareText({ ...base, daily: null, replay: true, place: 3 }, 'https://pb.example')
  assert.equal(text, '♟️ Chess Puzzles · Replay · Medium\n✅✅\n🔁 Unrated · ⏱️ 0:41\nhttps://pb.example/#/p/Medium/aB3dE')
})

test('the share text never names a move', () => {
  const moves = ['e2e4', 'Nxe5', 'e5', 'Qh5']
  const text = shareText({ ...base, daily: '2026-11-29', mistakes: 30, place: null }, 'https://pb.example')
  for (const m of moves) assert.ok(!text.includes(m), m)
  assert.ok(text.includes('❌×30'))
})

test('the rating line says a provisional rating is one, with its ±; a settled one is just the number', () => {
  assert.equal(ratingWords({ before: 1600, after: 1605.4, provisional: false, rd: 70 }), 'Your rating: 1605 (+5).')
  assert.equal(
    ratingWords({ before: 1535, after: 1207, provisional: true, rd: 402 }),
    'Your rating: 1207 (−328), provisional (± 402): a new rating moves a lot until a few dozen rated puzzles have placed it.',
  )
  // An answer kept before the API said whether it was provisional reads as before.
  assert.equal(ratingWords({ before: 1500, after: 1617 }), 'Your rating: 1617 (+117).')
})
