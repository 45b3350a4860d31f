// The browser's copies of the rules the server applies too, against the shared vectors
// (tests/vectors/site.json; tests/test_site_vectors.py runs them against puzzlebook).
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import { streak, streakRun, freezesWords, dayIn, parseOffsets } from '../../site/static/js/lib/dates.js'
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
  assert.equal(freezesWords(1), ' · 1 freeze used')
  assert.equal(freezesWords(2), ' · 2 freezes used')
})

test('the site day the browser works out from the offsets the build writes is the vectors', () => {
  const days = VECTORS.site_days
  for (const c of days.cases) {
    const offsets = parseOffsets(days.offsets[c.zone])
    assert.ok(offsets, `offsets of ${c.zone}`)
    assert.equal(dayIn(c.zone, new Date(c.instant), offsets), c.day, `${c.instant} in ${c.zone} (${c.why})`)
  }
})

test('the site day from Intl alone (no offsets, or outside them) is the vectors too', () => {
  for (const c of VECTORS.site_days.cases) {
    assert.equal(dayIn(c.zone, new Date(c.instant), null), c.day, `${c.instant} in ${c.zone} (${c.why})`)
  }
})

test('the offsets are used where they hold: a wrong table gives a wrong day, so the arithmetic is what answered', () => {
  // London's offsets with summer time a day late: the first second of 2026-03-30 in London (23:00 UTC)
  // would still be 2026-03-29, as in winter.
  const days = VECTORS.site_days
  const late = days.offsets['Europe/London'].split(' ').map(Number)
  const spring = late.indexOf(Date.parse('2026-03-29T01:00:00Z') / 1000)
  assert.ok(spring > 0)
  late[spring] += 86400
  assert.equal(dayIn('Europe/London', new Date('2026-03-29T23:00:00Z'), late), '2026-03-29')
  assert.equal(dayIn('Europe/London', new Date('2026-03-29T23:00:00Z'), parseOffsets(days.offsets['Europe/London'])), '2026-03-30')
})

test('offsets that are not a list of times and offsets are not used', () => {
  for (const text of [undefined, '', '1 2', '1 0 x', '10 0 5', '1.5 0 3', '1 0 2 60']) {
    assert.equal(parseOffsets(text), null, String(text))
  }
  assert.deepEqual(parseOffsets(' 1 0 2 3600 3 '), [1, 0, 2, 3600, 3])
})

test("a puzzle's shard in the browser is the vectors", async () => {
  for (const c of VECTORS.shards.cases) {
    assert.equal(await shardOf(c.id, c.shards), c.shard, `${c.id} of ${c.shards}`)
  }
})
