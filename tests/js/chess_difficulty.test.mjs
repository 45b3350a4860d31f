// The browser's copies of your difficulty (site/static/js/chess/difficulty.js) and of the rating
// step (chess/rating.js) give the answers tests/vectors/difficulty.json records, as
// puzzlebook/chess/difficulty.py and puzzlebook/ratings.py do (tests/test_difficulty.py).
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import { target, windows, bandsFor, eligible, DIFFICULTY_NAMES } from '../../site/static/js/chess/difficulty.js'
import { ratePuzzle, outcomeOf } from '../../site/static/js/chess/rating.js'

const vectors = JSON.parse(readFileSync(new URL('../vectors/difficulty.json', import.meta.url), 'utf8'))

test('the five steps', () => {
  assert.deepEqual(DIFFICULTY_NAMES, ['easiest', 'easier', 'normal', 'harder', 'hardest'])
})

test('targets', () => {
  for (const v of vectors.targets) assert.equal(target(v.rating, v.difficulty), v.target, JSON.stringify(v))
  assert.throws(() => target(1500, 'medium'), /must be one of easiest/)
})

test('windows widen outward to the whole bundle', () => {
  for (const v of vectors.windows) assert.deepEqual(windows(v.centre), v.windows, String(v.centre))
})

test('bands for a window', () => {
  for (const v of vectors.bands_for) assert.deepEqual(bandsFor(v.low, v.high), v.bands, JSON.stringify(v))
})

test('eligible: the first window with fresh candidates', () => {
  for (const v of vectors.eligible) {
    assert.deepEqual(eligible(v.candidates, v.centre, new Set(v.skip)), { window: v.window, ids: v.ids }, JSON.stringify(v))
  }
})

test('the rating step is the server’s', () => {
  for (const v of vectors.ratings) {
    const after = ratePuzzle(v.before, v.puzzle, v.outcome)
    const where = JSON.stringify(v)
    assert.ok(Math.abs(after.rating - v.after.rating) < 1e-6, where)
    assert.ok(Math.abs(after.rd - v.after.rd) < 1e-6, where)
    assert.ok(Math.abs(after.volatility - v.after.volatility) < 1e-9, where)
  }
})

test('outcomes', () => {
  for (const v of vectors.outcomes) assert.equal(outcomeOf(v.missed, v.mistakes, v.hints), v.outcome, JSON.stringify(v))
})
