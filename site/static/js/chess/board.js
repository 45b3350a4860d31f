/**
 * The puzzle board: cm-chessboard for the picture, tap and drag (made the site's way by
 * cm_board.js), plus a grid of named squares over it for the keyboard and screen readers
 * (board_grid.js). Both ways end in the same hooks, so the game never knows which was used: Tab
 * to the board, arrows move, Enter or Space picks up and puts down, Escape lets go.
 *
 * hooks (all but announce required): BoardHooks of site/types/play_types.d.ts
 *   canPick(square) -> bool         may the player pick up the piece there?
 *   targets(square) -> [square]     where it can go (for the dots)
 *   legality(from, to) -> 'legal' | 'promotion' | 'illegal'
 *   onMove({from, to, promotion})   a legal move was made (the piece is on `to`)
 *   announce(text)                  words for the aria-live region
 */
/** @import { Color, Square } from '../vendor/chess.js' */
/** @import { MoveInputEvent } from '../vendor/cm-chessboard/src/Chessboard.js' */
/** @import { BoardHooks, PlayBoard } from '../play_types.js' */
import { COLOR, INPUT_EVENT_TYPE } from '../vendor/cm-chessboard/src/Chessboard.js'
import { MARKER_TYPE } from '../vendor/cm-chessboard/src/extensions/markers/Markers.js'
import { playBoard, prefersReducedMotion } from './cm_board.js'
import { SquareGrid } from './board_grid.js'
import { PIECE_NAMES } from './words.js'
import { t } from '../lib/i18n.js'


const SHAKE_MS = 420

/** Our marker kinds, drawn with the markers sprite, coloured by chess.css. */
export const MARK = {
  last: { class: 'marker-last', slice: 'markerSquare' },
  check: { class: 'marker-check', slice: 'markerCircleFilled' },
  hint: { class: 'marker-hint', slice: 'markerCircle' },
  hintSquare: { class: 'marker-hint-square', slice: 'markerSquare' },
  held: { class: 'marker-held', slice: 'markerSquare' },
}

/** @param {number} ms */
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms))

/** @param {string} text */
const capital = (text) => text.charAt(0).toUpperCase() + text.slice(1)

/** @param {string} piece a piece's code ('wn') @returns {string} its name ('knight') */
const pieceName = (piece) => PIECE_NAMES[/** @type {keyof typeof PIECE_NAMES} */ (piece[1])]

/** @implements {PlayBoard} */
export class Board {
  /**
   * el: the element to draw in (sized by CSS, square). fen: the position.
   * orientation: 'w' or 'b' (the side at the bottom). options: { dots, coordinates }.
   * @param {HTMLElement} el
   * @param {{ fen: string, orientation: Color, hooks: BoardHooks, options?: { dots?: boolean, coordinates?: boolean } }} setup
   */
  constructor(el, { fen, orientation, hooks, options = {} }) {
    this.el = el
    this.hooks = hooks
    this.orientation = orientation
    this.fen = fen
    this.reduced = prefersReducedMotion()
    this.dots = options.dots !== false
    /** @type {Square | null} the square of a piece picked up from the keyboard */
    this.held = null
    /** @type {string | null} the square of a piece held by tap or drag, until cm-chessboard has the move */
    this.pointerFrom = null
    /** @type {Color | null} */
    this.inputColor = null
    this.chessboard = playBoard(el, { fen, orientation, reduced: this.reduced })
    this.svg = this.chessboard.view.svg
    // The coordinates over the markers (under the pieces): a marked square
    // tints the paper under its letter, never the letter itself.
    this.svg.insertBefore(this.chessboard.view.coordinatesGroup, this.chessboard.view.piecesLayer)
    // The picture is for the eyes; the grid below is what assistive tech reads.
    this.svg.removeAttribute('role')
    this.svg.setAttribute('aria-hidden', 'true')
    this.setCoordinates(options.coordinates !== false)
    this.grid = new SquareGrid(el, orientation, {
      select: (square) => this.keyboardSelect(square),
      escape: () => {
        if (!this.held) return false
        this.letGo(true)
        return true
      },
    })
    this.refreshCells()
  }

  // ---- the position ------------------------------------------------------

  /**
   * Show `fen`; animated unless reduced motion is asked for. Resolves when it has landed.
   * @param {string} fen
   * @param {boolean} [animate]
   */
  async setPosition(fen, animate = true) {
    this.fen = fen
    this.letGo(false)
    const done = this.chessboard.setPosition(fen, animate && !this.reduced)
    this.refreshCells()
    await done
    this.refreshCells()
  }

