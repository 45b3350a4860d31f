/**
 * The puzzle board: cm-chessboard for the picture, tap and drag, plus a grid
 * of named squares over it for the keyboard and screen readers.
 *
 * cm-chessboard draws an SVG; over it lies a role="grid" of 64 gridcells
 * ("e4, white knight") that take no pointer events, so taps and drags reach
 * the SVG while keyboard focus lives in the grid: Tab to the board, arrows
 * move, Enter or Space picks up and puts down, Escape lets go. Both ways
 * end in the same hooks, so the game never knows which was used.
 *
 * Under the site's CSP (style-src 'self') an element's style attribute can't
 * be set from markup or setAttribute, only through the CSSOM. cm-chessboard
 * sets one in three places (the coordinates' font size and the dragged
 * piece's position and pointer-events); patchForCsp() routes those through
 * element.style instead. Nothing else in it needs changing.
 *
 * hooks (all but announce required):
 *   canPick(square) -> bool         may the player pick up the piece there?
 *   targets(square) -> [square]     where it can go (for the dots)
 *   legality(from, to) -> 'legal' | 'promotion' | 'illegal'
 *   onMove({from, to, promotion})   a legal move was made (the piece is on `to`)
 *   announce(text)                  words for the aria-live region
 */
import { Chessboard, COLOR, INPUT_EVENT_TYPE, BORDER_TYPE, PIECE } from '../vendor/cm-chessboard/src/Chessboard.js'
import { Markers, MARKER_TYPE } from '../vendor/cm-chessboard/src/extensions/markers/Markers.js'
import {
  PromotionDialog, PROMOTION_DIALOG_RESULT_TYPE,
} from '../vendor/cm-chessboard/src/extensions/promotion-dialog/PromotionDialog.js'
import { Svg } from '../vendor/cm-chessboard/src/lib/Svg.js'
import { VisualMoveInput } from '../vendor/cm-chessboard/src/view/VisualMoveInput.js'
import { ChessboardView } from '../vendor/cm-chessboard/src/view/ChessboardView.js'
import { squareLabel, PIECE_NAMES } from './words.js'

const ASSETS = new URL('../vendor/cm-chessboard/assets/', import.meta.url).href
const FILES = 'abcdefgh'
const ANIMATION_MS = 260
const SHAKE_MS = 420

/** Our marker kinds, drawn with the markers sprite, coloured by chess.css. */
export const MARK = {
  last: { class: 'marker-last', slice: 'markerSquare' },
  check: { class: 'marker-check', slice: 'markerCircleFilled' },
  hint: { class: 'marker-hint', slice: 'markerCircle' },
  hintSquare: { class: 'marker-hint-square', slice: 'markerSquare' },
  held: { class: 'marker-held', slice: 'markerSquare' },
}

/**
 * cm-chessboard's promotion chooser, drawn exactly over the promotion square:
 * its own column starts at the square's centre, half a square aside (covering
 * the next file) and half a square down. Here the queen stands on the square
 * itself and the rook, bishop and knight on the three squares toward the
 * middle of the board (seed 000, "Moving"). Only the drawing differs; the
 * keys and clicks are cm-chessboard's.
 */
class SquarePromotionDialog extends PromotionDialog {
  redrawDialog() {
    const group = this.promotionDialogGroup
    while (group.firstChild) group.removeChild(group.firstChild)
    if (this.state.displayState !== 'shown') return
    const view = this.chessboard.view
    const { square, color } = this.state.dialogParams
    const corner = view.squareToPoint(square) // the square's top left
    const size = view.squareHeight
    // Turned: the square is on the bottom half (the board turned away from the
    // promoting side), so the column grows upward; the arrow keys follow it.
    this.turned = (this.chessboard.getOrientation() === COLOR.white) === (Number(square.charAt(1)) < 5)
    const step = this.turned ? -size : size
    Svg.addElement(group, 'rect', {
      x: corner.x,
      y: this.turned ? corner.y - 3 * size : corner.y,
      width: view.squareWidth,
      height: 4 * size,
      class: 'promotion-dialog',
    })
    this.pieceOrder.forEach((type, index) => {
      this.drawPieceButton(PIECE[color + type], { x: corner.x, y: corner.y + index * step }, index)
    })
  }
}

