/**
 * The analysis of a finished puzzle, as state (lila's analyse ctrl, much smaller): the puzzle's
 * line with each position selectable, a line of the player's own played on from any position
 * against the engine, the engine's evaluation and best line of the position shown, and "Why
 * not my move?": a wrong move played with the engine's refutation, said in words. It never
 * touches the page: analysis_view.js draws it and sends the player's intents back.
 *
 * ui (the view): redraw(), announce(text), makeBoard() (the board, once), show(fen, move)
 * (the board to this position, the move marked).
 * engine: an Engine (engine.js), or anything with analyse(fen, limits) and quit().
 */
import { Chess } from '../vendor/chess.js'
import { fromRow, solverColor } from './rules.js'
import { moveWords, COLOR_NAMES, bandName } from './words.js'
import { t, tn } from '../lib/i18n.js'
import { whiteScore } from './engine.js'
import { mainLine, nodeAfter, wrongTries, sanLine, numbered, evalText, evalWords, refutationWords } from './analysis_rules.js'
/** @import { Color, Move } from '../vendor/chess.js' */
/** @import { PuzzleRecord } from '../chess_types.js' */
/** @import { Analysis, AnalysisEngine, AnalysisUi, Evaluation, LineNode, MoveNode } from '../engine_types.js' */
/** @typedef {{ from: number, nodes: MoveNode[] }} SideLine the player's line: from a main node's index */
/** @typedef {{ side: boolean, index: number }} At the position shown: a node of the main line or the player's */
/** @typedef {{ san: string, move: Pick<Move, 'before'> }} MoveLabelled what a move's label reads of its node */

/** How deep the engine looks: at a position shown, and for a move it plays (a reply, a refutation). */
export const DEPTHS = { analyse: 14, reply: 12 }

export class AnalysisCtrl {
  /** @param {{ rec: PuzzleRecord, ui: AnalysisUi, engine: AnalysisEngine, depths?: typeof DEPTHS }} parts */
  constructor({ rec, ui, engine, depths = DEPTHS }) {
    this.rec = rec
    this.ui = ui
    this.engine = engine
    this.depths = depths
    this.puzzle = fromRow(rec.row, rec.band)
    this.solver = solverColor(this.puzzle)
    this.main = mainLine(this.puzzle)
    /** @type {SideLine | null} */
    this.side = null // the player's line: { from (a main node's index), nodes }
    /** @type {At} */
    this.at = { side: false, index: 1 } // the position shown: where the puzzle started
    this.tries = wrongTries(this.puzzle, rec)
    /** @type {Evaluation | null} */
    this.eval = null // { fen, depth, score (White's), pv (SAN), done }
    /** @type {{ index: number, side: SideLine | null, words: string } | null} */
    this.refutation = null // { index (of the try), words } once shown
    this.thinking = false // the engine plays a move
    this.engineState = 'starting' // 'starting' | 'ready' | 'failed'
    this.alive = true
    this.busy = false // board hooks: a move being handled
    this.serial = 0
  }

  /**
   * The node shown.
   * @returns {LineNode}
   */
  get node() {
    return this.at.side ? /** @type {SideLine} */ (this.side).nodes[this.at.index] : this.main[this.at.index]
  }

  /** The position shown as a chess.js game (one per position; the board's hooks ask it). */
  get chess() {
    if (!this.game || this.game.fen() !== this.node.fen) this.game = new Chess(this.node.fen)
    return this.game
  }

  /**
   * The side to move, 'w' or 'b' (chess.js's reading of the position shown).
   * @returns {Color}
   */
  get turn() {
    return this.chess.turn()
  }

  /** Board hooks (moving.js): the side to move is the player's to move, unless the engine is playing. */
  get color() {
    return this.turn
  }

  inPlay() {
    return this.alive && !this.thinking
  }

  start() {
    this.ui.makeBoard()
    this.showNode() // the position where the puzzle started, the opponent's first move marked (issue 40)
    this.ui.announce(tn('Analysis of the {band} puzzle. {n} move in its line; the position where it started is shown. The engine is starting.',
      'Analysis of the {band} puzzle. {n} moves in its line; the position where it started is shown. The engine is starting.', this.main.length - 1, { band: bandName(this.puzzle.band) }))
    this.analyse()
  }

  stop() {
    this.alive = false
    this.engine.quit()
  }

