// A chess daily the signed-in player played on another device (chess/server_day.js), opened by the
// controller as the server keeps it: solved, shown, or in play after the wrong move, never a fresh
// puzzle and never a second post of a result the server has.
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { register } from 'node:module'

register('./vendor_hooks.mjs', import.meta.url)
const { PuzzleCtrl, newRecord } = await import('../../site/static/js/chess/ctrl.js')
const { fromServer, keptOf } = await import('../../site/static/js/chess/server_day.js')
const { ChessStore } = await import('../../site/static/js/chess/store.js')
const { Clock } = await import('../../site/static/js/lib/clock.js')
const { MemoryStorage } = await import('../../site/static/js/lib/storage.js')

// 0000D: White plays d3d6, the solver (Black) f8d8, White d6d8, the solver f6d8.
const TWO_MOVER = ['0000D', '5rk1/1p3ppp/pq3b2/8/8/1P1Q1N2/P4PPP/3R2K1 w - - 2 27', 'd3d6 f8d8 d6d8 f6d8', 1492, 'advantage endgame short']
const TODAY = '2026-12-01'
const PLAYER = { id: 'p-ada', name: 'Ada', token: 't' }
const POSTED = '2026-12-01T08:30:00Z'

function day(entry, streak = 4) {
  return { date: TODAY, streak, freezes_used: 1, dailies: [{ band: 'Medium', id: '0000D', solve: null, miss: null, ...entry }] }
}

const base = () => newRecord(TWO_MOVER, 'Medium', TODAY)

async function opened(rec) {
  const asked = []
  globalThis.fetch = async (url, init) => {
    asked.push({ path: String(url), body: init.body ? JSON.parse(init.body) : undefined })
    throw new TypeError('offline')
  }
  const store = new ChessStore(new MemoryStorage())
  store.markFirstMove()
  const ui = {
    said: [], board: { enable() {}, disable() {}, async setPosition() {}, async shakeBack() {}, markLast() {}, markCheck() {}, setDots() {}, clearHint() {}, markHint() {} },
    redraw() {}, announce(text) { ui.said.push(text) }, paused() {}, watch() {}, stop() {}, ended() {},
    makeBoard() { return ui.board }, firstMove: async () => {},
  }
  const ctrl = new PuzzleCtrl({
    store, rec, ui, player: () => PLAYER, beats: { first: 0, reply: 0, solution: 0 }, today: () => TODAY,
    clock: new Clock({ now: () => 0 }),
  })
  await ctrl.start()
  return { ctrl, store, asked }
}

test('a daily solved on another device opens solved, with its time, hints and the server’s streak', async () => {
  const solve = { moves: ['f8d8', 'f6d8'], mistakes: 0, hints: 1, seconds: 41, clean: false, on_board: true, offline: false, posted: POSTED }
  const rec = fromServer(base(), day({ solve }), PLAYER, TODAY)
  assert.equal(rec.finished, Date.parse(POSTED))
  const { ctrl, store, asked } = await opened(rec)
  assert.equal(ctrl.finished, true)
  assert.equal(ctrl.doneTitle(), 'Solved with help')
  const results = ctrl.results()
  assert.deepEqual([results.seconds, results.hints, results.mistakes], [41, 1, 0])
  assert.equal(results.streak, 'Daily streak: 4 days · 1 freeze used.')
  assert.equal(results.countdown, true)
  assert.equal(results.note, 'Posted.')
  assert.deepEqual(store.outbox.items(), [], 'nothing is posted again')
  assert.deepEqual(asked.filter((a) => a.path.includes('/chess/plays')), [], 'no play ticket for a finished day')
  assert.equal(store.record('Medium', '0000D').state, 'solved', 'kept here as this day’s record')
})

test('a wrong move and then a solve elsewhere opens as a solve after a mistake', async () => {
  const miss = { how: 'wrong', moves: ['f8e8'], offline: false, posted: POSTED }
  const solve = { moves: ['f8d8', 'f6d8'], mistakes: 1, hints: 0, seconds: 60, clean: false, on_board: true, offline: false, posted: POSTED }
  const { ctrl } = await opened(fromServer(base(), day({ miss, solve }), PLAYER, TODAY))
  assert.equal(ctrl.doneTitle(), 'Solved after a mistake')
  assert.equal(ctrl.rec.missed, true)
})

test('Show solution elsewhere opens shown; a wrong move alone stays in play where it was, its miss not posted twice', async () => {
  const gaveUp = { how: 'gave-up', moves: [], offline: false, posted: POSTED }
  const shown = await opened(fromServer(base(), day({ miss: gaveUp }), PLAYER, TODAY))
  assert.equal(shown.ctrl.doneTitle(), 'Solution shown')
  assert.equal(shown.ctrl.results().note, 'Counted as a miss for your rating.')
  const wrong = { how: 'wrong', moves: ['f8e8'], offline: false, posted: POSTED }
  const rec = fromServer(base(), day({ miss: wrong }), PLAYER, TODAY)
  assert.deepEqual([rec.state, rec.moves, rec.tries, rec.mistakes, rec.missed], ['playing', [], ['f8e8'], 1, true])
  const { ctrl, store } = await opened(rec)
  assert.equal(ctrl.finished, false)
  await ctrl.judge('f8e8') // the same wrong move again: a mistake, no second miss
  assert.equal(ctrl.rec.mistakes, 2)
  assert.deepEqual(store.outbox.items().filter((i) => i.kind === 'miss'), [])
  await ctrl.judge('f8d8')
  await ctrl.judge('f6d8')
  assert.equal(ctrl.doneTitle(), 'Solved after a mistake')
  assert.deepEqual(store.outbox.items().map((i) => i.kind), ['solve'])
})

test('nothing kept, another puzzle, a guest or an odd answer: no record from the server', () => {
  assert.equal(fromServer(base(), day({}), PLAYER, TODAY), null)
  assert.equal(fromServer(base(), day({ solve: { moves: ['f8d8'] } }), null, TODAY), null)
  assert.equal(fromServer(base(), null, PLAYER, TODAY), null)
  assert.equal(fromServer(base(), { dailies: 'x' }, PLAYER, TODAY), null)
  const other = { ...day({ miss: { how: 'gave-up', moves: [] } }) }
  other.dailies[0].id = 'ZZZZZ'
  assert.equal(keptOf(other, 'Medium', '0000D'), null)
  // A past day's solve carries no streak: only today's counts for it.
  const past = fromServer({ ...base(), daily: '2026-11-30' }, day({ solve: { moves: ['f8d8', 'f6d8'], mistakes: 0, hints: 0, seconds: 9, on_board: false } }), PLAYER, TODAY)
  assert.equal(past.posted.streak, undefined)
})
