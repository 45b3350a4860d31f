// The boards page reads each board from its snapshot (site/static/js/boards/model.js): where a
// snapshot is, how fresh it says it is, and the signed-in player placed on it by places.js.
import { test } from 'node:test'
import assert from 'node:assert/strict'

import {
  BOARDS, boardPath, snapshotPath, entryPath, withMine, displayRows, placeLine, placeText, freshness, clockOffset, openWords,
} from '../../site/static/js/boards/model.js'
import { endsEverywhere } from '../../site/static/js/lib/dates.js'

const board = (id) => BOARDS.find((b) => b.id === id)

test('a snapshot is published at the board’s API path after /boards/, a band one more segment', () => {
  assert.equal(snapshotPath(board('chess/daily'), { date: '2026-12-02', band: 'Easy' }), '/snapshots/chess/daily/2026-12-02/Easy.json')
  assert.equal(snapshotPath(board('chess/alltime'), {}), '/snapshots/chess/alltime.json')
  assert.equal(snapshotPath(board('chess/alltime'), { band: 'Hard' }), '/snapshots/chess/alltime/Hard.json')
  assert.equal(snapshotPath(board('chess/ratings')), '/snapshots/ratings/chess.json')
  assert.equal(snapshotPath(board('chain/streaks')), '/snapshots/streaks/chain.json')
  assert.equal(snapshotPath(board('chain/daily'), { date: '2026-12-02' }), '/snapshots/chain/daily/2026-12-02.json')
  assert.equal(snapshotPath(board('storm/best')), '/snapshots/storm/best.json')
  assert.equal(snapshotPath(board('streak/daily'), { date: '2026-12-02' }), '/snapshots/streak/daily/2026-12-02.json')
  assert.equal(entryPath(board('chess/daily'), { date: '2026-12-02', band: 'Easy' }), '/me/entry/chess/daily/2026-12-02/Easy')
  assert.equal(boardPath(board('chain/daily'), { date: '2026-12-02', band: 'Easy' }), 'chain/daily/2026-12-02',
    'a board without bands takes none')
  for (const b of BOARDS) {
    const path = snapshotPath(b, { date: b.dated ? '2026-12-02' : null, band: b.bands ? 'Medium' : null })
    assert.match(path, /^\/snapshots\/[a-z]+\/[a-z0-9-]+(\/[0-9-]+)?(\/Medium)?\.json$/, b.id)
  }
  assert.throws(() => snapshotPath(board('chess/daily'), { date: null, band: 'Easy' }), /needs a day/)
  assert.throws(() => snapshotPath(undefined), /no board/)
})

const rows = (n) => Array.from({ length: n }, (_, k) => ({
  place: k + 1, name: `P${k}`, key: `k${String(k).padStart(5, '0')}`, clean: true, mistakes: 0, hints: 0, seconds: 10 + k,
}))

test('a player among the top rows is marked there, by their key and name (a snapshot has no player ids)', () => {
  const snapshot = { rows: rows(5), size: 5, runs: [['k00004', 5]], percentiles: null }
  // As GET /api/me/entry answers it: the key and the board's columns; the name is the player's own.
  const entry = { key: 'k00002', row: { clean: true, mistakes: 0, hints: 0, seconds: 12 } }
  const answer = withMine(snapshot, entry, 'P2')
  assert.deepEqual(answer.rows.map((r) => r.you), [false, false, true, false, false])
  assert.equal(answer.mine.place, 3)
  assert.equal(answer.mine.about, false)
  const shown = displayRows(answer)
  assert.equal(shown.length, 5, 'no second row of theirs')
  assert.equal(placeLine(board('chess/daily'), answer), 'You are #3 on this day’s board.')
  // Another player with the same key is not them.
  const twin = withMine(snapshot, entry, 'Someone else')
  assert.ok(twin.rows.every((r) => !r.you))
})

test('a guest sees the rows unmarked, and no place line', () => {
  const answer = withMine({ rows: rows(3), size: 3 }, null)
  assert.ok(answer.rows.every((r) => r.you === false))
  assert.equal(answer.mine, null)
  assert.equal(placeLine(board('chess/daily'), answer), null)
  assert.deepEqual(withMine(null, null), { rows: [], mine: null })
  assert.equal(withMine({ rows: rows(3), size: 3 }, { key: null, row: null }, 'P9').mine, null, 'a player not on the board')
})

