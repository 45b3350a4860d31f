/**
 * The puzzle line: one puzzle in play on a chess.js position, the same in every mode that plays
 * puzzles (the daily and Endless, Storm, Streak, a lesson). It opens the puzzle at a ply of its
 * line, judges the solver's move into a verdict, plays the line's reply, says what the board marks
 * (the last move, a king in check) and turns the board to the solver's side. lila's
 * `ui/puz/src/current.ts` (CurrentPuzzle) and `run.ts` (makeCgOpts) do the same for Storm and
 * Racer; here the daily's and the lessons' controllers use it too.
 *
 * The rules are chess/rules.js's (`judge`, bound to the server's referee by tests/vectors/chess.json),
 * handed in rather than imported: the chess page draws its first board before chess.js has come
 * (docs/site.md, "The first board"), so its controller loads the rules by need and gives them here.
 * What the verdicts add up to is each mode's (storm/clock.js, streak/tally.js, chess/results.js).
 */
/** @import { Chess, Color, Move } from '../vendor/chess.js' */
/** @import { Judgement, LinePuzzle, LineRules, Marks, MarkOptions, Ruling, Verdict } from '../line_types.js' */
/** @import { PlayBoard } from '../play_types.js' */
import { checkedKing } from './moving.js'
import { solverColor } from './puzzle.js'

/**
 * A solver's move as the runs count it (puzzlebook.chess.runs `verdicts`, the server's): wrong; or
 * 'solved' when it mates or is the line's last move; else 'right' (the line goes on).
 * @param {Ruling} ruling chess/rules.js's judge of the move
 * @param {number} ply the move's place in the line
 * @param {number} length the line's length
 * @returns {Verdict}
 */
export function verdictOf(ruling, ply, length) {
  if (ruling === 'wrong') return 'wrong'
  return ruling === 'mate' || ply === length - 1 ? 'solved' : 'right'
}

export class PuzzleLine {
  /**
   * `puzzle` opened at `ply` of its line (its first `ply` moves played), judged by `rules`;
   * `color`: the solver's side (a chess puzzle's is the side not to move in its FEN; a lesson's is
   * the teacher's word).
   * @param {LinePuzzle} puzzle
   * @param {LineRules} rules
   * @param {{ ply?: number, color?: Color }} [options]
   */
  constructor(puzzle, rules, { ply = 0, color = solverColor(puzzle) } = {}) {
    this.puzzle = puzzle
    this.rules = rules
    this.color = color
    /** The line's next move to be played (the solver's to find, on the solver's turn). */
    this.ply = ply
    /** @type {Chess} the position */
    this.chess = rules.positionAt(puzzle, ply)
  }

  /**
   * Open the puzzle anew at `ply` of its line; answers the last move played, or null.
   * @param {number} ply
   */
  open(ply) {
    this.chess = this.rules.positionAt(this.puzzle, ply)
    this.ply = ply
    return this.last()
  }

  get length() {
    return this.puzzle.line.length
  }

  /** Every move of the line played. */
  get over() {
    return this.ply >= this.length
  }

  /** The line's next move (UCI), or undefined once it is over. */
  get expected() {
    return this.puzzle.line[this.ply]
  }

  /** @returns {Move | null} the last move played on the position */
  last() {
    return this.chess.history({ verbose: true }).at(-1) ?? null
  }

  /**
   * Play the line's next move (the opponent's, or any in Show solution); answers it.
   * @returns {Move}
   */
  advance() {
    const uci = this.expected
    if (!uci || !this.rules.play(this.chess, uci)) throw new Error(`puzzle ${this.puzzle.id}: line move ${uci} is not legal`)
    this.ply += 1
    return /** @type {Move} */ (this.last())
  }

  /**
   * The solver's move `uci`, played and judged: null when it isn't legal here (nothing played),
   * else its verdict. A move that isn't wrong moves the line on; a wrong one stays on the board
   * until `takeBack` (a mode shows it, or the line's move in its place).
   * @param {string} uci
   * @returns {Judgement | null}
   */
  judge(uci) {
    if (!this.rules.play(this.chess, uci)) return null
    const move = /** @type {Move} */ (this.last())
    const ruling = this.rules.judge(this.puzzle, this.ply, this.chess, uci)
    const verdict = verdictOf(ruling, this.ply, this.length)
    if (ruling !== 'wrong') this.ply += 1
    return { verdict, ruling, move, uci }
  }

  /** Take back the wrong move just judged. */
  takeBack() {
    this.chess.undo()
  }

  /** The reply to a right move: the line's next move played, or null when the line is over. */
  reply() {
    return this.over ? null : this.advance()
  }

  /**
   * What the board marks now: `move`'s squares (the last move played, unless given) and the king
   * in check, if any.
   * @param {Move | null} [move]
   * @returns {Marks}
   */
  marks(move = this.last()) {
    return { last: move ? { from: move.from, to: move.to } : null, check: checkedKing(this.chess) }
  }
}

/**
 * Mark `marks` on `board`, leaving out what the player turned off (chess's options).
 * @param {PlayBoard} board
 * @param {Marks} marks
 * @param {MarkOptions} [options]
 */
export function markBoard(board, { last, check }, { lastMove = true, check: checks = true } = {}) {
  if (last && lastMove) board.markLast(last.from, last.to)
  else board.markLast()
  board.markCheck(checks ? check : null)
}

/**
 * The board for a puzzle whose solver plays `color`, at `fen`: `board` when it already faces that
 * way (the position set at once), else one made anew by `make(color)`, turned round with its named
 * squares; keyboard focus stays on the board if it was there.
 * @template {PlayBoard} B
 * @param {B | null} board
 * @param {Color} color
 * @param {string} fen
 * @param {(orientation: Color) => B} make
 * @returns {B}
 */
export function facing(board, color, fen, make) {
  if (board && board.orientation === color) {
    board.setPosition(fen, false)
    return board
  }
  const focused = board ? board.gridHasFocus() : false
  if (board) board.destroy()
  const made = make(color)
  if (focused) made.focus()
  return made
}
