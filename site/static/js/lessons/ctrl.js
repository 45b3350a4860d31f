/**
 * A lesson being played, as state and rules: one puzzle of a teacher's at a time
 * (LessonPuzzleCtrl: its intro, the opponent's moves played for the student, each move's
 * comment after it, a hint on request (H) and after a wrong move, any mating move accepted as
 * well as the line's, Show solution, the result kept in the browser and posted, counts only, for
 * the teacher). The puzzle in play is kept in the browser as it goes (its moves so far, wrong
 * moves, hints, when it opened and its ticket), so a reload goes on where it was, as a chess
 * puzzle does, and its result says what happened (issue 30). It never touches the page: view.js
 * draws from it and sends the student's intents back. The ticket and the posts are
 * lessons/store.js's, through lib/tickets.js; which puzzle comes next is progress.js's. The puzzle
 * is a chess/line.js PuzzleLine of the lesson's moves (moves.js lineOf), judged by chess/rules.js.
 *
 * ui (the view): LessonUi of site/types/play_types.d.ts.
 */
/** @import { Move, Square } from '../vendor/chess.js' */
/** @import { Lesson, LessonKeeping, LessonLine, LessonMove, LessonProgress, LessonProgressKeeping, LessonOutcome, LessonPuzzle, LessonResult, LessonTicket, Refutation } from '../lesson_types.js' */
/** @import { LessonUi, PlayBoard } from '../play_types.js' */
import { number, t } from '../lib/i18n.js'
import * as rules from '../chess/rules.js'
import { PuzzleLine, markBoard } from '../chess/line.js'
import { moveWords, pieceOn } from '../chess/words.js'
import { Play } from '../lib/session.js'
import { hintAt, hintSteps } from './hints.js'
import { lineOf } from './moves.js'
import { doneWords, progressRows } from './progress.js'
import { recordResult, postResult, askTicket, progressOf, keepProgress } from './store.js'

/**
 * The pauses between moves (ms): before the opponent's setup move, before each answer, in Show
 * solution, and how long a refuted wrong move and its answer stay on the board before it goes back.
 */
export const BEATS = { first: 700, reply: 500, solution: 650, refuted: 2500 }
export const SIDE = { white: t('White'), black: t('Black') }

/** @param {number} ms */
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms))

/**
 * "12. Nf3" or "12... Nf6" for the move about to be played on `chess`.
 * @param {import('../vendor/chess.js').Chess} chess
 * @param {string} san
 */
function numbered(chess, san) {
  return `${chess.moveNumber()}${chess.turn() === 'w' ? '.' : '...'} ${san}`
}

/** @extends {Play<LessonUi>} */
export class LessonPuzzleCtrl extends Play {
  /**
   * lesson: the lesson as the API gives it ({id, name, puzzles, revs}); puzzle: one of its
   * puzzles; results(): this run's results so far (lessons/store.js resultsOf); tickets and keep:
   * the store's askTicket, recordResult and postResult, and progress its progressOf and keepProgress
   * (a test's stand-ins).
   * @param {{ lesson: Lesson, puzzle: LessonPuzzle, ui: LessonUi, results: () => Record<string, LessonResult>,
   *   beats?: typeof BEATS, tickets?: (id: string, index: number) => Promise<LessonTicket | null>, keep?: LessonKeeping,
   *   progress?: LessonProgressKeeping }} options
   */
  constructor({
    lesson, puzzle, ui, results, beats = BEATS, tickets = askTicket, keep = { recordResult, postResult },
    progress = { load: progressOf, keep: keepProgress },
  }) {
    super({ ui })
    this.results = results
    this.lesson = lesson
    this.puzzle = puzzle
    this.count = lesson.puzzles.length
    this.beats = beats
    this.tickets = tickets
    this.keep = keep
    this.progressKept = progress
    this.rev = lesson.revs?.[puzzle.index - 1] || 1
    this.shown = false // Show solution was asked for
    /** @type {Promise<LessonTicket | null>} the ticket on its way */
    this.ticket = Promise.resolve(null)
    /** @type {LessonTicket | null} the ticket once it came */
    this.ticketGot = null
    this.line = new PuzzleLine(lineOf(puzzle), rules, { color: puzzle.student === 'white' ? 'w' : 'b' })
    this.opened = Date.now()
    this.mistakes = 0
    this.hints = 0
    this.hintLevel = 0
    this.busy = false
    this.over = false
    /** @type {LessonOutcome | null} once over */
    this.result = null
    /** @type {LessonLine[]} the moves played so far, with their comments */
    this.lines = []
    /** @type {PlayBoard | null} */
    this.board = null
  }

