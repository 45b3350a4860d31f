// The live class page's controller (site/static/js/classes/live_ctrl.js) on its own: a stand-in view
// and board, API and socket, the clock and timers by hand. Who gets in (only the class's teacher and
// students: anyone else a notice and no connection); the teacher opening a session, putting puzzles
// up, seeing the count and revealing the first moves, each shown on the board; a student's answer
// judged on the server move by move, held to its floor, their reveal and place.
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { register } from 'node:module'

register('./vendor_hooks.mjs', import.meta.url)
const { LiveClassCtrl } = await import('../../site/static/js/classes/live_ctrl.js')

const ID = 'c'.repeat(16)
// A student's position (white to move): h1h2, the reply a8b8, then h2h8 mates.
const FEN = 'k7/8/1K6/8/8/8/8/7R w - - 1 2'
const PUZZLE = { t: 'class.puzzle', session: 's1', n: 1, of: 2, title: 'Corner mate', fen: FEN, color: 'white', closes_in: 60000, revealed: false }
const KLASS = (role) => ({ id: ID, name: 'Year 7', role, url: `/classes/class/?id=${ID}`, lessons: [{ id: 'L1', name: 'Mates' }] })

function standIn() {
  const board = {
    enabled: false, fens: [], orientation: null, hint: null, last: null,
    enable() { this.enabled = true }, disable() { this.enabled = false },
    async setPosition(fen) { this.fens.push(fen) }, async settled() {},
    markLast(from, to) { this.last = from ? from + to : null }, markCheck() {}, markHint(from, to) { this.hint = from + to },
    focus() {}, gridHasFocus: () => false, destroy() {},
  }
  const ui = {
    said: [], board, draws: 0,
    redraw() { ui.draws++ }, announce(text) { ui.said.push(text) }, stop() {}, tick() {},
    boardFor(fen, color) { board.orientation = color; board.fens.push(fen); return board },
  }
  return ui
}

function setUp({ role = 'student', status = 200, lesson = '', signedIn = true } = {}) {
  let now = 1000
  const sent = []
  const timers = []
  const ui = standIn()
  const ctrl = new LiveClassCtrl({
    id: ID, lesson, ui, signedIn: () => signedIn, now: () => now,
    call: async () => (status === 200 ? { status, data: KLASS(role) } : { status, data: { error: 'no' } }),
    send: (m) => { sent.push(m); return true },
    later: (fn, ms) => { timers.push({ fn, ms }); return timers.length }, cancel: () => {},
  })
  return { ctrl, ui, sent, timers, at(ms) { now = ms; ctrl.tick() }, get now() { return now } }
}

const hello = (role, more = {}) => ({ t: 'class.hello', session: 's1', class: ID, lesson: 'L1', title: 'Mates', puzzles: 2, seconds: 60, role, closed: false, puzzle: null, ...more })

test('anyone not in the class gets a notice and no connection', async () => {
  for (const [options, title] of [[{ status: 404 }, 'This live session isn’t open to you'], [{ signedIn: false }, 'Sign in to join the live session']]) {
    const t = setUp(options)
    assert.equal(await t.ctrl.load(), false)
    assert.equal(t.ctrl.page.kind, 'notice')
    assert.equal(t.ctrl.page.title, title)
    assert.doesNotMatch(t.ctrl.page.text, /Year 7|Mates/, 'nothing of the class')
    assert.equal(t.ctrl.rejoin(), null)
  }
})

