// The play session every game's controller shares (site/static/js/lib/session.js): the keys of
// results and tickets in one shape, a post's answer settled into its record (pure), and the
// outbox's flush keeping each answer in its record and telling the controllers that hold one.
import { test } from 'node:test'
import assert from 'node:assert/strict'

import { resultKey, resultKeys } from '../../site/static/js/lib/outbox.js'
import { ticketKey } from '../../site/static/js/lib/tickets.js'
import { withAnswer, flush, onPosted } from '../../site/static/js/lib/session.js'
import { ChessStore, POSTING as CHESS } from '../../site/static/js/chess/store.js'
import { ChainStore, POSTING as CHAIN } from '../../site/static/js/chain/store.js'
import { MemoryStorage } from '../../site/static/js/lib/storage.js'

const PLAYER = { id: 'p-ada', name: 'Ada', token: 't' }

function serve(answer) {
  globalThis.fetch = async (url, init) => {
    const got = answer(String(url).replace(/^\/api/, ''), init.body ? JSON.parse(init.body) : undefined, init.method)
    if (!got) throw new TypeError('offline')
    return { status: got.status, json: async () => got.data, headers: { get: (h) => (h === 'X-Ticket-Refused' ? got.refused ?? null : null) } }
  }
}

test('every game’s result and ticket keys have the one shape', () => {
  assert.equal(resultKey('solve', 'Easy/abc12'), 'solve:Easy/abc12')
  assert.equal(ticketKey('chain', '2026-09-07'), 'chain:2026-09-07')
  assert.deepEqual(resultKeys(CHESS, { band: 'Easy', id: 'abc12' }), ['miss:Easy/abc12', 'solve:Easy/abc12'])
  assert.deepEqual(resultKeys(CHAIN, { date: '2026-09-07' }), ['giveup:2026-09-07', 'solve:2026-09-07'])
})

test('an answer settles into its field of the record, leaving the record it came from as it was', () => {
  const rec = { band: 'Easy', id: 'abc12', posted: null }
  assert.deepEqual(withAnswer(CHESS, rec, 'miss', { already: false }), { ...rec, missPosted: { already: false } })
  assert.deepEqual(withAnswer(CHESS, rec, 'solve', { place: 2 }), { ...rec, posted: { place: 2 } })
  assert.deepEqual(rec, { band: 'Easy', id: 'abc12', posted: null })
  assert.deepEqual(withAnswer(CHAIN, { date: 'd' }, 'giveup', { kind: 'giveup' }).posted, { kind: 'giveup' })
})

test('a flush posts the player’s results, keeps each answer in its record and tells who listens', async () => {
  serve((path) => (path === '/chain/solves' ? { status: 200, data: { ok: true, already: false, place: 1, daily: '2026-09-07' } } : { status: 422, data: { error: 'too fast' } }))
  const store = new ChainStore(new MemoryStorage())
  store.saveRecord({ date: '2026-09-07', state: 'solved', posted: null })
  store.saveRecord({ date: '2026-09-06', state: 'gaveup', posted: null })
  store.outbox.add({ key: resultKey('solve', '2026-09-07'), kind: 'solve', path: '/chain/solves', body: { date: '2026-09-07', tiles: [] }, by: PLAYER.id })
  store.outbox.add({ key: resultKey('giveup', '2026-09-06'), kind: 'giveup', path: '/chain/giveups', body: { date: '2026-09-06' }, by: PLAYER.id })
  const heard = []
  const stop = onPosted((news) => heard.push(news))
  const done = await flush(store, PLAYER)
  stop()
  assert.deepEqual(done, { sent: 1, dropped: 1, left: 0 })
  assert.deepEqual(store.record('2026-09-07').posted, { kind: 'solve', already: false, place: 1, daily: '2026-09-07' })
  assert.deepEqual(store.record('2026-09-06').posted, { kind: 'giveup', dropped: true, error: 'too fast' })
  assert.deepEqual(heard.map((h) => [h.game, h.key, h.kind, h.outcome]), [
    ['chain', '2026-09-06', 'giveup', 'dropped'], ['chain', '2026-09-07', 'solve', 'sent'],
  ])
  assert.equal(await flush(store, null), null, 'nothing posts without a player')
})

test('a chess solve to a daily asks the server for the streak, and the rating becomes your difficulty’s', async () => {
  serve((path) => {
    if (path === '/chess/solves') return { status: 200, data: { ok: true, already: false, daily: '2026-09-07', rating: { before: 1500, after: 1540 } } }
    if (path === '/me') return { status: 200, data: { streaks: { chess: { current: 6 } } } }
    return null
  })
  const store = new ChessStore(new MemoryStorage())
  store.saveRecord({ band: 'Easy', id: 'abc12', state: 'solved', posted: null })
  store.outbox.add({ key: 'solve:Easy/abc12', kind: 'solve', path: '/chess/solves', body: { id: 'abc12', band: 'Easy', moves: [] }, by: PLAYER.id })
  await flush(store, PLAYER)
  assert.deepEqual(store.record('Easy', 'abc12').posted, { already: false, rating: { before: 1500, after: 1540 }, daily: '2026-09-07', streak: 6 })
  assert.equal(store.ratingFor(PLAYER), 1540)
})

