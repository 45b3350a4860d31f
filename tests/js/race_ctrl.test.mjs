// The race page's controller (site/static/js/race/ctrl.js) on its own: a stand-in view and board, a
// stand-in socket (what it sends is kept; what the room says is handed to hear()), the clock driven
// by hand. The lobby and the maker's start, the countdown, moves judged on the board and sent held to
// their floor, the server's word winning when the two disagree, a page taken up again mid-race, the
// end's table, race again and leaving.
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { register } from 'node:module'

register('./vendor_hooks.mjs', import.meta.url)
const { RaceCtrl } = await import('../../site/static/js/race/ctrl.js')
const { fromRow, positionAt } = await import('../../site/static/js/chess/rules.js')

// Beginner puzzles of the bundle: a line of two solver moves, a one-mover, another two-mover.
const ROWS = [
  ['00Rcs', '3k4/ppp2p1r/4p2P/5n2/3Pp1N1/2P2K2/P1P3P1/7R w - - 0 30', 'f3e4 f5g3 e4f4 g3h1', 849],
  ['0Q6gU', '3r1r1k/p2p1p1p/1p2nNP1/4P3/6P1/2R5/PP5R/5K2 b - - 0 27', 'f7g6 h2h7', 643],
  ['01IFr', '6Rk/pp6/1bpN3p/4P1p1/7q/3Q3P/PP4P1/7K b - - 0 28', 'h8g8 d3g6 g8h8 d6f7', 966],
]
const line = (k) => ROWS[k][2].split(' ')
const ME = { id: 'p-ada', name: 'Ada' }

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

function standInView() {
  const board = {
    enabled: false, reduced: true, fens: [], orientation: null,
    enable() { this.enabled = true }, disable() { this.enabled = false },
    async setPosition(fen) { this.fens.push(fen) }, async settled() {},
    markLast() {}, markCheck() {}, focus() {}, gridHasFocus: () => false, destroy() {},
  }
  const ui = {
    draws: 0, said: [], gains: [], board,
    redraw() { ui.draws++ }, announce(text) { ui.said.push(text) }, stop() {}, tick() {},
    gained(seconds) { ui.gains.push(seconds) },
    boardFor(fen, color) { board.orientation = color; board.fens.push(fen); return board },
  }
  return ui
}

const racer = (pid, name, more = {}) => ({ pid, name, score: 0, missed: 0, combo: 0, mistakes: 0, out: false, left: false, away: false, ...more })

function state(more = {}) {
  return {
    t: 'race.state', race: 'r1', phase: 'waiting', kind: 'link', owner: ME.id, racers: [racer(ME.id, 'Ada')],
    most: 10, starts_in: null, ends_in: null, race_ms: 90000, again: null, ...more,
  }
}

const hello = (more = {}) => ({ ...state(more), t: 'race.hello', you: ME.id, me: more.me === undefined ? null : more.me })

function setUp() {
  let now = 0
  const sent = []
  let open = true
  const ui = standInView()
  const ctrl = new RaceCtrl({
    ui, you: ME, now: () => now, every: () => 0, stopEvery: () => {},
    send: (m) => { if (open) sent.push(m); return open },
  })
  return {
    ctrl, ui, sent,
    at(ms) { now = ms; ctrl.tick() },
    get now() { return now },
    setOpen(on) { open = on },
    moves: () => sent.filter((m) => m.t === 'race.move'),
  }
}

/** A race of Ada and Bob, started at 10 s, racing to 100 s; `me`: Ada's place in a hello. */
function racing(t) {
  t.ctrl.make()
  t.ctrl.hear(hello({ me: { puzzle: 0, line: [], results: [], tally: {}, moves: 0, clock_ends_in: null } }))
  t.ctrl.hear(state({ racers: [racer(ME.id, 'Ada'), racer('p-bob', 'Bob')] }))
  t.ctrl.start()
  t.ctrl.hear(state({ phase: 'countdown', racers: [racer(ME.id, 'Ada'), racer('p-bob', 'Bob')], starts_in: 10000, ends_in: 100000, puzzles: ROWS }))
  t.at(10000)
}