  /** Resolves once every queued animation has finished. */
  settled() {
    return this.chessboard.setPosition(this.chessboard.getPosition(), false)
  }

  /**
   * The piece code ("wn") on `square`, or undefined.
   * @param {string} square
   */
  pieceAt(square) {
    return this.chessboard.getPiece(square)
  }

  // ---- input -------------------------------------------------------------

  /**
   * Let the player move pieces of `color` ('w' or 'b').
   * @param {Color} color
   */
  enable(color) {
    this.inputColor = color
    if (this.chessboard.isMoveInputEnabled()) this.chessboard.disableMoveInput()
    this.chessboard.enableMoveInput((event) => this.pointerInput(event), color === 'w' ? COLOR.white : COLOR.black)
    this.grid.disabled = false
  }

  /** No moves for now (the opponent's turn, an animation, the end). */
  disable() {
    this.inputColor = null
    this.letGo(false)
    this.dropPointerPiece()
    if (this.chessboard.isMoveInputEnabled()) this.chessboard.disableMoveInput()
    this.removeDots()
    this.grid.disabled = true
  }

  get enabled() {
    return this.inputColor !== null
  }

  /**
   * Put back a piece held by tap or drag (the opponent moves, the puzzle ends).
   * Only while it is held: once a move is validated, cm-chessboard finishes it
   * on its own (the piece slides, then its input resets), and cancelling then
   * would redraw the pieces under that slide and leave it a null square.
   */
  dropPointerPiece() {
    if (!this.pointerFrom) return
    this.pointerFrom = null
    this.chessboard.cancelMoveInput()
  }

  /**
   * @param {MoveInputEvent} event
   * @returns {boolean | undefined}
   */
  pointerInput(event) {
    const from = /** @type {Square} */ (event.squareFrom)
    switch (event.type) {
      case INPUT_EVENT_TYPE.moveInputStarted: {
        this.letGo(false)
        const ok = this.enabled && this.hooks.canPick(from)
        this.pointerFrom = ok ? from : null
        if (ok) this.showDots(from)
        return ok
      }
      case INPUT_EVENT_TYPE.validateMoveInput: {
        this.pointerFrom = null
        this.removeDots()
        const to = /** @type {Square} */ (event.squareTo)
        const verdict = this.hooks.legality(from, to)
        if (verdict === 'illegal') return false
        const move = { from, to }
        // After cm-chessboard has put the piece down (it does so once we return true).
        setTimeout(() => {
          if (verdict === 'promotion') this.askPromotion(move, false)
          else this.hooks.onMove(move)
        }, 0)
        return true
      }
      case INPUT_EVENT_TYPE.moveInputCanceled:
        this.pointerFrom = null
        this.removeDots()
        return undefined
      default:
        return undefined
    }
  }

  /**
   * The promotion chooser, a column over the square; mouse or keyboard.
   * @param {{ from: Square, to: Square }} move
   * @param {boolean} fromKeyboard
   */
  async askPromotion(move, fromKeyboard) {
    const { withPromotion, PIECE_SELECTED } = await import('./promotion.js')
    this.svg.removeAttribute('aria-hidden') // the chooser lives in the SVG: let it be read
    this.hooks.announce?.(t('Promote to: queen, rook, bishop or knight. Arrows to choose, Enter to take it.'))
    withPromotion(this.chessboard).showPromotionDialog(move.to, this.inputColor === 'b' ? COLOR.black : COLOR.white, (result) => {
      this.svg.setAttribute('aria-hidden', 'true')
      if (fromKeyboard) this.focus()
      if (result && result.type === PIECE_SELECTED) {
        this.hooks.onMove({ ...move, promotion: result.piece.charAt(1) })
      } else {
        this.hooks.announce?.(t('Promotion cancelled.'))
        this.setPosition(this.fen, false)
      }
    })
  }

  // ---- markers -----------------------------------------------------------

  /** @param {Square} square */
  showDots(square) {
    this.removeDots()
    if (!this.dots) return
    for (const to of this.hooks.targets(square)) {
      this.chessboard.addMarker(this.pieceAt(to) ? MARKER_TYPE.bevel : MARKER_TYPE.dot, to)
    }
  }

  removeDots() {
    this.chessboard.removeMarkers(MARKER_TYPE.dot)
    this.chessboard.removeMarkers(MARKER_TYPE.bevel)
  }

