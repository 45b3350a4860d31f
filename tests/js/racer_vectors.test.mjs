// A race scores by Storm's rules: the browser's Storm tally (site/static/js/storm/clock.js) gives what
// tests/vectors/racer.json records, as puzzlebook/racer does (tests/test_racer_rules.py). The race's own
// clock (less the net penalty) and the floor are the vectors' too, for the race page's copy of them.
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import { WRONG_PENALTY, tallyRun } from '../../site/static/js/storm/clock.js'

const vectors = JSON.parse(readFileSync(new URL('../vectors/racer.json', import.meta.url), 'utf8'))

test('a race scores by Storm’s step', () => {
  assert.equal(WRONG_PENALTY, vectors.wrong_penalty)
  for (const c of vectors.clocks) assert.deepEqual(tallyRun(c.puzzles), c.tally, c.name)
})

test('the vectors’ clocks are the race’s less the net penalty', () => {
  for (const c of vectors.clocks) {
    const net = Math.max(0, c.tally.penalty - c.tally.bonus)
    assert.equal(c.clock_ms, vectors.race_ms - net * 1000, c.name)
  }
})

test('the vectors’ floor: k seconds from the start, less the allowance', () => {
  for (const [started, now, k, wait] of vectors.floor) {
    assert.equal(wait, Math.max(0, k * 1000 - vectors.floor_allowance_ms - (now - started)))
  }
})
