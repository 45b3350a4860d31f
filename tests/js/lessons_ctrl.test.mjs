// A lesson's controller (site/static/js/lessons/ctrl.js) on its own, with no page: a stand-in
// view and board, its ticket and its keeping answered here. What the student would see is the
// controller's state (status, the moves with their comments, the done box, the row of puzzles).
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { register } from 'node:module'

register('./vendor_hooks.mjs', import.meta.url)
const { LessonPuzzleCtrl } = await import('../../site/static/js/lessons/ctrl.js')
const { nextPuzzle, summary } = await import('../../site/static/js/lessons/progress.js')

const NO_BEATS = { first: 0, reply: 0, solution: 0 }
// Puzzle 1: Ra8 mates (so does Re8). Puzzle 2: the opponent's setup move, then the student's two.
const LESSON = {
  id: 'abcdefghijklmnop',
  name: 'Back ranks',
  revs: [1, 2],
  puzzles: [
    { index: 1, title: 'Back rank', fen: '6k1/5ppp/8/8/8/8/8/R3R1K1 w - - 0 1', student: 'white', opponent_first: false, intro: 'Look at the king.',
      moves: [{ uci: 'a1a8', san: 'Ra8#', comment: 'Mate.', hint: 'The back rank.', by_student: true }] },
    { index: 2, title: '', fen: '6k1/5ppp/8/1p6/8/8/8/R3R1K1 b - - 0 1', student: 'white', opponent_first: true, intro: '',
      moves: [{ uci: 'b5b4', san: 'b4', comment: '', by_student: false }, { uci: 'a1a8', san: 'Ra8#', comment: 'Again.', by_student: true }] },
  ],
}

function standInBoard() {
  return {
    enabled: false, hint: null,
    enable() { this.enabled = true },
    disable() { this.enabled = false },
    async setPosition() {}, async shakeBack() {},
    markLast() {}, markCheck() {},
    markHint(from, to = null) { this.hint = [from, to] },
    clearHint() { this.hint = null },
  }
}

function opened(puzzle, { ticket = { ticket: 't.k', at: Date.now() }, saved = { current: null } } = {}) {
  const kept = { recorded: [], posted: [], asked: 0, saved }
  const results = {}
  const ui = {
    board: standInBoard(), draws: 0, said: [], ends: 0,
    redraw() { ui.draws++ }, announce(text) { ui.said.push(text) }, stop() {},
    makeBoard() { return ui.board }, ended() { ui.ends++ },
  }
  const ctrl = new LessonPuzzleCtrl({
    lesson: LESSON, puzzle, ui, beats: NO_BEATS, results: () => results,
    tickets: async () => { kept.asked++; return ticket },
    progress: {
      load: (id, index, rev) => (saved.current && saved.current.puzzle === index && saved.current.rev === rev ? { ...saved.current } : null),
      keep: (id, progress) => { saved.current = progress },
    },
    keep: {
      recordResult(id, index, result) { kept.recorded.push([id, index, result]); results[index] = result; saved.current = null },
      async postResult(id, index, result, got) { kept.posted.push([id, index, result, got]) },
    },
  })
  return { ctrl, ui, kept }
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0))

test('a clean solve is kept and posted with its ticket; the done box says it, the status line doesn’t (issue 26)', async () => {
  const { ctrl, ui, kept } = opened(LESSON.puzzles[0])
  await ctrl.start()
  assert.equal(ctrl.status.text, 'Find the best move.')
  assert.equal(ui.board.enabled, true)
  await ctrl.judge('a1a8')
  assert.equal(ctrl.over, true)
  assert.equal(ctrl.doneTitle(), 'Solved cleanly.')
  assert.equal(ctrl.status.text, '')
  assert.deepEqual(ctrl.lines, [{ label: '1. Ra8#', comment: 'Mate.', byStudent: true }])
  assert.equal(ui.ends, 1)
  assert.deepEqual(kept.recorded, [[LESSON.id, 1, { solved: true, clean: true, mistakes: 0, hints: 0, rev: 1 }]])
  await settle()
  const [[, index, posted, ticket]] = kept.posted
  assert.equal(index, 1)
  assert.deepEqual(ticket.ticket, 't.k')
  assert.equal(posted.seconds, 0)
  assert.equal(posted.floor, 1, 'a solve claims at least a second a student move')
  assert.ok(ui.said.at(-1).startsWith('Solved cleanly. Press Enter for the next puzzle.'))
  assert.deepEqual(ctrl.progress().map((p) => [p.index, p.words, p.current]), [[1, 'solved cleanly', true], [2, 'not played yet', false]])
})

