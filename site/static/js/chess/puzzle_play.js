/**
 * A chess puzzle on the board, as state and rules: opening it (its board drawn before the rules
 * come), the player's moves judged, the replies, hints, pause and Show solution's line. Its end
 * (the result kept and posted, the rating, the player's word, what the sheet says) is ctrl.js's
 * PuzzleCtrl, which extends it: the two are lila's PuzzleCtrl. It never touches the page; it moves
 * the pieces through the view's board (`ui.makeBoard()`) and redraws after every change.
 *
 * The puzzle is a chess/line.js PuzzleLine (opened, each move judged, the reply, the marks), on
 * the rules of rules.js (shared with the server's referee through tests/vectors/chess.json).
 *
 * ui (the view): PuzzleUi of site/types/play_types.d.ts.
 */
/** @import { Chess, Move } from '../vendor/chess.js' */
/** @import { ChessPuzzle, ChessRecord } from '../chess_types.js' */
/** @import { LineRules } from '../line_types.js' */
/** @import { PlayBoard, PlayClock, PuzzleUi } from '../play_types.js' */
/** @import { Player } from '../session_types.js' */
/** @import { ChessStore } from './store.js' */
import { fromRow, solverColor, solution } from './puzzle.js'
import { PuzzleLine, markBoard } from './line.js'
import { moveWords, pieceOn, COLOR_NAMES, bandName } from './words.js'
import { isClean } from './results.js'
import { t } from '../lib/i18n.js'
import { Clock } from '../lib/clock.js'
import { PlaySession } from '../lib/session.js'
import { playerDay } from '../lib/dates.js'
import { nextTask } from '../lib/tasks.js'

// The rules (rules.js, and chess.js with them) are asked for once a fresh puzzle's board is drawn:
// that board needs only the FEN, so the play view's first paint never waits for chess.js
// (docs/site.md, "The first board"). Set once loaded; nothing below runs before start() has it.
/** @type {LineRules | null} */
let rules = null
const loadRules = async () => (rules ||= await import('./rules.js'))

/** The pauses between moves (ms): before the opponent's first, before each answer, in Show solution. */
export const BEATS = { first: 700, reply: 450, solution: 650 }

/** @param {number} ms */
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms))

/** @param {Move} move */
const capitalColor = (move) => {
  const name = COLOR_NAMES[move.color]
  return name.charAt(0).toUpperCase() + name.slice(1)
}

/** @extends {PlaySession<ChessRecord, ChessStore, PuzzleUi>} */
export class PuzzlePlay extends PlaySession {
  /**
   * store: the ChessStore (or the Replay missed run's); rec: the puzzle's record (kept up to
   * date in the store); ui: the view; beats: the pauses between moves; today(): the site day.
   * @param {{ store: ChessStore, rec: ChessRecord, ui: PuzzleUi, player?: () => Player | null,
   *   beats?: typeof BEATS, today?: () => string, clock?: PlayClock }} options
   */
  constructor({ store, rec, ui, player, beats = BEATS, today = () => playerDay(), clock }) {
    super({ store, rec, ui, player, clock: clock || new Clock({ seconds: rec.seconds || 0 }) })
    this.beats = beats
    this.today = today
    /** @type {ChessPuzzle} */
    this.puzzle = fromRow(rec.row, rec.band)
    this.color = solverColor(this.puzzle)
    /** @type {PuzzleLine | null} the line, once the rules have come */
    this.line = null
    /** @type {PlayBoard | null} */
    this.board = null
    this.busy = false
  }

  get side() {
    // Translators: the side the player has, as in "You play {side}".
    return this.color === 'w' ? t('White') : t('Black')
  }

  get finished() {
    return this.rec.state !== 'playing'
  }

  /** Finished and done showing it: the solution's line played out (the done box waits for that). */
  get ended() {
    return this.finished && !this.busy
  }

  get clean() {
    return isClean(this.rec.mistakes, this.rec.hints)
  }

  /** The line's next move: the solver's to find (before the rules come, where the record left it). */
  get ply() {
    return this.line ? this.line.ply : 1 + 2 * this.rec.moves.length
  }

  /** The position moves are made on (board.js's hooks read it once the puzzle is in play). */
  get chess() {
    return /** @type {Chess} */ (this.line?.chess)
  }

  /** The line once the rules have come (everything that plays runs after start() has them). */
  get played() {
    return /** @type {PuzzleLine} */ (this.line)
  }

  /** The board, once made. */
  get shown() {
    return /** @type {PlayBoard} */ (this.board)
  }

  // ---- start and stop -----------------------------------------------------

  /** The position shown: the FEN until the rules have come (a fresh puzzle's first board). */
  get fen() {
    return this.line ? this.line.chess.fen() : this.puzzle.fen
  }

  /** Load the rules (once per page) and open the line where the puzzle is. */
  async takeRules() {
    const loaded = await loadRules()
    const { rec, puzzle } = this
    this.line = this.finished ? this.finalLine(loaded) : new PuzzleLine(puzzle, loaded, { ply: rec.started ? this.ply : 0 })
  }

