// The one name of each chess result (issue 40, 2.4): site/static/js/chess/result_names.js holds the
// names of tests/vectors/result_names.json, as puzzlebook/chess/result_names.py does (pytest), and
// reads a finished record as the result the server's history has.
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import { NAMES, resultOfRecord } from '../../site/static/js/chess/result_names.js'
import { doneTitle } from '../../site/static/js/chess/result_words.js'
import { RESULTS } from '../../site/static/js/chess/dashboard.js'

const vectors = JSON.parse(readFileSync(new URL('../vectors/result_names.json', import.meta.url), 'utf8'))

test('every result has the shared file’s one name', () => {
  assert.deepEqual({ ...NAMES }, vectors.names)
  assert.deepEqual(Object.keys(NAMES).sort(), [...RESULTS].sort())
})

test('a finished record is the result the history names, and the sheet says that name', () => {
  for (const rec of vectors.records) {
    assert.equal(resultOfRecord(rec), rec.result, JSON.stringify(rec))
    assert.equal(doneTitle(rec), vectors.names[rec.result])
  }
})
