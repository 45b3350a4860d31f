// The browser's copy of the chess result rules (site/static/js/chess/results.js, with the streak of
// lib/dates.js and the tallies of chess/store.js) gives the answers tests/vectors/chess_results.json
// records, as puzzlebook/chess/results.py does (tests/test_chess_results.py). The browser has no
// copy of the 'players' section (first result stands, a solve after a miss, the rating) nor of the
// best streak: those come from the server's answer.
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import { MemoryStorage } from '../../site/static/js/lib/storage.js'
import { streak } from '../../site/static/js/lib/dates.js'
import { ChessStore } from '../../site/static/js/chess/store.js'
import { countedDay, isClean, outcomes } from '../../site/static/js/chess/results.js'
import { BAND_NAMES } from '../../site/static/js/games.js'

const vectors = JSON.parse(readFileSync(new URL('../vectors/chess_results.json', import.meta.url), 'utf8'))

test('the vector file says how to read it and has the sections the browser runs', () => {
  assert.equal(typeof vectors.format, 'string')
  for (const section of ['clean', 'counted_day', 'streaks', 'tallies']) assert.ok(vectors[section].length > 0, section)
})

test('clean is no mistakes and no hints', () => {
  for (const v of vectors.clean) assert.equal(isClean(v.mistakes, v.hints), v.clean, JSON.stringify(v))
})

test('a result counts for the site day only when its puzzle is that day’s daily', () => {
  for (const v of vectors.counted_day) assert.equal(countedDay(v.daily_of, v.on), v.day, v.why)
})

test('the streak days kept as the game keeps them give the streak the server gives', () => {
  for (const v of vectors.streaks) {
    const store = new ChessStore(new MemoryStorage())
    for (const solve of v.solves) {
      const day = countedDay(solve.daily_of, solve.on) // as Game.finish marks it
      if (day) store.markDay(day)
    }
    assert.equal(streak(store.days(), v.today), v.current, v.name)
  }
})

test('each band’s solves and clean solves, as the game counts finished puzzles', () => {
  for (const v of vectors.tallies) {
    const store = new ChessStore(new MemoryStorage())
    for (const done of v.finished) {
      const rec = { band: done.band, state: done.solved ? 'solved' : 'shown', mistakes: done.mistakes, hints: done.hints }
      for (const outcome of outcomes(rec)) store.count(rec.band, outcome) // as Game.finish counts them
    }
    assert.deepEqual(Object.keys(v.bands), BAND_NAMES)
    for (const [band, want] of Object.entries(v.bands)) {
      const row = store.tally()[band] || { solved: 0, clean: 0 }
      assert.deepEqual({ solved: row.solved || 0, clean: row.clean || 0 }, want, `${v.name}: ${band}`)
    }
  }
})
