// The countdown to the next daily (site/static/js/lib/countdown.js) and the one rule it asks for
// when the next day begins (lib/dates.js nextPlayerDay: the player's next local midnight; every zone
// of tests/vectors/player_dates.json in tests/js/player_dates.test.mjs). This file runs in a process
// of its own: the zone set here is this file's.
import { test, after } from 'node:test'
import assert from 'node:assert/strict'
import { clockText, wordsFor } from '../../site/static/js/lib/countdown.js'
import { nextPlayerDay } from '../../site/static/js/lib/dates.js'

const iso = (ms) => new Date(ms).toISOString()
const was = process.env.TZ
after(() => { if (was === undefined) delete process.env.TZ; else process.env.TZ = was })

test('the next day begins at the player’s next local midnight, across DST changes too', () => {
  const cases = [
    ['UTC', '2026-12-02T14:00:00Z', '2026-12-03T00:00:00.000Z'],
    ['UTC', '2026-12-02T23:59:59.500Z', '2026-12-03T00:00:00.000Z'],
    ['UTC', '2026-12-03T00:00:00Z', '2026-12-04T00:00:00.000Z'],
    // The day before London's clocks go forward is 24 hours; the day they do, 23.
    ['Europe/London', '2026-03-28T12:00:00Z', '2026-03-29T00:00:00.000Z'],
    ['Europe/London', '2026-03-29T12:00:00Z', '2026-03-29T23:00:00.000Z'],
    // The day they go back is 25 hours.
    ['Europe/London', '2026-10-25T00:30:00Z', '2026-10-26T00:00:00.000Z'],
    ['Pacific/Kiritimati', '2026-12-02T14:00:00Z', '2026-12-03T10:00:00.000Z'],
  ]
  for (const [zone, now, next] of cases) {
    process.env.TZ = zone
    assert.equal(iso(nextPlayerDay(new Date(now))), next, `${zone} ${now}`)
  }
})

test('the clock counts hours, minutes and seconds', () => {
  assert.equal(clockText(5 * 3600 + 12 * 60 + 9), '5:12:09')
  assert.equal(clockText(59), '0:00:59')
  assert.equal(clockText(-3), '0:00:00')
})

test('the words say hours and minutes, and never chatter seconds', () => {
  assert.equal(wordsFor(5 * 3600 + 12 * 60 + 9), '5 hours and 12 minutes')
  assert.equal(wordsFor(3600 + 60), '1 hour and 1 minute')
  assert.equal(wordsFor(2 * 3600 + 30), '2 hours')
  assert.equal(wordsFor(61), '1 minute')
  assert.equal(wordsFor(59), 'less than a minute')
})