  redraw() {
    if (this.alive) this.ui.redraw()
  }

  // ---- moving through the lines ---------------------------------------------------

  /**
   * Show the main line's node `index` (0 is the puzzle's FEN, before the opponent's first move).
   * @param {number} index
   */
  goMain(index) {
    if (!(index >= 0 && index < this.main.length)) return
    this.goTo({ side: false, index })
  }

  /**
   * Show the player's line's node `index`.
   * @param {number} index
   */
  goSide(index) {
    if (!this.side || !(index >= 0 && index < this.side.nodes.length)) return
    this.goTo({ side: true, index })
  }

  /**
   * One position back or on along the line shown (Left, Right), or to its start or end (Home, End).
   * @param {number} by
   */
  step(by) {
    const { at } = this
    if (at.side) {
      const index = at.index + by
      const side = /** @type {SideLine} */ (this.side) // shown, so there
      if (index < 0) return this.goMain(side.from)
      return this.goSide(Math.min(index, side.nodes.length - 1))
    }
    this.goMain(Math.max(0, Math.min(at.index + by, this.main.length - 1)))
  }

  /** @param {boolean} last */
  toEnd(last) {
    if (this.at.side) this.goSide(last ? /** @type {SideLine} */ (this.side).nodes.length - 1 : 0)
    else this.goMain(last ? this.main.length - 1 : 0)
  }

  /** @param {At} at */
  goTo(at) {
    this.at = at
    this.refutation = this.refutation && at.side && this.refutation.side === this.side ? this.refutation : null
    this.showNode()
    this.announce(this.nodeWords())
    this.analyse()
  }

  showNode() {
    this.ui.show(this.node.fen, this.node.move)
    this.redraw()
  }

  /** "After 25. Qxd6: queen takes rook on d6." or the start's words. */
  nodeWords() {
    const node = this.node
    if (!node.move) return t('The puzzle’s first position. {side} to move.', { side: capital(COLOR_NAMES[this.turn]) })
    return `${this.moveLabel(node)}: ${moveWords(node.move)}.`
  }

  /**
   * A node's move with its number: "25. Qxd6" or "24… Rd8".
   * @param {MoveLabelled} node
   */
  moveLabel(node) {
    const before = previousFen(node)
    return numbered(before, [node.san])
  }

  // ---- playing on ---------------------------------------------------------------------

  /**
   * The player moved `uci` on the board at the position shown; the engine answers it.
   * @param {string} uci
   */
  async judge(uci) {
    const node = this.node
    const next = nodeAfter(node.fen, uci, node.ply + 1)
    if (!next) {
      this.ui.show(node.fen, node.move)
      return
    }
    this.addToSide(next)
    this.refutation = null
    this.showNode()
    this.announce(t('You: {move}.', { move: moveWords(next.move) }))
    await this.engineMove()
  }

  /**
   * The engine plays the side to move's best move here (the player's line goes on).
   * @returns {Promise<MoveNode | null>}
   */
  async engineMove({ thenAnalyse = true } = {}) {
    if (!this.alive || this.thinking) return null
    const from = this.node
    if (!this.chess.moves().length) {
      if (thenAnalyse) this.analyse()
      return null
    }
    this.thinking = true
    this.redraw()
    let result = null
    try {
      result = await this.engine.analyse(from.fen, { depth: this.depths.reply })
    } catch (error) {
      this.engineFailed(error)
    }
    this.thinking = false
    if (!this.alive || !result || !result.bestmove || this.node !== from) {
      this.redraw()
      return null
    }
    const reply = /** @type {MoveNode} */ (nodeAfter(from.fen, result.bestmove, from.ply + 1)) // the engine's move is legal
    this.addToSide(reply)
    this.showNode()
    this.announce(t('Engine: {move}.', { move: moveWords(reply.move) }))
    if (thenAnalyse) this.analyse()
    return reply
  }

  /**
   * `node` follows the position shown in the player's line (started from the main line, or cut there).
   * @param {MoveNode} node
   */
  addToSide(node) {
    if (this.at.side) {
      const side = /** @type {SideLine} */ (this.side) // shown, so there
      side.nodes.splice(this.at.index + 1, side.nodes.length, node)
      this.at = { side: true, index: this.at.index + 1 }
    } else {
      const main = this.main[this.at.index + 1]
      if (main && main.uci === node.uci) {
        this.at = { side: false, index: this.at.index + 1 } // the line's own move: stay on it
        return
      }
      this.side = { from: this.at.index, nodes: [node] }
      this.at = { side: true, index: 0 }
    }
  }

