// Chain's result rules in the browser against tests/vectors/chain_results.json,
// the file tests/test_chain_results.py runs against the server's
// (puzzlebook/chain/results.py): each history played through real gos
// (chain/state.js), counted by results.js `settled` into a ChainStore
// (chain/store.js), the streak read by lib/dates.js `streak`.
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'

import { newRecord, play, undo, reset, giveUp, isClean, minSeconds, postedSeconds } from '../../site/static/js/chain/state.js'
import { settled } from '../../site/static/js/chain/results.js'
import { ChainStore } from '../../site/static/js/chain/store.js'
import { MemoryStorage } from '../../site/static/js/lib/storage.js'
import { streak } from '../../site/static/js/lib/dates.js'

const vectors = JSON.parse(readFileSync(new URL('../vectors/chain_results.json', import.meta.url), 'utf8'))
const puzzles = JSON.parse(readFileSync(new URL('../vectors/chain.json', import.meta.url), 'utf8')).puzzles

// Every day of a history plays the same vectors puzzle, under its own date.
const PUZZLE = puzzles.seven_september
const SOLUTION = [2, 4, 1]

/** Solve `rec` as a player would, with `undos` undos and `resets` resets on the way; false if the go is over already. */
function solveGo(rec, undos, resets) {
  if (rec.state !== 'playing') {
    assert.equal(play(rec, SOLUTION[0]).code, 'finished') // a finished go takes no tile
    return false
  }
  for (let k = 0; k < undos; k++) {
    assert.ok(play(rec, SOLUTION[0]).ok)
    assert.ok(undo(rec))
  }
  for (let k = 0; k < resets; k++) {
    assert.ok(play(rec, SOLUTION[0]).ok)
    assert.ok(reset(rec))
  }
  for (const i of SOLUTION) assert.ok(play(rec, i).ok)
  assert.equal(rec.state, 'solved')
  return true
}

const KIND = { solved: 'solve', gaveup: 'giveup' }

for (const history of vectors.histories) {
  test(`the browser follows the history: ${history.name}`, () => {
    const store = new ChainStore(new MemoryStorage())
    const goes = new Map()
    history.steps.forEach((step, n) => {
      const where = `step ${n + 1}`
      const { expect } = step
      if (step.post) {
        const { kind, date, undos = 0, resets = 0 } = step.post
        if (!goes.has(date)) goes.set(date, newRecord({ date, level: 'easy', ...PUZZLE }, step.opened || step.today))
        const rec = goes.get(date)
        const finished = kind === 'solve' ? solveGo(rec, undos, resets) : giveUp(rec)
        assert.equal(!finished, expect.already, where)
        if (finished) {
          const outcome = settled(rec, step.today)
          store.keep(outcome)
          assert.equal(outcome.kind, expect.kept, where)
          assert.equal(outcome.kind === 'solve' ? outcome.clean : null, expect.clean, where)
          assert.equal(isClean(rec), expect.clean === true, where)
          assert.equal(outcome.streakDay !== null, expect.on_board, where)
        } else {
          assert.equal(KIND[rec.state], expect.kept, where) // the go kept is the first one
        }
      }
      const tally = store.tally()
      assert.deepEqual({ solved: tally.solved, clean: tally.clean, gave_up: tally.gaveup }, expect.tally, where)
      assert.equal(streak(store.days(), step.today), expect.streak, where)
    })
  })
}

test('a go still in play counts for nothing yet', () => {
  const rec = newRecord({ date: '2026-11-02', level: 'easy', ...PUZZLE }, '2026-11-02')
  assert.equal(settled(rec, '2026-11-02'), null)
})

test('the seconds a solve posts are never under the server\'s floor', () => {
  for (const c of vectors.floor) {
    if (c.ok === false && c.code !== 'too_fast') continue // tiles the browser never lets a go play
    const moves = c.tiles.length
    assert.equal(minSeconds(moves), vectors.min_seconds_per_tile * moves)
    assert.equal(c.seconds >= minSeconds(moves), c.ok, JSON.stringify(c))
    const rec = { puzzle: { moves }, seconds: c.seconds }
    // A believable time is posted as it was; one under the floor is raised to it, so it is taken.
    assert.equal(postedSeconds(rec), c.ok ? c.seconds : minSeconds(moves))
  }
})