test('the teacher opens a session, puts a puzzle up, sees the count and reveals the first moves', async () => {
  const t = setUp({ role: 'teacher', lesson: 'L1' })
  assert.equal(await t.ctrl.load(), true)
  assert.deepEqual(t.ctrl.rejoin(), { t: 'class.join', class: ID })
  t.ctrl.hear({ t: 'error', code: 'no-session', words: 'none', of: 'class.join' })
  assert.equal(t.ctrl.stage, 'opening')
  assert.equal(t.ctrl.lessonName, 'Mates')
  assert.equal(t.ctrl.open(5), false)
  assert.match(t.ctrl.openError, /10 to 600 seconds/)
  assert.equal(t.ctrl.open(45), true)
  assert.deepEqual(t.sent.at(-1), { t: 'class.open', class: ID, lesson: 'L1', seconds: 45 })
  t.ctrl.hear(hello('teacher', { count: { t: 'class.count', session: 's1', n: 0, answered: 0, of: 0 } }))
  assert.equal(t.ctrl.stage, 'ready')
  assert.equal(t.ui.said.at(-1), 'The live session of Mates is open: 2 puzzles.')
  t.ctrl.hear({ t: 'class.count', session: 's1', n: 0, answered: 0, of: 3 })
  assert.equal(t.ui.said.at(-1), '3 students in.')
  t.ctrl.next()
  assert.deepEqual(t.sent.at(-1), { t: 'class.next' })
  t.ctrl.hear({ ...PUZZLE, line: ['h1h2', 'a8b8', 'h2h8'] })
  assert.equal(t.ctrl.stage, 'puzzle')
  assert.equal(t.ui.board.fens.at(-1), FEN)
  assert.equal(t.ui.board.enabled, false, 'the projector’s board shows; it takes no answer')
  assert.equal(t.ctrl.secondsLeft(), 60)
  t.ctrl.hear({ t: 'class.count', session: 's1', n: 1, answered: 2, of: 3 })
  assert.equal(t.ui.said.at(-1), '2 of 3 students answered.')
  t.ctrl.showAnswers()
  assert.deepEqual(t.sent.at(-1), { t: 'class.reveal' })
  const moves = [{ uci: 'h1h2', san: 'Rh2', count: 1, right: true }, { uci: 'h1h7', san: 'Rh7', count: 1, right: false }]
  t.ctrl.hear({ t: 'class.reveal', session: 's1', n: 1, right: { uci: 'h1h2', san: 'Rh2' }, moves, answered: 2, of: 3 })
  assert.equal(t.ctrl.stage, 'revealed')
  assert.equal(t.ui.said.at(-1), 'Revealed: the right move is Rh2, played by 1 of 2 who answered; 1 other first move.')
  t.ctrl.show('h1h7')
  assert.equal(t.ui.board.fens.at(-1), 'k7/7R/1K6/8/8/8/8/8 b - - 2 2')
  assert.equal(t.ui.board.last, 'h1h7')
  assert.equal(t.ui.board.enabled, true, 'after the reveal the board plays on')
  await t.ctrl.judge('a8b8')
  assert.equal(t.ctrl.chess.fen().split(' ')[0], '1k6/7R/1K6/8/8/8/8/8')
  t.ctrl.close()
  t.ctrl.hear({ t: 'class.closed', session: 's1' })
  assert.equal(t.ctrl.stage, 'over')
})

test('a session open already is joined, not opened twice', async () => {
  const t = setUp({ role: 'teacher', lesson: 'L1' })
  await t.ctrl.load()
  t.ctrl.open(60)
  t.ctrl.hear({ t: 'error', code: 'open', words: 'open already', of: 'class.open' })
  assert.deepEqual(t.sent.at(-1), { t: 'class.join', class: ID })
})