// cm-chessboard's stylesheets, with its markers' and promotion chooser's, in the one file the build
// makes of them (sitebuild/assets.py BOARD_CSS; the macro ui.board_styles links the same on the
// pages that draw a board from the start).
const STYLES = ['board.css']
let stylesLoaded = null

/**
 * Put the board's stylesheets in the page unless it has them (the home page draws its board at
 * build time and loads them only when a puzzle opens). They go before chess.css, which overrides
 * them. Resolves when they have loaded (or failed to: the board still works, only plainer).
 */
export function boardStyles() {
  stylesLoaded ||= Promise.all(STYLES.map((name) => {
    const href = new URL(name, ASSETS).href
    if ([...document.querySelectorAll('link[rel="stylesheet"]')].some((link) => link.href === href)) return null
    const link = document.createElement('link')
    link.rel = 'stylesheet'
    link.href = href
    const ours = [...document.querySelectorAll('link[rel="stylesheet"]')].find((l) => l.href.endsWith('/css/chess.css'))
    const done = new Promise((resolve) => { link.onload = link.onerror = resolve })
    if (ours) ours.before(link)
    else document.head.append(link)
    return done
  }))
  return stylesLoaded
}

// The sprites' files, as cm-chessboard names them (its assetsUrl and each one's file).
const SPRITES = { 'cm-chessboard-sprite': 'pieces/standard.svg', 'cm-chessboard-markers': 'extensions/markers/markers.svg' }

/**
 * Ask for the board's sprites (its pieces and its markers) before its first drawing: each goes in
 * cm-chessboard's own cache (a hidden div, by the id it looks for), which the board then finds made.
 * Asked for where it draws, the two requests were a fifth of the board's first task on a phone.
 */
export function boardSprites() {
  for (const [id, file] of Object.entries(SPRITES)) ChessboardView.prototype.cacheSpriteToDiv(id, ASSETS + file)
}

let patched = false

/** Make cm-chessboard set inline styles through the CSSOM (allowed by the CSP). */
export function patchForCsp() {
  if (patched) return
  patched = true
  const addElement = Svg.addElement
  Svg.addElement = function (parent, name, attributes = {}) {
    if (attributes && typeof attributes.style === 'string') {
      const { style, ...rest } = attributes
      const element = addElement.call(this, parent, name, rest)
      element.style.cssText = style
      return element
    }
    return addElement.call(this, parent, name, attributes)
  }
  VisualMoveInput.prototype.createDraggablePiece = function (pieceName) {
    if (this.draggablePiece) throw Error('draggablePiece already exists')
    this.draggablePiece = Svg.createSvg(document.body)
    this.draggablePiece.classList.add('cm-chessboard-draggable-piece')
    this.draggablePiece.setAttribute('width', this.view.squareWidth)
    this.draggablePiece.setAttribute('height', this.view.squareHeight)
    this.draggablePiece.style.pointerEvents = 'none'
    this.draggablePiece.name = pieceName
    const spriteUrl = this.chessboard.props.assetsCache ? '' : this.view.getSpriteUrl()
    const piece = Svg.addElement(this.draggablePiece, 'use', { href: `${spriteUrl}#${pieceName}` })
    const scaling = this.view.squareHeight / this.chessboard.props.style.pieces.tileSize
    const transformScale = this.draggablePiece.createSVGTransform()
    transformScale.setScale(scaling, scaling)
    piece.transform.baseVal.appendItem(transformScale)
  }
  VisualMoveInput.prototype.moveDraggablePiece = function (x, y) {
    const style = this.draggablePiece.style
    style.pointerEvents = 'none'
    style.position = 'absolute'
    style.left = `${x - this.view.squareHeight / 2}px`
    style.top = `${y - this.view.squareHeight / 2}px`
  }
}

