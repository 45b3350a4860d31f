// The browser's copies of the rules the server applies too, against the shared vectors
// (tests/vectors/site.json; tests/test_site_vectors.py runs them against puzzlebook).
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import { streak, dayIn } from '../../site/static/js/lib/dates.js'
import { shardOf } from '../../site/static/js/chess/bundle.js'

const VECTORS = JSON.parse(readFileSync(new URL('../vectors/site.json', import.meta.url), 'utf8'))

test('the streak the browser counts is the vectors', () => {
  for (const c of VECTORS.streaks.cases) {
    assert.equal(streak(c.days, c.today), c.current, c.name)
  }
})

test('the site day the browser works out is the vectors', () => {
  for (const c of VECTORS.site_days.cases) {
    assert.equal(dayIn(c.zone, new Date(c.instant)), c.day, `${c.instant} in ${c.zone}`)
  }
})

test("a puzzle's shard in the browser is the vectors", async () => {
  for (const c of VECTORS.shards.cases) {
    assert.equal(await shardOf(c.id, c.shards), c.shard, `${c.id} of ${c.shards}`)
  }
})
