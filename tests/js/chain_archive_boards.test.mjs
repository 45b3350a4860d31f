// The archive's list of days (archive/days.js) and the leaderboards' model
// (boards/model.js): which days and rows a player sees, and where links go.
import { test } from 'node:test'
import assert from 'node:assert/strict'

import { pastMonths, monthName, dayName, parseRoute as archiveRoute, dayUrl, pickUrl } from '../../site/static/js/archive/days.js'
import { findGame } from '../../site/static/js/games.js'
import { BOARDS, parseRoute, routeOf, apiPath, columns, displayRows, placeLine, ratingText } from '../../site/static/js/boards/model.js'

test('the archive lists only past days, by month, newest first, marking which games each day has', () => {
  const index = {
    chess: ['2026-08-30', '2026-08-31', '2026-09-01', '2026-09-02', '2026-09-03'],
    chain: ['2026-09-01', '2026-09-02', '2026-09-03', '2026-09-04', 'junk', 7],
  }
  assert.deepEqual(pastMonths(index, '2026-09-03'), [
    { month: '2026-09', days: [{ date: '2026-09-02', chess: true, chain: true, storm: false, streak: false }, { date: '2026-09-01', chess: true, chain: true, storm: false, streak: false }] },
    { month: '2026-08', days: [{ date: '2026-08-31', chess: true, chain: false, storm: false, streak: false }, { date: '2026-08-30', chess: true, chain: false, storm: false, streak: false }] },
  ])
  assert.deepEqual(pastMonths({}, '2026-09-03'), [])
  assert.deepEqual(pastMonths(null, '2026-09-03'), [])
})

test('archive dates and months read as a person writes them', () => {
  assert.equal(monthName('2026-11'), 'November 2026')
  assert.equal(dayName('2026-09-07'), 'Mon 7 Sep')
})

test('archive addresses: a month, a chess day, or nothing else', () => {
  assert.deepEqual(archiveRoute(''), { kind: 'month', month: null })
  assert.deepEqual(archiveRoute('#/'), { kind: 'month', month: null })
  assert.deepEqual(archiveRoute('#/2026-10'), { kind: 'month', month: '2026-10' })
  assert.deepEqual(archiveRoute('#/chess/2026-10-03'), { kind: 'chess', date: '2026-10-03' })
  assert.deepEqual(archiveRoute('#/chess/2026-10-03/x'), { kind: 'unknown' })
  assert.deepEqual(archiveRoute('#/chain/2026-10-03'), { kind: 'unknown' })
  // A day or month that doesn't exist is an unknown address, never rolled over into a real one.
  for (const date of ['2026-10-32', '2026-09-31', '2026-11-00', '2026-13-01', '2026-02-29']) {
    assert.deepEqual(archiveRoute(`#/chess/${date}`), { kind: 'unknown' }, date)
  }
  assert.deepEqual(archiveRoute('#/2026-13'), { kind: 'unknown' })
  assert.deepEqual(archiveRoute('#/2026-00'), { kind: 'unknown' })
  // A past chess daily plays as the daily it was, by day and band (never by the puzzle's own address).
  assert.equal(pickUrl(findGame('chess'), '2026-10-03', 'Easy'), '/#/daily/Easy/2026-10-03')
  assert.equal(dayUrl(findGame('chain'), '2026-10-03'), '/chain/#/2026-10-03')
  assert.equal(dayUrl(findGame('chess'), '2026-10-03'), '#/chess/2026-10-03', 'the archive’s own view of the day’s dailies')
  assert.equal(dayUrl(findGame('storm'), '2026-10-03'), '/storm/#/2026-10-03')
})

test('board addresses round-trip and name their API path', () => {
  const daily = BOARDS.find((b) => b.id === 'chess/daily')
  assert.deepEqual(parseRoute(''), { board: daily, date: null, band: null })
  assert.deepEqual(parseRoute('#/chess/daily/2026-10-03/Medium'), { board: daily, date: '2026-10-03', band: 'Medium' })
  assert.equal(parseRoute('#/chess/daily/Medium').band, 'Medium')
  assert.equal(parseRoute('#/chess/alltime/Nope'), null)
  assert.equal(parseRoute('#/chain/ratings'), null, 'Chain has no ratings')
  assert.equal(parseRoute('#/chain/daily/2026-09-31'), null, 'a day that does not exist names no board')
  assert.equal(parseRoute('#/chess/daily/2026-13-01/Medium'), null)
  for (const board of BOARDS) {
    const route = routeOf(board.id, { date: board.dated ? '2026-10-03' : null, band: board.bands ? 'Hard' : null })
    const back = parseRoute(route)
    assert.equal(back.board, board, route)
  }
  assert.equal(apiPath(daily, { date: '2026-10-03', band: 'Medium' }), '/boards/chess/daily/2026-10-03?band=Medium')
  assert.equal(apiPath(BOARDS.find((b) => b.id === 'chain/daily'), { date: '2026-10-03' }), '/boards/chain/daily/2026-10-03')
  assert.equal(apiPath(BOARDS.find((b) => b.id === 'chess/alltime'), {}), '/boards/chess/alltime')
  assert.equal(apiPath(BOARDS.find((b) => b.id === 'chain/streaks'), {}), '/boards/streaks/chain')
})

test("the player's own row follows the top 100 after a gap, and only when it isn't already there", () => {
  const rows = Array.from({ length: 100 }, (_, k) => ({ place: k + 1, name: `P${k}`, you: false, streak: 3 }))
  const mine = { place: 140, name: 'Me', you: true, streak: 1 }
  const shown = displayRows({ rows, mine })
  assert.equal(shown.length, 102)
  assert.deepEqual(shown[100], { gap: true })
  assert.deepEqual(shown[101], { row: mine, you: true })
  const inside = rows.map((r) => (r.place === 7 ? { ...r, you: true } : r))
  const shownInside = displayRows({ rows: inside, mine: inside[6] })
  assert.equal(shownInside.length, 100)
  assert.equal(shownInside.filter((r) => r.you).length, 1)
  assert.deepEqual(displayRows({ rows: [], mine: null }), [])
  const streaks = BOARDS.find((b) => b.id === 'chain/streaks')
  assert.equal(placeLine(streaks, { rows, mine }), 'You are #140, with a 1-day streak.')
  assert.equal(placeLine(streaks, { rows, mine: null }), null)
})

test('each board shows its own columns: a rating with its ±, times as the clock shows them', () => {
  const ratings = BOARDS.find((b) => b.id === 'chess/ratings')
  assert.deepEqual(columns(ratings).map((c) => c.cell({ rating: 1623, rd: 74, provisional: false })), ['1623 ± 74'])
  assert.equal(ratingText({ rating: 1500, rd: 350, provisional: true }), '1500 ± 350 (provisional)')
  const chain = BOARDS.find((b) => b.id === 'chain/daily')
  const row = { clean: false, undos: 2, resets: 1, seconds: 75 }
  assert.deepEqual(columns(chain).map((c) => [c.head, c.cell(row)]), [['Clean', 'No'], ['Undos', '2'], ['Resets', '1'], ['Time', '1:15']])
  assert.equal(placeLine(chain, { mine: { place: 3 } }), 'You are #3 on this day’s board.')
})