  /**
   * Mark the last move's squares (or clear with no arguments).
   * @param {Square | null} [from]
   * @param {Square | null} [to]
   */
  markLast(from, to) {
    this.chessboard.removeMarkers(MARK.last)
    if (from) this.chessboard.addMarker(MARK.last, from)
    if (to) this.chessboard.addMarker(MARK.last, to)
    if (to && !this.gridHasFocus()) this.grid.moveFocus(to, false)
  }

  /**
   * Mark the king in check on `square` (or clear with null).
   * @param {Square | null} square
   */
  markCheck(square) {
    this.chessboard.removeMarkers(MARK.check)
    if (square) this.chessboard.addMarker(MARK.check, square)
  }

  /**
   * A hint: ring the piece on `from`; with `to`, mark its square too.
   * @param {Square} from
   * @param {Square | null} [to]
   */
  markHint(from, to = null) {
    this.clearHint()
    this.chessboard.addMarker(MARK.hint, from)
    if (to) this.chessboard.addMarker(MARK.hintSquare, to)
  }

  clearHint() {
    this.chessboard.removeMarkers(MARK.hint)
    this.chessboard.removeMarkers(MARK.hintSquare)
  }

  /** @param {boolean} on */
  setCoordinates(on) {
    this.el.classList.toggle('no-coordinates', !on)
  }

  /** @param {boolean} on */
  setDots(on) {
    this.dots = on
    if (!on) this.removeDots()
  }

  /**
   * A wrong move: the piece on `square` shakes, then slides back to `fen`.
   * With reduced motion it simply goes back at once.
   * @param {Square} square
   * @param {string} fen
   */
  async shakeBack(square, fen) {
    await this.settled()
    if (!this.reduced) {
      const piece = this.svg.querySelector(`.pieces g[data-square="${square}"]`)
      if (piece) {
        piece.classList.add('is-wrong')
        await sleep(SHAKE_MS)
        piece.classList.remove('is-wrong')
      }
    }
    await this.setPosition(fen, true)
  }

  // ---- the grid of named squares (board_grid.js) -----------------------------

  /** Name every square after what stands on it. */
  refreshCells() {
    this.grid.refresh((square) => this.pieceAt(square), this.held)
  }

  gridHasFocus() {
    return this.grid.hasFocus()
  }

  /** Focus the board (its focus square). */
  focus() {
    this.grid.focus()
  }

  /**
   * Enter or Space on `square`: pick up, put down, or let go.
   * @param {Square} square
   * @returns {Promise<void>}
   */
  async keyboardSelect(square) {
    if (!this.enabled) {
      this.hooks.announce?.(t('Wait for your turn.'))
      return
    }
    this.dropPointerPiece()
    if (!this.held) {
      const piece = this.pieceAt(square)
      if (!piece || !this.hooks.canPick(square)) {
        this.hooks.announce?.(piece ? t('You can’t move the {piece} on {square}.', { piece: pieceName(piece), square }) : t('{square} is empty.', { square }))
        return
      }
      this.held = square
      this.chessboard.addMarker(MARK.held, square)
      this.showDots(square)
      this.refreshCells()
      this.hooks.announce?.(t('{piece} on {square} picked up. Choose its square.', { piece: capital(pieceName(piece)), square }))
      return
    }
    const from = this.held
    if (square === from) {
      this.letGo(true)
      return
    }
    const verdict = this.hooks.legality(from, square)
    if (verdict === 'illegal') {
      const target = this.pieceAt(square)
      if (target && this.hooks.canPick(square)) {
        this.letGo(false)
        return this.keyboardSelect(square)
      }
      this.hooks.announce?.(t('The {piece} can’t go to {square}.', { piece: pieceName(/** @type {string} */ (this.pieceAt(from))), square }))
      return
    }
    this.letGo(false)
    await this.chessboard.movePiece(from, square, !this.reduced)
    this.refreshCells()
    if (verdict === 'promotion') this.askPromotion({ from, to: square }, true)
    else this.hooks.onMove({ from, to: square })
  }

  /**
   * Drop the piece picked up from the keyboard; `say` tells the player.
   * @param {boolean} say
   */
  letGo(say) {
    if (!this.held) return
    this.held = null
    this.chessboard.removeMarkers(MARK.held)
    this.removeDots()
    this.refreshCells()
    if (say) this.hooks.announce?.(t('Put back.'))
  }

  destroy() {
    this.chessboard.destroy()
    this.el.replaceChildren()
  }
}
