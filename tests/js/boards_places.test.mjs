// The browser's copy of a place found from a board's snapshot (site/static/js/boards/places.js)
// gives the answers tests/vectors/places.json records, as puzzlebook/places.py does
// (tests/test_places.py).
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import { standing, placed, standingIn } from '../../site/static/js/boards/places.js'

const vectors = JSON.parse(readFileSync(new URL('../vectors/places.json', import.meta.url), 'utf8'))

test('a standing among the top rows and the distribution', () => {
  for (const c of vectors.standing) {
    const got = standing(c.rows, c.key, { full: c.full, runs: c.runs, percentiles: c.percentiles, size: c.size })
    assert.deepEqual(got, c.standing, c.name)
    assert.deepEqual(placed(got), c.placed, c.name)
  }
})

test('a standing in a snapshot', () => {
  for (const c of vectors.snapshot) {
    const got = standingIn(vectors.board, c.key, c.player === null ? undefined : c.player)
    assert.deepEqual(got, c.standing, c.name)
    assert.deepEqual(placed(got), c.placed, c.name)
  }
})

test('no key, no standing', () => {
  assert.equal(standingIn(vectors.board, null), null)
  assert.equal(standingIn(null, 'k'), null)
})