test('another mating move solves it too, and the status line says so', async () => {
  const { ctrl } = opened(LESSON.puzzles[0])
  await ctrl.start()
  await ctrl.judge('e1e8')
  assert.equal(ctrl.doneTitle(), 'Solved cleanly.')
  assert.deepEqual(ctrl.status, { text: 'Checkmate: that solves it too.', tone: 'good' })
})

test('a wrong move gives the teacher’s hint; hints go from the teacher’s words to the piece to its square', async () => {
  const { ctrl, ui } = opened(LESSON.puzzles[0])
  await ctrl.start()
  await ctrl.judge('a1a7')
  assert.deepEqual(ctrl.status, { text: 'Not that one. Hint: The back rank.', tone: 'hint' })
  assert.equal(ctrl.mistakes, 1)
  assert.equal(ui.board.enabled, true, 'the student tries again')
  ctrl.hint()
  assert.equal(ctrl.status.text, 'Hint: The back rank.')
  ctrl.hint()
  assert.equal(ctrl.status.text, 'Hint: the rook on a1.')
  ctrl.hint()
  assert.equal(ctrl.status.text, 'Hint: the rook on a1 goes to a8.')
  assert.deepEqual(ui.board.hint, ['a1', 'a8'])
  assert.equal(ctrl.hints, 3)
  await ctrl.judge('a1a8')
  assert.equal(ctrl.doneTitle(), 'Solved.')
})

test('the opponent’s setup move is played first; Show solution ends the puzzle unsolved', async () => {
  const { ctrl, kept } = opened(LESSON.puzzles[1])
  await ctrl.start()
  assert.deepEqual(ctrl.lines, [{ label: '1... b4', comment: '', byStudent: false }])
  assert.equal(ctrl.title, 'Puzzle 2')
  assert.equal(ctrl.lastOne, true)
  await ctrl.showSolution()
  assert.equal(ctrl.doneTitle(), 'Solution shown.')
  assert.equal(ctrl.status.text, '')
  assert.equal(ctrl.lines.length, 2)
  assert.deepEqual(kept.recorded[0][2], { solved: false, clean: false, mistakes: 0, hints: 0, rev: 2 })
})

test('a result without a ticket is kept here and handed on without one', async () => {
  const { ctrl, kept } = opened(LESSON.puzzles[0], { ticket: null })
  await ctrl.start()
  await ctrl.judge('a1a8')
  await settle()
  assert.equal(kept.posted[0][3], null)
})

test('the next puzzle is the first after this one not yet played, then any left; the end counts them', () => {
  assert.equal(nextPuzzle(LESSON, {}, 0).index, 1)
  assert.equal(nextPuzzle(LESSON, {}, 1).index, 2)
  assert.equal(nextPuzzle(LESSON, { 2: { solved: true } }, 2).index, 1)
  assert.equal(nextPuzzle(LESSON, { 1: {}, 2: {} }, 1), null)
  assert.deepEqual(summary(LESSON, { 1: { solved: true, clean: true }, 2: { solved: false, clean: false } }), { solved: 1, clean: 1, total: 2 })
})

