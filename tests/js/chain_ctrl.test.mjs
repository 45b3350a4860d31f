// Chain's controller (site/static/js/chain/ctrl.js) on its own, with no page: a stand-in view,
// a clock driven by hand, the store on memory and the API answered here. What the player would
// see is the controller's state (status, the result sheet's words, the walkthrough); what it
// keeps and posts is the store's and the outbox's.
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'

import { ChainCtrl } from '../../site/static/js/chain/ctrl.js'
import { ChainStore } from '../../site/static/js/chain/store.js'
import { newRecord } from '../../site/static/js/chain/state.js'
import { Clock } from '../../site/static/js/lib/clock.js'
import { playerQuery } from '../../site/static/js/lib/dates.js'
import { MemoryStorage } from '../../site/static/js/lib/storage.js'

const vectors = JSON.parse(readFileSync(new URL('../vectors/chain.json', import.meta.url), 'utf8'))
// 79 → 160 in 3 moves: +54 (tile 2), +55 (tile 4), −28 (tile 1).
const SEPT7 = { date: '2026-09-07', level: 'easy', ...vectors.puzzles.seven_september }
const SOLVE = [2, 4, 1]
const PLAYER = { id: 'p-ada', name: 'Ada', token: 't' }
const WALK = { summary: 'Three steps.', steps: [{ text: 'Add 54.' }], orders: [], spares: [] }

/** Every /api call answers `answer(path, body)` ({status, data}); null: no connection. */
function serve(answer = () => null) {
  const asked = []
  globalThis.fetch = async (url, init) => {
    // The query apart: a ticket's request says the player's date and offset (`query`).
    const [path, query = ''] = String(url).replace(/^\/api/, '').split('?')
    const body = init.body ? JSON.parse(init.body) : undefined
    asked.push({ path, query, body })
    const got = answer(path, body)
    if (!got) throw new TypeError('offline')
    return { status: got.status, json: async () => got.data, headers: { get: () => null } }
  }
  return asked
}

function standInView() {
  const ui = {
    draws: 0, said: [], ends: 0, stopped: false,
    redraw() { ui.draws++ },
    announce(text) { ui.said.push(text) },
    paused() {}, watch() {},
    stop() { ui.stopped = true },
    ended() { ui.ends++ },
  }
  return ui
}

function opened({ player = null, store = new ChainStore(new MemoryStorage()), today = '2026-09-07' } = {}) {
  let now = 0
  const ui = standInView()
  const rec = store.record(SEPT7.date) || newRecord(SEPT7, today)
  // The wall clock: noon UTC on `today`, when that day is still in play somewhere (docs/ratings.md).
  const wall = () => new Date(`${today}T12:00:00Z`)
  const ctrl = new ChainCtrl({ store, rec, ui, player: () => player, today: () => today, now: wall, clock: new Clock({ now: () => now }) })
  ctrl.start()
  return { ctrl, ui, store, tick: (seconds) => { now += seconds * 1000 } }
}

const settle = async (until) => {
  for (let i = 0; i < 2000 && !until(); i++) await new Promise((resolve) => setTimeout(resolve, 5))
}

test('a day opens with its goal, its clock running', () => {
  serve()
  const { ctrl, ui } = opened()
  assert.equal(ctrl.status.text, 'Get from 79 to 160 in exactly 3 moves.')
  assert.equal(ctrl.clock.running, true)
  assert.ok(ui.said[0].startsWith('Chain, today, '))
})

test('tiles play, refuse, undo and reset, each saying where the go stands', () => {
  serve()
  const { ctrl, store } = opened()
  assert.equal(ctrl.playTile(2).value, 133)
  assert.equal(ctrl.status.text, '+54: 79 → 133. 2 moves left.')
  const refused = ctrl.playTile(2)
  assert.equal(refused.ok, false)
  assert.equal(ctrl.status.tone, 'bad')
  ctrl.undo()
  assert.equal(ctrl.status.text, 'Undid add 54. Back to 79, 3 moves left.')
  ctrl.playTile(2)
  ctrl.reset()
  assert.equal(ctrl.status.text, 'Back to the start, 79, with 3 moves.')
  assert.deepEqual([ctrl.rec.undos, ctrl.rec.resets, ctrl.rec.played], [1, 1, []])
  assert.deepEqual(store.record(SEPT7.date).played, [], 'kept as it goes')
  ctrl.togglePause()
  assert.equal(ctrl.playTile(2), null, 'nothing plays while paused')
})

