// The browser's copies of the rules the server applies too, against the shared vectors
// (tests/vectors/site.json; tests/test_site_vectors.py runs them against puzzlebook).
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import { streak, streakRun, freezesWords } from '../../site/static/js/lib/dates.js'
import { shardOf } from '../../site/static/js/chess/bundle.js'

const VECTORS = JSON.parse(readFileSync(new URL('../vectors/site.json', import.meta.url), 'utf8'))

test('the streak the browser counts is the vectors', () => {
  for (const c of VECTORS.streaks.cases) {
    assert.equal(streak(c.days, c.today), c.current, c.name)
    assert.deepEqual(streakRun(c.days, c.today),
      { length: c.current, freezesUsed: c.freezes_used, freezesHeld: c.freezes_held }, c.name)
  }
})

test('the browser counts the streak from its days in any order, as the server does in order', () => {
  for (const c of VECTORS.streaks.cases) {
    assert.deepEqual(streakRun([...c.days].reverse(), c.today), streakRun(c.days, c.today), c.name)
  }
})

test('a streak line names the freezes used, and says nothing of none', () => {
  assert.equal(freezesWords(0), '')
  assert.equal(freezesWords(1), '1 freeze used')
  assert.equal(freezesWords(2), '2 freezes used')
})

test("a puzzle's shard in the browser is the vectors", async () => {
  for (const c of VECTORS.shards.cases) {
    assert.equal(await shardOf(c.id, c.shards), c.shard, `${c.id} of ${c.shards}`)
  }
})