test('the maker’s lobby: the link, Start once two are in, the countdown', () => {
  const t = setUp()
  t.ctrl.make()
  assert.deepEqual(t.sent, [{ t: 'race.make' }])
  assert.equal(t.ctrl.stage, 'joining')
  t.ctrl.hear(hello({ me: null }))
  assert.equal(t.ctrl.stage, 'waiting')
  assert.equal(t.ctrl.shareUrl('https://x.example'), 'https://x.example/race/?id=r1')
  assert.ok(t.ui.said.at(-1).startsWith('You are in the race: 1 racer, you.'))
  assert.equal(t.ctrl.canStart(), false)
  assert.match(t.ctrl.stageWords(), /needs 2 racers/)
  t.ctrl.hear(state({ racers: [racer(ME.id, 'Ada'), racer('p-bob', 'Bob')] }))
  assert.equal(t.ui.said.at(-1), 'Bob joined the race.')
  assert.equal(t.ctrl.canStart(), true)
  t.ctrl.start()
  assert.deepEqual(t.sent.at(-1), { t: 'race.start' })
  t.ctrl.hear(state({ phase: 'countdown', racers: [racer(ME.id, 'Ada'), racer('p-bob', 'Bob')], starts_in: 10000, ends_in: 100000, puzzles: ROWS }))
  assert.equal(t.ctrl.stage, 'countdown')
  assert.equal(t.ui.said.at(-1), 'The race starts in 10 seconds.')
  assert.equal(t.ctrl.startsIn(), 10000)
})

test('someone else’s race: no Start, and who comes and goes is said', () => {
  const t = setUp()
  t.ctrl.join('r1')
  assert.deepEqual(t.sent, [{ t: 'race.join', race: 'r1' }])
  t.ctrl.hear(hello({ owner: 'p-bob', racers: [racer('p-bob', 'Bob'), racer(ME.id, 'Ada')], me: { puzzle: 0, line: [], results: [], tally: {}, moves: 0, clock_ends_in: null } }))
  assert.equal(t.ctrl.owner, false)
  assert.equal(t.ctrl.canStart(), false)
  assert.match(t.ctrl.stageWords(), /maker/)
  t.ctrl.hear(state({ owner: 'p-bob', racers: [racer('p-bob', 'Bob', { away: true }), racer(ME.id, 'Ada')] }))
  assert.equal(t.ui.said.at(-1), 'Bob lost their connection.')
  t.ctrl.hear(state({ owner: 'p-bob', racers: [racer('p-bob', 'Bob'), racer(ME.id, 'Ada')] }))
  assert.equal(t.ui.said.at(-1), 'Bob is back.')
  t.ctrl.hear(state({ owner: 'p-bob', racers: [racer('p-bob', 'Bob', { left: true }), racer(ME.id, 'Ada')] }))
  assert.equal(t.ui.said.at(-1), 'Bob left the race.')
  const lanes = t.ctrl.lanes()
  assert.deepEqual(lanes.map((l) => [l.name, l.mark]), [['Ada (you)', ''], ['Bob', 'left']])
  assert.equal(lanes[1].words, 'Bob: 0 solved, left the race')
})

test('a link that finds no race sends the page back to the choice, saying why', () => {
  const t = setUp()
  t.ctrl.join('gone')
  t.ctrl.hear({ t: 'error', code: 'no-race', words: 'There is no race at that link.', of: 'race.join' })
  assert.equal(t.ctrl.stage, 'choose')
  assert.equal(t.ctrl.notice, 'There is no race at that link.')
  assert.equal(t.ctrl.raceId, null)
})

test('moves are judged on the board at once and sent held to their floor', async () => {
  const t = setUp()
  racing(t)
  assert.equal(t.ctrl.stage, 'racing')
  assert.equal(t.ui.board.enabled, true)
  assert.ok(t.ui.said.at(-1).startsWith('Go! Puzzle 1, rated 849.'))
  await t.ctrl.judge(line(0)[1])
  assert.equal(t.moves().length, 0, 'the first move counts from the start, less the allowance: sent just after')
  t.at(10100)
  assert.deepEqual(t.moves(), [{ t: 'race.move', puzzle: 0, move: 0, uci: line(0)[1] }])
  await t.ctrl.judge(line(0)[3]) // solves it: the next puzzle opens
  assert.equal(t.ctrl.tally.score, 1)
  assert.equal(t.ctrl.index, 1)
  await t.ctrl.judge(line(1)[1]) // a one-mover: solved at once
  assert.equal(t.moves().length, 1, 'the second and third moves wait for their floors')
  t.at(11050)
  assert.equal(t.moves().length, 1)
  t.at(11100)
  assert.equal(t.moves().length, 2)
  t.at(12100)
  assert.deepEqual(t.moves().map((m) => [m.puzzle, m.move]), [[0, 0], [0, 1], [1, 0]])
  assert.equal(t.ctrl.lanes()[0].score, 2, 'the player’s own lane shows their board’s score')
})

