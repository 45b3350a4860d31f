/**
 * The lesson page's views: one puzzle's controller (ctrl.js) drawn on the board and the panel,
 * the student's intents sent back to it, and the end of the lesson. Every text of the
 * teacher's goes in with textContent. It writes no storage and posts nothing.
 *
 * The board is the chess game's (js/chess/board.js): tap, drag or the keyboard (Tab to the
 * board, arrows, Enter or Space to pick up and put down).
 */
/** @import { Lesson, LessonResult } from '../lesson_types.js' */
/** @import { LessonPuzzleCtrl } from './ctrl.js' */
import { Board } from '../chess/board.js'
import { facing } from '../chess/line.js'
import { boardHooks } from '../chess/moving.js'
import { byIds, el, setText, announce } from '../lib/dom.js'
import { Holdings, isGameKey } from '../lib/playing.js'
import { SIDE } from './ctrl.js'
import { resultWords } from './progress.js'
import { number, t, tn } from '../lib/i18n.js'

/** @type {Record<string, string>} */
/** A result's mark in the row of puzzles. @param {{ solved: boolean, clean: boolean }} result */
const progressClass = (result) => (result.solved ? (result.clean ? 'is-clean' : 'is-solved') : 'is-shown')

const IDS = /** @type {const} */ ([
  'board', 'puzzle-title', 'puzzle-meta', 'puzzle-intro', 'play-status', 'play-actions', 'hint-button',
  'solution-button', 'solution-confirm', 'solution-yes', 'solution-no', 'play-done', 'done-title',
  'next-button', 'line-box', 'lesson-line', 'lesson-progress',
])

/**
 * @typedef {{ board: HTMLElement, puzzleTitle: HTMLElement, puzzleMeta: HTMLElement, puzzleIntro: HTMLElement,
 *   playStatus: HTMLElement, playActions: HTMLElement, hintButton: HTMLButtonElement, solutionButton: HTMLButtonElement,
 *   solutionConfirm: HTMLElement, solutionYes: HTMLButtonElement, solutionNo: HTMLButtonElement, playDone: HTMLElement,
 *   doneTitle: HTMLElement, nextButton: HTMLButtonElement, lineBox: HTMLElement, lessonLine: HTMLElement,
 *   lessonProgress: HTMLElement }} LessonElements
 */

export class LessonView {
  /**
   * next(): the student asked for the next puzzle (N, or the Next button, which the page wires).
   * @param {{ next: () => void }} options
   */
  constructor({ next }) {
    this.el = /** @type {LessonElements} */ (byIds(...IDS))
    this.next = next
    /** @type {LessonPuzzleCtrl | null} */
    this.ctrl = null
    this.hold = new Holdings()
    /** @type {Board | null} */
    this.board = null
    this.lines = 0 // the controller's lines drawn so far
    /** @type {string | null} */
    this.drawnProgress = null
  }

  /** The controller drawn. */
  get drawn() {
    if (!this.ctrl) throw new Error('no lesson puzzle drawn yet')
    return this.ctrl
  }

  /** @param {string} text */
  announce(text) {
    announce(text)
  }

  /**
   * Draw `ctrl` from now on, and take the student's intents for it.
   * @param {LessonPuzzleCtrl} ctrl
   */
  play(ctrl) {
    const parts = this.el
    this.ctrl = ctrl
    this.lines = 0
    parts.lessonLine.replaceChildren()
    parts.solutionConfirm.hidden = true
    parts.solutionButton.hidden = false
    /** @type {(target: EventTarget, type: string, fn: (event: Event) => void) => void} */
    const on = (target, type, fn) => this.hold.on(target, type, fn)
    on(parts.hintButton, 'click', () => ctrl.hint())
    on(parts.solutionButton, 'click', () => this.askSolution())
    on(parts.solutionYes, 'click', () => {
      this.closeQuestion(false)
      ctrl.showSolution()
    })
    on(parts.solutionNo, 'click', () => this.closeQuestion(true))
    on(document, 'keydown', (event) => this.onKey(/** @type {KeyboardEvent} */ (event)))
    return this
  }

  /** The board, turned to the student's side (chess/line.js facing). */
  makeBoard() {
    const ctrl = this.drawn
    this.board = facing(this.board, ctrl.color, ctrl.chess.fen(), (orientation) => new Board(this.el.board, {
      fen: ctrl.chess.fen(), orientation, hooks: boardHooks(ctrl, announce),
    }))
    return this.board
  }

  stop() {
    this.hold.release()
    this.board?.destroy()
    this.board = null
  }

