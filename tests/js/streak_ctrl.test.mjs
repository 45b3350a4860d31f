// Streak's controller (site/static/js/streak/ctrl.js) on its own, with no page: a stand-in view and
// board, no beats, the store on memory, the API answered by hand. A run: puzzles one after another
// until one wrong move, one skip, the end; what it keeps and posts is the store's and the outbox's.
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { register } from 'node:module'

register('./vendor_hooks.mjs', import.meta.url)
const { StreakCtrl, newRecord, endLeft } = await import('../../site/static/js/streak/ctrl.js')
const { StreakStore } = await import('../../site/static/js/streak/store.js')
const { fromRow, positionAt } = await import('../../site/static/js/chess/rules.js')
const { Clock } = await import('../../site/static/js/lib/clock.js')
const { playerQuery } = await import('../../site/static/js/lib/dates.js')
const { MemoryStorage } = await import('../../site/static/js/lib/storage.js')

const TODAY = '2026-12-05'
const PLAYER = { id: 'p-ada', name: 'Ada', token: 't' }
// Four Beginner puzzles of the bundle: three lines of two solver moves, and a one-mover (0Q6gU).
const ROWS = [
  ['00Rcs', '3k4/ppp2p1r/4p2P/5n2/3Pp1N1/2P2K2/P1P3P1/7R w - - 0 30', 'f3e4 f5g3 e4f4 g3h1', 849],
  ['0Q6gU', '3r1r1k/p2p1p1p/1p2nNP1/4P3/6P1/2R5/PP5R/5K2 b - - 0 27', 'f7g6 h2h7', 643],
  ['01IFr', '6Rk/pp6/1bpN3p/4P1p1/7q/3Q3P/PP4P1/7K b - - 0 28', 'h8g8 d3g6 g8h8 d6f7', 966],
  ['0243k', 'r1r3k1/4qpbp/1B2p1p1/p2b4/8/PP2PN2/4QPPP/2R2RK1 w - - 1 21', 'b6c5 c8c5 c1c5 e7c5', 860],
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
  const board = {
    enabled: false, reduced: true, fens: [], orientation: null,
    enable() { this.enabled = true },
    disable() { this.enabled = false },
    async setPosition(fen) { this.fens.push(fen) },
    markLast() {}, markCheck() {}, focus() {},
  }
  const ui = {
    draws: 0, said: [], ends: 0, board,
    redraw() { ui.draws++ },
    announce(text) { ui.said.push(text) },
    paused() {}, watch() {}, stop() {},
    boardFor(fen, color) { board.orientation = color; board.fens.push(fen); return board },
    ended() { ui.ends++ },
  }
  return ui
}

async function started({ player = null, store = new StreakStore(new MemoryStorage()), rec } = {}) {
  let now = 0
  const ui = standInView()
  rec = rec || newRecord(FILE, TODAY, { ranking: Boolean(player), by: player ? player.id : null })
  const ctrl = new StreakCtrl({
    store, rec, ui, player: () => player, beats: { first: 0, reply: 0, next: 0 }, today: () => TODAY,
    clock: new Clock({ now: () => now }),
  })
  await ctrl.start()
  return { ctrl, ui, store, tick: (seconds) => { now += seconds * 1000 } }
}

const until = async (check) => {
  for (let k = 0; k < 2000 && !check(); k++) await new Promise((resolve) => setTimeout(resolve, 5))
  assert.ok(check(), 'never came')
}