test('a wrong move costs ten seconds of the player’s clock and moves on', async () => {
  const t = setUp()
  racing(t)
  t.at(20000)
  assert.equal(t.ctrl.clockLeft(), 80000)
  await t.ctrl.judge(wrongMove(0))
  assert.deepEqual(t.ui.gains, [-10])
  assert.equal(t.ctrl.clockLeft(), 70000)
  assert.equal(t.ctrl.index, 1)
  assert.deepEqual(t.ctrl.results, ['missed'])
  t.at(90000) // the player's clock ran out ten seconds before the race's end
  assert.equal(t.ctrl.out, true)
  assert.equal(t.ui.board.enabled, false)
  assert.equal(t.ctrl.inPlay(), false)
  assert.match(t.ui.said.at(-1), /clock ran out/)
})

test('a move the server refuses makes the page ask where it is, and send again from there', async () => {
  const t = setUp()
  racing(t)
  await t.ctrl.judge(line(0)[1])
  t.at(10100)
  await t.ctrl.judge(line(0)[3])
  t.at(11100)
  assert.equal(t.moves().length, 2)
  t.ctrl.hear({ t: 'error', code: 'out-of-step', words: 'ahead', of: 'race.move', at: [0, 1] })
  assert.deepEqual(t.sent.at(-1), { t: 'race.join', race: 'r1' })
  t.ctrl.hear({ t: 'error', code: 'out-of-step', words: 'ahead', of: 'race.move', at: [0, 1] })
  assert.equal(t.sent.filter((m) => m.t === 'race.join').length, 1, 'asked once')
  // The server has the first move only: the second is sent again.
  const me = { puzzle: 0, line: [line(0)[1]], results: [], tally: { score: 0, combo: 1 }, moves: 1, clock_ends_in: 88000 }
  t.ctrl.hear(hello({ phase: 'racing', racers: [racer(ME.id, 'Ada'), racer('p-bob', 'Bob')], starts_in: -1100, ends_in: 88900, me }))
  t.at(11200)
  assert.deepEqual(t.moves().at(-1), { t: 'race.move', puzzle: 0, move: 1, uci: line(0)[3] })
  assert.equal(t.ctrl.index, 1, 'the board ahead of the server stays where it is')
  t.ctrl.hear({ t: 'error', code: 'done', words: 'counted', of: 'race.move', at: [1, 0] })
  assert.equal(t.sent.filter((m) => m.t === 'race.join').length, 1, 'a retry counted already asks nothing')
})

test('a page taken up again mid-race takes the server’s place, tally and all', () => {
  const t = setUp()
  t.ctrl.join('r1')
  const me = { puzzle: 1, line: [], results: ['solved'], tally: { score: 1, mistakes: 0, combo: 2, combo_best: 2, bonus: 0, penalty: 0, highest: 849, attempted: 1 }, moves: 2, clock_ends_in: 60000 }
  t.ctrl.hear(hello({ phase: 'racing', racers: [racer(ME.id, 'Ada', { score: 1 }), racer('p-bob', 'Bob')], starts_in: -30000, ends_in: 60000, puzzles: ROWS, me }))
  t.at(t.now + 100)
  assert.equal(t.ctrl.stage, 'racing')
  assert.equal(t.ctrl.index, 1)
  assert.equal(t.ctrl.tally.score, 1)
  assert.equal(t.ui.board.fens.at(-1), positionAt(fromRow([...ROWS[1], ''], ''), 1).fen())
  assert.equal(t.moves().length, 0, 'nothing counted is sent again')
})

test('a dropped connection rejoins the race it is in', () => {
  const t = setUp()
  assert.equal(t.ctrl.rejoin(), null, 'no race: nothing to rejoin')
  racing(t)
  t.ctrl.linked('open')
  t.ctrl.linked('away')
  assert.equal(t.ui.said.at(-1), 'Connection lost: reconnecting…')
  assert.deepEqual(t.ctrl.rejoin(), { t: 'race.join', race: 'r1' })
  t.ctrl.linked('open')
  assert.equal(t.ui.said.at(-1), 'Connected again.')
})

