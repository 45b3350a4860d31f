// What the chess game keeps in the browser, and finding puzzles in the bundle
// (site/static/js/chess/store.js, bundle.js).
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { createHash } from 'node:crypto'
import { MemoryStorage } from '../../site/static/js/lib/storage.js'
import { ChessStore, RECENT_KEPT, SEEN_KEPT } from '../../site/static/js/chess/store.js'
import { shardOf, findRow, nextEndless, forget } from '../../site/static/js/chess/bundle.js'

test('everything is kept under one prefix', () => {
  const backend = new MemoryStorage()
  const store = new ChessStore(backend)
  store.saveRecord({ band: 'Easy', id: 'a1', moves: [] })
  store.setOption('dots', false)
  store.count('Easy', 'solved')
  store.markSeen('a1')
  store.markDay('2026-11-29')
  store.markFirstMove()
  store.outbox.add({ key: 'solve:Easy/a1', kind: 'solve', path: '/chess/solves', body: {} })
  for (let i = 0; i < backend.length; i++) assert.ok(backend.key(i).startsWith('pb:chess:'), backend.key(i))
  assert.ok(backend.getItem('pb:chess:p:Easy/a1'))
  assert.equal(store.options().dots, false)
  assert.equal(store.options().lastMove, true)
  assert.deepEqual(store.tally(), { Easy: { solved: 1, clean: 0, missed: 0 } })
  assert.equal(store.firstMoveShown(), true)
})

test('only the 150 most recently opened puzzles are kept', () => {
  const backend = new MemoryStorage()
  const store = new ChessStore(backend)
  for (let i = 0; i < RECENT_KEPT + 10; i++) store.saveRecord({ band: 'Hard', id: `p${i}` })
  assert.equal(store.record('Hard', 'p0'), null)
  assert.equal(store.record('Hard', 'p9'), null)
  assert.ok(store.record('Hard', 'p10'))
  assert.equal(store.recent().length, RECENT_KEPT)
  assert.equal(store.recent()[0].id, `p${RECENT_KEPT + 9}`)
  // Opening an old one again makes it the most recent.
  store.saveRecord({ band: 'Hard', id: 'p10' })
  assert.equal(store.recent()[0].id, 'p10')
  // A clock save doesn't reorder.
  store.updateRecord({ band: 'Hard', id: 'p11', seconds: 5 })
  assert.equal(store.recent()[0].id, 'p10')
  assert.equal(store.record('Hard', 'p11').seconds, 5)
})

test('seen keeps the last 4,000 ids, most recent last, without repeats', () => {
  const store = new ChessStore(new MemoryStorage())
  for (let i = 0; i < SEEN_KEPT + 5; i++) store.markSeen(`s${i}`)
  store.markSeen('s100')
  const seen = store.seen()
  assert.equal(seen.length, SEEN_KEPT)
  assert.equal(seen.at(-1), 's100')
  assert.ok(!seen.includes('s0'))
  assert.equal(seen.filter((s) => s === 's100').length, 1)
})

test("a puzzle's shard is SHA-256 of its id, first four bytes big-endian, modulo the shard count", async () => {
  for (const id of ['00008', '0000D', 'zZ9Yx', 'Ünïcödé', 'a'.repeat(40)]) {
    const expected = createHash('sha256').update(id, 'utf8').digest().readUInt32BE(0)
    for (const shards of [1, 7, 16, 1000]) assert.equal(await shardOf(id, shards), expected % shards)
  }
})

// A tiny published bundle served by a fake fetch, built with the same rule.
async function fakeBundle(rowsByBand, shards = 3, duplicates = {}) {
  const files = {}
  const served = {}
  const bands = {}
  for (const [band, rows] of Object.entries(rowsByBand)) {
    const parts = Array.from({ length: shards }, () => [])
    for (const row of rows) parts[await shardOf(row[0], shards)].push(row)
    files[band] = parts.map((_, k) => `${band}/${k}.h.json`)
    parts.forEach((part, k) => { served[`/shards/${band}/${k}.h.json`] = part })
    bands[band] = { low: 1000, high: 1400, shards, count: rows.length }
  }
  served['/shards/index.json'] = { version: 1, bands, duplicates, files }
  const fetched = []
  const fetcher = async (url) => {
    fetched.push(url)
    if (!(url in served)) return { ok: false, status: 404 }
    return { ok: true, status: 200, json: async () => structuredClone(served[url]) }
  }
  return { fetcher, fetched }
}

