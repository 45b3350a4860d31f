// The chess puzzle's controller (site/static/js/chess/ctrl.js) on its own, with no page: a
// stand-in view and board, a clock driven by hand, the store on memory. What the player would
// see is the controller's state (status, counts, the results sheet's words, the share text);
// what it keeps and posts is the store's and the outbox's.
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { register } from 'node:module'

register('./vendor_hooks.mjs', import.meta.url)
const { PuzzleCtrl, newRecord } = await import('../../site/static/js/chess/ctrl.js')
const { ChessStore } = await import('../../site/static/js/chess/store.js')
const { ReplayStore, startReplay, replayRun } = await import('../../site/static/js/chess/replay.js')
const { Clock } = await import('../../site/static/js/lib/clock.js')
const { playerQuery } = await import('../../site/static/js/lib/dates.js')
const { MemoryStorage } = await import('../../site/static/js/lib/storage.js')

// 0000D: White plays d3d6, the solver (Black) f8d8, White d6d8, the solver f6d8.
const TWO_MOVER = ['0000D', '5rk1/1p3ppp/pq3b2/8/8/1P1Q1N2/P4PPP/3R2K1 w - - 2 27', 'd3d6 f8d8 d6d8 f6d8', 1492, 'advantage endgame short']
const TODAY = '2026-12-01'
const PLAYER = { id: 'p-ada', name: 'Ada', token: 't' }

/** Every /api call answers `answer(path, body)` ({status, data}); the default: no connection. */
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

function standInBoard() {
  return {
    enabled: false, reduced: true, fens: [], hint: null,
    enable() { this.enabled = true },
    disable() { this.enabled = false },
    async setPosition(fen) { this.fens.push(fen) },
    async shakeBack() {},
    markLast() {}, markCheck() {}, setDots() {}, setCoordinates() {}, focus() {},
    markHint(from, to) { this.hint = [from, to] },
    clearHint() { this.hint = null },
  }
}

function standInView() {
  const ui = {
    draws: 0, said: [], ends: 0, stopped: false, board: standInBoard(),
    redraw() { ui.draws++ },
    announce(text) { ui.said.push(text) },
    paused() {}, watch() {},
    stop() { ui.stopped = true },
    makeBoard() { return ui.board },
    firstMove: async () => {},
    ended() { ui.ends++ },
  }
  return ui
}

/** A puzzle opened and started, its clock at 0 and moved by tick(seconds). */
async function opened({ player = null, store = new ChessStore(new MemoryStorage()), rec = newRecord(TWO_MOVER, 'Medium', null) } = {}) {
  store.markFirstMove()
  let now = 0
  const ui = standInView()
  const ctrl = new PuzzleCtrl({
    store, rec, ui, player: () => player, beats: { first: 0, reply: 0, solution: 0 }, today: () => TODAY,
    clock: new Clock({ now: () => now }),
  })
  await ctrl.start()
  return { ctrl, ui, store, tick: (seconds) => { now += seconds * 1000 } }
}

test('a puzzle opens on the opponent’s move and waits for the solver’s, its clock running', async () => {
  serve()
  const { ctrl, ui } = await opened()
  assert.equal(ctrl.rec.started, true)
  assert.equal(ctrl.status.text, 'Find the best move.')
  assert.equal(ui.board.enabled, true)
  assert.equal(ctrl.clock.running, true)
  assert.ok(ui.said[0].startsWith('Medium puzzle, rated 1492. You play Black.'))
})