test('a clean solve: kept for the streak, the done box says so and the status line doesn’t again (issue 26)', () => {
  serve()
  const { ctrl, ui, store, tick } = opened()
  tick(20)
  for (const tile of SOLVE) ctrl.playTile(tile)
  assert.equal(ctrl.rec.state, 'solved')
  assert.equal(ctrl.doneTitle(), 'Solved, cleanly')
  assert.deepEqual(ctrl.status, { text: '79 to 160 in 3 moves.', tone: 'good' })
  assert.ok(!ctrl.status.text.includes('Solved'))
  assert.equal(ui.ends, 1)
  assert.equal(ctrl.seconds(), 20)
  assert.deepEqual(store.tally(), { solved: 1, clean: 1, gaveup: 0 })
  assert.deepEqual(store.days(), ['2026-09-07'])
  assert.equal(ctrl.rec.by, null)
  const results = ctrl.results()
  assert.equal(results.streak, 'Chain streak: 1 day.')
  assert.equal(results.note, 'Make a player on the home page to keep your results, a streak and a place on the board.')
  assert.ok(results.share.includes('🎯 Clean · ⏱️ 0:20'))
  assert.match(ctrl.walk.note, /^This day’s walkthrough opens for everyone at .+, once the day has ended everywhere/)
  assert.deepEqual(store.outbox.items(), [])
})

test('a signed-in player’s solve posts; its answer settles in, and then the walkthrough opens', async () => {
  const asked = serve((path) => {
    if (path === '/chain/plays') return { status: 503, data: null }
    if (path === '/chain/solves') return { status: 200, data: { ok: true, already: false, kept: 'solve', clean: true, daily: '2026-09-07', place: 3, streak: 4 } }
    if (path === '/chain/2026-09-07/walkthrough') return { status: 200, data: { walkthrough: WALK, solution: SOLVE } }
    return null
  })
  const { ctrl, store } = opened({ player: PLAYER })
  for (const tile of SOLVE) ctrl.playTile(tile)
  assert.equal(ctrl.rec.by, 'p-ada')
  assert.equal(ctrl.walk.note, 'The walkthrough opens once your result is posted.')
  await settle(() => ctrl.walk && ctrl.walk.walkthrough)
  // No ticket came (the API was busy), so it went as offline; a quick solve claims a second a tile.
  const [solve] = asked.filter((a) => a.path === '/chain/solves')
  // The ticket's request said the player's own date and offset, for the server to count the day on.
  assert.equal(asked.find((a) => a.path === '/chain/plays').query, playerQuery())
  assert.equal(solve.query, '', 'a result says nothing of them: its ticket does')
  assert.deepEqual(solve.body, { date: '2026-09-07', tiles: SOLVE, seconds: 3, undos: 0, resets: 0, offline: true })
  assert.equal(ctrl.rec.posted.place, 3)
  assert.deepEqual(ctrl.walk, { walkthrough: WALK })
  assert.deepEqual(store.record('2026-09-07').walkthrough, WALK, 'kept once fetched')
  const results = ctrl.results()
  assert.equal(results.place, 'Your place on today’s board: #3.')
  assert.equal(results.streak, 'Chain streak: 4 days.')
  assert.equal(results.note, 'Posted to today’s board.')
  assert.deepEqual(store.outbox.sent(), ['solve:2026-09-07'])
})

test('giving up ends the go unsolved, counted and posted as a give-up', () => {
  serve((path) => (path === '/chain/plays' ? { status: 503, data: null } : null))
  const { ctrl, store } = opened({ player: PLAYER })
  assert.equal(ctrl.giveUpQuestion(), 'Give up today’s Chain? It ends unsolved, and the walkthrough shows the answer.')
  ctrl.playTile(2)
  ctrl.giveUp()
  assert.equal(ctrl.rec.state, 'gaveup')
  assert.equal(ctrl.doneTitle(), 'Gave up')
  assert.equal(ctrl.status.text, 'You gave up on this one.')
  assert.equal(ctrl.giveUpQuestion(), null)
  assert.deepEqual(store.tally(), { solved: 0, clean: 0, gaveup: 1 })
  assert.deepEqual(store.outbox.items().map((i) => i.key), ['giveup:2026-09-07'])
  assert.equal(ctrl.results().note, 'Waiting to post your result; it goes as soon as there is a connection.')
})

test('an archive day counts for no streak and its result sheet shows none', () => {
  serve()
  const { ctrl, store } = opened({ today: '2026-09-30' })
  for (const tile of SOLVE) ctrl.playTile(tile)
  assert.deepEqual(store.days(), [])
  assert.equal(ctrl.results().streak, null)
  assert.match(ctrl.results().day, /^The archive’s Chain · /)
})

test('a finished day opened again says how it went and plays nothing', () => {
  serve()
  const store = new ChainStore(new MemoryStorage())
  const first = opened({ store })
  for (const tile of SOLVE) first.ctrl.playTile(tile)
  first.ctrl.stop()
  assert.equal(first.ui.stopped, true)
  const again = opened({ store })
  assert.deepEqual(again.ctrl.status, { text: 'You solved this one.', tone: 'good' })
  assert.equal(again.ctrl.playTile(0), null)
  assert.deepEqual(store.tally(), { solved: 1, clean: 1, gaveup: 0 })
})