/** True when the player asked the system for less motion. */
export function prefersReducedMotion() {
  return globalThis.matchMedia ? matchMedia('(prefers-reduced-motion: reduce)').matches : false
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms))

export class Board {
  /**
   * el: the element to draw in (sized by CSS, square). fen: the position.
   * orientation: 'w' or 'b' (the side at the bottom). options: { dots, coordinates }.
   */
  constructor(el, { fen, orientation, hooks, options = {} }) {
    patchForCsp()
    this.el = el
    this.hooks = hooks
    this.orientation = orientation
    this.fen = fen
    this.reduced = prefersReducedMotion()
    this.dots = options.dots !== false
    this.held = null // the square of a piece picked up from the keyboard
    this.pointerFrom = null // the square of a piece held by tap or drag, until cm-chessboard has the move
    this.focusSquare = orientation === 'w' ? 'e1' : 'e8'
    this.inputColor = null
    el.replaceChildren()
    this.chessboard = new Chessboard(el, {
      position: fen,
      orientation: orientation === 'w' ? COLOR.white : COLOR.black,
      assetsUrl: ASSETS,
      style: {
        cssClass: 'paper',
        showCoordinates: true,
        borderType: BORDER_TYPE.none,
        pieces: { file: 'pieces/standard.svg' },
        animationDuration: this.reduced ? 0 : ANIMATION_MS,
      },
      extensions: [
        { class: Markers, props: { autoMarkers: MARKER_TYPE.frame } },
        { class: SquarePromotionDialog, props: { language: 'en' } },
      ],
    })
    this.svg = this.chessboard.view.svg
    // The coordinates over the markers (under the pieces): a marked square
    // tints the paper under its letter, never the letter itself.
    this.svg.insertBefore(this.chessboard.view.coordinatesGroup, this.chessboard.view.piecesLayer)
    // The picture is for the eyes; the grid below is what assistive tech reads.
    this.svg.removeAttribute('role')
    this.svg.setAttribute('aria-hidden', 'true')
    this.setCoordinates(options.coordinates !== false)
    this.buildGrid()
    this.refreshCells()
  }

  // ---- the position ------------------------------------------------------

  /** Show `fen`; animated unless reduced motion is asked for. Resolves when it has landed. */
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

  /** The piece code ("wn") on `square`, or undefined. */
  pieceAt(square) {
    return this.chessboard.getPiece(square)
  }

  // ---- input -------------------------------------------------------------

  /** Let the player move pieces of `color` ('w' or 'b'). */
  enable(color) {
    this.inputColor = color
    if (this.chessboard.isMoveInputEnabled()) this.chessboard.disableMoveInput()
    this.chessboard.enableMoveInput((event) => this.pointerInput(event), color === 'w' ? COLOR.white : COLOR.black)
    this.grid.setAttribute('aria-disabled', 'false')
  }