test('a player posted since the snapshot comes right after its rows, or after a gap when they rank among them', () => {
  const snapshot = { rows: rows(3), size: 3, runs: [['k00002', 3]], percentiles: null }
  const last = displayRows(withMine(snapshot, { key: 'k00009', row: {} }, 'New'))
  assert.deepEqual(last.map((r) => (r.gap ? 'gap' : placeText(r.row))), ['#1', '#2', '#3', '#4'])
  const ahead = displayRows(withMine(snapshot, { key: 'k00001a', row: {} }, 'Fast'))
  assert.deepEqual(ahead.map((r) => (r.gap ? 'gap' : placeText(r.row))), ['#1', '#2', '#3', 'gap', '#3'])
  assert.equal(ahead[4].you, true)
  assert.deepEqual(displayRows(withMine({ rows: [], size: 0 }, { key: 'k', row: {} }, 'First')).map((r) => r.row.place), [1])
})

test('below the top 100: about #N from a board read whole, top N% from a sampled one', () => {
  const top = rows(100)
  const keys = Array.from({ length: 5000 }, (_, k) => `k${String(k).padStart(5, '0')}`)
  // The runs of 5,000 keys as puzzlebook.places.runs_of cuts them.
  const runs = [[keys[99], 100]]
  for (let ahead = 100; ahead < keys.length;) {
    const end = Math.min(keys.length, ahead + Math.max(1, Math.floor(0.02 * (ahead + 1))))
    runs.push([keys[end - 1], end - ahead])
    ahead = end
  }
  const whole = { rows: top, size: 5000, runs, percentiles: null }
  const about = withMine(whole, { key: 'k04000', row: { clean: true, mistakes: 1, hints: 0, seconds: 90 } }, 'Far')
  assert.deepEqual({ place: about.mine.place, about: about.mine.about, top: about.mine.top }, { place: 3975, about: true, top: null },
    'the vectors’ case (tests/vectors/places.json)')
  assert.equal(placeText(about.mine), 'about #3975')
  const shown = displayRows(about)
  assert.equal(shown.length, 102)
  assert.deepEqual(shown[100], { gap: true })
  assert.equal(shown[101].you, true)
  assert.equal(shown[101].row.name, 'Far')
  assert.equal(shown[101].row.seconds, 90, 'their row’s columns are their entry’s')
  assert.equal(placeLine(board('chess/daily'), about), 'You are about #3975 on this day’s board.')

  const percentiles = Array.from({ length: 99 }, (_, k) => `k${String((k + 1) * 1000).padStart(6, '0')}`)
  const sampled = { rows: top.map((r) => ({ ...r, key: `k0${r.key.slice(1)}` })), size: 100_000, runs: null, percentiles }
  const far = withMine(sampled, { key: 'k012500', row: { clean: 4 } }, 'Far')
  assert.deepEqual({ place: far.mine.place, top: far.mine.top }, { place: null, top: 13 })
  assert.equal(placeText(far.mine), 'top 13%')
  assert.equal(placeLine(board('chess/daily'), far), 'You are in the top 13% of this day’s board.')
  assert.equal(placeLine(board('chess/alltime'), far), 'You are in the top 13%, with 4 clean solves.')
  assert.equal(placeLine(board('chess/streaks'), { mine: { place: 140, about: true, streak: 2 } }), 'You are about #140, with a 2-day streak.')
  assert.equal(placeLine(board('chess/ratings'), { mine: { place: null, top: 5, rating: 1623, rd: 74 } }),
    'You are in the top 5%, rated 1623 ± 74.')
})

