// Storm's share text names no move and says what the run came to; its boards read as the
// registry declares them (js/games.js), with a missing highest puzzle shown as a dash.
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { shareText } from '../../site/static/js/storm/share.js'
import { BOARDS, columns, placeLine } from '../../site/static/js/boards/model.js'

test('the share text of a ranked run: score, highest, combo, mistakes, place, the game’s address', () => {
  const text = shareText({ date: '2026-11-30', score: 23, highest: 1480, combo_best: 14, mistakes: 3, place: 4, ranked: true }, 'https://example.org')
  assert.equal(text, '⚡ Storm · Mon, Nov 30\n🧩 23 solved · 📈 1480 highest\n🔥 Best combo 14 · ❌ 3\n🏆 #4 today\nhttps://example.org/storm/')
})

test('a practice run with nothing solved says so and names no highest', () => {
  const text = shareText({ date: '2026-11-30', score: 0, highest: null, combo_best: 0, mistakes: 2, place: null, ranked: false }, 'https://example.org')
  assert.equal(text, '⚡ Storm · Mon, Nov 30\n🧩 0 solved\n🔥 Best combo 0 · ❌ 2\n🔁 Practice\nhttps://example.org/storm/')
})

test('the Storm boards: solved, highest (a dash for none), time; the best board’s place line', () => {
  const daily = BOARDS.find((b) => b.id === 'storm/daily')
  const best = BOARDS.find((b) => b.id === 'storm/best')
  assert.ok(daily.dated && !best.dated)
  const row = { score: 12, highest: null, seconds: 183 }
  assert.deepEqual(columns(daily).map((c) => [c.head, c.cell(row)]), [['Solved', '12'], ['Highest', '–'], ['Time', '3:03']])
  assert.equal(columns(best)[1].cell({ highest: 1490 }), '1490')
  assert.equal(placeLine(daily, { mine: { place: 2 } }), 'You are #2 on this day’s board.')
  assert.equal(placeLine(best, { mine: { place: 7, score: 31 } }), 'You are #7, with your best of 31 solved.')
})

test('the archive lists a day with a Storm run, and only a past one', async () => {
  const { pastMonths } = await import('../../site/static/js/archive/days.js')
  const index = { chess: ['2026-11-28'], chain: [], storm: ['2026-11-28', '2026-11-29', '2026-11-30'] }
  assert.deepEqual(pastMonths(index, '2026-11-30'), [{
    month: '2026-11',
    days: [
      { date: '2026-11-29', chess: false, chain: false, storm: true, streak: false },
      { date: '2026-11-28', chess: true, chain: false, storm: true, streak: false },
    ],
  }])
})
