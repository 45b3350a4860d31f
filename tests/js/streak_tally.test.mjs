// The browser's Streak tally (site/static/js/streak/tally.js) gives what tests/vectors/streak.json
// records, as puzzlebook/streak/tally.py does (tests/test_streak_tally.py); and what a finished run
// counts for and posts (results.js), and its share text (share.js).
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import { tallyRun } from '../../site/static/js/streak/tally.js'
import { beats, endRecord, mayRank, runBody, settled, tallyOf } from '../../site/static/js/streak/results.js'
import { shareText } from '../../site/static/js/streak/share.js'

const vectors = JSON.parse(readFileSync(new URL('../vectors/streak.json', import.meta.url), 'utf8'))

test('runs', () => {
  for (const c of vectors.runs) {
    if (c.refused) {
      assert.throws(() => tallyRun(c.puzzles), RangeError, c.name)
      continue
    }
    assert.deepEqual(tallyRun(c.puzzles), c.expect, c.name)
  }
})

/** A run record as ctrl.js keeps it: rows [id, fen, moves, rating], moves and verdicts per puzzle. */
function record(fields = {}) {
  return {
    key: 'd:2026-12-05', date: '2026-12-05', today: true, state: 'playing', index: 2, skipped: null, seconds: 40,
    rows: [['a', '', '', 810], ['b', '', '', 850], ['c', '', '', 900]],
    moves: [['e2e4'], ['d2d4', 'g1f3'], []], verdicts: [['solved'], ['right', 'solved'], []],
    asked: true, ranked: null, by: 'p1', ...fields,
  }
}

test('a record tallies as the server would, the skip where it was taken', () => {
  assert.deepEqual(tallyOf(record()), { score: 2, highest: 850, attempted: 3, skipped: null, missed: null, moves: 3 })
  const skipped = record({ verdicts: [['solved'], ['right'], []], skipped: 2 })
  assert.equal(tallyOf(skipped).score, 1)
  assert.equal(tallyOf(skipped).skipped, 2)
})

test('ending a run leaves out the puzzle on the board when nothing was done in it', () => {
  const rec = endRecord(record(), 'ended')
  assert.equal(rec.state, 'over')
  assert.equal(rec.moves.length, 2)
  const kept = endRecord(record({ skipped: 3 }), 'ended')
  assert.equal(kept.moves.length, 3) // skipped without a move: part of the run
})

test('a finished run is this browser’s best only when it beats it', () => {
  const rec = endRecord(record(), 'wrong')
  assert.equal(settled(record(), null), null) // in play: nothing yet
  assert.deepEqual(settled(rec, null).best, { score: 2, highest: 850, seconds: 40, date: '2026-12-05' })
  assert.equal(settled(rec, { score: 3, highest: 800, seconds: 99 }).best, null)
  assert.ok(beats({ score: 2, highest: 900, seconds: 50 }, { score: 2, highest: 850, seconds: 10 }))
  assert.ok(beats({ score: 2, highest: 850, seconds: 9 }, { score: 2, highest: 850, seconds: 10 }))
  assert.ok(!beats({ score: 2, highest: 850, seconds: 10 }, { score: 2, highest: 850, seconds: 10 }))
})

test('the post is the moves, the skip and the seconds, never fewer than the moves', () => {
  const rec = endRecord(record({ seconds: 1 }), 'ended')
  assert.deepEqual(runBody(rec), { date: '2026-12-05', moves: [['e2e4'], ['d2d4', 'g1f3']], skipped: null, seconds: 3 })
  assert.equal(runBody({ ...rec, seconds: 10 ** 9 }).seconds, 86_400)
})

test('only the run its player started first here, asked for, and not practice, may rank', () => {
  const player = { id: 'p1' }
  assert.ok(mayRank(record(), player))
  assert.ok(!mayRank(record(), null))
  assert.ok(!mayRank(record(), { id: 'p2' }))
  assert.ok(!mayRank(record({ ranked: false }), player))
  assert.ok(!mayRank(record({ asked: false }), player))
  assert.ok(!mayRank(record({ key: 'practice' }), player))
})

test('the share text names no move and no puzzle', () => {
  const text = shareText({ date: '2026-12-05', score: 12, highest: 1480, skipped: 3, place: 4, ranked: true }, 'https://example.org')
  assert.equal(text, '🔥 Streak · Sat, Dec 5\n🧩 12 solved · 📈 1480 highest\n⏭️ Skip used\n🏆 #4 today\nhttps://example.org/streak/')
  const practice = shareText({ date: '2026-12-05', score: 0, highest: null, skipped: null, place: null, ranked: false }, 'https://x')
  assert.equal(practice, '🔥 Streak · Sat, Dec 5\n🧩 0 solved\n⏭️ No skip used\n🔁 Practice\nhttps://x/streak/')
})

test('the Streak boards read as the registry declares them; the archive lists its days', async () => {
  const { BOARDS, columns, placeLine } = await import('../../site/static/js/boards/model.js')
  const { pastMonths, dayUrl } = await import('../../site/static/js/archive/days.js')
  const { findGame } = await import('../../site/static/js/games.js')
  const daily = BOARDS.find((b) => b.id === 'streak/daily')
  const best = BOARDS.find((b) => b.id === 'streak/best')
  assert.ok(daily.dated && !best.dated)
  assert.deepEqual(columns(daily).map((c) => [c.head, c.cell({ score: 12, highest: null, seconds: 183 })]),
    [['Solved', '12'], ['Highest', '–'], ['Time', '3:03']])
  assert.equal(placeLine(best, { mine: { place: 7, score: 31 } }), 'You are #7, with your best of 31 solved.')
  const index = { chess: [], chain: [], storm: [], streak: ['2026-12-04', '2026-12-05'] }
  assert.deepEqual(pastMonths(index, '2026-12-05'), [{
    month: '2026-12', days: [{ date: '2026-12-04', chess: false, chain: false, storm: false, streak: true }],
  }])
  assert.equal(dayUrl(findGame('streak'), '2026-12-04'), '/streak/#/2026-12-04')
})