  /** What board.js's hooks read (chess/moving.js): the position and the student's side. */
  get chess() {
    return this.line.chess
  }

  get color() {
    return this.line.color
  }

  /** The line's next move. */
  get ply() {
    return this.line.ply
  }

  get title() {
    return this.puzzle.title || `Puzzle ${this.puzzle.index}`
  }

  get lastOne() {
    return this.puzzle.index >= this.count
  }

  /** The board, once made. */
  get shownBoard() {
    return /** @type {PlayBoard} */ (this.board)
  }

  /** Moves are taken while the puzzle isn't over (see chess/moving.js). */
  inPlay() {
    return !this.over
  }

  /** @returns {LessonMove} the line's next move */
  get move() {
    return this.puzzle.moves[this.ply]
  }

  async start() {
    const { puzzle } = this
    const kept = this.progressKept.load(this.lesson.id, puzzle.index, this.rev)
    if (kept) return this.resume(kept)
    // The play ticket is asked for as the puzzle opens; play never waits for it.
    this.opened = Date.now()
    this.takeTicket(this.tickets(this.lesson.id, puzzle.index).catch(() => null))
    this.save()
    this.redraw()
    this.board = this.ui.makeBoard()
    const intro = puzzle.intro ? ` ${puzzle.intro}` : ''
    this.announce(t('{title}. Puzzle {n} of {count}. You play {side}.', { title: this.title, n: number(puzzle.index), count: number(this.count), side: SIDE[puzzle.student] }) + intro)
    if (puzzle.opponent_first) {
      this.setStatus(t('Watch the opponent’s move.'))
      this.redraw()
      await sleep(this.beats.first)
      if (!this.alive) return
      await this.playOpponent()
      if (!this.alive) return
    }
    this.yourTurn(true)
  }

  /**
   * Go on with the puzzle where it was left (`kept`: store.js progressOf): its moves played again
   * at once, its wrong moves, hints, opening time and ticket as they were (a ticket that never came
   * is asked for again; the time claimed is then from the new one).
   * @param {LessonProgress} kept
   */
  async resume(kept) {
    const { puzzle, line } = this
    this.opened = kept.opened
    this.mistakes = kept.mistakes
    this.hints = kept.hints
    this.hintLevel = kept.hintLevel
    this.shown = kept.shown
    this.takeTicket(kept.ticket ? Promise.resolve(kept.ticket) : this.tickets(this.lesson.id, puzzle.index).catch(() => null))
    /** @type {Move | null} */
    let last = null
    const plies = Math.min(kept.ply, puzzle.moves.length)
    while (line.ply < plies) {
      const move = this.move
      const label = numbered(this.chess, move.san)
      last = line.advance()
      this.lines.push({ label, comment: move.comment, byStudent: move.by_student })
    }
    this.redraw()
    this.board = this.ui.makeBoard()
    if (last) this.markLast(last)
    this.announce(t('{title}, where you left it. Puzzle {n} of {count}. You play {side}.', { title: this.title, n: number(puzzle.index), count: number(this.count), side: SIDE[puzzle.student] }))
    if (this.shown) return this.showSolution()
    if (line.over) return this.finish(true)
    if (!this.move.by_student) {
      this.setStatus(t('Watch the opponent’s move.'))
      this.redraw()
      await sleep(this.beats.reply)
      if (!this.alive) return
      await this.playOpponent()
      if (!this.alive) return
      if (line.over) return this.finish(true)
    }
    this.yourTurn()
    if (this.hintLevel) this.showHint()
  }

  /**
   * The ticket on its way (a promise of { ticket, at } or null): kept with the puzzle once it comes.
   * @param {Promise<LessonTicket | null>} promise
   */
  takeTicket(promise) {
    this.ticket = promise
    promise.then((ticket) => {
      this.ticketGot = ticket
      if (ticket && this.alive && !this.over) this.save()
    })
  }

  /** Keep the puzzle in play as far as it went (store.js keepProgress), so a reload goes on from here. */
  save() {
    if (this.over) return
    this.progressKept.keep(this.lesson.id, {
      puzzle: this.puzzle.index, rev: this.rev, ply: this.ply, mistakes: this.mistakes, hints: this.hints,
      hintLevel: this.hintLevel, shown: this.shown, opened: this.opened, ticket: this.ticketGot,
    })
  }

