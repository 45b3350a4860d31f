// A go at a Chain day (site/static/js/chain/state.js): the rules of play on
// top of the shared tile rule, checked against tests/vectors/chain.json and
// the published puzzles of tests/golden/chain_public.json.
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'

import {
  newRecord, play, undo, reset, giveUp, verdict, standing, values, current, movesLeft,
  isClean, postedSeconds, solveBody, revive, puzzleProblem,
} from '../../site/static/js/chain/state.js'

const vectors = JSON.parse(readFileSync(new URL('../vectors/chain.json', import.meta.url), 'utf8'))
const golden = JSON.parse(readFileSync(new URL('../golden/chain_public.json', import.meta.url), 'utf8'))

const SEPT7 = { date: '2026-09-07', level: 'easy', ...vectors.puzzles.seven_september }

/** Every full-length order of distinct tiles that ends on the target, found by playing them. */
function solvingOrders(puzzle) {
  const found = []
  const rec = newRecord(puzzle, '2000-01-01')
  const walk = () => {
    if (rec.played.length === puzzle.moves) {
      if (current(puzzle, rec.played) === puzzle.target) found.push(rec.played.slice())
      return
    }
    for (let i = 0; i < puzzle.hand.length; i++) {
      if (verdict(rec, i).ok) {
        rec.played.push(i)
        walk()
        rec.played.pop()
      }
    }
  }
  walk()
  return found
}

test('every solve in the vectors plays out the same through a go', () => {
  // The browser plays one tile at a time, so a whole solve the server would
  // refuse shows up as a refused tile (used twice, no such tile, one too
  // many) or a go that ends off the target.
  const refusedAs = { no_such_tile: ['no_such_tile'], tile_reused: ['used'], wrong_length: ['finished', 'no_moves'] }
  let checked = 0
  for (const c of vectors.solves) {
    const puzzle = { date: '2026-09-07', level: 'easy', ...vectors.puzzles[c.puzzle] }
    if (!Array.isArray(c.tiles) || !c.tiles.every(Number.isInteger)) continue
    checked++
    const name = `${c.puzzle} ${JSON.stringify(c.tiles)}`
    const rec = newRecord(puzzle, '2026-09-07')
    let refused = null
    for (const t of c.tiles) {
      const result = play(rec, t)
      if (!result.ok) { refused = result; break }
    }
    if (c.ok) {
      assert.equal(rec.state, 'solved', name)
      assert.deepEqual(values(puzzle, rec.played), c.values, name)
    } else if (c.code === 'illegal_move') {
      assert.ok(refused, `${name}: an illegal move is refused`)
      assert.ok(c.reason.endsWith(refused.reason), `${c.reason} / ${refused.reason}`)
      assert.deepEqual(values(puzzle, rec.played), c.values, name)
      assert.notEqual(rec.state, 'solved', name)
    } else if (c.code === 'missed_target') {
      assert.equal(refused, null, name)
      assert.equal(standing(rec), 'out', name)
      assert.deepEqual(values(puzzle, rec.played), c.values, name)
    } else if (c.code === 'wrong_length' && c.tiles.length < puzzle.moves) {
      assert.equal(refused, null, name)
      assert.notEqual(rec.state, 'solved', name)
    } else {
      assert.ok(refused && refusedAs[c.code].includes(refused.code), `${name}: ${refused && refused.code}`)
    }
  }
  assert.ok(checked >= 8)
})

test('an unplayable tile is explained and changes nothing', () => {
  const rec = newRecord({ date: '2026-01-05', level: 'easy', start: 133, target: 200, moves: 3, hand: [{ op: 'div', n: 4 }, { op: 'swap' }, { op: 'add', n: 9 }] }, '2026-01-05')
  const before = JSON.stringify(rec)
  assert.deepEqual(play(rec, 0), { ok: false, code: 'inexact_divide', reason: '133 ÷ 4 is not a whole number' })
  assert.equal(JSON.stringify(rec), before)
  assert.equal(play(rec, 2).value, 142)
  assert.deepEqual(play(rec, 2), { ok: false, code: 'used', reason: '+9 was played as move 1; each tile plays once' })
  const swap = newRecord({ date: '2026-01-05', level: 'easy', start: 120, target: 200, moves: 3, hand: [{ op: 'swap' }] }, '')
  assert.equal(verdict(swap, 0).code, 'swap_drops_digit')
  assert.equal(verdict(swap, 3).code, 'no_such_tile')
})

