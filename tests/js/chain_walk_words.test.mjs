// A Chain day's walkthrough in words (chain/walk_words.js) against the vectors pytest holds to the
// generator (tests/test_chain_walkthrough_vectors.py): made from the numbers alone, English says the
// generator's text word for word; a walkthrough kept before spares carried `like` keeps its text.
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'

import { walkWords } from '../../site/static/js/chain/walk_words.js'

const vectors = JSON.parse(readFileSync(new URL('../vectors/chain_walkthroughs.json', import.meta.url), 'utf8'))

test('every walkthrough of the vectors is said as the generator says it', () => {
  assert.ok(vectors.cases.length >= 5)
  for (const { name, day, solution, walkthrough } of vectors.cases) {
    const words = walkWords(walkthrough, day, solution)
    assert.equal(words.summary, walkthrough.summary, name)
    assert.deepEqual(words.steps.map((step) => step.text), walkthrough.steps.map((step) => step.text), name)
    // A step is a sum (drawn left to right) when its tile does arithmetic: a swap's words are a sentence.
    assert.deepEqual(words.steps.map((step) => step.sum), walkthrough.steps.map((step) => day.hand[step.tile].op !== 'swap'), name)
    assert.deepEqual(words.spares, walkthrough.spares.map((spare) => spare.text), name)
  }
})

test('a walkthrough kept before the numbers came says the text it was kept with', () => {
  const { day, solution, walkthrough } = vectors.cases[0]
  const kept = {
    summary: 'kept summary',
    steps: walkthrough.steps.map(() => ({ text: 'kept step' })),
    spares: walkthrough.spares.map((spare) => ({ tile: spare.tile, text: 'kept spare' })),
  }
  const words = walkWords(kept, day, solution.map(() => -1))
  assert.equal(words.summary, 'kept summary')
  assert.deepEqual(words.steps, kept.steps.map(() => ({ text: 'kept step', sum: false })))
  assert.deepEqual(words.spares, kept.spares.map(() => 'kept spare'))
})
