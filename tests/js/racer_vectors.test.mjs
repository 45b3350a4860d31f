// A race's rules in the browser against tests/vectors/racer.json, which puzzlebook/racer runs too
// (tests/test_racer_rules.py): the score by Storm's tally (site/static/js/storm/clock.js, which a race
// scores by), the racer's own clock (race/clock.js: the race's less the net penalty) and the floor
// (lib/floor.js, every game's; race/clock.js holds each move to it).
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import { WRONG_PENALTY, tallyRun } from '../../site/static/js/storm/clock.js'
import { clockEnds, moveDue } from '../../site/static/js/race/clock.js'
import { FLOOR_ALLOWANCE_MS, floorWait } from '../../site/static/js/lib/floor.js'
import { notBefore } from '../../site/static/js/lib/tickets.js'

const vectors = JSON.parse(readFileSync(new URL('../vectors/racer.json', import.meta.url), 'utf8'))

test('a race scores by Storm’s step', () => {
  assert.equal(WRONG_PENALTY, vectors.wrong_penalty)
  for (const c of vectors.clocks) assert.deepEqual(tallyRun(c.puzzles), c.tally, c.name)
})

test('a racer’s clock is the race’s less the net penalty', () => {
  for (const c of vectors.clocks) {
    assert.equal(clockEnds(vectors.race_ms, tallyRun(c.puzzles)), c.clock_ms, c.name)
    assert.equal(clockEnds(5000 + vectors.race_ms, c.tally), 5000 + c.clock_ms, c.name)
  }
})

test('the floor: k seconds from the start, less the allowance', () => {
  assert.equal(FLOOR_ALLOWANCE_MS, vectors.floor_allowance_ms)
  for (const [started, now, k, wait] of vectors.floor) {
    assert.equal(floorWait(started, now, k), wait, `move ${k} at ${now}`)
    // A move held to its due time waits at least as long as the server asks.
    assert.ok(Math.max(0, moveDue(started, k) - now) >= wait, `move ${k} at ${now} sent too soon`)
  }
})

test('a result’s post waits out the same floor', () => {
  for (const [started, now, k, wait] of vectors.floor) {
    assert.ok(Math.max(0, notBefore(started, k) - now) >= wait, `a post of ${k} moves at ${now}`)
  }
})