  yourTurn(first = false) {
    this.setStatus(first ? t('Find the best move.') : t('Your move.'))
    this.shownBoard.enable(this.color)
    this.redraw()
  }

  /** @param {Move | null} [move] the move to mark (the last played, unless given) */
  markLast(move) {
    markBoard(this.shownBoard, this.line.marks(move))
  }

  /** Play the line's move (the opponent's, or any in Show solution) with its comment. */
  async playLineMove() {
    const move = this.move
    const label = numbered(this.chess, move.san)
    const verbose = this.line.advance()
    await this.shownBoard.setPosition(this.chess.fen(), true)
    if (!this.alive) return
    this.markLast(verbose)
    this.lines.push({ label, comment: move.comment, byStudent: move.by_student })
    this.redraw()
    const who = verbose.color === 'w' ? t('White') : t('Black')
    this.announce(t('{side}: {move}.', { side: who, move: moveWords(verbose) }) + (move.comment ? ` ${move.comment}` : ''))
    this.save()
  }

  async playOpponent() {
    this.busy = true
    try {
      await this.playLineMove()
    } finally {
      this.busy = false
    }
  }

  /**
   * The student made the legal move `uci`; the board's hooks call this once at a time.
   * @param {string} uci
   */
  async judge(uci) {
    const board = this.shownBoard
    const before = this.chess.fen()
    const label = numbered(this.chess, '')
    const expected = this.move
    const judged = this.line.judge(uci)
    if (!judged) {
      await board.setPosition(before, false)
      return
    }
    const { verdict, ruling, move: verbose } = judged
    const onLine = ruling === 'right'
    const refutation = verdict === 'wrong' && expected.refutations?.find((r) => r.uci === uci)
    if (refutation) return this.refuted(refutation, verbose, before)
    if (verdict === 'wrong') {
      this.line.takeBack()
      this.mistakes++
      this.save()
      const hint = expected.hint
      this.setStatus(hint ? t('Not that one. Hint: {hint}', { hint }) : t('Not that one. Try again.'), hint ? 'hint' : 'bad')
      this.redraw()
      this.announce(t('{move}.', { move: moveWords(verbose) }) + ' ' + (hint ? t('Not that one. Hint: {hint}', { hint }) : t('Not that one. Try again.')))
      board.disable()
      await board.shakeBack(verbose.to, before)
      if (this.alive && !this.over) board.enable(this.color)
      return
    }
    board.disable()
    board.clearHint()
    this.hintLevel = 0
    await board.setPosition(this.chess.fen(), false)
    if (!this.alive) return
    this.markLast(verbose)
    const comment = onLine ? expected.comment : ''
    this.lines.push({ label: label + verbose.san, comment, byStudent: true })
    if (onLine) this.save()
    const last = verdict === 'solved' // a mate, or the line's last move
    this.announce(t('{move}.', { move: moveWords(verbose) }) + ' ' + (last ? t('Solved.') : t('Right.')) + (comment ? ' ' + comment : ''))
    if (last) {
      this.finish(true, onLine ? '' : t('Checkmate: that solves it too.'))
      return
    }
    this.setStatus(t('Right.'), 'good')
    this.redraw()
    await sleep(this.beats.reply)
    if (!this.alive) return
    await this.playOpponent()
    if (!this.alive) return
    if (this.line.over) {
      this.finish(true)
      return
    }
    this.yourTurn()
  }