test('at the end: the table asked for, its places and puzzles to review, race again', async () => {
  const t = setUp()
  racing(t)
  await t.ctrl.judge(wrongMove(0))
  t.at(100000)
  assert.equal(t.ctrl.stage, 'over')
  assert.deepEqual(t.sent.at(-1), { t: 'race.over' })
  t.ctrl.hear({ t: 'error', code: 'not-over', words: 'not yet', of: 'race.over', wait: 500 })
  t.at(100200)
  assert.equal(t.sent.filter((m) => m.t === 'race.over').length, 1)
  t.at(100500)
  assert.equal(t.sent.filter((m) => m.t === 'race.over').length, 2)
  const rows = [
    { place: 1, pid: 'p-bob', name: 'Bob', score: 3, highest: 966, mistakes: 0, combo_best: 5, moves: 5, left: false, puzzles: [{ id: '00Rcs', rating: 849, result: 'solved' }] },
    { place: 2, pid: ME.id, name: 'Ada', score: 0, highest: null, mistakes: 1, combo_best: 0, moves: 1, left: false, puzzles: [{ id: '00Rcs', rating: 849, result: 'missed' }, { id: '0Q6gU', rating: 643, result: 'left' }] },
  ]
  t.ctrl.hear({ t: 'race.table', race: 'r1', rows, again: null })
  assert.equal(t.ui.said.at(-1), 'Race over. You placed 2nd of 2 with 0 puzzles solved.')
  const [bob, ada] = t.ctrl.table
  assert.equal(bob.placeWords, '1st')
  assert.equal(ada.you, true)
  assert.deepEqual(ada.reviews.map((r) => [r.words, r.href]), [['Missed', '/#/p/Beginner/00Rcs'], ['Left part way', '/#/p/Beginner/0Q6gU']])
  t.ctrl.hear({ t: 'race.again', race: 'r1', next: 'r2', by: 'Bob' })
  assert.equal(t.ui.said.at(-1), 'Bob made the next race: choose Race again to join them.')
  t.ctrl.raceAgain()
  assert.deepEqual(t.sent.at(-1), { t: 'race.again' })
  t.ctrl.hear(hello({ race: 'r2', owner: 'p-bob', racers: [racer('p-bob', 'Bob'), racer(ME.id, 'Ada')], me: { puzzle: 0, line: [], results: [], tally: {}, moves: 0, clock_ends_in: null } }))
  assert.equal(t.ctrl.raceId, 'r2')
  assert.equal(t.ctrl.stage, 'waiting')
  assert.equal(t.ctrl.table, null)
  assert.equal(t.ctrl.tally.score, 0)
})

test('leaving is said, and the page chooses again', () => {
  const t = setUp()
  racing(t)
  t.ctrl.leave()
  assert.deepEqual(t.sent.at(-1), { t: 'race.leave' })
  t.ctrl.hear({ t: 'race.left', race: 'r1' })
  assert.equal(t.ctrl.stage, 'choose')
  assert.equal(t.ctrl.notice, 'You left the race.')
  assert.equal(t.ui.board.enabled, false)
})

test('a quick race pairs whoever is waiting: no link to share, no Start, its countdown by itself', () => {
  const t = setUp()
  t.ctrl.quick()
  assert.deepEqual(t.sent, [{ t: 'race.quick' }])
  t.ctrl.hear(hello({ race: 'q1', kind: 'quick', owner: '', me: { puzzle: 0, line: [], results: [], tally: {}, moves: 0, clock_ends_in: null } }))
  assert.equal(t.ctrl.stage, 'waiting')
  assert.equal(t.ctrl.owner, false)
  assert.equal(t.ctrl.canStart(), false)
  assert.match(t.ctrl.stageWords(), /Waiting for another racer/)
  t.ctrl.hear(state({ race: 'q1', kind: 'quick', owner: '', phase: 'countdown', racers: [racer(ME.id, 'Ada'), racer('p-bob', 'Bob')], starts_in: 15000, ends_in: 105000, puzzles: ROWS }))
  assert.equal(t.ctrl.stage, 'countdown')
  assert.deepEqual(t.ui.said.slice(-2), ['Bob joined the race.', 'The race starts in 15 seconds.'])
})
