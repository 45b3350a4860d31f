// The browser's copy of the friend streak (site/static/js/friends/streak.js) against the Python rule
// (puzzlebook/friends/streak.py): tests/vectors/friends.json, also run by tests/test_friends_rules.py.
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import { friendStreak, friendStreakOf, playedDays, withDay } from '../../site/static/js/friends/streak.js'

const VECTORS = JSON.parse(readFileSync(new URL('../vectors/friends.json', import.meta.url), 'utf8'))

test('the friend streak the browser counts from the records the API answers is the vectors', () => {
  for (const c of VECTORS.streaks.cases) {
    assert.deepEqual(friendStreak(c.a, c.b, c.today), {
      length: c.length, freezesUsed: c.freezes_used, freezesHeld: c.freezes_held, bothToday: c.both_today,
    }, c.name)
  }
})

test('the same streak from every day each played, kept or not: the records drop none that count', () => {
  for (const c of VECTORS.streaks.cases) {
    assert.deepEqual(friendStreakOf(c.a_days, c.b_days, c.today), friendStreak(c.a, c.b, c.today), c.name)
  }
})

test("a record's days are the vectors", () => {
  for (const c of VECTORS.days.cases) assert.deepEqual(playedDays(c.record), c.days)
})

test("today's own result, before the API knows it, joins the streak at once", () => {
  const mine = { first: '2026-11-02', last: '2026-11-04', missed: [] }
  const theirs = { first: '2026-11-02', last: '2026-11-05', missed: [] }
  assert.equal(friendStreak(mine, theirs, '2026-11-05').length, 3)
  const now = friendStreakOf(withDay(mine, '2026-11-05'), playedDays(theirs), '2026-11-05')
  assert.deepEqual(now, { length: 4, freezesUsed: 0, freezesHeld: 0, bothToday: true })
})