  /**
   * The student played a wrong move the teacher answers (`refutation`, on the line's move): the
   * opponent's reply is played, the teacher's comment shown, and after a beat the position goes
   * back for another try. A mistake, as any wrong move is.
   * @param {Refutation} refutation
   * @param {Move} verbose the student's move, on the board
   * @param {string} before the position before it
   */
  async refuted(refutation, verbose, before) {
    const board = this.shownBoard
    this.mistakes++
    this.save()
    this.busy = true
    board.disable()
    try {
      await board.setPosition(this.chess.fen(), false)
      if (!this.alive) return
      this.markLast(verbose)
      this.setStatus(t('Not that one. Watch the answer.'), 'bad')
      this.redraw()
      await sleep(this.beats.reply)
      if (!this.alive) return
      const label = numbered(this.chess, refutation.reply_san)
      if (!rules.play(this.chess, refutation.reply)) throw new Error(`the refutation's reply ${refutation.reply} is not legal`)
      const reply = /** @type {Move} */ (this.line.last())
      await board.setPosition(this.chess.fen(), true)
      if (!this.alive) return
      this.markLast(reply)
      const words = t('Not that one: {move} answers it.', { move: label }) + (refutation.comment ? ` ${refutation.comment}` : '')
      this.setStatus(words + ' ' + t('Try again.'), 'bad')
      this.redraw()
      this.announce(t('{move}.', { move: moveWords(verbose) }) + ' ' + words + ' ' + t('The position goes back: try again.'))
      await sleep(this.beats.refuted)
      if (!this.alive) return
      this.chess.undo()
      this.line.takeBack()
      await board.setPosition(before, true)
      if (!this.alive) return
      this.markLast()
    } finally {
      this.busy = false
    }
    // The teacher's words stay in the status line for the next try.
    if (this.alive && !this.over) board.enable(this.color)
    this.redraw()
  }

  /** The piece the line's next move moves, in words ("the knight on f3"). */
  pieceToMove() {
    const from = /** @type {Square} */ (this.move.uci.slice(0, 2))
    return pieceOn(from, this.chess.get(from))
  }

  /** H: the teacher's hint (or, without one, the piece to move); again: the piece; again: its square. */
  hint() {
    if (this.over || this.busy || !this.shownBoard.enabled) return
    if (this.hintLevel >= hintSteps(this.move)) {
      this.announce(`Hint: move ${this.pieceToMove()} to ${this.move.uci.slice(2, 4)}.`)
      return
    }
    this.hintLevel++
    this.hints++
    this.save()
    this.showHint()
  }

  /** Show the hint the student has reached on this move (hintLevel: 1 and up; hints.js). */
  showHint() {
    const { words, from, to } = hintAt(this.move, this.hintLevel, this.pieceToMove())
    if (from) this.shownBoard.markHint(from, to)
    this.setStatus(words, 'hint')
    this.redraw()
    this.announce(words)
  }

  /** Play the rest of the line out; the puzzle ends unsolved. */
  async showSolution() {
    if (this.over || this.busy) return
    const board = this.shownBoard
    this.busy = true
    this.shown = true
    this.save()
    board.disable()
    board.clearHint()
    this.setStatus(t('The solution:'))
    this.redraw()
    this.announce(t('Showing the solution.'))
    while (!this.line.over) {
      await sleep(this.beats.solution)
      if (!this.alive) return
      await this.playLineMove()
      if (!this.alive) return
    }
    this.busy = false
    this.finish(false)
  }

  /**
   * The puzzle is over: the result is kept here and posted with its ticket, timed from the ticket's arrival.
   * @param {boolean} solved
   * @param {string} [note]
   */
  finish(solved, note = '') {
    const board = this.shownBoard
    this.over = true
    board.disable()
    board.clearHint()
    const clean = solved && this.mistakes === 0 && this.hints === 0
    const ended = Date.now()
    const rev = this.rev
    const result = { solved, clean, mistakes: this.mistakes, hints: this.hints, rev }
    const { id } = this.lesson
    const { index } = this.puzzle
    const opened = this.opened
    const floor = solved ? this.puzzle.moves.filter((move) => move.by_student).length : 0 // a second a move
    this.result = result
    this.keep.recordResult(id, index, result)
    // Timed from the ticket's arrival (never before the server issued it), so the time claimed
    // is never more than the server has seen pass.
    this.ticket.then((ticket) => {
      const start = ticket ? Math.max(opened, ticket.at ?? opened) : opened
      const seconds = Math.max(0, Math.floor((ended - start) / 1000))
      return this.keep.postResult(id, index, { ...result, seconds, floor }, ticket)
    }).catch(() => {})
    // The done box says how it ended; the status line says only what it doesn't (issue 26).
    this.setStatus(note, solved ? 'good' : '')
    this.redraw()
    this.announce(this.doneTitle() + ' ' + (this.lastOne ? t('That was the last puzzle.') : t('Press Enter for the next puzzle.')))
    this.ui.ended()
  }

  /** The row of puzzles under the panel (progress.js progressRows). */
  progress() {
    return progressRows(this.lesson, this.results(), this.puzzle.index)
  }

  /** The done box's words. */
  doneTitle() {
    return doneWords(this.result)
  }
}