test('a chess solve to a daily keeps the freezes the server says the streak used', async () => {
  serve((path) => {
    if (path === '/chess/solves') return { status: 200, data: { ok: true, already: false, daily: '2026-09-07', streak: 8, freezes_used: 1 } }
    if (path === '/me') return { status: 200, data: { streaks: { chess: { current: 8, freezes_used: 1, freezes_held: 0 } } } }
    return null
  })
  const store = new ChessStore(new MemoryStorage())
  store.saveRecord({ band: 'Easy', id: 'abc12', state: 'solved', posted: null })
  store.outbox.add({ key: 'solve:Easy/abc12', kind: 'solve', path: '/chess/solves', body: { id: 'abc12', band: 'Easy', moves: [] }, by: PLAYER.id })
  await flush(store, PLAYER)
  assert.deepEqual(store.record('Easy', 'abc12').posted, { already: false, daily: '2026-09-07', streak: 8, freezes_used: 1 })
})

test('a Chain solve whose post went unheard is found kept on the server, and not posted again', async () => {
  const asked = []
  serve((path, body, method) => {
    asked.push(`${method} ${path}`)
    if (path === '/me/chain/2026-09-07') {
      return { status: 200, data: { date: '2026-09-07', kept: 'solve', clean: true, on_board: true, offline: false, streak: 3, freezes_used: 0 } }
    }
    return { status: 409, data: { error: 'in already', code: 'result_already_in' }, refused: 'closed' }
  })
  const store = new ChainStore(new MemoryStorage())
  store.saveRecord({ date: '2026-09-07', state: 'solved', posted: null })
  store.outbox.add({ key: resultKey('solve', '2026-09-07'), kind: 'solve', path: '/chain/solves', body: { date: '2026-09-07', tiles: [] }, by: PLAYER.id })
  store.ns.set('queue', store.outbox.kept().map((item) => ({ ...item, out: true }))) // its post went as the page left
  assert.deepEqual(await flush(store, PLAYER), { sent: 1, dropped: 0, left: 0 })
  assert.deepEqual(asked, ['GET /me/chain/2026-09-07'])
  assert.deepEqual(store.record('2026-09-07').posted,
    { kind: 'solve', already: false, kept: 'solve', clean: true, daily: '2026-09-07', streak: 3, freezes_used: 0 })
})

test('an unheard Chain give-up the server hasn’t got posts as ever', async () => {
  const asked = []
  serve((path, body, method) => {
    asked.push(`${method} ${path}`)
    if (path === '/me/chain/2026-09-06') return { status: 200, data: { date: '2026-09-06', streak: 0 } }
    return { status: 200, data: { ok: true, already: false, kept: 'giveup' } }
  })
  const store = new ChainStore(new MemoryStorage())
  store.saveRecord({ date: '2026-09-06', state: 'gaveup', posted: null })
  store.outbox.add({ key: resultKey('giveup', '2026-09-06'), kind: 'giveup', path: '/chain/giveups', body: { date: '2026-09-06' }, by: PLAYER.id })
  store.ns.set('queue', store.outbox.kept().map((item) => ({ ...item, out: true })))
  assert.deepEqual(await flush(store, PLAYER), { sent: 1, dropped: 0, left: 0 })
  assert.deepEqual(asked, ['GET /me/chain/2026-09-06', 'POST /chain/giveups'])
  assert.equal(store.record('2026-09-06').posted.kept, 'giveup')
})

test('a ticket whose result is in already never posts its result again offline', async () => {
  const refusal = { status: 409, data: { error: 'in already', code: 'result_already_in' }, refused: 'closed' }
  for (const out of [true, false]) {
    const posts = []
    serve((path, body) => {
      posts.push(body)
      return refusal
    })
    const store = new ChessStore(new MemoryStorage())
    store.saveRecord({ band: 'Easy', id: 'abc12', state: 'solved', posted: null, ticket: 'T' })
    store.outbox.add({ key: 'solve:Easy/abc12', kind: 'solve', path: '/chess/solves', body: { id: 'abc12', band: 'Easy', moves: [] }, by: PLAYER.id })
    if (out) store.ns.set('queue', store.outbox.kept().map((item) => ({ ...item, out: true })))
    await flush(store, PLAYER)
    assert.deepEqual(posts.map((b) => b.ticket ?? 'offline'), ['T'], 'one post, with its ticket')
    // Unheard before: that post was this result's, kept; else the refusal stands.
    assert.deepEqual(store.record('Easy', 'abc12').posted, out ? { already: true } : { dropped: true, error: 'in already' })
  }
})