  /** No moves for now (the opponent's turn, an animation, the end). */
  disable() {
    this.inputColor = null
    this.letGo(false)
    this.dropPointerPiece()
    if (this.chessboard.isMoveInputEnabled()) this.chessboard.disableMoveInput()
    this.removeDots()
    this.grid.setAttribute('aria-disabled', 'true')
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

  pointerInput(event) {
    switch (event.type) {
      case INPUT_EVENT_TYPE.moveInputStarted: {
        this.letGo(false)
        const ok = this.enabled && this.hooks.canPick(event.squareFrom)
        this.pointerFrom = ok ? event.squareFrom : null
        if (ok) this.showDots(event.squareFrom)
        return ok
      }
      case INPUT_EVENT_TYPE.validateMoveInput: {
        this.pointerFrom = null
        this.removeDots()
        const verdict = this.hooks.legality(event.squareFrom, event.squareTo)
        if (verdict === 'illegal') return false
        const move = { from: event.squareFrom, to: event.squareTo }
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

  /** The promotion chooser, a column over the square; mouse or keyboard. */
  askPromotion(move, fromKeyboard) {
    this.svg.removeAttribute('aria-hidden') // the chooser lives in the SVG: let it be read
    this.hooks.announce?.('Promote to: queen, rook, bishop or knight. Arrows to choose, Enter to take it.')
    this.chessboard.showPromotionDialog(move.to, this.inputColor === 'b' ? COLOR.black : COLOR.white, (result) => {
      this.svg.setAttribute('aria-hidden', 'true')
      if (fromKeyboard) this.focus()
      if (result && result.type === PROMOTION_DIALOG_RESULT_TYPE.pieceSelected) {
        this.hooks.onMove({ ...move, promotion: result.piece.charAt(1) })
      } else {
        this.hooks.announce?.('Promotion cancelled.')
        this.setPosition(this.fen, false)
      }
    })
  }

  // ---- markers -----------------------------------------------------------

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

  /** Mark the last move's squares (or clear with no arguments). */
  markLast(from, to) {
    this.chessboard.removeMarkers(MARK.last)
    if (from) this.chessboard.addMarker(MARK.last, from)
    if (to) this.chessboard.addMarker(MARK.last, to)
    if (to && !this.gridHasFocus()) this.moveFocus(to, false)
  }

  /** Mark the king in check on `square` (or clear with null). */
  markCheck(square) {
    this.chessboard.removeMarkers(MARK.check)
    if (square) this.chessboard.addMarker(MARK.check, square)
  }

  /** A hint: ring the piece on `from`; with `to`, mark its square too. */
  markHint(from, to = null) {
    this.clearHint()
    this.chessboard.addMarker(MARK.hint, from)
    if (to) this.chessboard.addMarker(MARK.hintSquare, to)
  }

  clearHint() {
    this.chessboard.removeMarkers(MARK.hint)
    this.chessboard.removeMarkers(MARK.hintSquare)
  }

  setCoordinates(on) {
    this.el.classList.toggle('no-coordinates', !on)
  }

  setDots(on) {
    this.dots = on
    if (!on) this.removeDots()
  }

  /**
   * A wrong move: the piece on `square` shakes, then slides back to `fen`.
   * With reduced motion it simply goes back at once.
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

  // ---- the grid of named squares -------------------------------------------

  squareAt(row, col) {
    return this.orientation === 'w' ? FILES[col] + (8 - row) : FILES[7 - col] + (row + 1)
  }

  cellOf(square) {
    return this.grid.querySelector(`[data-square="${square}"]`)
  }

  buildGrid() {
    const grid = document.createElement('div')
    grid.className = 'board-grid'
    grid.setAttribute('role', 'grid')
    grid.setAttribute('aria-label', `Chess board, ${this.orientation === 'w' ? 'White' : 'Black'} at the bottom`)
    grid.setAttribute('aria-disabled', 'true')
    for (let r = 0; r < 8; r++) {
      const row = document.createElement('div')
      row.setAttribute('role', 'row')
      for (let c = 0; c < 8; c++) {
        const cell = document.createElement('div')
        cell.setAttribute('role', 'gridcell')
        cell.dataset.square = this.squareAt(r, c)
        cell.tabIndex = -1
        row.append(cell)
      }
      grid.append(row)
    }
    grid.addEventListener('keydown', (event) => this.onKey(event))
    grid.addEventListener('focusin', (event) => {
      const square = event.target.dataset && event.target.dataset.square
      if (square) this.focusSquare = square
    })
    this.el.append(grid)
    this.grid = grid
    this.moveFocus(this.focusSquare, false)
  }

  /** Name every square after what stands on it. */
  refreshCells() {
    for (const cell of this.grid.querySelectorAll('[role="gridcell"]')) {
      const square = cell.dataset.square
      const label = squareLabel(square, this.pieceAt(square))
      if (cell.getAttribute('aria-label') !== label) cell.setAttribute('aria-label', label)
      cell.setAttribute('aria-selected', square === this.held ? 'true' : 'false')
    }
  }

  gridHasFocus() {
    return this.grid.contains(document.activeElement)
  }

  /** Put the roving focus on `square`; `focusIt` also moves the browser's focus there. */
  moveFocus(square, focusIt = true) {
    for (const cell of this.grid.querySelectorAll('[tabindex="0"]')) cell.tabIndex = -1
    const cell = this.cellOf(square)
    cell.tabIndex = 0
    this.focusSquare = square
    if (focusIt) cell.focus()
  }

  /** Focus the board (its focus square). */
  focus() {
    this.moveFocus(this.focusSquare, true)
  }

  onKey(event) {
    if (event.altKey || event.ctrlKey || event.metaKey) return
    const cell = event.target.closest('[role="gridcell"]')
    if (!cell) return
    const square = cell.dataset.square
    let row = 0
    let col = 0
    for (let r = 0; r < 8; r++) {
      for (let c = 0; c < 8; c++) {
        if (this.squareAt(r, c) === square) { row = r; col = c }
      }
    }
    const go = (r, c) => {
      event.preventDefault()
      this.moveFocus(this.squareAt(Math.max(0, Math.min(7, r)), Math.max(0, Math.min(7, c))))
    }
    switch (event.key) {
      case 'ArrowUp': return go(row - 1, col)
      case 'ArrowDown': return go(row + 1, col)
      case 'ArrowLeft': return go(row, col - 1)
      case 'ArrowRight': return go(row, col + 1)
      case 'Home': return go(row, 0)
      case 'End': return go(row, 7)
      case 'PageUp': return go(0, col)
      case 'PageDown': return go(7, col)
      case 'Enter':
      case ' ':
        event.preventDefault()
        return this.keyboardSelect(square)
      case 'Escape':
        if (this.held) {
          event.preventDefault()
          event.stopPropagation()
          this.letGo(true)
        }
        return undefined
      default:
        return undefined
    }
  }

  /** Enter or Space on `square`: pick up, put down, or let go. */
  async keyboardSelect(square) {
    if (!this.enabled) {
      this.hooks.announce?.('Wait for your turn.')
      return
    }
    this.dropPointerPiece()
    if (!this.held) {
      const piece = this.pieceAt(square)
      if (!piece || !this.hooks.canPick(square)) {
        this.hooks.announce?.(piece ? `You can’t move the ${PIECE_NAMES[piece[1]]} on ${square}.` : `${square} is empty.`)
        return
      }
      this.held = square
      this.chessboard.addMarker(MARK.held, square)
      this.showDots(square)
      this.refreshCells()
      this.hooks.announce?.(`${capital(PIECE_NAMES[piece[1]])} on ${square} picked up. Choose its square.`)
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
      this.hooks.announce?.(`The ${PIECE_NAMES[this.pieceAt(from)[1]]} can’t go to ${square}.`)
      return
    }
    this.letGo(false)
    await this.chessboard.movePiece(from, square, !this.reduced)
    this.refreshCells()
    if (verdict === 'promotion') this.askPromotion({ from, to: square }, true)
    else this.hooks.onMove({ from, to: square })
  }

  /** Drop the piece picked up from the keyboard; `say` tells the player. */
  letGo(say) {
    if (!this.held) return
    this.held = null
    this.chessboard.removeMarkers(MARK.held)
    this.removeDots()
    this.refreshCells()
    if (say) this.hooks.announce?.('Put back.')
  }

  destroy() {
    this.chessboard.destroy()
    this.el.replaceChildren()
  }
}

function capital(text) {
  return text.charAt(0).toUpperCase() + text.slice(1)
}

/**
 * A still picture of a position (the home page's diagram): no input, no
 * coordinates, hidden from assistive tech (the card says it in words).
 * Answers the cm-chessboard, so the caller can destroy() it.
 */
export function previewBoard(el, fen, orientation) {
  patchForCsp()
  el.replaceChildren()
  const board = new Chessboard(el, {
    position: fen,
    orientation: orientation === 'b' ? COLOR.black : COLOR.white,
    assetsUrl: ASSETS,
    style: { cssClass: 'paper', showCoordinates: false, borderType: BORDER_TYPE.none, animationDuration: 0 },
  })
  board.view.svg.removeAttribute('role')
  board.view.svg.setAttribute('aria-hidden', 'true')
  return board
}
