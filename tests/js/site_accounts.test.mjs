// Signing in on a browser with local records (site/static/js/lib/local_records.js), results queued
// by one player never posted for another (lib/queue.js), and the passkeys' base64url
// conversions (lib/passkeys.js).
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { MemoryStorage, namespace } from '../../site/static/js/lib/storage.js'
import { Outbox } from '../../site/static/js/lib/outbox.js'
import { ChessStore } from '../../site/static/js/chess/store.js'
import { ChainStore } from '../../site/static/js/chain/store.js'
import { notPosted, notPostedWords } from '../../site/static/js/lib/local_records.js'
import { fromB64url, toB64url, creationOptions, requestOptions } from '../../site/static/js/lib/passkeys.js'

const solve = (id, by) => ({ key: `solve:Easy/${id}`, kind: 'solve', path: '/chess/solves', body: { id }, by })

test('a queued result posts only for the player who played it', async () => {
  const box = new Outbox(namespace('pb:t:', new MemoryStorage()), { order: ['miss', 'solve'] })
  box.add(solve('a', 'ada'))
  box.add(solve('b', 'bob'))
  box.add({ key: 'solve:Easy/c', kind: 'solve', path: '/chess/solves', body: { id: 'c' } }) // queued before `by`
  const posted = []
  const send = async (item) => { posted.push(item.key); return { status: 200 } }
  const done = await box.flush(send, () => {}, { by: 'bob' })
  assert.deepEqual(posted, ['solve:Easy/b', 'solve:Easy/c'])
  assert.deepEqual(done, { sent: 2, dropped: 0, left: 1 })
  assert.deepEqual(box.others('bob').map((i) => i.key), ['solve:Easy/a'])
  assert.deepEqual(box.others('ada'), [])
  // Ada signs in again on this browser: hers goes.
  await box.flush(send, () => {}, { by: 'ada' })
  assert.deepEqual(posted.at(-1), 'solve:Easy/a')
  assert.equal(box.items().length, 0)
})

test('signing in leaves the guest records and counts them as not posted', async () => {
  const backend = new MemoryStorage()
  const chess = new ChessStore(backend)
  const chain = new ChainStore(backend)
  // Played signed out: never posted, never queued.
  chess.saveRecord({ band: 'Easy', id: 'g1', state: 'solved', posted: null })
  chess.saveRecord({ band: 'Easy', id: 'g2', state: 'shown', posted: null })
  chess.saveRecord({ band: 'Easy', id: 'open', state: 'playing', posted: null }) // not finished
  // A player's: posted, or waiting to post.
  chess.saveRecord({ band: 'Hard', id: 'p1', state: 'solved', posted: { already: false } })
  chess.saveRecord({ band: 'Hard', id: 'p2', state: 'solved', posted: null })
  chess.outbox.add({ key: 'solve:Hard/p2', kind: 'solve', path: '/chess/solves', body: {}, by: 'ada' })
  chain.saveRecord({ date: '2026-11-01', state: 'solved', by: null })
  chain.saveRecord({ date: '2026-11-02', state: 'gaveup', by: 'ada', posted: { kind: 'giveup' } })
  const before = JSON.stringify(Object.fromEntries(backend.map))

  const found = await notPosted('bob', backend)
  assert.deepEqual(found, { chess: 2, chain: 1, storm: 0, streak: 0, waiting: 1 })
  assert.equal(JSON.stringify(Object.fromEntries(backend.map)), before) // nothing was touched
  assert.deepEqual(await notPosted('ada', backend), { chess: 2, chain: 1, storm: 0, streak: 0, waiting: 0 })
  assert.equal(
    notPostedWords(found, 'Bob'),
    'This browser keeps the 2 chess puzzles and 1 Chain you finished here without a player: they stay in ' +
      'this browser’s history and counts, but weren’t posted to Bob’s results (a result is posted only by ' +
      'the player who played it). 1 result waiting here to post for another player stays theirs: it posts ' +
      'when that player signs in on this browser again.',
  )
  assert.equal(notPostedWords({ chess: 0, chain: 0, waiting: 0 }, 'Bob'), '')
})

test('base64url both ways, and the options turned into what navigator.credentials takes', () => {
  const bytes = new Uint8Array([0, 1, 2, 250, 251, 252, 253, 254, 255])
  assert.equal(toB64url(bytes), 'AAEC-vv8_f7_')
  assert.deepEqual(new Uint8Array(fromB64url('AAEC-vv8_f7_')), bytes)
  for (const text of ['', 'YQ', 'YWI', 'YWJj']) assert.equal(toB64url(fromB64url(text)), text)
  const made = creationOptions({
    rp: { id: 'localhost', name: 'Puzzle Book' }, user: { id: 'YWRh', name: 'Ada', displayName: 'Ada' },
    challenge: 'AAEC', excludeCredentials: [{ id: 'YQ', type: 'public-key' }],
  })
  assert.deepEqual(new Uint8Array(made.user.id), new Uint8Array([97, 100, 97]))
  assert.deepEqual(new Uint8Array(made.excludeCredentials[0].id), new Uint8Array([97]))
  assert.equal(made.user.name, 'Ada')
  const asked = requestOptions({ challenge: 'AAEC', rpId: 'localhost', userVerification: 'required' })
  assert.deepEqual(asked.allowCredentials, [])
  assert.deepEqual(new Uint8Array(asked.challenge), new Uint8Array([0, 1, 2]))
})

test('signing out says what it costs, and what this page knows of the ways back in', async () => {
  const { signOutWords } = await import('../../site/static/js/lib/sign_out.js')
  const cost = 'Signing out ends Ada’s sign-in on this device, on the server too: its sign-in link stops working, here and wherever it was opened. Only a passkey or a recovery code brings Ada back. Without one, the streak, rating and results are lost to you for good; the name stays on the boards.'
  assert.equal(signOutWords('Ada'), cost) // the home card knows of no passkeys or codes
  assert.equal(signOutWords('Ada', { passkeys: 0, codes: 0 }), `${cost} You have no passkey and no recovery codes.`)
  assert.equal(signOutWords('Ada', { passkeys: 1, codes: 0 }), `${cost} You have 1 passkey: keep it safe.`)
  assert.equal(signOutWords('Ada', { passkeys: 0, codes: 8 }), `${cost} You have 8 recovery codes: keep them safe.`)
  assert.equal(signOutWords('Ada', { passkeys: 2, codes: 1 }),
    `${cost} You have 2 passkeys and 1 recovery code: keep them safe.`)
})