  // ---- why not my move? -----------------------------------------------------------------

  /**
   * Play the wrong try `k` from where it was tried, then the engine's refutation, and say why.
   * @param {number} k
   */
  async whyNot(k) {
    const tried = this.tries[k]
    if (!tried || !this.alive || this.thinking) return
    this.at = { side: false, index: tried.ply }
    const wrong = /** @type {MoveNode} */ (nodeAfter(this.main[tried.ply].fen, tried.uci, tried.ply + 1)) // a try kept where it is legal
    this.side = null
    this.addToSide(wrong)
    const side = this.side
    this.refutation = { index: k, side, words: '' }
    this.showNode()
    this.announce(t('Why not {san}? The engine looks for the answer.', { san: tried.san }))
    const reply = await this.engineMove({ thenAnalyse: false })
    if (!this.alive || this.side !== side) return
    const result = await this.analyseNow()
    if (!this.alive || this.side !== side || !this.refutation) return
    const shown = this.node
    const best = this.main[tried.ply + 1]
    this.refutation.words = refutationWords({
      wrong: wrong.move, reply: reply ? reply.move : null,
      score: result ? whiteScore(result.score, shown.fen) : null, fen: shown.fen,
      best: best ? best.san : null,
    })
    this.redraw()
    this.announce(this.refutation.words)
  }

  // ---- the engine's view ------------------------------------------------------------------

  /** Ask the engine about the position shown; its lines come in as it goes deeper. */
  analyse() {
    this.analyseNow().catch(() => {})
  }

  /** @returns {Promise<Analysis | null>} */
  async analyseNow() {
    const node = this.node
    const serial = ++this.serial
    this.eval = { fen: node.fen, depth: 0, score: null, pv: [], done: false }
    this.redraw()
    /** @param {Analysis} info */
    const heard = (info) => {
      if (serial !== this.serial || !this.alive) return
      this.engineState = 'ready'
      this.eval = { fen: node.fen, depth: info.depth, score: whiteScore(info.score, node.fen), pv: sanLine(node.fen, info.pv), done: false }
      this.redraw()
    }
    let result
    try {
      result = await this.engine.analyse(node.fen, { depth: this.depths.analyse, onInfo: heard })
    } catch (error) {
      if (serial === this.serial) this.engineFailed(error)
      return null
    }
    if (!result || serial !== this.serial || !this.alive) return result
    this.engineState = 'ready'
    this.eval = { fen: node.fen, depth: result.depth, score: whiteScore(result.score, node.fen), pv: sanLine(node.fen, result.pv), done: true }
    this.redraw()
    if (!this.thinking) this.announce(t('Engine, depth {depth}: {words}', { depth: result.depth, words: this.evalWords() }))
    return result
  }

  /** @param {unknown} error */
  engineFailed(error) {
    console.warn(error)
    this.engineState = 'failed'
    this.thinking = false
    this.redraw()
    this.announce(t('The engine could not start.'))
  }

  /** The evaluation shown: "+1.3" or "#2", and its words; the best line in SAN with move numbers. */
  evalFigure() {
    return this.eval && this.eval.score ? evalText(this.eval.score) : ''
  }

  evalWords() {
    const e = this.eval
    if (!e || !e.score) return ''
    // The move between isolates (U+2066, U+2069): left to right inside a right-to-left sentence.
    const best = e.pv.length ? ' ' + t('Best: {move}.', { move: `\u2066${numbered(e.fen, e.pv.slice(0, 1))}\u2069` }) : ''
    return `${evalWords(e.score, e.fen)}${best}`
  }

  bestLine() {
    const e = this.eval
    return e && e.pv.length ? numbered(e.fen, e.pv) : ''
  }

  /** @param {string} text */
  announce(text) {
    if (this.alive && text) this.ui.announce(text)
  }
}

/** @param {string} text */
function capital(text) {
  return text.charAt(0).toUpperCase() + text.slice(1)
}

/**
 * The FEN before a node's move (chess.js's verbose move carries it).
 * @param {MoveLabelled} node
 */
function previousFen(node) {
  return node.move.before
}