test('a clean solve: the done box says so and the status line doesn’t say it again (issue 26)', async () => {
  serve()
  const { ctrl, ui, store, tick } = await opened()
  tick(12)
  await ctrl.judge('f8d8')
  assert.equal(ctrl.status.text, 'Your move.')
  assert.deepEqual([ctrl.rec.moves, ctrl.finished], [['f8d8'], false])
  await ctrl.judge('f6d8')
  assert.equal(ctrl.rec.state, 'solved')
  assert.equal(ctrl.rec.seconds, 12)
  assert.equal(ctrl.doneTitle(), 'Solved cleanly')
  assert.notEqual(ctrl.status.text, `${ctrl.doneTitle()}.`)
  assert.ok(!ctrl.status.text.includes('Solved'), ctrl.status.text)
  assert.equal(ui.ends, 1)
  assert.equal(ui.board.enabled, false)
  assert.equal(ctrl.clock.running, false)
  // What the browser keeps of it: the band's tally, the best clean time, the log, a guest's estimate.
  assert.deepEqual(store.tally().Medium, { solved: 1, clean: 1, missed: 0, best: 12 })
  assert.equal(ctrl.rec.bestTime, true)
  assert.equal(store.log().length, 1)
  assert.equal(store.log()[0].result, 'clean')
  assert.ok(store.estimate().rating > 1500 && ctrl.rec.estimated.after === store.estimate().rating)
  const results = ctrl.results()
  assert.equal(results.cheer, 'Your best clean time in Medium yet.')
  assert.equal(results.note, 'Make a player on the home page to keep your streak and rating.')
  assert.ok(results.share.includes('🎯 Clean'))
  assert.deepEqual(results.next, { href: '#/endless/Medium', text: 'Next Medium puzzle' })
})

test('a wrong move counts a mistake, says so and posts the miss of a signed-in player at once', async () => {
  const asked = serve((path) => (path === '/chess/plays' ? { status: 503, data: null } : null))
  const { ctrl, store } = await opened({ player: PLAYER })
  await ctrl.judge('f8e8')
  assert.deepEqual([ctrl.rec.mistakes, ctrl.rec.tries, ctrl.rec.missed], [1, ['f8e8'], true])
  assert.deepEqual(ctrl.status, { text: 'Not that one. Try again.', tone: 'bad' })
  assert.equal(ctrl.rec.state, 'playing')
  const [miss] = store.outbox.items()
  assert.deepEqual([miss.key, miss.kind, miss.by], ['miss:Medium/0000D', 'miss', 'p-ada'])
  assert.deepEqual(miss.body, { id: '0000D', band: 'Medium', how: 'wrong', moves: ['f8e8'] })
  assert.ok(asked.some((a) => a.path === '/chess/plays' && a.body.id === '0000D'), 'the ticket was asked for')
  // The request says the player's own date and offset, for the server to count the result on.
  assert.equal(asked.find((a) => a.path === '/chess/plays').query, playerQuery())
  // A second wrong move is another mistake, never a second miss.
  await ctrl.judge('f8e8')
  assert.equal(ctrl.rec.mistakes, 2)
  assert.equal(store.outbox.items().length, 1)
})

test('a guest’s results are kept here and never queued', async () => {
  serve()
  const { ctrl, store } = await opened()
  await ctrl.judge('f8e8')
  await ctrl.judge('f8d8')
  await ctrl.judge('f6d8')
  assert.equal(ctrl.doneTitle(), 'Solved after a mistake') // its one name (chess/result_names.js)
  assert.deepEqual(store.outbox.items(), [])
  assert.deepEqual(store.tally().Medium, { solved: 1, clean: 0, missed: 0 })
})

test('hints: the piece, then its square, then words only; each that shows more counts', async () => {
  serve()
  const { ctrl, ui } = await opened()
  ctrl.hint()
  assert.deepEqual(ctrl.status, { text: 'Hint: the rook on f8.', tone: 'hint' })
  assert.deepEqual(ui.board.hint, ['f8', null])
  ctrl.hint()
  assert.equal(ctrl.status.text, 'Hint: the rook on f8 goes to d8.')
  assert.deepEqual(ui.board.hint, ['f8', 'd8'])
  ctrl.hint()
  assert.equal(ctrl.rec.hints, 2)
  assert.equal(ui.said.at(-1), 'Hint: move the rook on f8 to d8.')
})

