// What a student's browser keeps of lessons and posts (site/static/js/lessons/store.js): results that
// failed to post wait, of any lesson, and go from any page (postWaiting), oldest first, each as the
// player who played it (a guest's with no token), each no sooner than its floor after the one before.
import { test, beforeEach } from 'node:test'
import assert from 'node:assert/strict'
import { MemoryStorage } from '../../site/static/js/lib/storage.js'

globalThis.localStorage = new MemoryStorage() // one storage for every module's namespace
const store = await import('../../site/static/js/lessons/store.js')

const A = 'AAAAAAAAAAAAAAAA'
const B = 'BBBBBBBBBBBBBBBB'
const sent = []
let answer = 503

globalThis.fetch = async (url, { method, headers, body }) => {
  sent.push({ url, method, auth: headers.Authorization || null, body: JSON.parse(body) })
  return { status: answer, headers: new Map(), json: async () => (answer === 200 ? { counted: true } : { error: 'Busy.' }) }
}

const signIn = (id) => localStorage.setItem('pb:player', JSON.stringify({ id, name: id, token: `token-${id}` }))
const kept = (id) => JSON.parse(localStorage.getItem(`pb:lessons:l:${id}`) || '{}')
const result = { solved: true, clean: true, mistakes: 0, hints: 0, seconds: 5, floor: 1 }
const ticket = (name) => ({ ticket: name, at: Date.now() - 60_000 }) // came a minute ago: nothing to wait for

beforeEach(() => {
  localStorage.clear()
  sent.length = 0
  answer = 503
})

test('a result that failed to post waits, marked, and goes from any page with the others, oldest first', async () => {
  signIn('p1')
  await store.postResult(A, 1, result, ticket('a1'))
  await store.postResult(B, 1, result, ticket('b1'))
  await store.postResult(A, 2, result, ticket('a2'))
  assert.equal(localStorage.getItem('pb:waiting:lessons'), 'true')
  assert.deepEqual(kept(A).pending.map((p) => p.ticket), ['a1', 'a2'])
  sent.length = 0
  answer = 200
  await store.postWaiting() // what site.js calls on every page
  assert.deepEqual(sent.map((s) => [s.url, s.body.ticket, s.auth]), [
    [`/api/lessons/${A}/results`, 'a1', 'Bearer token-p1'],
    [`/api/lessons/${A}/results`, 'a2', 'Bearer token-p1'],
    [`/api/lessons/${B}/results`, 'b1', 'Bearer token-p1'],
  ])
  assert.equal(sent[0].body.seconds, 5) // its own time, kept: the server places it when it was played
  assert.equal(sent[0].body.after, undefined)
  assert.deepEqual([kept(A).pending, kept(B).pending], [[], []])
  assert.equal(localStorage.getItem('pb:waiting:lessons'), null)
})

test('each goes as who played it: a guest’s with no token, another player’s only once they sign in', async () => {
  await store.postResult(A, 1, result, ticket('guest'))
  signIn('p1')
  await store.postResult(A, 2, result, ticket('mine'))
  signIn('p2')
  sent.length = 0
  answer = 200
  await store.postWaiting()
  assert.deepEqual(sent.map((s) => [s.body.ticket, s.auth]), [['guest', null]]) // p1's waits for p1
  assert.equal(localStorage.getItem('pb:waiting:lessons'), 'true')
  signIn('p1')
  await store.postWaiting()
  assert.deepEqual(sent.map((s) => [s.body.ticket, s.auth]), [['guest', null], ['mine', 'Bearer token-p1']])
  assert.equal(localStorage.getItem('pb:waiting:lessons'), null)
})

test('one puzzle at a time: a result waits its floor counted from the end of the one before', async () => {
  signIn('p1')
  const now = Date.now()
  await store.postResult(A, 1, { ...result, seconds: 3, floor: 2 }, { ticket: 'one', at: now })
  await store.postResult(A, 2, { ...result, seconds: 0, floor: 2 }, { ticket: 'two', at: now + 500 })
  const [first, second] = kept(A).pending
  assert.equal(first.seconds, 3)
  assert.equal(second.seconds, 2) // a solve claims its floor at least
  // The first ended 3 s after its ticket came; the second began then, and goes 2 s later (less the
  // server's second of allowance, plus a quarter of a second: lib/session.js notBefore).
  assert.equal(second.after, now + 3000 + 2000 - 1000 + 250)
  assert.equal(kept(A).pace, now + 5000)
})
