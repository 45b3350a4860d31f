/**
 * The analysis view: draws an AnalysisCtrl (analysis_ctrl.js) in #analysis-view and sends the
 * player's intents back. The board is the game's (board.js), moved from the keyboard or by
 * pointer as in a puzzle; the move lists are buttons; Left and Right (Home, End) step through
 * the line shown when the board hasn't the focus. Every word drawn is the controller's.
 */
import { Board } from './board.js'
import { boardHooks, checkedKing } from './moving.js'
import { byIds, setText, announce, el } from '../lib/dom.js'
import { isGameKey } from '../lib/playing.js'
import { bandName } from './words.js'
import { t } from '../lib/i18n.js'
/** @import { AnalysisCtrl } from './analysis_ctrl.js' */
/** @import { AnalysisUi, MoveNode } from '../engine_types.js' */
/** @import { Move } from '../vendor/chess.js' */
/** @typedef {{ index: number, text: string, current: boolean, branch?: boolean | null }} ListItem a move list's button */
/**
 * The view's elements, each of its kind.
 * @typedef {{ analysisView: HTMLElement, analysisBoard: HTMLElement, analysisTitle: HTMLElement, analysisMeta: HTMLElement,
 *   analysisEval: HTMLElement, evalFigure: HTMLElement, evalWords: HTMLElement, evalDepth: HTMLElement, engineLine: HTMLElement,
 *   moveList: HTMLElement, sideLine: HTMLElement, sideList: HTMLElement, whyNot: HTMLElement, whyList: HTMLElement,
 *   refutation: HTMLElement, stepBack: HTMLElement, stepOn: HTMLElement, enginePlay: HTMLButtonElement,
 *   analysisBack: HTMLAnchorElement, engineStatus: HTMLElement }} AnalysisElements
 */

/** @implements {AnalysisUi} */
export class AnalysisView {
  constructor() {
    this.el = /** @type {AnalysisElements} */ (byIds(
      'analysis-view', 'analysis-board', 'analysis-title', 'analysis-meta', 'analysis-eval', 'eval-figure', 'eval-words',
      'eval-depth', 'engine-line', 'move-list', 'side-line', 'side-list', 'why-not', 'why-list', 'refutation',
      'step-back', 'step-on', 'engine-play', 'analysis-back', 'engine-status',
    ))
    /** @type {Board | null} */
    this.board = null
    /** @type {(() => void)[]} */
    this.off = []
  }

  /**
   * Draw `ctrl` from now on.
   * @param {AnalysisCtrl} ctrl
   * @param {string} backHref
   */
  open(ctrl, backHref) {
    /** @type {AnalysisCtrl} */
    this.ctrl = ctrl
    this.el.analysisBack.href = backHref
    /**
     * @template {Event} E
     * @param {EventTarget} target
     * @param {string} type
     * @param {(event: E) => void} fn
     */
    const on = (target, type, fn) => {
      const listener = /** @type {EventListener} */ (fn) // the handler names the event its type brings
      target.addEventListener(type, listener)
      this.off.push(() => target.removeEventListener(type, listener))
    }
    on(this.el.stepBack, 'click', () => ctrl.step(-1))
    on(this.el.stepOn, 'click', () => ctrl.step(1))
    on(this.el.enginePlay, 'click', () => ctrl.engineMove())
    /**
     * The button pressed in a list, or null.
     * @param {Event} e
     * @param {string} selector
     */
    const pressed = (e, selector) => /** @type {HTMLElement | null} */ (/** @type {Element} */ (e.target).closest(selector))
    on(this.el.moveList, 'click', (e) => {
      const button = pressed(e, 'button[data-index]')
      if (button) ctrl.goMain(Number(button.dataset.index))
    })
    on(this.el.sideList, 'click', (e) => {
      const button = pressed(e, 'button[data-index]')
      if (button) ctrl.goSide(Number(button.dataset.index))
    })
    on(this.el.whyList, 'click', (e) => {
      const button = pressed(e, 'button[data-try]')
      if (button) ctrl.whyNot(Number(button.dataset.try))
    })
    on(document, 'keydown', (/** @type {KeyboardEvent} */ e) => this.onKey(e))
    return this
  }

  close() {
    for (const off of this.off.splice(0)) off()
    this.board?.destroy()
    this.board = null
  }

  makeBoard() {
    const ctrl = this.ctrl
    this.board = new Board(this.el.analysisBoard, {
      fen: ctrl.node.fen, orientation: ctrl.solver, hooks: boardHooks(ctrl, announce),
    })
    return this.board
  }

  /**
   * The board to `fen`, `move` (chess.js's) marked as the last.
   * @param {string} fen
   * @param {Move | null} move
   */
  show(fen, move) {
    const board = this.board
    if (!board) return
    board.setPosition(fen, true)
    if (move) board.markLast(move.from, move.to)
    else board.markLast()
    board.markCheck(checkedKing(this.ctrl.chess))
  }