test('pause holds the clock and the board; a hint while paused resumes first', async () => {
  serve()
  const { ctrl, ui, tick } = await opened()
  tick(3)
  ctrl.togglePause()
  assert.equal(ctrl.paused, true)
  assert.equal(ui.board.enabled, false)
  tick(60)
  ctrl.hint()
  assert.equal(ctrl.paused, false)
  assert.equal(ui.board.enabled, true)
  assert.equal(Math.round(ctrl.seconds()), 3)
})

test('Show solution plays the line out and ends the puzzle unsolved, posted as a miss', async () => {
  serve((path) => (path === '/chess/plays' ? { status: 503, data: null } : null))
  const { ctrl, store } = await opened({ player: PLAYER })
  await ctrl.showSolution()
  assert.equal(ctrl.rec.state, 'shown')
  assert.equal(ctrl.rec.shown, 2)
  assert.equal(ctrl.doneTitle(), 'Solution shown')
  assert.equal(ctrl.status.text, 'That was the line.')
  assert.deepEqual(store.tally().Medium, { solved: 0, clean: 0, missed: 1 })
  assert.deepEqual(store.outbox.items().map((i) => [i.key, i.body.how]), [['miss:Medium/0000D', 'gave-up']])
  assert.equal(ctrl.results().cheer, '')
})

test('a solve’s answer settles into the record while it is open: the place, the rating, the note', async () => {
  serve((path) => {
    if (path === '/chess/plays') return { status: 503, data: null } // no ticket: it posts as offline
    if (path === '/chess/solves') return { status: 200, data: { ok: true, already: false, place: 3, rating: { before: 1500, after: 1521 } } }
    return null
  })
  const { ctrl, ui, store } = await opened({ player: PLAYER })
  await ctrl.judge('f8d8')
  await ctrl.judge('f6d8')
  const draws = ui.draws
  for (let i = 0; i < 1000 && !ctrl.rec.posted; i++) await new Promise((resolve) => setTimeout(resolve, 10))
  assert.deepEqual(ctrl.rec.posted, { already: false, rating: { before: 1500, after: 1521 }, place: 3 })
  assert.deepEqual(store.record('Medium', '0000D').posted, ctrl.rec.posted, 'kept in the store too')
  assert.ok(ui.draws > draws, 'drawn again')
  const results = ctrl.results()
  assert.equal(results.note, 'Posted.')
  assert.equal(results.rating, 'Your rating: 1521 (+21).')
  assert.ok(results.share.includes('🏆 #3 today'))
  assert.deepEqual(store.outbox.items(), [])
  assert.deepEqual(store.outbox.sent(), ['solve:Medium/0000D'])
})

test('a replay is unrated: nothing queued or counted, and its share text says it is a replay (issue 26)', async () => {
  serve()
  const backend = new MemoryStorage()
  startReplay([{ band: 'Medium', id: '0000D' }], backend)
  const store = new ReplayStore(backend)
  const { ctrl } = await opened({ player: PLAYER, store, rec: { ...newRecord(TWO_MOVER, 'Medium', null), replay: true } })
  await ctrl.judge('f8d8')
  await ctrl.judge('f6d8')
  assert.equal(ctrl.doneTitle(), 'Solved cleanly')
  assert.deepEqual(store.outbox.items(), [])
  assert.deepEqual(new ChessStore(backend).tally(), {})
  assert.deepEqual(replayRun(backend), { left: [], cleared: 1 })
  const { share, next } = ctrl.results()
  const [head, , tail] = share.split('\n')
  assert.equal(head, '♟️ Chess Puzzles · Replay · Medium')
  assert.ok(!share.includes('🎯 Clean'), share)
  assert.ok(tail.startsWith('🔁 Unrated'), tail)
  assert.deepEqual(next, { href: '#/replay', text: 'Next missed puzzle' })
})