  /** "Show the solution?": the question in place of its button. */
  askSolution() {
    if (this.drawn.over) return
    this.el.solutionConfirm.hidden = false
    this.el.solutionButton.hidden = true
    this.el.solutionYes.focus()
  }

  /** @param {boolean} focus */
  closeQuestion(focus) {
    this.el.solutionConfirm.hidden = true
    this.el.solutionButton.hidden = false
    if (focus) this.el.solutionButton.focus()
  }

  /** @param {KeyboardEvent} event */
  onKey(event) {
    if (!isGameKey(event)) return
    if (event.key === 'h' || event.key === 'H') {
      event.preventDefault()
      this.drawn.hint()
    } else if ((event.key === 'n' || event.key === 'N') && this.drawn.over) {
      event.preventDefault()
      this.next()
    }
  }

  /** The puzzle just ended: Next has the focus. */
  ended() {
    this.el.nextButton.focus()
  }

  redraw() {
    const parts = this.el
    const ctrl = this.drawn
    const { puzzle } = ctrl
    setText(parts.puzzleTitle, ctrl.title)
    setText(parts.puzzleMeta, t('Puzzle {n} of {count} · You play {side}', { n: number(puzzle.index), count: number(ctrl.count), side: SIDE[puzzle.student] }))
    setText(parts.puzzleIntro, puzzle.intro || '')
    parts.puzzleIntro.hidden = !puzzle.intro
    const tab = `${ctrl.title} · ${ctrl.lesson.name}`
    if (document.title !== tab) document.title = tab
    setText(parts.playStatus, ctrl.status.text)
    parts.playStatus.className = `play-status${ctrl.status.tone ? ` is-${ctrl.status.tone}` : ''}`
    for (const line of ctrl.lines.slice(this.lines)) {
      const item = el('li', { class: line.byStudent ? 'is-student' : 'is-opponent' }, el('span', { class: 'lesson-san', text: line.label }))
      if (line.comment) item.append(el('span', { class: 'lesson-comment', dir: 'auto', text: line.comment }))
      parts.lessonLine.append(item)
    }
    this.lines = ctrl.lines.length
    parts.lineBox.hidden = !this.lines
    parts.playActions.hidden = ctrl.over
    parts.playDone.hidden = !ctrl.over
    if (ctrl.over) {
      setText(parts.doneTitle, ctrl.doneTitle())
      setText(parts.nextButton, ctrl.lastOne ? t('See how you did') : t('Next puzzle'))
    }
    this.drawProgress()
  }

  /** The row of puzzles under the panel: done, solved, current. */
  drawProgress() {
    const progress = this.drawn.progress()
    const drawn = JSON.stringify(progress)
    if (drawn === this.drawnProgress) return
    this.drawnProgress = drawn
    this.el.lessonProgress.replaceChildren(...progress.map((p) => el('li', {
      class: `${p.result ? progressClass(p.result) : ''}${p.current ? ' is-current' : ''}`, 'aria-current': p.current ? 'step' : null,
    }, el('span', { class: 'visually-hidden', text: t('Puzzle {n}: {result}', { n: number(p.index), result: p.words }) }), el('span', { 'aria-hidden': 'true', text: String(p.index) }))))
  }
}

/**
 * The end of the lesson: how the run went, puzzle by puzzle (`done`: progress.js summary).
 * @param {Lesson} lesson
 * @param {Record<string, LessonResult>} results
 * @param {{ solved: number, clean: number, total: number }} done
 */
export function drawEnd(lesson, results, done) {
  const parts = /** @type {{ endTitle: HTMLElement, endLine: HTMLElement, endList: HTMLElement, againButton: HTMLElement }} */ (
    byIds('end-title', 'end-line', 'end-list', 'again-button'))
  parts.endTitle.textContent = lesson.name
  parts.endLine.textContent = tn('You solved {solved} of {n} puzzle, {clean} cleanly.', 'You solved {solved} of {n} puzzles, {clean} cleanly.', done.total, { solved: number(done.solved), clean: number(done.clean) })
  parts.endList.replaceChildren(...lesson.puzzles.map((puzzle) => {
    const result = results[puzzle.index]
    return el('li', {}, el('span', { class: 'end-puzzle', text: puzzle.title || t('Puzzle {n}', { n: number(puzzle.index) }) }),
      el('span', { class: 'muted', text: ' · ' + (result ? resultWords(result) : t('not played')) }))
  }))
  document.title = lesson.name + ' · ' + t('Lessons')
  parts.againButton.focus()
  announce(tn('{name}: you solved {solved} of {n} puzzle.', '{name}: you solved {solved} of {n} puzzles.', done.total, { name: lesson.name, solved: number(done.solved) }))
}