test('a student waits for a session, answers move by move at the floor, and hears their reveal', async () => {
  const t = setUp()
  await t.ctrl.load()
  t.ctrl.hear({ t: 'error', code: 'no-session', words: 'none', of: 'class.join' })
  assert.equal(t.ctrl.stage, 'none')
  assert.equal(t.timers.at(-1).ms, 5000)
  t.timers.at(-1).fn()
  assert.deepEqual(t.sent.at(-1), { t: 'class.join', class: ID })
  t.ctrl.hear(hello('student'))
  assert.equal(t.ctrl.stage, 'ready')
  assert.equal(t.ui.said.at(-1), 'You joined the live session: Mates.')
  t.ctrl.hear(PUZZLE)
  assert.equal(t.ui.said.at(-1), 'Puzzle 1 of 2: Corner mate. You play White. 60 seconds.')
  assert.equal(t.ui.board.enabled, true)
  assert.equal(t.ctrl.inPlay(), true)
  await t.ctrl.judge('h1h2')
  assert.equal(t.ui.board.enabled, false, 'waiting for the verdict')
  assert.equal(t.sent.filter((m) => m.t === 'class.move').length, 0, 'held to its floor')
  t.at(1100)
  assert.deepEqual(t.sent.at(-1), { t: 'class.move', n: 1, move: 0, uci: 'h1h2' })
  await t.ctrl.hear({ t: 'class.judged', session: 's1', n: 1, move: 0, uci: 'h1h2', verdict: 'right', reply: 'a8b8' })
  await new Promise((resolve) => setImmediate(resolve))
  assert.equal(t.ui.board.enabled, true)
  assert.equal(t.ctrl.chess.fen().split(' ')[0], '1k6/8/1K6/8/8/8/7R/8')
  await t.ctrl.judge('h2h8')
  t.at(1500)
  assert.equal(t.sent.filter((m) => m.t === 'class.move').length, 1, 'the second move counts a second after the puzzle went up')
  t.at(2100)
  assert.deepEqual(t.sent.at(-1), { t: 'class.move', n: 1, move: 1, uci: 'h2h8' })
  t.ctrl.hear({ t: 'error', code: 'too-fast', words: 'quick', of: 'class.move', wait: 300 })
  t.at(2300)
  assert.equal(t.sent.filter((m) => m.t === 'class.move').length, 2)
  t.at(2400)
  assert.equal(t.sent.filter((m) => m.t === 'class.move').length, 3, 'sent again after the wait')
  await t.ctrl.hear({ t: 'class.judged', session: 's1', n: 1, move: 1, uci: 'h2h8', verdict: 'solved', reply: null })
  assert.equal(t.ctrl.inPlay(), false)
  assert.equal(t.ctrl.status.text, 'Solved! Wait for the reveal.')
  t.ctrl.hear({ t: 'class.revealed', session: 's1', n: 1, right: { uci: 'h1h2', san: 'Rh2' }, yours: { first: 'h1h2', san: 'Rh2', verdict: 'solved' }, place: 1, of: 3 })
  assert.equal(t.ui.said.at(-1), 'The right move: Rh2. Yours: Rh2, solved. You are 1st of 3.')
  assert.equal(t.ui.board.hint, 'h1h2')
})

test('a wrong move ends a student’s try; the countdown’s end closes the board', async () => {
  const t = setUp()
  await t.ctrl.load()
  t.ctrl.hear(hello('student', { puzzle: PUZZLE }))
  await t.ctrl.judge('h1h7')
  t.at(1200)
  await t.ctrl.hear({ t: 'class.judged', session: 's1', n: 1, move: 0, uci: 'h1h7', verdict: 'wrong', reply: null })
  assert.equal(t.ctrl.inPlay(), false)
  assert.match(t.ui.said.at(-1), /Not the move/)
  const late = setUp()
  await late.ctrl.load()
  late.ctrl.hear(hello('student', { puzzle: PUZZLE }))
  late.at(61_000)
  assert.equal(late.ctrl.stage, 'closed-answers')
  assert.equal(late.ui.board.enabled, false)
  assert.equal(late.ui.said.at(-1), 'Time’s up: wait for the reveal.')
})

test('a student back mid-answer keeps it as it stands', async () => {
  const t = setUp()
  await t.ctrl.load()
  t.ctrl.hear(hello('student', { puzzle: PUZZLE, mine: { pid: 'p', n: 1, opened: 0, moves: ['h1h2'], verdict: '', ended: null } }))
  assert.equal(t.ctrl.inPlay(), false)
  assert.equal(t.ui.board.fens.at(-1).split(' ')[0], 'k7/8/1K6/8/8/8/7R/8')
})