test('a finished puzzle opened again shows how it ended and takes no moves', async () => {
  serve()
  const store = new ChessStore(new MemoryStorage())
  const first = await opened({ store })
  await first.ctrl.judge('f8d8')
  await first.ctrl.judge('f6d8')
  first.ctrl.stop()
  assert.equal(first.ui.stopped, true)
  const again = await opened({ store, rec: store.record('Medium', '0000D') })
  assert.deepEqual(again.ctrl.status, { text: 'You solved this one.', tone: 'good' })
  assert.equal(again.ctrl.inPlay(), false)
  assert.equal(again.ui.board.enabled, false)
  assert.deepEqual(store.tally().Medium, { solved: 1, clean: 1, missed: 0, best: first.ctrl.rec.seconds })
})

test('after a puzzle: a vote and a report, each changeable, a guest’s waiting in the notes for a sign-in', async () => {
  serve()
  const { ctrl, ui, store } = await opened()
  assert.equal(ctrl.votes(), false) // not before the puzzle is over
  ctrl.vote('up')
  assert.equal(store.notes.items().length, 0)
  await ctrl.judge('f8d8')
  await ctrl.judge('f6d8')
  assert.equal(ctrl.votes(), true)
  ctrl.vote('up')
  assert.deepEqual([ctrl.word().vote, ctrl.word().reason, ctrl.word().reporting], ['up', null, false])
  ctrl.vote('down') // changed: one vote
  ctrl.toggleReporting()
  assert.equal(ctrl.word().reporting, true)
  ctrl.report('broken')
  ctrl.toggleReporting() // a report made keeps its reasons shown
  assert.deepEqual([ctrl.word().vote, ctrl.word().reason, ctrl.word().reporting], ['down', 'broken', true])
  assert.equal(ctrl.word().note, 'Kept in this browser: it is sent when you sign in.')
  assert.equal(ui.said.at(-1), 'Reported: Broken.')
  // Each change is queued, a guest's with no player and marked as a guest's; the last one stands.
  const items = store.notes.items()
  assert.equal(items.length, 3)
  assert.ok(items.every((item) => item.by === undefined && item.method === 'PUT' && item.body.guest === true))
  assert.deepEqual(items.at(-1).body, { id: '0000D', band: 'Medium', vote: 'down', reason: 'broken', guest: true })
  ctrl.report('broken') // again: taken back
  assert.equal(ctrl.word().reason, null)
  assert.equal(store.record('Medium', '0000D').reason, null)
})

test('a signed-in player’s vote goes after the solve, and the page says it is kept or why not', async () => {
  const sent = serve((path, body) => {
    if (path === '/chess/plays') return { status: 200, data: { ticket: 'tk', issued: 0 } }
    if (path === '/chess/solves') return { status: 200, data: { already: false } }
    if (path === '/chess/votes') return body.vote === 'down' ? { status: 422, data: { error: 'No.' } } : { status: 200, data: {} }
    return null
  })
  const { ctrl } = await opened({ player: PLAYER })
  await ctrl.judge('f8d8')
  await ctrl.judge('f6d8')
  ctrl.vote('up')
  assert.equal(ctrl.word().note, 'Sending… it goes as soon as you are online.')
  await until(() => ctrl.word().note === 'Thanks: your word is kept.')
  const paths = sent.map((s) => s.path)
  assert.ok(paths.indexOf('/chess/solves') < paths.indexOf('/chess/votes'), paths.join())
  assert.deepEqual(sent.find((s) => s.path === '/chess/votes').body, { id: '0000D', band: 'Medium', vote: 'up', reason: null })
  ctrl.vote('down')
  await until(() => ctrl.word().note === 'Not kept: No.')
})

async function until(ok) {
  // A condition waited for, not a time: the solve first waits out the server's second a move (lib/session.js).
  for (let i = 0; i < 1000 && !ok(); i++) await new Promise((resolve) => setTimeout(resolve, 10))
  assert.ok(ok())
}