  async start() {
    const { rec, puzzle } = this
    this.store.saveRecord(rec)
    this.store.markSeen(rec.id)
    this.redraw()
    if (!this.finished) this.askTicket('/chess/plays', { id: rec.id, band: rec.band })
    // The panel, the board and the rules each in a task of their own (lib/tasks.js). A fresh
    // puzzle's board is drawn from its FEN before chess.js is even asked for; a puzzle part played
    // or finished needs the rules for its position first.
    const fresh = !this.finished && !rec.started
    await nextTask()
    if (!this.alive) return
    if (!fresh) await this.takeRules()
    if (!this.alive) return
    this.board = this.ui.makeBoard()
    await nextTask()
    if (!this.alive) return
    if (fresh) await this.takeRules()
    if (!this.alive) return
    this.ui.watch()
    if (this.finished) {
      this.markLastMove()
      this.keepRatingHigh()
      this.setStatus(rec.state === 'solved' ? t('You solved this one.') : t('You saw the solution of this one.'), rec.state === 'solved' ? 'good' : '')
      this.redraw()
      return
    }
    if (!rec.started) {
      this.setStatus(t('You play {side}. Watch the move.', { side: this.side }))
      this.redraw()
      this.announce(t('{band} puzzle, rated {rating}. You play {side}.', { band: bandName(puzzle.band), rating: puzzle.rating, side: this.side }))
      await sleep(this.beats.first)
      if (!this.alive) return
      const move = this.played.advance()
      rec.started = true
      this.save()
      await this.shown.setPosition(this.chess.fen(), true)
      if (!this.alive) return
      this.markLastMove(move)
      this.announce(`${capitalColor(move)}: ${moveWords(move)}. ` + t('Your move.'))
    } else {
      this.markLastMove()
      this.announce(t('{band} puzzle, rated {rating}, where you left it. You play {side}. Your move.', { band: bandName(puzzle.band), rating: puzzle.rating, side: this.side }))
    }
    this.hintMarkers()
    await this.firstMovePrompt()
    if (!this.alive) return
    this.setStatus(this.rec.moves.length ? t('Your move.') : t('Find the best move.'))
    this.yourTurn()
    this.clock.release('waiting')
    this.redraw()
  }

  /** Once per browser, before the first move: how to move. The clock waits for it. */
  async firstMovePrompt() {
    if (this.store.firstMoveShown()) return
    // In a task of its own: a modal makes the rest of the page inert, which restyles all of it, and
    // done in the frame where the opponent's move lands the two were one long task on a phone.
    await nextTask()
    if (!this.alive) return
    this.store.markFirstMove()
    await this.ui.firstMove(this.side)
  }

  // ---- the line ---------------------------------------------------------------

  inPlay() {
    return this.alive && this.rec.state === 'playing' && this.rec.started
  }

  /**
   * The line a finished puzzle ended on: the whole line, or the solver's last move (a solve may end
   * on a mate off the line).
   * @param {LineRules} loaded
   */
  finalLine(loaded) {
    const { rec, puzzle } = this
    if (rec.state === 'shown' || !rec.moves.length) return new PuzzleLine(puzzle, loaded, { ply: puzzle.line.length })
    const line = new PuzzleLine(puzzle, loaded, { ply: 2 * rec.moves.length - 1 })
    line.judge(/** @type {string} */ (rec.moves.at(-1)))
    return line
  }

  /**
   * The player made the legal move `uci` (the piece stands on its new square); the board's hooks call this once at a time.
   * @param {string} uci
   */
  async judge(uci) {
    const { rec } = this
    const line = this.played
    const board = this.shown
    const before = this.chess.fen()
    const ply = line.ply
    const judged = line.judge(uci)
    if (!judged) {
      await board.setPosition(before, false)
      return
    }
    const { verdict, move } = judged
    if (verdict === 'wrong') {
      line.takeBack()
      rec.mistakes++
      rec.tries.push(uci)
      rec.triedAt = [...(rec.triedAt || []), ply] // where, for the analysis's "Why not my move?"
      const firstMiss = !rec.missed
      rec.missed = true
      this.save()
      this.setStatus(t('Not that one. Try again.'), 'bad')
      this.redraw()
      this.announce(`${moveWords(move)}. ` + t('Not that one. Try again.'))
      if (firstMiss) this.firstMiss('wrong', [...rec.moves, uci])
      board.disable()
      await board.shakeBack(move.to, before)
      if (this.inPlay()) {
        this.yourTurn()
        this.hintMarkers()
      }
      return
    }
    rec.moves.push(uci)
    rec.hintLevel = 0
    board.clearHint()
    board.disable()
    this.save()
    await board.setPosition(this.chess.fen(), false)
    this.markLastMove(move)
    if (verdict === 'solved') {
      this.announce(typeof PAGE_LANG === 'string' && PAGE_LANG !== 'en' ? t('{move}. Solved.', { move: moveWords(move) }) : `${moveWords(move)}. Solved.`)
      this.finish('solved')
      return
    }
    this.announce(typeof PAGE_LANG === 'string' && PAGE_LANG !== 'en' ? t('{move}. Right.', { move: moveWords(move) }) : `${moveWords(move)}. Right.`)
    this.setStatus(t('Right. Keep going.'), 'good')
    this.redraw()
    await sleep(this.beats.reply)
    if (!this.alive) return
    const reply = /** @type {Move} */ (line.reply())
    this.save()
    await board.setPosition(this.chess.fen(), true)
    if (!this.alive) return
    this.markLastMove(reply)
    this.announce(`${capitalColor(reply)}: ${moveWords(reply)}. ` + t('Your move.'))
    this.setStatus(t('Your move.'))
    this.yourTurn()
    this.redraw()
  }

