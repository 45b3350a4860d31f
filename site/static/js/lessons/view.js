/**
 * The lesson page's views: one puzzle's controller (ctrl.js) drawn on the board and the panel,
 * the student's intents sent back to it, and the end of the lesson. Every text of the
 * teacher's goes in with textContent. It writes no storage and posts nothing.
 *
 * The board is the chess game's (js/chess/board.js): tap, drag or the keyboard (Tab to the
 * board, arrows, Enter or Space to pick up and put down).
 */
import { Board } from '../chess/board.js'
import { boardHooks } from '../chess/moving.js'
import { byIds, el, setText, announce } from '../lib/dom.js'
import { Holdings, isGameKey } from '../lib/playing.js'
import { SIDE, resultWords } from './ctrl.js'
import { plural } from './dom.js'

const PROGRESS_CLASS = { 'solved cleanly': 'is-clean', solved: 'is-solved', 'solution shown': 'is-shown' }

export class LessonView {
  /** next(): the student asked for the next puzzle (N, or the Next button, which the page wires). */
  constructor({ next }) {
    this.el = byIds(
      'board', 'puzzle-title', 'puzzle-meta', 'puzzle-intro', 'play-status', 'play-actions', 'hint-button',
      'solution-button', 'solution-confirm', 'solution-yes', 'solution-no', 'play-done', 'done-title',
      'next-button', 'line-box', 'lesson-line', 'lesson-progress',
    )
    this.next = next
    this.ctrl = null
    this.hold = new Holdings()
    this.board = null
    this.lines = 0 // the controller's lines drawn so far
    this.drawnProgress = null
  }

  announce(text) {
    announce(text)
  }

  /** Draw `ctrl` from now on, and take the student's intents for it. */
  play(ctrl) {
    const { el: $ } = this
    this.ctrl = ctrl
    this.lines = 0
    $.lessonLine.replaceChildren()
    $.solutionConfirm.hidden = true
    $.solutionButton.hidden = false
    const on = (target, type, fn) => this.hold.on(target, type, fn)
    on($.hintButton, 'click', () => ctrl.hint())
    on($.solutionButton, 'click', () => this.askSolution())
    on($.solutionYes, 'click', () => {
      this.closeQuestion(false)
      ctrl.showSolution()
    })
    on($.solutionNo, 'click', () => this.closeQuestion(true))
    on(document, 'keydown', (event) => this.onKey(event))
    return this
  }

  makeBoard() {
    const ctrl = this.ctrl
    this.board = new Board(this.el.board, { fen: ctrl.chess.fen(), orientation: ctrl.color, hooks: boardHooks(ctrl, announce) })
    return this.board
  }

  stop() {
    this.hold.release()
    this.board?.destroy()
    this.board = null
  }

  /** "Show the solution?": the question in place of its button. */
  askSolution() {
    if (this.ctrl.over) return
    this.el.solutionConfirm.hidden = false
    this.el.solutionButton.hidden = true
    this.el.solutionYes.focus()
  }

  closeQuestion(focus) {
    this.el.solutionConfirm.hidden = true
    this.el.solutionButton.hidden = false
    if (focus) this.el.solutionButton.focus()
  }

  onKey(event) {
    if (!isGameKey(event)) return
    if (event.key === 'h' || event.key === 'H') {
      event.preventDefault()
      this.ctrl.hint()
    } else if ((event.key === 'n' || event.key === 'N') && this.ctrl.over) {
      event.preventDefault()
      this.next()
    }
  }

  /** The puzzle just ended: Next has the focus. */
  ended() {
    this.el.nextButton.focus()
  }

  redraw() {
    const { ctrl, el: $ } = this
    const { puzzle } = ctrl
    setText($.puzzleTitle, ctrl.title)
    setText($.puzzleMeta, `Puzzle ${puzzle.index} of ${ctrl.count} · You play ${SIDE[puzzle.student]}`)
    setText($.puzzleIntro, puzzle.intro || '')
    $.puzzleIntro.hidden = !puzzle.intro
    const tab = `${ctrl.title} · ${ctrl.lesson.name}`
    if (document.title !== tab) document.title = tab
    setText($.playStatus, ctrl.status.text)
    $.playStatus.className = `play-status${ctrl.status.tone ? ` is-${ctrl.status.tone}` : ''}`
    for (const line of ctrl.lines.slice(this.lines)) {
      const item = el('li', { class: line.byStudent ? 'is-student' : 'is-opponent' }, el('span', { class: 'lesson-san', text: line.label }))
      if (line.comment) item.append(el('span', { class: 'lesson-comment', text: line.comment }))
      $.lessonLine.append(item)
    }
    this.lines = ctrl.lines.length
    $.lineBox.hidden = !this.lines
    $.playActions.hidden = ctrl.over
    $.playDone.hidden = !ctrl.over
    if (ctrl.over) {
      setText($.doneTitle, ctrl.doneTitle())
      setText($.nextButton, ctrl.lastOne ? 'See how you did' : 'Next puzzle')
    }
    this.drawProgress()
  }

  /** The row of puzzles under the panel: done, solved, current. */
  drawProgress() {
    const progress = this.ctrl.progress()
    const drawn = JSON.stringify(progress)
    if (drawn === this.drawnProgress) return
    this.drawnProgress = drawn
    this.el.lessonProgress.replaceChildren(...progress.map((p) => el('li', {
      class: `${p.result ? PROGRESS_CLASS[p.words] : ''}${p.current ? ' is-current' : ''}`, 'aria-current': p.current ? 'step' : null,
    }, el('span', { class: 'visually-hidden', text: `Puzzle ${p.index}: ${p.words}` }), el('span', { 'aria-hidden': 'true', text: String(p.index) }))))
  }
}

/** The end of the lesson: how the run went, puzzle by puzzle (`done`: ctrl.js summary). */
export function drawEnd(lesson, results, done) {
  const $ = byIds('end-title', 'end-line', 'end-list', 'again-button')
  $.endTitle.textContent = lesson.name
  $.endLine.textContent = `You solved ${done.solved} of ${plural(done.total, 'puzzle')}, ${done.clean} cleanly.`
  $.endList.replaceChildren(...lesson.puzzles.map((puzzle) => {
    const result = results[puzzle.index]
    return el('li', {}, el('span', { class: 'end-puzzle', text: puzzle.title || `Puzzle ${puzzle.index}` }),
      el('span', { class: 'muted', text: ` · ${result ? resultWords(result) : 'not played'}` }))
  }))
  document.title = `${lesson.name} · Lessons`
  $.againButton.focus()
  announce(`${lesson.name}: you solved ${done.solved} of ${plural(done.total, 'puzzle')}.`)
}