test('how fresh a snapshot is, in words, from its stamp', () => {
  const at = Date.parse('2026-12-02T10:00:00.000000Z'.replace('000000Z', '000Z'))
  const published = '2026-12-02T10:00:00.000000Z'
  assert.equal(freshness(published, at + 12_400), 'Updated 12 seconds ago')
  assert.equal(freshness(published, at + 1_000), 'Updated just now')
  assert.equal(freshness(published, at - 30_000), 'Updated just now', 'a stamp ahead of the clock')
  assert.equal(freshness(published, at + 61_000), 'Updated 1 minute ago')
  assert.equal(freshness(published, at + 3 * 3600_000 + 5), 'Updated 3 hours ago')
  assert.equal(freshness(published, at + 2 * 86400_000), 'Updated 2 days ago')
  assert.equal(freshness('2026-12-02T10:00:00Z', at + 5_000), 'Updated 5 seconds ago')
  assert.equal(freshness('not a stamp', at), null)
  assert.equal(freshness(undefined, at), null)
})

test('the server’s clock from a response’s Date (and Age), only when this browser’s is off by over a minute', () => {
  const now = Date.parse('2026-12-02T10:00:00Z')
  assert.equal(clockOffset('Wed, 02 Dec 2026 10:00:10 GMT', null, now), 0, 'seconds apart: a cached copy, not a wrong clock')
  assert.equal(clockOffset('Wed, 02 Dec 2026 10:05:00 GMT', null, now), 300_000)
  assert.equal(clockOffset('Wed, 02 Dec 2026 09:50:00 GMT', '30', now), -570_000)
  assert.equal(clockOffset(null, null, now), 0)
  assert.equal(clockOffset('garbage', null, now), 0)
})

test('a place in words is one rule for the boards and the result sheets', async () => {
  const { placeText } = await import('../../site/static/js/lib/standing.js')
  assert.equal(placeText({ place: 8, about: false, top: null }), '#8')
  assert.equal(placeText({ place: 3975, about: true, top: null }), 'about #3975')
  assert.equal(placeText({ place: null, about: false, top: 2 }), 'top 2%')
  assert.equal(placeText({ place: null, about: false, top: null }), null) // not known yet: no snapshot
})

test('a dated board says until when it is open in the player’s own time, and nothing once final', () => {
  const was = process.env.TZ
  try {
    const at = (zone, openUntil, now) => { process.env.TZ = zone; return openWords(openUntil, new Date(now)) }
    // London, Sunday 6 December 2026 (UTC+0).
    assert.equal(at('Europe/London', '2026-12-06T13:00:00Z', '2026-12-06T09:00:00Z'), 'Open until 1 pm, your time')
    assert.equal(at('Europe/London', '2026-12-07T12:00:00Z', '2026-12-06T09:00:00Z'), 'Open until noon on Monday 7 December, your time')
    assert.equal(at('Europe/London', '2026-12-06T09:45:00Z', '2026-12-06T09:00:00Z'), 'Open until 9:45 am, your time')
    // Kolkata, half an hour off the hour.
    assert.equal(at('Asia/Kolkata', '2026-12-06T12:00:00Z', '2026-12-06T03:00:00Z'), 'Open until 5:30 pm, your time')
    // Auckland (UTC+13 in December): 11:00 UTC is its midnight, the end of its Sunday.
    assert.equal(at('Pacific/Auckland', '2026-12-06T11:00:00Z', '2026-12-06T01:00:00Z'), 'Open until midnight, your time')
    assert.equal(at('Pacific/Auckland', '2026-12-07T11:00:00Z', '2026-12-06T01:00:00Z'), 'Open until the end of Monday 7 December, your time')
    // Final (null), passed, or not an instant: nothing.
    assert.equal(at('Europe/London', null, '2026-12-06T09:00:00Z'), null)
    assert.equal(at('Europe/London', '2026-12-06T08:00:00Z', '2026-12-06T09:00:00Z'), null)
    assert.equal(at('Europe/London', 'soon', '2026-12-06T09:00:00Z'), null)
  } finally {
    if (was === undefined) delete process.env.TZ
    else process.env.TZ = was
  }
})

test('a day’s board is open until the day has ended everywhere: its midnight at UTC−12', () => {
  assert.equal(endsEverywhere('2026-12-05'), '2026-12-06T12:00:00Z')
  assert.equal(endsEverywhere('2026-12-31'), '2027-01-01T12:00:00Z')
})
