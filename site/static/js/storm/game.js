/**
 * A Storm run in the browser: the puzzles one after another on the chess board, the clock,
 * the combo and the score (clock.js: the same rules the server recomputes).
 *
 * A run keeps, per puzzle attempted, the solver's moves in order: exactly what is posted
 * ({date, ticket, moves, seconds}). The clock starts as the first puzzle appears and runs on
 * Date.now() (a test's fake clock drives it); when it reaches zero the run is over, and a move
 * made after zero never counts.
 *
 * hooks: { onTick(left), onMove({verdict, gained, tally}), onPuzzle(index), onEnd(run) }; the run
 * ended: {why, seconds, moves, results (per puzzle attempted: solved, missed or unfinished), tally}
 */
import { Board } from '../chess/board.js'
import { boardHooks, checkedKing } from '../chess/moving.js'
import { fromRow, judge, play, positionAt, solverColor } from '../chess/rules.js'
import { moveWords } from '../chess/words.js'
import { announce } from '../lib/announce.js'
import { length, newTally, step } from './clock.js'

const TICK_MS = 100

export class StormGame {
  /** day: the run's file {date, puzzles: [[id, fen, moves, rating]]}; boardEl: where to draw. */
  constructor(day, boardEl, hooks, { now = () => Date.now() } = {}) {
    this.day = day
    this.puzzles = day.puzzles.map((row) => fromRow([row[0], row[1], row[2], row[3], ''], ''))
    this.boardEl = boardEl
    this.hooks = hooks
    this.now = now
    this.tally = newTally()
    this.moves = []
    this.results = [] // per puzzle ended: 'solved' or 'missed' (the review's)
    this.index = -1
    this.over = false
    this.busy = false
    this.board = null
    this.chess = null
    this.timer = null
    this.endedBy = null
  }

  // ---- what board.js's hooks ask (moving.js) ------------------------------------------------

  inPlay() {
    return !this.over && this.chess !== null
  }

  get puzzle() {
    return this.puzzles[this.index]
  }

  // ---- the run -------------------------------------------------------------------------------

  start() {
    this.started = this.now()
    this.next()
    this.timer = setInterval(() => this.tick(), TICK_MS)
    this.tick()
  }

  /** Seconds the run has lasted (never past the clock: at zero the run is over). */
  elapsed() {
    return Math.min((this.now() - this.started) / 1000, length(this.tally))
  }

  left() {
    return Math.max(0, length(this.tally) - (this.now() - this.started) / 1000)
  }

  tick() {
    if (this.over) return
    const left = this.left()
    this.hooks.onTick(left)
    if (left <= 0) this.end('clock')
  }

  /** The next puzzle, its first move (the opponent's) played at once. */
  next() {
    this.index += 1
    if (this.index >= this.puzzles.length) return this.end('done')
    this.moves.push([])
    const puzzle = this.puzzle
    this.color = solverColor(puzzle)
    this.ply = 1
    this.chess = positionAt(puzzle, 1)
    const opening = this.chess.history({ verbose: true }).at(-1) || null
    if (this.board && this.board.orientation === this.color) {
      this.board.setPosition(this.chess.fen(), false)
    } else {
      // The other side to play: a board turned round (its named squares too). Keyboard focus stays on it.
      const focused = this.board ? this.board.gridHasFocus() : false
      if (this.board) this.board.destroy()
      this.board = new Board(this.boardEl, {
        fen: this.chess.fen(), orientation: this.color, hooks: boardHooks(this, announce), options: {},
      })
      if (focused) this.board.focus()
    }
    this.mark(this.lastMove(puzzle))
    this.hooks.onPuzzle(this.index, opening)
    this.board.enable(this.color)
  }

  /** The opponent's first move of `puzzle` (to mark it). */
  lastMove(puzzle) {
    const before = positionAt(puzzle, 0)
    const uci = puzzle.line[0]
    return { from: uci.slice(0, 2), to: uci.slice(2, 4), color: before.turn() }
  }

  mark(move) {
    if (move) this.board.markLast(move.from, move.to)
    this.board.markCheck(checkedKing(this.chess))
  }

  /** The player made the legal move `uci` (board.js calls this through moving.js, one at a time). */
  async judge(uci) {
    if (this.left() <= 0) return this.end('clock') // a move after zero never counts
    const puzzle = this.puzzle
    const before = this.chess.fen()
    if (!play(this.chess, uci)) {
      await this.board.setPosition(before, false)
      return
    }
    const move = this.chess.history({ verbose: true }).at(-1)
    const ruling = judge(puzzle, this.ply, this.chess, uci)
    const verdict = ruling === 'wrong' ? 'wrong'
      : (ruling === 'mate' || this.ply === puzzle.line.length - 1) ? 'solved' : 'right'
    this.moves[this.index].push(uci)
    if (verdict !== 'right') this.results[this.index] = verdict === 'solved' ? 'solved' : 'missed'
    const { tally, gained } = step(this.tally, verdict, puzzle.rating)
    this.tally = tally
    this.hooks.onMove({ verdict, gained, tally, words: moveWords(move) })
    this.tick() // the clock shows the change at once, and a penalty to zero ends the run here
    if (this.over) return
    if (verdict !== 'right') {
      // The next puzzle once the piece has landed: cm-chessboard finishes a pointer move's slide
      // on its own, and a new position or input during it would leave its input stuck.
      this.board.disable()
      await this.board.settled()
      if (!this.over) this.next()
      return
    }
    const reply = puzzle.line[this.ply + 1]
    play(this.chess, reply)
    this.ply += 2
    const replied = this.chess.history({ verbose: true }).at(-1)
    this.board.disable()
    await this.board.setPosition(this.chess.fen(), true)
    if (this.over) return
    this.mark(replied)
    announce(`${moveWords(move)}. Right. Reply: ${moveWords(replied)}. Your move.`)
    this.board.enable(this.color)
  }

  /** End the run: 'clock' (it reached zero), 'player' (End the run) or 'done' (no puzzles left). */
  end(why) {
    if (this.over) return
    this.over = true
    this.endedBy = why
    clearInterval(this.timer)
    if (this.board) this.board.disable()
    // Whole seconds, up: a run that ended on its clock lasted exactly the clock's length.
    const seconds = why === 'clock' ? length(this.tally) : Math.min(Math.ceil(this.elapsed()), length(this.tally))
    // The puzzle on the board when the run ended counts as attempted only if a move was made in it.
    const moves = this.moves.length && !this.moves.at(-1).length ? this.moves.slice(0, -1) : this.moves
    const results = moves.map((_, i) => this.results[i] || 'unfinished')
    this.hooks.onEnd({ why, seconds, moves, results, tally: { ...this.tally, attempted: moves.length } })
  }

  stop() {
    clearInterval(this.timer)
    this.over = true
  }
}