const rows = Array.from({ length: 30 }, (_, i) => [`id${i}`, 'fen', 'a2a3 a7a6', 1000 + i, 'short'])

test('a puzzle is found by band and id with one shard fetch', async () => {
  forget()
  const { fetcher, fetched } = await fakeBundle({ Easy: rows })
  const row = await findRow('Easy', 'id17', fetcher)
  assert.deepEqual(row, rows[17])
  assert.equal(fetched.filter((u) => u !== '/shards/index.json').length, 1)
  assert.equal(await findRow('Easy', 'nope', fetcher), null)
  assert.equal(await findRow('Expert', 'id17', fetcher), null)
})

test('Endless skips retired puzzles and the ones this browser has seen', async () => {
  forget()
  const { fetcher } = await fakeBundle({ Easy: rows }, 3, { id3: 'id4' })
  const seen = rows.map((r) => r[0]).filter((id) => id !== 'id3' && id !== 'id21')
  for (let i = 0; i < 20; i++) {
    const row = await nextEndless('Easy', seen, { fetcher })
    assert.equal(row[0], 'id21')
  }
})

test('when every puzzle has been seen, Endless serves the one seen longest ago', async () => {
  forget()
  const { fetcher } = await fakeBundle({ Easy: rows.slice(0, 5) }, 1)
  const row = await nextEndless('Easy', ['id2', 'id0', 'id1', 'id3', 'id4'], { fetcher })
  assert.equal(row[0], 'id2')
})

test('a shard that cannot be fetched is passed over', async () => {
  forget()
  const { fetcher } = await fakeBundle({ Easy: rows }, 3)
  let failed = 0
  const flaky = async (url) => {
    if (url.includes('/0.h.json') || url.includes('/1.h.json')) {
      failed++
      throw new TypeError('offline')
    }
    return fetcher(url)
  }
  // random () => 0 shuffles the shards to 1, 2, 0: shard 1 is tried first and fails. With
  // Math.random, shard 2 came first all five times once in 243 runs and nothing failed.
  const row = await nextEndless('Easy', [], { fetcher: flaky, random: () => 0 })
  assert.equal(await shardOf(row[0], 3), 2)
  assert.equal(failed, 1)
  for (let i = 0; i < 5; i++) {
    const any = await nextEndless('Easy', [], { fetcher: flaky })
    assert.equal(await shardOf(any[0], 3), 2)
  }
})

test('offline, Endless asks only for the shards the offline copy holds', async () => {
  forget()
  const { fetcher, fetched } = await fakeBundle({ Easy: rows }, 16)
  const cached = async (path) => path === '/shards/index.json' || path === '/shards/Easy/0.h.json'
  for (let i = 0; i < 5; i++) {
    const row = await nextEndless('Easy', [], { fetcher, offline: true, cached, random: () => 0.99 })
    assert.equal(await shardOf(row[0], 16), 0)
  }
  // Nothing but the index and shard 0 was asked for: no fetch that the browser would log as failed.
  assert.deepEqual([...new Set(fetched)].sort(), ['/shards/Easy/0.h.json', '/shards/index.json'])
  // Every puzzle of shard 0 seen: offline, one of them comes back rather than a fetch that fails;
  // online, another shard is read.
  const inZero = []
  for (const row of rows) if ((await shardOf(row[0], 16)) === 0) inZero.push(row[0])
  const again = await nextEndless('Easy', inZero, { fetcher, offline: true, cached })
  assert.equal(again[0], inZero[0])
  assert.deepEqual([...new Set(fetched)].sort(), ['/shards/Easy/0.h.json', '/shards/index.json'])
  forget()
  const online = await fakeBundle({ Easy: rows }, 16)
  const fresh = await nextEndless('Easy', inZero, { fetcher: online.fetcher, offline: false, cached })
  assert.ok(!inZero.includes(fresh[0]))
})
