/**
 * A lesson being played, as state and rules: one puzzle of a teacher's at a time
 * (LessonPuzzleCtrl: its intro, the opponent's moves played for the student, each move's
 * comment after it, a hint on request (H) and after a wrong move, any mating move accepted as
 * well as the line's (moves.js, by the chess game's rules), Show solution, the result kept in
 * the browser and posted, counts only, for the teacher), and which puzzle comes next and how
 * the lesson went (nextPuzzle, summary). The puzzle in play is kept in the browser as it goes
 * (its moves so far, wrong moves, hints, when it opened and its ticket), so a reload goes on where
 * it was, as a chess puzzle does, and its result says what happened (issue 30). It never touches
 * the page: view.js draws from it and sends the student's intents back. The ticket and the posts are lessons/store.js's, through
 * lib/session.js's tickets.
 *
 * ui (the view): redraw(), announce(text), stop(), makeBoard() (the board, made once the
 * position is known) and ended() (the puzzle just ended).
 */
import { Chess } from '../vendor/chess.js'
import { play } from '../chess/rules.js'
import { moveWords, pieceOn } from '../chess/words.js'
import { checkedKing } from '../chess/moving.js'
import { Play } from '../lib/session.js'
import { judgeMove } from './moves.js'
import { recordResult, postResult, askTicket, progressOf, keepProgress } from './store.js'

/**
 * The pauses between moves (ms): before the opponent's setup move, before each answer, in Show
 * solution, and how long a refuted wrong move and its answer stay on the board before it goes back.
 */
export const BEATS = { first: 700, reply: 500, solution: 650, refuted: 2500 }
export const SIDE = { white: 'White', black: 'Black' }

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms))

/** "12. Nf3" or "12... Nf6" for the move about to be played on `chess`. */
function numbered(chess, san) {
  return `${chess.moveNumber()}${chess.turn() === 'w' ? '.' : '...'} ${san}`
}

/** A result in the words the lesson's pages use: 'solved cleanly', 'solved', 'solution shown'. */
export function resultWords(result) {
  return result.solved ? (result.clean ? 'solved cleanly' : 'solved') : 'solution shown'
}

/** The puzzle after `index` not yet played in this run, else the first one not played, else null. */
export function nextPuzzle(lesson, results, index) {
  const after = lesson.puzzles.find((p) => p.index > index && !results[p.index])
  return after || lesson.puzzles.find((p) => !results[p.index]) || null
}

/** How the run went: { solved, clean, total }. */
export function summary(lesson, results) {
  const done = Object.values(results)
  return { solved: done.filter((r) => r.solved).length, clean: done.filter((r) => r.clean).length, total: lesson.puzzles.length }
}

export class LessonPuzzleCtrl extends Play {
  /**
   * lesson: the lesson as the API gives it ({id, name, puzzles, revs}); puzzle: one of its
   * puzzles; results(): this run's results so far (lessons/store.js resultsOf); tickets and keep:
   * the store's askTicket, recordResult and postResult, and progress its progressOf and keepProgress
   * (a test's stand-ins).
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
    this.ticketGot = null // the ticket once it came: { ticket, at }
    this.color = puzzle.student === 'white' ? 'w' : 'b'
    this.chess = new Chess(puzzle.fen)
    this.ply = 0
    this.mistakes = 0
    this.hints = 0
    this.hintLevel = 0
    this.busy = false
    this.over = false
    this.result = null // once over: { solved, clean, mistakes, hints, rev }
    this.lines = [] // the moves played so far, with their comments: { label, comment, byStudent }
    this.board = null
  }

  get title() {
    return this.puzzle.title || `Puzzle ${this.puzzle.index}`
  }

  get lastOne() {
    return this.puzzle.index >= this.count
  }

  /** Moves are taken while the puzzle isn't over (see chess/moving.js). */
  inPlay() {
    return !this.over
  }

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
    this.announce(`${this.title}. Puzzle ${puzzle.index} of ${this.count}. You play ${SIDE[puzzle.student]}.${intro}`)
    if (puzzle.opponent_first) {
      this.setStatus('Watch the opponent’s move.')
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
   */
  async resume(kept) {
    const { puzzle } = this
    this.opened = kept.opened
    this.mistakes = kept.mistakes
    this.hints = kept.hints
    this.hintLevel = kept.hintLevel
    this.shown = kept.shown
    this.takeTicket(kept.ticket ? Promise.resolve(kept.ticket) : this.tickets(this.lesson.id, puzzle.index).catch(() => null))
    let last = null
    const plies = Math.min(kept.ply, puzzle.moves.length)
    while (this.ply < plies) {
      const move = this.move
      const label = numbered(this.chess, move.san)
      if (!play(this.chess, move.uci)) throw new Error(`the line's move ${move.uci} is not legal`)
      last = this.chess.history({ verbose: true }).at(-1)
      this.lines.push({ label, comment: move.comment, byStudent: move.by_student })
      this.ply++
    }
    this.redraw()
    this.board = this.ui.makeBoard()
    if (last) this.markLast(last)
    this.announce(`${this.title}, where you left it. Puzzle ${puzzle.index} of ${this.count}. You play ${SIDE[puzzle.student]}.`)
    if (this.shown) return this.showSolution()
    if (this.ply >= puzzle.moves.length) return this.finish(true)
    if (!this.move.by_student) {
      this.setStatus('Watch the opponent’s move.')
      this.redraw()
      await sleep(this.beats.reply)
      if (!this.alive) return
      await this.playOpponent()
      if (!this.alive) return
      if (this.ply >= puzzle.moves.length) return this.finish(true)
    }
    this.yourTurn()
    if (this.hintLevel) this.showHint()
  }

  /** The ticket on its way (a promise of { ticket, at } or null): kept with the puzzle once it comes. */
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
    this.setStatus(first ? 'Find the best move.' : 'Your move.')
    this.board.enable(this.color)
    this.redraw()
  }