test('a reload goes on where the puzzle was: its moves, wrong moves, hints, opening time and ticket kept (issue 30)', async () => {
  const puzzle = { ...LESSON.puzzles[1], moves: [...LESSON.puzzles[1].moves] }
  puzzle.moves = [
    { uci: 'b5b4', san: 'b4', comment: '', by_student: false },
    { uci: 'a1a7', san: 'Ra7', comment: 'Up the file.', hint: 'The seventh.', by_student: true },
    { uci: 'g8f8', san: 'Kf8', comment: '', by_student: false },
    { uci: 'e1e8', san: 'Re8#', comment: 'Mate.', by_student: true },
  ]
  const lesson = { ...LESSON, puzzles: [LESSON.puzzles[0], puzzle] }
  const saved = { current: null }
  const first = opened(puzzle, { saved })
  first.ctrl.lesson = lesson
  await first.ctrl.start()
  await settle()
  await first.ctrl.judge('a1a2') // wrong
  first.ctrl.hint()
  await first.ctrl.judge('a1a7')
  assert.equal(first.ctrl.ply, 3)
  const openedAt = first.ctrl.opened
  first.ctrl.stop()
  assert.deepEqual(saved.current, { puzzle: 2, rev: 2, ply: 3, mistakes: 1, hints: 1, hintLevel: 0, shown: false, opened: openedAt, ticket: { ticket: 't.k', at: saved.current.ticket.at } })

  // The page again: the same puzzle, where it was.
  const again = opened(puzzle, { saved })
  await again.ctrl.start()
  assert.equal(again.kept.asked, 0, 'the ticket kept is the one used: the time runs from the first opening')
  assert.deepEqual(again.ctrl.lines.map((l) => l.label), ['1... b4', '2. Ra7', '2... Kf8'])
  assert.equal(again.ctrl.status.text, 'Your move.')
  await again.ctrl.judge('e1e8')
  assert.equal(again.ctrl.doneTitle(), 'Solved.')
  assert.deepEqual(again.kept.recorded[0][2], { solved: true, clean: false, mistakes: 1, hints: 1, rev: 2 })
  await settle()
  assert.equal(again.kept.posted[0][3].ticket, 't.k')
  assert.equal(saved.current, null, 'a finished puzzle is no longer in play')
})

test('a reload after Show solution was asked for ends the puzzle shown, never solved', async () => {
  const saved = { current: { puzzle: 1, rev: 1, ply: 0, mistakes: 0, hints: 0, hintLevel: 0, shown: true, opened: Date.now(), ticket: null } }
  const { ctrl, kept } = opened(LESSON.puzzles[0], { saved })
  await ctrl.start()
  assert.equal(ctrl.doneTitle(), 'Solution shown.')
  assert.equal(kept.asked, 1, 'a ticket that never came is asked for again')
})

test('a hint shown before the reload is shown again, and the next H goes on from it', async () => {
  const saved = { current: { puzzle: 1, rev: 1, ply: 0, mistakes: 0, hints: 2, hintLevel: 2, shown: false, opened: Date.now(), ticket: null } }
  const { ctrl, ui } = opened(LESSON.puzzles[0], { saved })
  await ctrl.start()
  assert.equal(ctrl.status.text, 'Hint: the rook on a1.')
  assert.deepEqual(ui.board.hint, ['a1', null])
  ctrl.hint()
  assert.equal(ctrl.hints, 3)
  assert.equal(ctrl.status.text, 'Hint: the rook on a1 goes to a8.')
})

test('a wrong move the teacher refutes: the reply is played, the comment shown, the position set back; a mistake', async () => {
  const puzzle = {
    ...LESSON.puzzles[0],
    moves: [{ uci: 'a1a8', san: 'Ra8#', comment: 'Mate.', hint: 'The back rank.', by_student: true,
      refutations: [{ uci: 'a1a7', san: 'Ra7', reply: 'g8f8', reply_san: 'Kf8', comment: 'The king runs to f8.' }] }],
  }
  const { ctrl, ui, kept } = opened(puzzle)
  await ctrl.start()
  const start = ctrl.chess.fen()
  await ctrl.judge('a1a7')
  assert.equal(ctrl.mistakes, 1)
  assert.deepEqual(ctrl.status, { text: 'Not that one: 1... Kf8 answers it. The king runs to f8. Try again.', tone: 'bad' })
  assert.equal(ctrl.chess.fen(), start, 'the position is set back')
  assert.equal(ui.board.enabled, true, 'for another try')
  assert.ok(ui.said.some((text) => text.includes('The king runs to f8.')))
  assert.equal(kept.saved.current.mistakes, 1, 'kept as it happened')
  await ctrl.judge('a1a2') // a wrong move with no refutation: as before
  assert.equal(ctrl.mistakes, 2)
  assert.equal(ctrl.status.text, 'Not that one. Hint: The back rank.')
  await ctrl.judge('a1a8')
  assert.deepEqual(kept.recorded[0][2], { solved: true, clean: false, mistakes: 2, hints: 0, rev: 1 })
})
