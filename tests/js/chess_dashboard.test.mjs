// The browser's copy of the dashboard's figures (site/static/js/chess/dashboard.js) gives the answers
// tests/vectors/dashboard.json records, as puzzlebook/chess/dashboard.py does
// (tests/test_chess_dashboard.py). A guest's dashboard is computed by this copy.
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import { addResult, dashboard, logEntry, percent, performance, resultOf, resultSeen, talliesOf } from '../../site/static/js/chess/dashboard.js'

const vectors = JSON.parse(readFileSync(new URL('../vectors/dashboard.json', import.meta.url), 'utf8'))

test('the vector file has every section', () => {
  for (const section of ['results', 'seen', 'performance', 'add', 'logs', 'dashboard']) assert.ok(vectors[section].length > 0, section)
})

test('results in the history’s words', () => {
  for (const v of vectors.results) assert.equal(resultOf(v.kind, { clean: v.clean, how: v.how, mistakes: v.mistakes }), v.result)
})

test('a history line as the player reads it', () => {
  for (const v of vectors.seen) assert.equal(resultSeen(v.result, v.solved_later), v.seen, JSON.stringify(v))
})

test('a guest’s log says what became of a puzzle, as a signed-in player’s history does', () => {
  const row = ['abc', 'fen', 'e2e4 e7e5', 1500, 'fork short']
  const rec = (over) => ({ id: 'abc', band: 'Medium', row, state: 'solved', mistakes: 0, hints: 0, missed: false, tries: [], ...over })
  const result = (over) => logEntry(rec(over), '2026-11-02').result
  assert.equal(result({}), 'clean')
  assert.equal(result({ hints: 1 }), 'help')
  assert.equal(result({ mistakes: 1, missed: true, tries: ['e2e3'] }), 'mistake') // a wrong move, then the solve
  assert.equal(result({ state: 'shown' }), 'shown')
  assert.equal(result({ state: 'shown', mistakes: 1, missed: true, tries: ['e2e3'] }), 'missed')
})

test('performance and the first-try per cent', () => {
  for (const v of vectors.performance) {
    assert.equal(performance(v.played, v.first, v.ratings), v.performance, JSON.stringify(v))
    assert.equal(percent(v.first, v.played), v.percent, JSON.stringify(v))
  }
})

test('a result added to a day tally', () => {
  for (const v of vectors.add) {
    const before = JSON.stringify(v.before)
    assert.deepEqual(addResult(v.before, v.day, v.themes, v.puzzle_rating, v.first_try, v.rating_after), v.after)
    assert.equal(JSON.stringify(v.before), before)
  }
})

test('a log as day tallies', () => {
  for (const v of vectors.logs) assert.deepEqual(talliesOf(v.log), v.tallies, v.name)
})

test('the figures of a span', () => {
  for (const v of vectors.dashboard) assert.deepEqual(dashboard(v.tallies, v.today, v.days), v.expect, v.name)
})

test('the rating result by result: from before the first of the span, after each, oldest first', async () => {
  const { resultRatings } = await import('../../site/static/js/chess/dashboard.js')
  const lines = [ // newest first, as the history pages and a reversed log give them
    { day: '2026-11-02', before: 1640, after: 1685 },
    { day: '2026-11-02', before: null, after: null }, // not rated
    { day: '2026-11-02', before: 1580, after: 1640 },
    { day: '2026-11-02', before: 1500, after: 1580 },
    { day: '2026-10-20', before: 1400, after: 1500 }, // before the span
  ]
  assert.deepEqual(resultRatings(lines, '2026-10-27'), [
    { day: '2026-11-02', rating: 1500, start: true },
    { day: '2026-11-02', rating: 1580 },
    { day: '2026-11-02', rating: 1640 },
    { day: '2026-11-02', rating: 1685 },
  ])
  assert.deepEqual(resultRatings([{ day: '2026-11-02', before: null, after: null }], '2026-10-27'), [])
})
