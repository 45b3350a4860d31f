/**
 * cm-chessboard made to fit the site: its stylesheets and sprites asked for before a board is
 * first drawn, its inline styles set through the CSSOM (the site's CSP), a board made the site's
 * way (its promotion chooser in promotion.js, loaded when first needed), and a still picture of a position
 * (the home page's diagram, the lesson importer's previews). The board the player moves on is
 * board.js's.
 *
 * Under the site's CSP (style-src 'self') an element's style attribute can't be set from markup or
 * setAttribute, only through the CSSOM. cm-chessboard sets one in three places (the coordinates'
 * font size and the dragged piece's position and pointer-events); patchForCsp() routes those
 * through element.style instead. Nothing else in it needs changing.
 */
/** @import { Color } from '../vendor/chess.js' */
import { Chessboard, COLOR, BORDER_TYPE } from '../vendor/cm-chessboard/src/Chessboard.js'
import { Markers, MARKER_TYPE } from '../vendor/cm-chessboard/src/extensions/markers/Markers.js'
import { Svg } from '../vendor/cm-chessboard/src/lib/Svg.js'
import { VisualMoveInput } from '../vendor/cm-chessboard/src/view/VisualMoveInput.js'
import { ChessboardView } from '../vendor/cm-chessboard/src/view/ChessboardView.js'

// By way of static/js/ itself: a language's copy of this module sits in js-es/ (docs/languages.md), as
// deep, and the pieces are English's one copy.
export const ASSETS = new URL('../../js/vendor/cm-chessboard/assets/', import.meta.url).href
const ANIMATION_MS = 260

// cm-chessboard's stylesheets, with its markers' and promotion chooser's, in the one file the build
// makes of them (sitebuild/assets.py BOARD_CSS; the macro ui.board_styles links the same on the
// pages that draw a board from the start).
const STYLES = ['board.css']
/** @type {Promise<unknown> | null} */
let stylesLoaded = null

/**
 * Put the board's stylesheets in the page unless it has them (the home page draws its board at
 * build time and loads them only when a puzzle opens). They go before chess.css, which overrides
 * them. Resolves when they have loaded (or failed to: the board still works, only plainer).
 */
export function boardStyles() {
  stylesLoaded ||= Promise.all(STYLES.map((name) => {
    const href = new URL(name, ASSETS).href
    const links = () => /** @type {HTMLLinkElement[]} */ ([...document.querySelectorAll('link[rel="stylesheet"]')])
    if (links().some((link) => link.href === href)) return null
    const link = document.createElement('link')
    link.rel = 'stylesheet'
    link.href = href
    const ours = links().find((l) => l.href.endsWith('/css/chess.css'))
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
  /**
   * @param {Element} parent
   * @param {string} name
   * @param {Record<string, unknown>} [attributes]
   */
  Svg.addElement = function (parent, name, attributes = {}) {
    if (attributes && typeof attributes.style === 'string') {
      const { style, ...rest } = attributes
      const element = addElement.call(this, parent, name, rest)
      element.style.cssText = style
      return element
    }
    return addElement.call(this, parent, name, attributes)
  }
  /** @param {string} pieceName */
  VisualMoveInput.prototype.createDraggablePiece = function (pieceName) {
    if (this.draggablePiece) throw Error('draggablePiece already exists')
    const dragged = Svg.createSvg(document.body)
    this.draggablePiece = dragged
    dragged.classList.add('cm-chessboard-draggable-piece')
    dragged.setAttribute('width', String(this.view.squareWidth))
    dragged.setAttribute('height', String(this.view.squareHeight))
    dragged.style.pointerEvents = 'none'
    Object.assign(dragged, { name: pieceName })
    const spriteUrl = this.chessboard.props.assetsCache ? '' : this.view.getSpriteUrl()
    const piece = /** @type {SVGUseElement} */ (Svg.addElement(dragged, 'use', { href: `${spriteUrl}#${pieceName}` }))
    const scaling = this.view.squareHeight / this.chessboard.props.style.pieces.tileSize
    const transformScale = dragged.createSVGTransform()
    transformScale.setScale(scaling, scaling)
    piece.transform.baseVal.appendItem(transformScale)
  }
  /**
   * @param {number} x
   * @param {number} y
   */
  VisualMoveInput.prototype.moveDraggablePiece = function (x, y) {
    const dragged = this.draggablePiece
    if (!dragged) return
    const style = dragged.style
    style.pointerEvents = 'none'
    style.position = 'absolute'
    style.left = `${x - this.view.squareHeight / 2}px`
    style.top = `${y - this.view.squareHeight / 2}px`
  }
}

/** True when the player asked the system for less motion. */
export function prefersReducedMotion() {
  return typeof globalThis.matchMedia === 'function' ? matchMedia('(prefers-reduced-motion: reduce)').matches : false
}

/**
 * The board a player moves on, drawn in `el` the site's way: `fen` with `orientation`'s side at the
 * bottom, coordinates and the markers (a frame where a piece is held); moves land at once with
 * reduced motion. The promotion chooser is added when first needed (promotion.js).
 * @param {HTMLElement} el
 * @param {{ fen: string, orientation: Color, reduced: boolean }} options
 */
export function playBoard(el, { fen, orientation, reduced }) {
  patchForCsp()
  el.replaceChildren()
  return new Chessboard(el, {
    position: fen,
    orientation: orientation === 'w' ? COLOR.white : COLOR.black,
    assetsUrl: ASSETS,
    style: {
      cssClass: 'paper',
      showCoordinates: true,
      borderType: BORDER_TYPE.none,
      pieces: { file: 'pieces/standard.svg' },
      animationDuration: reduced ? 0 : ANIMATION_MS,
    },
    extensions: [
      { class: Markers, props: { autoMarkers: MARKER_TYPE.frame } },
    ],
  })
}

/**
 * A still picture of a position (the home page's diagram): no input, no
 * coordinates, hidden from assistive tech (the card says it in words).
 * Answers the cm-chessboard, so the caller can destroy() it.
 * @param {HTMLElement} el
 * @param {string} fen
 * @param {Color} orientation
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
