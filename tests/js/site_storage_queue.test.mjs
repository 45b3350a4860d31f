// The storage namespace and the outbox of posts (site/static/js/lib/).
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { namespace, MemoryStorage } from '../../site/static/js/lib/storage.js'
import { Outbox } from '../../site/static/js/lib/outbox.js'

test('a namespace keeps values as JSON under its prefix and lists only its own keys', () => {
  const backend = new MemoryStorage()
  const a = namespace('pb:chess:', backend)
  const b = namespace('pb:chain:', backend)
  a.set('options', { dots: false })
  b.set('options', { sound: true })
  assert.deepEqual(a.get('options'), { dots: false })
  assert.equal(backend.getItem('pb:chess:options'), '{"dots":false}')
  assert.deepEqual(a.keys(), ['options'])
  a.remove('options')
  assert.equal(a.get('options', 'gone'), 'gone')
  assert.deepEqual(b.get('options'), { sound: true })
})

test('a corrupt value reads as the fallback and a full store answers false instead of throwing', () => {
  const backend = new MemoryStorage()
  backend.setItem('pb:x', '{not json')
  const ns = namespace('pb:', backend)
  assert.equal(ns.get('x', 7), 7)
  backend.setItem = () => { throw new Error('QuotaExceededError') }
  assert.equal(ns.set('y', 1), false)
})

function outbox() {
  return new Outbox(namespace('pb:t:', new MemoryStorage()), { order: ['miss', 'solve'] })
}

const solve = (id) => ({ key: `solve:Easy/${id}`, kind: 'solve', path: '/chess/solves', body: { id } })
const miss = (id) => ({ key: `miss:Easy/${id}`, kind: 'miss', path: '/chess/misses', body: { id } })

test('misses post before any held solve, each kind oldest first', async () => {
  const box = outbox()
  box.add(solve('a'))
  box.add(solve('b'))
  box.add(miss('b'))
  box.add(miss('c'))
  const posted = []
  const done = await box.flush(async (item) => { posted.push(item.key); return { status: 200, data: {} } })
  assert.deepEqual(posted, ['miss:Easy/b', 'miss:Easy/c', 'solve:Easy/a', 'solve:Easy/b'])
  assert.deepEqual(done, { sent: 4, dropped: 0, left: 0 })
})

test('an item is never queued twice, even after it was sent', async () => {
  const box = outbox()
  assert.equal(box.add(solve('a')), true)
  assert.equal(box.add(solve('a')), false)
  await box.flush(async () => ({ status: 201, data: {} }))
  assert.equal(box.add(solve('a')), false)
  let calls = 0
  await box.flush(async () => { calls++; return { status: 200 } })
  assert.equal(calls, 0)
})

test('a 422 drops the item and goes on; no connection keeps it and everything after it', async () => {
  const box = outbox()
  box.add(miss('a'))
  box.add(solve('b'))
  box.add(solve('c'))
  const outcomes = []
  const answers = { 'miss:Easy/a': 422, 'solve:Easy/b': 0 }
  const done = await box.flush(async (item) => ({ status: answers[item.key] ?? 200 }),
    (item, outcome) => outcomes.push([item.key, outcome]))
  assert.deepEqual(outcomes, [['miss:Easy/a', 'dropped']])
  assert.deepEqual(done, { sent: 0, dropped: 1, left: 2 })
  assert.deepEqual(box.items().map((i) => i.key), ['solve:Easy/b', 'solve:Easy/c'])
  // Back online: the rest goes, in order, once.
  const posted = []
  await box.flush(async (item) => { posted.push(item.key); return { status: 200 } })
  assert.deepEqual(posted, ['solve:Easy/b', 'solve:Easy/c'])
})

test('a thrown fetch, a 401, a 429 or a 5xx keeps the item for later', async () => {
  for (const answer of [() => { throw new Error('offline') }, () => ({ status: 401 }), () => ({ status: 429 }),
    () => ({ status: 503 })]) {
    const box = outbox()
    box.add(solve('a'))
    const done = await box.flush(async () => answer())
    assert.deepEqual(done, { sent: 0, dropped: 0, left: 1 })
  }
})

test('two flushes at once post each item once', async () => {
  const box = outbox()
  box.add(solve('a'))
  box.add(solve('b'))
  let calls = 0
  const send = async () => { calls++; await new Promise((r) => setTimeout(r, 5)); return { status: 200 } }
  await Promise.all([box.flush(send), box.flush(send)])
  assert.equal(calls, 2)
})

test('an item whose post went unheard is marked out for the next flush; one the server answered is not', async () => {
  const box = outbox()
  box.add(solve('a'))
  box.add(solve('b'))
  const seen = []
  // solve a: its answer never came (the page left as it went); solve b: not tried after it.
  await box.flush(async (item) => { seen.push([item.key, Boolean(item.out)]); throw new Error('gone') })
  assert.deepEqual(seen, [['solve:Easy/a', false]])
  assert.deepEqual(box.items().map((i) => [i.key, Boolean(i.out)]), [['solve:Easy/a', true], ['solve:Easy/b', false]])
  // A 503 was an answer: nothing was kept, so the item is no longer out.
  seen.length = 0
  await box.flush(async (item) => { seen.push([item.key, Boolean(item.out)]); return { status: 503 } })
  assert.deepEqual(seen, [['solve:Easy/a', true]])
  assert.equal(box.items()[0].out, undefined)
  assert.equal(box.add({ ...solve('c'), out: true }) && box.items().at(-1).out, undefined, 'a new item is never out')
})
