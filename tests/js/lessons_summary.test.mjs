// The import page's summary line (site/static/js/lessons/summary.js): what is wrong, said plainly.
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { summarize, sentence } from '../../site/static/js/lessons/summary.js'

const puzzle = (index) => ({ index, title: `P${index}`, moves: [] })
const problem = (puzzleIndex, message) => ({ puzzle: puzzleIndex, message })

test('too many puzzles, each of them valid: the limit is the whole story', () => {
  const report = {
    ok: false,
    errors: [problem(null, 'The import has 250 puzzles; the limit is 200: split it into smaller imports')],
    warnings: [],
    puzzles: Array.from({ length: 250 }, (_, i) => puzzle(i + 1)),
  }
  assert.deepEqual(summarize(report), {
    text: 'The import has 250 puzzles; the limit is 200: split it into smaller imports. ' +
      'Each of the 250 puzzles is valid on its own. Nothing was imported.',
    listGeneral: false,
  })
})

test('an import too large is said to be too large, not unreadable', () => {
  const refused = { ok: false, errors: [problem(null, 'The import is 1,180 KB; the limit is 256 KB: split it into smaller imports.')] }
  assert.equal(summarize(refused).text,
    'The import is 1,180 KB; the limit is 256 KB: split it into smaller imports. Nothing was imported.')
})

test('text that is not JSON says where', () => {
  const report = { ok: false, errors: [problem(null, 'Not valid JSON: expected a value (line 1, column 1)')], puzzles: [] }
  assert.equal(summarize(report).text, 'Not valid JSON: expected a value (line 1, column 1). Nothing was imported.')
})

test("puzzles' problems are counted by puzzle", () => {
  const report = {
    ok: false,
    errors: [problem(1, 'not a legal move'), problem(3, 'bad colour'), problem(3, 'bad fen')],
    warnings: [problem(2, 'unknown field')],
    puzzles: [puzzle(2)],
  }
  assert.deepEqual(summarize(report), {
    text: '3 problems in 2 of 3 puzzles: fix them and check again. Nothing was imported.',
    listGeneral: false,
  })
})

test('a problem of the whole import and problems of puzzles, both said', () => {
  const report = {
    ok: false,
    errors: [problem(null, 'The import has 201 puzzles; the limit is 200: split it into smaller imports'), problem(7, 'x')],
    puzzles: Array.from({ length: 200 }, (_, i) => puzzle(i < 6 ? i + 1 : i + 2)),
  }
  assert.equal(summarize(report).text,
    'The import has 201 puzzles; the limit is 200: split it into smaller imports. ' +
    '1 problem in 1 of 201 puzzles: fix it and check again. Nothing was imported.')
  const two = { ok: false, errors: [problem(null, 'a'), problem(null, 'b')] }
  assert.deepEqual(summarize(two), {
    text: '2 problems with the whole import, listed below. Nothing was imported.',
    listGeneral: true,
  })
})

test('a valid import', () => {
  assert.equal(summarize({ ok: true, errors: [], warnings: [problem(1, 'w')], puzzles: [puzzle(1), puzzle(2)] }).text,
    '2 puzzles, all valid. 1 warning.')
})

test('sentences start with a capital and end with a stop', () => {
  assert.equal(sentence('nothing to import: the text is empty'), 'Nothing to import: the text is empty.')
  assert.equal(sentence('You seem to be offline. Try again.'), 'You seem to be offline. Try again.')
})
