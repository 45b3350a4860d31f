// A player's today is their own local date (lib/dates.js playerDay), against the shared vectors
// (tests/vectors/player_dates.json; tests/test_player_dates.py binds them to the server's
// puzzlebook.calendar.local_date): each case run in its zone, as the browser there would.
// Node's clock follows process.env.TZ as soon as it is set; this file runs in a process of its own.
import { test, after } from 'node:test'
import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import { playerDay, playerOffset, playerQuery, nextPlayerDay } from '../../site/static/js/lib/dates.js'

const VECTORS = JSON.parse(readFileSync(new URL('../vectors/player_dates.json', import.meta.url), 'utf8'))
const was = process.env.TZ
after(() => { if (was === undefined) delete process.env.TZ; else process.env.TZ = was })

function inZone(zone, run) {
  process.env.TZ = zone
  return run()
}

test('the zones are the ones Node knows: a wrong zone name would fall back to UTC unseen', () => {
  inZone('Pacific/Kiritimati', () => assert.equal(new Date('2026-12-05T12:00:00Z').getTimezoneOffset(), -840))
  inZone('UTC', () => assert.equal(new Date('2026-12-05T12:00:00Z').getTimezoneOffset(), 0))
})

test("the player's date and offset are the vectors' in every zone", () => {
  for (const c of VECTORS.cases) {
    inZone(c.zone, () => {
      const now = new Date(c.instant)
      assert.equal(playerDay(now), c.date, `${c.instant} in ${c.zone} (${c.why})`)
      assert.equal(playerOffset(now), c.offset, `${c.instant} in ${c.zone} (${c.why})`)
      assert.equal(playerQuery(now), `date=${c.date}&offset=${c.offset}`)
    })
  }
})

test("the player's next day begins at their next local midnight, across changes of offset too", () => {
  for (const c of VECTORS.cases) {
    inZone(c.zone, () => {
      assert.equal(new Date(nextPlayerDay(new Date(c.instant))).toISOString(), c.next_day.replace('Z', '.000Z'),
        `${c.instant} in ${c.zone} (${c.why})`)
    })
  }
})

test('the offset east of UTC is never -0, which a query would write as 0 but an equality would not take', () => {
  inZone('UTC', () => assert.ok(Object.is(playerOffset(new Date('2026-12-05T12:00:00Z')), 0)))
})

test('a year before 1000 is written with four digits', () => {
  inZone('UTC', () => assert.equal(playerDay(new Date('0987-06-05T12:00:00Z')), '0987-06-05'))
})
