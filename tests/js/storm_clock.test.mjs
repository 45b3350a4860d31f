// The browser's Storm clock (site/static/js/storm/clock.js) gives what tests/vectors/storm.json
// records, as puzzlebook/storm/clock.py does (tests/test_storm_clock.py).
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import {
  START, WRONG_PENALTY, comboBonus, length, nextBonus, outOfTime, tallyRun,
} from '../../site/static/js/storm/clock.js'

const vectors = JSON.parse(readFileSync(new URL('../vectors/storm.json', import.meta.url), 'utf8'))

test('the constants are the vectors’', () => {
  assert.equal(START, vectors.start)
  assert.equal(WRONG_PENALTY, vectors.wrong_penalty)
})

test('combo bonuses', () => {
  for (const [combo, bonus] of vectors.bonuses) assert.equal(comboBonus(combo), bonus, `combo ${combo}`)
})

test('the next bonus is the first combo that adds time', () => {
  for (let combo = 0; combo < 80; combo++) {
    const { at, bonus } = nextBonus(combo)
    assert.ok(at > combo)
    assert.equal(comboBonus(at), bonus)
    for (let c = combo + 1; c < at; c++) assert.equal(comboBonus(c), 0, `${c} before ${at}`)
  }
})

test('runs', () => {
  for (const c of vectors.runs) {
    if (c.refused) {
      assert.throws(() => tallyRun(c.puzzles), RangeError, c.name)
      continue
    }
    const tally = tallyRun(c.puzzles)
    const { out_of_time: late, length: total, ...rest } = c.expect
    assert.deepEqual(tally, rest, c.name)
    assert.equal(length(tally), total, c.name)
    assert.equal(outOfTime(tally, c.seconds), late, c.name)
  }
})
