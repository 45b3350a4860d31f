// The browser's review rule (site/static/js/review/, on ts-fsrs) gives the server's answers
// (puzzlebook/review/, on fsrs): tests/vectors/review.json, also run by tests/test_review.py.
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import { register } from 'node:module'

register('./vendor_hooks.mjs', import.meta.url)
const queue = await import('../../site/static/js/review/queue.js')
const schedule = await import('../../site/static/js/review/schedule.js')

const vectors = JSON.parse(readFileSync(new URL('../vectors/review.json', import.meta.url), 'utf8'))

test('the vectors hold dozens of schedules', () => {
  assert.ok(vectors.schedules.length >= 30)
})

test('each schedule comes back on the same day, with the same memory, as on the server', () => {
  for (const c of vectors.schedules) {
    const card = { band: 'Easy', id: 'aaaaa', results: queue.normalised(c.results) }
    assert.deepEqual(card.results, c.results)
    assert.equal(schedule.dueOf(card), c.due, JSON.stringify(c.results))
    assert.equal(queue.graduated(card), c.graduated)
    const mem = schedule.memory(card.results.filter((r) => r[1] !== 'clean'))
    if (c.stability === null) assert.equal(mem, null)
    else {
      assert.ok(Math.abs(mem.stability - c.stability) < 1e-6, `stability ${mem.stability} vs ${c.stability}`)
      assert.ok(Math.abs(mem.difficulty - c.difficulty) < 1e-6, `difficulty ${mem.difficulty} vs ${c.difficulty}`)
    }
  }
})

test('results are normalised as on the server', () => {
  for (const c of vectors.normalised) assert.deepEqual(queue.normalised(c.results), c.normalised)
})

test('a result is added as on the server', () => {
  for (const c of vectors.adds) assert.deepEqual(queue.add(queue.readQueue(c.queue), c.band, c.id, c.day, c.grade), c.after)
})

test('two copies merge as on the server, the worse of a day standing', () => {
  for (const c of vectors.merges) {
    const a = queue.readQueue(c.a)
    const b = queue.readQueue(c.b)
    assert.deepEqual(queue.merge(a, b), c.merged)
    assert.deepEqual(queue.merge(b, a), c.merged)
  }
})

test('old graduates are let go, and what is due is found, as on the server', () => {
  for (const c of vectors.pruned) assert.deepEqual(queue.pruned(queue.readQueue(c.queue), c.today, c.most_results), c.after)
  for (const c of vectors.due_on) assert.deepEqual(schedule.dueOn(queue.readQueue(c.queue), c.today).map(queue.keyOf), c.due)
  for (const c of vectors.grades) assert.equal(queue.gradeOf(c.solved, c.mistakes, c.hints), c.grade)
})

test("a log entry's result is the review's grade: only a clean solve isn't a miss or help", () => {
  const cases = { clean: 'clean', help: 'help', mistake: 'miss', missed: 'miss', shown: 'miss' }
  for (const [result, grade] of Object.entries(cases)) assert.equal(queue.gradeOfResult(result), grade, result)
})

test('the browser keeps its review: a miss enters, a clean first solve never, and a sync merges the answer', async () => {
  const { ReviewKeep } = await import('../../site/static/js/review/keep.js')
  const { MemoryStorage } = await import('../../site/static/js/lib/storage.js')
  const keep = new ReviewKeep(new MemoryStorage())
  assert.equal(keep.has(), false)
  keep.note('Easy', 'aaaaa', '2026-12-01', 'clean')
  assert.equal(keep.has(), false)
  keep.note('Easy', 'bbbbb', '2026-12-01', 'miss')
  assert.deepEqual(keep.queue().cards.map(queue.keyOf), ['Easy/bbbbb'])
  const server = { cards: [{ band: 'Hard', id: 'ccccc', results: [['2026-11-30', 'help']] }] }
  let sent = null
  const call = async (path, { body }) => { sent = body; return { status: 200, data: queue.merge(queue.readQueue(body), queue.readQueue(server)) } }
  assert.equal(await keep.sync(call, '2026-12-01'), true)
  assert.deepEqual(sent.cards.map(queue.keyOf), ['Easy/bbbbb'])
  assert.deepEqual(keep.queue().cards.map(queue.keyOf), ['Easy/bbbbb', 'Hard/ccccc'])
  // Refused or offline: nothing changes here.
  assert.equal(await keep.sync(async () => ({ status: 0, data: null }), '2026-12-01'), false)
  assert.equal(keep.queue().cards.length, 2)
})

test('a sync with nothing new to send reads the server\'s review rather than posting it again', async () => {
  const { ReviewKeep } = await import('../../site/static/js/review/keep.js')
  const { MemoryStorage } = await import('../../site/static/js/lib/storage.js')
  const keep = new ReviewKeep(new MemoryStorage())
  let held = { cards: [{ band: 'Hard', id: 'ccccc', results: [['2026-11-30', 'help']] }] }
  const asked = []
  /** The server: a post is merged into what it holds, a read answers it. */
  const call = async (path, options = {}) => {
    asked.push(options.method || 'GET')
    if (options.method === 'POST') held = queue.merge(queue.readQueue(held), queue.readQueue(options.body))
    return { status: 200, data: held }
  }
  keep.note('Easy', 'bbbbb', '2026-12-01', 'miss')
  assert.equal(await keep.sync(call, '2026-12-01'), true) // a miss of this browser's: posted
  assert.equal(await keep.sync(call, '2026-12-01'), true) // nothing new: read
  assert.deepEqual(asked, ['POST', 'GET'])
  // Another device's miss reaches the server: the read brings it here, and there is still nothing to send.
  held = queue.merge(queue.readQueue(held), { cards: [{ band: 'Easy', id: 'ddddd', results: [['2026-12-01', 'miss']] }] })
  assert.equal(await keep.sync(call, '2026-12-01'), true)
  assert.deepEqual(keep.queue().cards.map(queue.keyOf).sort(), ['Easy/bbbbb', 'Easy/ddddd', 'Hard/ccccc'])
  assert.equal(await keep.sync(call, '2026-12-01'), true)
  assert.deepEqual(asked, ['POST', 'GET', 'GET', 'GET'])
  // A new result here is sent.
  keep.note('Easy', 'eeeee', '2026-12-02', 'miss')
  await keep.sync(call, '2026-12-02')
  assert.equal(asked.at(-1), 'POST')
})

test("the home's answer is taken when nothing is unsent, and a browser that never kept a review sends nothing", async () => {
  const { ReviewKeep } = await import('../../site/static/js/review/keep.js')
  const { MemoryStorage } = await import('../../site/static/js/lib/storage.js')
  const keep = new ReviewKeep(new MemoryStorage())
  assert.equal(keep.unsent(), false) // a new device: nothing of its own to post
  const theirs = { cards: [{ band: 'Easy', id: 'aaaaa', results: [['2026-11-30', 'miss']] }] }
  keep.adopt(theirs, '2026-12-01')
  assert.deepEqual(keep.queue().cards.map(queue.keyOf), ['Easy/aaaaa'])
  assert.equal(keep.unsent(), false) // what it holds is what the server answered
  keep.note('Easy', 'bbbbb', '2026-12-01', 'miss')
  assert.equal(keep.unsent(), true)
  // Adopted again while its own miss is still on its way: both kept, and still something to send.
  keep.adopt(theirs, '2026-12-01')
  assert.deepEqual(keep.queue().cards.map(queue.keyOf).sort(), ['Easy/aaaaa', 'Easy/bbbbb'])
  assert.equal(keep.unsent(), true)
})
