// Storm's controller (site/static/js/storm/ctrl.js) on its own, with no page: a stand-in view and
// board, the clock driven by hand, the store on memory, the API answered by hand. A run: puzzles
// one after another on the clock, a wrong move's ten seconds, the end; a ranked run kept in the
// store and posted through the outbox, and kept there while its post fails (issue 40).
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { register } from 'node:module'

register('./vendor_hooks.mjs', import.meta.url)
const { StormCtrl } = await import('../../site/static/js/storm/ctrl.js')
const { newRecord } = await import('../../site/static/js/storm/results.js')
const { StormStore } = await import('../../site/static/js/storm/store.js')
const { fromRow, positionAt } = await import('../../site/static/js/chess/rules.js')
const { MemoryStorage } = await import('../../site/static/js/lib/storage.js')

const TODAY = '2026-12-05'
const PLAYER = { id: 'p-ada', name: 'Ada', token: 't' }
// Beginner puzzles of the bundle: two lines of two solver moves, and a one-mover (0Q6gU).
const ROWS = [
  ['00Rcs', '3k4/ppp2p1r/4p2P/5n2/3Pp1N1/2P2K2/P1P3P1/7R w - - 0 30', 'f3e4 f5g3 e4f4 g3h1', 849],
  ['0Q6gU', '3r1r1k/p2p1p1p/1p2nNP1/4P3/6P1/2R5/PP5R/5K2 b - - 0 27', 'f7g6 h2h7', 643],
  ['01IFr', '6Rk/pp6/1bpN3p/4P1p1/7q/3Q3P/PP4P1/7K b - - 0 28', 'h8g8 d3g6 g8h8 d6f7', 966],
]
const FILE = { date: TODAY, bundle: 1, puzzles: ROWS }
const line = (k) => ROWS[k][2].split(' ')

/** A legal first solver move of puzzle `k` that is neither the line's nor a mate. */
function wrongMove(k) {
  const puzzle = fromRow([...ROWS[k], ''], '')
  const chess = positionAt(puzzle, 1)
  for (const m of chess.moves({ verbose: true })) {
    const uci = m.from + m.to + (m.promotion || '')
    if (uci === puzzle.line[1]) continue
    chess.move(m)
    const mate = chess.isCheckmate()
    chess.undo()
    if (!mate) return uci
  }
  throw new Error('no wrong move')
}

/** Every /api call answers `answer(path, body)` ({status, data}); the default: no connection. */
function serve(answer = () => null) {
  const asked = []
  globalThis.fetch = async (url, init) => {
    const path = String(url).replace(/^\/api/, '').split('?')[0]
    const body = init.body ? JSON.parse(init.body) : undefined
    asked.push({ path, body })
    const got = answer(path, body)
    if (!got) throw new TypeError('offline')
    return { status: got.status, json: async () => got.data, headers: { get: () => null } }
  }
  return asked
}

function standInView() {
  const board = {
    enabled: false, reduced: true, fens: [], orientation: null,
    enable() { this.enabled = true },
    disable() { this.enabled = false },
    async setPosition(fen) { this.fens.push(fen) },
    async settled() {},
    markLast() {}, markCheck() {}, focus() {}, gridHasFocus: () => false, destroy() {},
  }
  const ui = {
    draws: 0, said: [], ends: 0, gains: [], board,
    redraw() { ui.draws++ }, announce(text) { ui.said.push(text) }, paused() {}, watch() {}, stop() {}, tick() {},
    gained(seconds) { ui.gains.push(seconds) },
    boardFor(fen, color) { board.orientation = color; board.fens.push(fen); return board },
    ended() { ui.ends++ },
  }
  return ui
}

function started({ player = null, ticket = null, store = new StormStore(new MemoryStorage()) } = {}) {
  let now = 0
  const ui = standInView()
  const rec = newRecord(FILE, TODAY, { ticket, by: player ? player.id : null })
  const ctrl = new StormCtrl({ store, rec, ui, player: () => player, now: () => now })
  ctrl.start()
  return { ctrl, ui, store, tick: (seconds) => { now += seconds * 1000 } }
}

const until = async (check) => {
  for (let k = 0; k < 2000 && !check(); k++) await new Promise((resolve) => setTimeout(resolve, 5))
  assert.ok(check(), 'never came')
}

test('a practice run: the puzzles on the clock, a wrong move costs ten seconds, the end shows the last puzzle tried', async () => {
  const asked = serve()
  const { ctrl, ui, tick } = started()
  assert.equal(ctrl.number, 1)
  assert.equal(ctrl.left(), 180)
  await ctrl.judge(line(0)[1])
  tick(5)
  await ctrl.judge(line(0)[3])
  assert.equal(ctrl.number, 2)
  assert.equal(ctrl.rec.tally.score, 1)
  await ctrl.judge(wrongMove(1))
  assert.deepEqual(ui.gains, [-10])
  assert.equal(ctrl.left(), 165)
  assert.equal(ctrl.number, 3) // the next puzzle, none of it played
  const third = ui.board.fens.at(-1)
  await ctrl.endRun()
  assert.equal(ctrl.over, true)
  assert.equal(ui.ends, 1)
  assert.deepEqual(ctrl.rec.moves, [[line(0)[1], line(0)[3]], [wrongMove(1)]])
  assert.equal(ctrl.number, 2, 'the board is back on the last puzzle tried')
  assert.notEqual(ui.board.fens.at(-1), third)
  assert.equal(ctrl.rec.seconds, 5)
  assert.equal(ctrl.results().rank, 'Practice: not on the boards.')
  assert.equal(ctrl.review().figures, '1 solved and 1 missed of 2 puzzles in 0:05; highest solved 849; best combo 2.')
  assert.equal(asked.length, 0, 'practice posts nothing')
})

test('a ranked run is kept and posted through the outbox, and waits there while its post fails', async () => {
  let up = false
  const asked = serve((path) => {
    if (path !== '/storm/results') return null
    return up ? { status: 200, data: { ok: true, ranked: true, already: false, place: 2, result: { score: 1, highest: 849, combo_best: 2, mistakes: 0 } } } : { status: 503, data: { error: 'Busy.' } }
  })
  const ticket = { ticket: 'T1', issued: 0, ranked: true, came: Date.now() - 60_000 }
  const { ctrl, store, tick } = started({ player: PLAYER, ticket })
  await ctrl.judge(line(0)[1])
  tick(3)
  await ctrl.judge(line(0)[3])
  await ctrl.endRun()
  assert.equal(asked.filter((a) => a.path === '/storm/results').length, 1)
  assert.deepEqual(asked[0].body, { date: TODAY, moves: [[line(0)[1], line(0)[3]]], seconds: 3, ticket: 'T1' })
  assert.equal(ctrl.results().rank, 'Waiting to post your ranked run: it goes as soon as you are online.')
  assert.equal(store.outbox.items().length, 1)
  assert.equal(store.record(TODAY).state, 'over')
  // Later, from any page: the outbox's flush (lib/session.js) sends it, and its answer is kept.
  up = true
  const { flush } = await import('../../site/static/js/lib/session.js')
  await flush(store, PLAYER)
  await until(() => store.record(TODAY).posted)
  assert.equal(store.outbox.items().length, 0)
  assert.equal(ctrl.results().rank, 'Ranked: #2 on today’s board.')
})