  /** The board takes the player's moves again, unless paused meanwhile (Resume enables it then). */
  yourTurn() {
    if (!this.paused) this.shown.enable(this.color)
  }

  /**
   * Mark `move` (the last move played, unless given) and a king in check, as the player's options say.
   * @param {Move} [move]
   */
  markLastMove(move) {
    markBoard(this.shown, this.played.marks(move), this.store.options())
  }

  // ---- help and options -----------------------------------------------------------

  /** H: ring the piece to move; again, mark its square too. Each press that shows more counts. Resumes first if paused. */
  hint() {
    const { rec } = this
    if (!this.inPlay() || this.busy) return
    this.resumeIfPaused()
    if (!this.shown.enabled) return
    const uci = /** @type {string} */ (this.played.expected)
    const from = /** @type {import('../vendor/chess.js').Square} */ (uci.slice(0, 2))
    const to = uci.slice(2, 4)
    const what = pieceOn(from, this.chess.get(from))
    if (rec.hintLevel >= 2) {
      this.announce(t('Hint: move {piece} to {square}.', { piece: what, square: to }))
      return
    }
    rec.hintLevel++
    rec.hints++
    this.save()
    this.hintMarkers()
    const words = rec.hintLevel === 1 ? t('Hint: {piece}.', { piece: what }) : t('Hint: {piece} goes to {square}.', { piece: what, square: to })
    this.setStatus(words, 'hint')
    this.redraw()
    this.announce(words)
  }

  hintMarkers() {
    const { rec } = this
    const board = this.shown
    if (!rec.hintLevel || rec.state !== 'playing') return board.clearHint()
    const uci = /** @type {string} */ (this.played.expected)
    const square = (/** @type {number} */ at) => /** @type {import('../vendor/chess.js').Square} */ (uci.slice(at, at + 2))
    board.markHint(square(0), rec.hintLevel >= 2 ? square(2) : null)
  }

  /**
   * Paused: the board takes no moves; resumed: it takes them again.
   * @param {boolean} paused
   */
  afterPause(paused) {
    if (paused) this.shown.disable()
    else if (!this.busy) this.shown.enable(this.color)
  }

  /** The helpers' opt-outs ({dots, lastMove, check, coordinates}). */
  options() {
    return this.store.options()
  }

  /**
   * The player changed the options: keep them and show them on the board.
   * @param {Record<string, boolean>} options
   */
  setOptions(options) {
    for (const [name, value] of Object.entries(options)) this.store.setOption(name, value)
    const now = this.store.options()
    this.shown.setDots(now.dots)
    this.shown.setCoordinates(now.coordinates)
    this.markLastMove()
  }

  // ---- the end ----------------------------------------------------------------------

  /** Play the rest of the line out, in sight (resumed first if paused); the puzzle ends unsolved. */
  async showSolution() {
    const { rec, puzzle } = this
    const line = this.played
    const board = this.shown
    if (!this.inPlay() || this.busy) return
    this.resumeIfPaused()
    this.busy = true
    rec.shown = solution(puzzle).length - rec.moves.length
    const firstMiss = !rec.missed
    rec.missed = true
    if (firstMiss) this.firstMiss('gave-up', [])
    // The result is kept now, before the line plays out: leaving meanwhile loses nothing (issue 40).
    this.finish('shown')
    board.clearHint()
    this.setStatus(t('The solution:'))
    this.redraw()
    this.announce(t('Showing the solution.'))
    while (!line.over) {
      await sleep(this.beats.solution)
      if (!this.alive) return
      const move = line.advance()
      await board.setPosition(this.chess.fen(), true)
      if (!this.alive) return
      this.markLastMove(move)
      this.announce(`${capitalColor(move)}: ${moveWords(move)}.`)
    }
    this.busy = false
    this.showEnd('shown')
  }

  // ---- the end: ctrl.js's ----------------------------------------------------------

  /**
   * The puzzle is over, solved or its solution shown: its result kept and posted at once (Show
   * solution's line still to play out), then shown (showEnd: a solve's at once).
   * @param {'solved' | 'shown'} state
   */
  finish(state) {}

  /**
   * The end shown: the status and the results, once the board has come to rest.
   * @param {'solved' | 'shown'} state
   */
  showEnd(state) {}

  /**
   * The first miss, a wrong move (with the moves it ends) or Show solution: posted, and into the review.
   * @param {'wrong' | 'gave-up'} how
   * @param {string[]} moves
   */
  firstMiss(how, moves) {}

  /** A finished puzzle opened again: a rating high its post's answer brought is noted once. */
  keepRatingHigh() {}
}