test('a guest’s run: solved, skipped part way, a wrong move ends it; practice, kept here only', async () => {
  const asked = serve()
  const { ctrl, ui, store, tick } = await started()
  assert.equal(ctrl.number, 1)
  assert.equal(ctrl.status.text, 'Find the best move.')
  assert.ok(ui.board.enabled)
  await ctrl.judge(line(0)[1])
  assert.equal(ctrl.status.text, 'Your move.')
  tick(20)
  await ctrl.judge(line(0)[3])
  assert.equal(ctrl.number, 2)
  assert.equal(ctrl.tally().score, 1)
  await ctrl.skip()
  assert.equal(ctrl.number, 3)
  assert.equal(ctrl.canSkip, false)
  await ctrl.skip() // no second skip
  assert.equal(ctrl.number, 3)
  await ctrl.judge(wrongMove(2))
  assert.equal(ctrl.finished, true)
  assert.equal(ui.ends, 1)
  const results = ctrl.results()
  assert.equal(results.why, 'Wrong move: the run is over.')
  assert.deepEqual([results.score, results.highest, results.skipped], [1, 849, 2])
  assert.match(results.answer, /^The move was /)
  assert.match(results.rank, /^Practice/)
  assert.deepEqual(ctrl.tally(), { score: 1, highest: 849, attempted: 3, skipped: 2, missed: 3, moves: 3 })
  assert.equal(asked.length, 0, 'a guest asks nothing of the server')
  assert.equal(store.best().score, 1)
  assert.equal(store.current(), null)
  assert.ok(ui.said.some((t) => t.includes('skipped')))
})