test('the seventh of September: solved in exactly three moves, never before; out of moves elsewhere', () => {
  const rec = newRecord(SEPT7, '2026-09-07')
  assert.equal(rec.today, true)
  for (const t of [2, 4]) play(rec, t)
  assert.equal(rec.state, 'playing')
  assert.equal(movesLeft(SEPT7, rec.played), 1)
  assert.equal(play(rec, 1).value, 160)
  assert.equal(rec.state, 'solved')
  assert.equal(standing(rec), 'solved')
  assert.equal(verdict(rec, 0).code, 'finished')
  assert.equal(undo(rec), false, 'a finished go cannot be undone')

  const wrong = newRecord(SEPT7, '2026-09-08')
  assert.equal(wrong.today, false)
  for (const t of [0, 1, 2]) play(wrong, t)
  assert.equal(wrong.state, 'playing')
  assert.equal(standing(wrong), 'out')
  assert.equal(verdict(wrong, 3).code, 'no_moves')
})

test('undo and reset are counted only when they take something back', () => {
  const rec = newRecord(SEPT7, '2026-09-07')
  assert.equal(undo(rec), false)
  assert.equal(reset(rec), false)
  assert.equal(rec.undos + rec.resets, 0)
  play(rec, 0)
  play(rec, 1)
  assert.equal(undo(rec), true)
  assert.deepEqual(rec.played, [0])
  assert.equal(reset(rec), true)
  assert.deepEqual(rec.played, [])
  assert.equal(current(SEPT7, rec.played), 79)
  for (const t of [2, 4, 1]) play(rec, t)
  assert.equal(rec.state, 'solved')
  assert.deepEqual([rec.undos, rec.resets, isClean(rec)], [1, 1, false])
})

test('a stuck position (moves left, no tile plays) is told apart from play', () => {
  const puzzle = { date: '2026-01-05', level: 'easy', start: 9990, target: 500, moves: 3, hand: [{ op: 'add', n: 20 }, { op: 'mul', n: 2 }, { op: 'swap' }] }
  const rec = newRecord(puzzle, '')
  assert.equal(standing(rec), 'stuck')
})

test('giving up ends the go and nothing more can be played', () => {
  const rec = newRecord(SEPT7, '2026-09-07')
  play(rec, 0)
  assert.equal(giveUp(rec, 5), true)
  assert.equal(rec.state, 'gaveup')
  assert.equal(standing(rec), 'gaveup')
  assert.equal(play(rec, 1).code, 'finished')
  assert.equal(giveUp(rec), false)
})

test('a solve posts its tiles in order, and at least a second a move', () => {
  const rec = newRecord(SEPT7, '2026-09-07')
  for (const t of [1, 2, 4]) play(rec, t)
  rec.seconds = 0.4
  assert.equal(postedSeconds(rec), 3)
  rec.seconds = 41.6
  assert.deepEqual(solveBody(rec), { date: '2026-09-07', tiles: [1, 2, 4], seconds: 42, undos: 0, resets: 0 })
})

test('every published day from September to December has exactly one solving set, reachable only at full length', () => {
  assert.ok(golden.puzzles.length >= 120)
  for (const puzzle of golden.puzzles) {
    assert.equal(puzzleProblem(puzzle), null, puzzle.date)
    const orders = solvingOrders(puzzle)
    assert.ok(orders.length >= 1, `${puzzle.date} has a solution`)
    const sets = new Set(orders.map((o) => o.slice().sort((a, b) => a - b).join(',')))
    assert.equal(sets.size, 1, `${puzzle.date} has one solving set`)
    const rec = newRecord(puzzle, puzzle.date)
    for (const t of orders[0]) {
      assert.notEqual(rec.state, 'solved', 'never solved before the last move')
      assert.equal(play(rec, t).ok, true)
    }
    assert.equal(rec.state, 'solved', puzzle.date)
  }
})

test('a stored record is revived only when it still fits its puzzle', () => {
  const rec = newRecord(SEPT7, '2026-09-07')
  play(rec, 2)
  const stored = JSON.parse(JSON.stringify(rec))
  assert.deepEqual(revive(stored, SEPT7), rec)
  assert.equal(revive({ ...stored, played: [2, 2] }, SEPT7), null)
  assert.equal(revive({ ...stored, played: [9] }, SEPT7), null)
  assert.equal(revive({ ...stored, state: 'solved' }, SEPT7), null, 'not solved on one move')
  assert.equal(revive({ ...stored, undos: -1 }, SEPT7), null)
  assert.equal(revive(stored, { ...SEPT7, target: 161 }), null, 'a different puzzle under the same date')
  assert.equal(revive('junk', SEPT7), null)
})

test('a malformed daily file is named for what is wrong', () => {
  assert.equal(puzzleProblem(null), 'the puzzle file is not an object')
  assert.equal(puzzleProblem({ ...SEPT7, level: 'tricky' }), 'unknown level "tricky"')
  assert.equal(puzzleProblem({ ...SEPT7, moves: 9 }), 'the number of moves must fit the hand')
  assert.equal(puzzleProblem({ ...SEPT7, start: 0 }), 'the start and target must be whole numbers from 1 to 9999')
})