  markLast(verbose) {
    this.board.markLast(verbose.from, verbose.to)
    this.board.markCheck(checkedKing(this.chess))
  }

  /** Play the line's move (the opponent's, or any in Show solution) with its comment. */
  async playLineMove() {
    const move = this.move
    const label = numbered(this.chess, move.san)
    if (!play(this.chess, move.uci)) throw new Error(`the line's move ${move.uci} is not legal`)
    const verbose = this.chess.history({ verbose: true }).at(-1)
    await this.board.setPosition(this.chess.fen(), true)
    if (!this.alive) return
    this.markLast(verbose)
    this.lines.push({ label, comment: move.comment, byStudent: move.by_student })
    this.redraw()
    const who = verbose.color === 'w' ? 'White' : 'Black'
    this.announce(`${who}: ${moveWords(verbose)}.${move.comment ? ` ${move.comment}` : ''}`)
    this.ply++
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

  /** The student made the legal move `uci`; the board's hooks call this once at a time. */
  async judge(uci) {
    const before = this.chess.fen()
    const label = numbered(this.chess, '')
    if (!play(this.chess, uci)) {
      await this.board.setPosition(before, false)
      return
    }
    const verbose = this.chess.history({ verbose: true }).at(-1)
    const expected = this.move
    const verdict = judgeMove(this.puzzle, this.ply, this.chess, uci)
    const onLine = verdict === 'right'
    const refutation = verdict === 'wrong' && expected.refutations?.find((r) => r.uci === uci)
    if (refutation) return this.refuted(refutation, verbose, before)
    if (verdict === 'wrong') {
      this.chess.undo()
      this.mistakes++
      this.save()
      const hint = expected.hint
      this.setStatus(hint ? `Not that one. Hint: ${hint}` : 'Not that one. Try again.', hint ? 'hint' : 'bad')
      this.redraw()
      this.announce(`${moveWords(verbose)}. Not that one.${hint ? ` Hint: ${hint}` : ' Try again.'}`)
      this.board.disable()
      await this.board.shakeBack(uci.slice(2, 4), before)
      if (this.alive && !this.over) this.board.enable(this.color)
      return
    }
    this.board.disable()
    this.board.clearHint()
    this.hintLevel = 0
    await this.board.setPosition(this.chess.fen(), false)
    if (!this.alive) return
    this.markLast(verbose)
    const comment = onLine ? expected.comment : ''
    this.lines.push({ label: label + verbose.san, comment, byStudent: true })
    this.ply++
    if (onLine) this.save()
    const last = !onLine || this.ply >= this.puzzle.moves.length
    this.announce(`${moveWords(verbose)}. ${last ? 'Solved.' : 'Right.'}${comment ? ` ${comment}` : ''}`)
    if (last) {
      this.finish(true, onLine ? '' : 'Checkmate: that solves it too.')
      return
    }
    this.setStatus('Right.', 'good')
    this.redraw()
    await sleep(this.beats.reply)
    if (!this.alive) return
    await this.playOpponent()
    if (!this.alive) return
    if (this.ply >= this.puzzle.moves.length) {
      this.finish(true)
      return
    }
    this.yourTurn()
  }

  /**
   * The student played a wrong move the teacher answers (`refutation`, on the line's move): the
   * opponent's reply is played, the teacher's comment shown, and after a beat the position goes
   * back for another try. A mistake, as any wrong move is.
   */
  async refuted(refutation, verbose, before) {
    this.mistakes++
    this.save()
    this.busy = true
    this.board.disable()
    try {
      await this.board.setPosition(this.chess.fen(), false)
      if (!this.alive) return
      this.markLast(verbose)
      this.setStatus('Not that one. Watch the answer.', 'bad')
      this.redraw()
      await sleep(this.beats.reply)
      if (!this.alive) return
      const label = numbered(this.chess, refutation.reply_san)
      if (!play(this.chess, refutation.reply)) throw new Error(`the refutation's reply ${refutation.reply} is not legal`)
      const reply = this.chess.history({ verbose: true }).at(-1)
      await this.board.setPosition(this.chess.fen(), true)
      if (!this.alive) return
      this.markLast(reply)
      const words = `Not that one: ${label} answers it.${refutation.comment ? ` ${refutation.comment}` : ''}`
      this.setStatus(`${words} Try again.`, 'bad')
      this.redraw()
      this.announce(`${moveWords(verbose)}. ${words} The position goes back: try again.`)
      await sleep(this.beats.refuted)
      if (!this.alive) return
      this.chess.undo()
      this.chess.undo()
      await this.board.setPosition(before, true)
      if (!this.alive) return
      const last = this.chess.history({ verbose: true }).at(-1)
      if (last) this.markLast(last)
      else {
        this.board.markLast()
        this.board.markCheck(checkedKing(this.chess))
      }
    } finally {
      this.busy = false
    }
    // The teacher's words stay in the status line for the next try.
    if (this.alive && !this.over) this.board.enable(this.color)
    this.redraw()
  }

  /** H: the teacher's hint (or, without one, the piece to move); again: the piece; again: its square. */
  hint() {
    if (this.over || this.busy || !this.board.enabled) return
    const move = this.move
    const from = move.uci.slice(0, 2)
    const to = move.uci.slice(2, 4)
    const what = pieceOn(from, this.chess.get(from))
    const levels = move.hint ? 3 : 2
    if (this.hintLevel >= levels) {
      this.announce(`Hint: move ${what} to ${to}.`)
      return
    }
    this.hintLevel++
    this.hints++
    this.save()
    this.showHint()
  }

  /** Show the hint the student has reached on this move (hintLevel: 1 and up). */
  showHint() {
    const move = this.move
    const from = move.uci.slice(0, 2)
    const to = move.uci.slice(2, 4)
    const what = pieceOn(from, this.chess.get(from))
    const step = move.hint ? this.hintLevel - 1 : this.hintLevel
    let words
    if (step === 0) {
      words = `Hint: ${move.hint}`
    } else if (step === 1) {
      this.board.markHint(from)
      words = `Hint: ${what}.`
    } else {
      this.board.markHint(from, to)
      words = `Hint: ${what} goes to ${to}.`
    }
    this.setStatus(words, 'hint')
    this.redraw()
    this.announce(words)
  }

  /** Play the rest of the line out; the puzzle ends unsolved. */
  async showSolution() {
    if (this.over || this.busy) return
    this.busy = true
    this.shown = true
    this.save()
    this.board.disable()
    this.board.clearHint()
    this.setStatus('The solution:')
    this.redraw()
    this.announce('Showing the solution.')
    while (this.ply < this.puzzle.moves.length) {
      await sleep(this.beats.solution)
      if (!this.alive) return
      await this.playLineMove()
      if (!this.alive) return
    }
    this.busy = false
    this.finish(false)
  }

  /** The puzzle is over: the result is kept here and posted with its ticket, timed from the ticket's arrival. */
  finish(solved, note = '') {
    this.over = true
    this.board.disable()
    this.board.clearHint()
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
      const seconds = Math.max(0, Math.floor((ended - (ticket ? Math.max(opened, ticket.at) : opened)) / 1000))
      return this.keep.postResult(id, index, { ...result, seconds, floor }, ticket)
    }).catch(() => {})
    // The done box says how it ended; the status line says only what it doesn't (issue 26).
    this.setStatus(note, solved ? 'good' : '')
    this.redraw()
    this.announce(`${this.doneTitle()} ${this.lastOne ? 'That was the last puzzle.' : 'Press Enter for the next puzzle.'}`)
    this.ui.ended()
  }

  /** The row of puzzles under the panel: [{ index, words ('not played yet', or resultWords), result, current }]. */
  progress() {
    const results = this.results()
    return this.lesson.puzzles.map((p) => {
      const result = results[p.index] || null
      return { index: p.index, words: result ? resultWords(result) : 'not played yet', result, current: p.index === this.puzzle.index }
    })
  }

  /** The done box's words. */
  doneTitle() {
    const { result } = this
    if (!result) return ''
    return result.solved ? (result.clean ? 'Solved cleanly.' : 'Solved.') : 'Solution shown.'
  }
}
