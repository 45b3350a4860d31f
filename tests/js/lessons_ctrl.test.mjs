// A lesson's controller (site/static/js/lessons/ctrl.js) on its own, with no page: a stand-in
// view and board, its ticket and its keeping answered here. What the student would see is the
// controller's state (status, the moves with their comments, the done box, the row of puzzles).
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { register } from 'node:module'

register('./vendor_hooks.mjs', import.meta.url)
const { LessonPuzzleCtrl, nextPuzzle, summary } = await import('../../site/static/js/lessons/ctrl.js')

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

function opened(puzzle, { ticket = { ticket: 't.k', at: Date.now() } } = {}) {
  const kept = { recorded: [], posted: [] }
  const results = {}
  const ui = {
    board: standInBoard(), draws: 0, said: [], ends: 0,
    redraw() { ui.draws++ }, announce(text) { ui.said.push(text) }, stop() {},
    makeBoard() { return ui.board }, ended() { ui.ends++ },
  }
  const ctrl = new LessonPuzzleCtrl({
    lesson: LESSON, puzzle, ui, beats: NO_BEATS, results: () => results,
    tickets: async () => ticket,
    keep: {
      recordResult(id, index, result) { kept.recorded.push([id, index, result]); results[index] = result },
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