  /** @param {string} text */
  announce(text) {
    announce(text)
  }

  /** @param {KeyboardEvent} event */
  onKey(event) {
    if (!isGameKey(event) || this.board?.gridHasFocus()) return
    /** @type {Record<string, () => void>} */
    const keys = { ArrowLeft: () => this.ctrl.step(-1), ArrowRight: () => this.ctrl.step(1), Home: () => this.ctrl.toEnd(false), End: () => this.ctrl.toEnd(true) }
    const act = keys[event.key]
    if (!act || /** @type {Element} */ (event.target).closest?.('input, textarea, select')) return
    event.preventDefault()
    act()
  }

  // ---- drawing ----------------------------------------------------------------------

  redraw() {
    const { ctrl, el: e } = this
    const { puzzle } = ctrl
    setText(e.analysisTitle, t('{band} puzzle', { band: bandName(puzzle.band) }))
    setText(e.analysisMeta, t('Rated {rating}', { rating: puzzle.rating }) + ' · ' + (ctrl.solver === 'w' ? t('White to find the line') : t('Black to find the line')))
    const tab = [t('Analysis'), bandName(puzzle.band), t('Chess Puzzles')].join(' · ')
    if (document.title !== tab) document.title = tab
    this.drawEval()
    this.drawMoves()
    this.drawTries()
    if (this.board) {
      if (ctrl.inPlay() && ctrl.chess.moves().length) this.board.enable(ctrl.turn)
      else this.board.disable()
    }
    e.enginePlay.disabled = ctrl.thinking || ctrl.engineState === 'failed' || !ctrl.chess.moves().length
  }

  drawEval() {
    const { ctrl, el: e } = this
    const status = ctrl.engineState === 'failed'
      ? t('The engine could not start on this device.')
      : ctrl.thinking ? t('The engine is playing…') : ctrl.eval && ctrl.eval.score ? '' : t('The engine is thinking…')
    setText(e.engineStatus, status)
    setText(e.evalFigure, ctrl.evalFigure())
    setText(e.evalWords, ctrl.eval && ctrl.eval.score ? ctrl.evalWords() : '')
    setText(e.evalDepth, ctrl.eval && ctrl.eval.depth ? t('depth {depth}', { depth: ctrl.eval.depth }) + (ctrl.eval.done ? '' : '…') : '')
    e.analysisEval.dataset.done = ctrl.eval && ctrl.eval.done ? 'true' : 'false'
    setText(e.engineLine, ctrl.bestLine())
  }

  drawMoves() {
    const { ctrl, el: e } = this
    const at = ctrl.at
    drawList(e.moveList, ctrl.main.map((node, index) => ({
      index, text: index ? ctrl.moveLabel(/** @type {MoveNode} */ (node)) : 'Start', current: !at.side && at.index === index,
      branch: ctrl.side && ctrl.side.from === index,
    })))
    e.sideLine.hidden = !ctrl.side
    if (ctrl.side) {
      drawList(e.sideList, ctrl.side.nodes.map((node, index) => ({
        index, text: ctrl.moveLabel(node), current: at.side && at.index === index,
      })))
    }
  }

  drawTries() {
    const { ctrl, el: e } = this
    e.whyNot.hidden = !ctrl.tries.length
    const key = ctrl.tries.map((tried) => `${tried.ply}${tried.uci}`).join(',') + `:${ctrl.refutation ? ctrl.refutation.index : ''}:${ctrl.thinking}`
    if (e.whyList.dataset.key !== key) {
      e.whyList.dataset.key = key
      e.whyList.replaceChildren(...ctrl.tries.map((tried, k) => el('li', {},
        el('button', {
          class: 'button', type: 'button', 'data-try': k, disabled: ctrl.thinking,
          'aria-pressed': ctrl.refutation && ctrl.refutation.index === k ? 'true' : 'false',
          text: t('Why not {san}?', { san: ctrl.moveLabel({ san: tried.san, move: { before: ctrl.main[tried.ply].fen } }) }),
        }))))
    }
    setText(e.refutation, ctrl.refutation ? ctrl.refutation.words : '')
  }
}

/**
 * A move list of buttons, redrawn only when what it shows changed; the current one marked.
 * @param {HTMLElement} list
 * @param {ListItem[]} items
 */
function drawList(list, items) {
  const key = items.map((i) => `${i.text}${i.current ? '*' : ''}${i.branch ? '>' : ''}`).join(' ')
  if (list.dataset.key === key) return
  const focused = list.contains(document.activeElement) ? /** @type {HTMLElement} */ (document.activeElement).dataset.index : null
  list.dataset.key = key
  list.replaceChildren(...items.map((i) => el('li', { class: i.branch ? 'is-branch' : null },
    el('button', { class: 'move-button', type: 'button', 'data-index': i.index, 'aria-current': i.current ? 'step' : null, text: i.text }))))
  if (focused !== null) /** @type {HTMLElement | null} */ (list.querySelector(`[data-index="${focused}"]`))?.focus()
}