test('a signed-in player’s first run asks for its ticket and posts its moves, skip and seconds', async () => {
  const asked = serve((path, body) => {
    if (path === '/streak/runs') return { status: 200, data: { date: TODAY, ticket: 'T1', issued: 0, ranked: true } }
    if (path === '/streak/results') {
      return { status: 200, data: { ok: true, ranked: true, already: false, place: 1, result: { score: 1, highest: 849, skipped: null, missed: null } } }
    }
    return null
  })
  const { ctrl, tick } = await started({ player: PLAYER })
  await until(() => ctrl.rec.ticket === 'T1')
  assert.equal(ctrl.rec.ranked, true)
  assert.ok(asked.some((a) => a.path === '/streak/runs' && a.body.date === TODAY))
  // The request says the player's own date and offset, for the server to count the run on.
  assert.match(asked.find((a) => a.path === '/streak/runs').query, /^date=\d{4}-\d\d-\d\d&offset=-?\d+$/)
  assert.equal(asked.find((a) => a.path === '/streak/runs').query, playerQuery())
  ctrl.takeUp() // a tab coming back asks nothing: a second start would be practice
  assert.equal(asked.filter((a) => a.path === '/streak/runs').length, 1)
  ctrl.rec.ticketCame = Date.now() - 60_000 // long enough ago: the post needn't wait out the floor
  await ctrl.judge(line(0)[1])
  await ctrl.judge(line(0)[3])
  tick(42)
  ctrl.endRun()
  await until(() => ctrl.rec.posted)
  const post = asked.find((a) => a.path === '/streak/results')
  assert.deepEqual(post.body, { date: TODAY, moves: [line(0).filter((_, k) => k % 2)], skipped: null, seconds: 42, ticket: 'T1' })
  assert.equal(ctrl.results().rank, 'Ranked: #1 on today’s board.')
  assert.match(ctrl.shareText(), /🏆 #1 today/)
})

test('a second run started after the server says practice never posts', async () => {
  const asked = serve((path) => (path === '/streak/runs' ? { status: 200, data: { date: TODAY, ticket: 'T2', issued: 0, ranked: false } } : null))
  const { ctrl } = await started({ player: PLAYER })
  await until(() => ctrl.rec.ranked === false)
  await ctrl.judge(wrongMove(0))
  assert.equal(ctrl.finished, true)
  assert.equal(ctrl.results().rank, 'Practice: your ranked run today was started earlier.')
  assert.ok(!asked.some((a) => a.path === '/streak/results'))
})

test('a run left part way is taken up again where it was, asking for no second ticket', async () => {
  const asked = serve()
  const store = new StreakStore(new MemoryStorage())
  const rec = newRecord(FILE, TODAY, { ranking: true, by: PLAYER.id })
  Object.assign(rec, { asked: true, ticket: 'T1', ranked: true, moves: [[line(0)[1]]], verdicts: [['right']] })
  const { ctrl } = await started({ player: PLAYER, store, rec })
  assert.equal(ctrl.ply, 3)
  assert.equal(ctrl.status.text, 'Your move.')
  assert.equal(asked.length, 0)
  await ctrl.judge(line(0)[3])
  assert.equal(ctrl.number, 2)
})

test('an earlier day’s run found part way ends as it stood and posts, if it may rank', async () => {
  const asked = serve(() => ({ status: 200, data: { ok: true, ranked: true, already: false, place: 3, result: { score: 1, highest: 849 } } }))
  const store = new StreakStore(new MemoryStorage())
  const rec = newRecord({ ...FILE, date: '2026-12-04' }, '2026-12-04', { ranking: true, by: PLAYER.id })
  Object.assign(rec, {
    asked: true, ticket: 'T0', ticketCame: 0, ranked: true, index: 1, seconds: 80,
    moves: [[line(0)[1], line(0)[3]], []], verdicts: [['right', 'solved'], []],
  })
  store.saveRecord(rec)
  store.setCurrent(rec.key)
  endLeft(store, store.current(), PLAYER)
  assert.equal(store.current(), null)
  const kept = store.record('2026-12-04')
  assert.equal(kept.why, 'left')
  assert.equal(kept.moves.length, 1) // the puzzle on the board, untouched, is no part of it
  await until(() => store.record('2026-12-04').posted)
  assert.deepEqual(asked.find((a) => a.path === '/streak/results').body.moves, [[line(0)[1], line(0)[3]]])
  assert.equal(store.record('2026-12-04').posted.place, 3)
})

test('a run whose ticket the server refuses is dropped with its reason, never posted as offline', async () => {
  const asked = serve((path) => {
    if (path === '/streak/runs') return { status: 200, data: { date: TODAY, ticket: 'T1', issued: 0, ranked: true } }
    return { status: 422, data: { error: 'The play ticket was issued to another player.' } }
  })
  globalThis.fetch = ((inner) => async (url, init) => {
    const res = await inner(url, init)
    if (String(url).endsWith('/streak/results')) res.headers = { get: (h) => (h === 'X-Ticket-Refused' ? 'not-yours' : null) }
    return res
  })(globalThis.fetch)
  const { ctrl } = await started({ player: PLAYER })
  await until(() => ctrl.rec.ticket)
  ctrl.rec.ticketCame = Date.now() - 60_000
  await ctrl.judge(wrongMove(0))
  await until(() => ctrl.rec.posted)
  assert.equal(asked.filter((a) => a.path === '/streak/results').length, 1)
  assert.equal(ctrl.results().rank, 'Not kept: The play ticket was issued to another player.')
})

test('a run whose ticket never came is told so in plain words when its post is dropped', async () => {
  serve((path) => {
    if (path === '/streak/runs') return { status: 503, data: { error: 'The store is busy.' } }
    return { status: 400, data: { error: 'A Streak run counts only with the play ticket it started with (POST /api/streak/runs).' } }
  })
  const { ctrl } = await started({ player: PLAYER })
  await new Promise((resolve) => setTimeout(resolve, 20))
  assert.equal(ctrl.rec.ticket, null)
  await ctrl.judge(wrongMove(0))
  await until(() => ctrl.rec.posted)
  assert.equal(ctrl.results().rank, 'Not kept: the run’s ticket never came (the connection was down as it started), so it was practice.')
})

test('ending the run while a puzzle opens leaves the end as it is', async () => {
  serve()
  const store = new StreakStore(new MemoryStorage())
  let now = 0
  const ui = standInView()
  const ctrl = new StreakCtrl({
    store, rec: newRecord(FILE, TODAY), ui, player: () => null, beats: { first: 30, reply: 0, next: 0 },
    today: () => TODAY, clock: new Clock({ now: () => now }),
  })
  const opening = ctrl.start()
  ctrl.finish('ended')
  await opening
  assert.equal(ctrl.status.text, 'You ended the run.')
  assert.equal(ui.board.enabled, false)
})
