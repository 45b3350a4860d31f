/**
 * The grid of named squares over a board (board.js): 64 gridcells ("e4, white knight") in a
 * role="grid" that takes no pointer events, so taps and drags reach the picture while keyboard
 * focus lives here. Tab reaches the board; the arrows, Home, End, Page Up and Page Down move the
 * roving focus; Enter or Space and Escape are the board's to act on (picking up, putting down,
 * letting go).
 */
/** @import { Color, Square } from '../vendor/chess.js' */
import { squareLabel } from './words.js'
import { t } from '../lib/i18n.js'

const FILES = 'abcdefgh'

export class SquareGrid {
  /**
   * A grid over `el`, `orientation`'s side at the bottom. `select(square)`: Enter or Space there;
   * `escape()`: Escape, true when the board let go of something (the key is then the board's).
   * @param {HTMLElement} el
   * @param {Color} orientation
   * @param {{ select: (square: Square) => void, escape: () => boolean }} keys
   */
  constructor(el, orientation, keys) {
    this.orientation = orientation
    this.keys = keys
    /** @type {Square} the square the roving focus is on */
    this.focusSquare = orientation === 'w' ? 'e1' : 'e8'
    const grid = document.createElement('div')
    grid.className = 'board-grid'
    grid.setAttribute('role', 'grid')
    grid.setAttribute('aria-label', orientation === 'w' ? t('Chess board, White at the bottom') : t('Chess board, Black at the bottom'))
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
      const square = /** @type {HTMLElement} */ (event.target).dataset?.square
      if (square) this.focusSquare = /** @type {Square} */ (square)
    })
    el.append(grid)
    this.el = grid
    this.moveFocus(this.focusSquare, false)
  }

  /**
   * The square at `row`, `col` of the grid as drawn.
   * @param {number} row
   * @param {number} col
   * @returns {Square}
   */
  squareAt(row, col) {
    return /** @type {Square} */ (this.orientation === 'w' ? FILES[col] + (8 - row) : FILES[7 - col] + (row + 1))
  }

  /**
   * @param {string} square
   * @returns {HTMLElement}
   */
  cellOf(square) {
    return /** @type {HTMLElement} */ (this.el.querySelector(`[data-square="${square}"]`))
  }

  /** @param {boolean} on whether the board takes no moves now */
  set disabled(on) {
    this.el.setAttribute('aria-disabled', on ? 'true' : 'false')
  }

  /**
   * Name every square after what stands on it (`pieceAt`), the one held (picked up from the keyboard) selected.
   * @param {(square: string) => string | undefined} pieceAt
   * @param {string | null} held
   */
  refresh(pieceAt, held) {
    for (const cell of /** @type {NodeListOf<HTMLElement>} */ (this.el.querySelectorAll('[role="gridcell"]'))) {
      const square = /** @type {string} */ (cell.dataset.square)
      const label = squareLabel(square, pieceAt(square))
      if (cell.getAttribute('aria-label') !== label) cell.setAttribute('aria-label', label)
      cell.setAttribute('aria-selected', square === held ? 'true' : 'false')
    }
  }

  hasFocus() {
    return this.el.contains(document.activeElement)
  }

  /**
   * Put the roving focus on `square`; `focusIt` also moves the browser's focus there.
   * @param {Square} square
   * @param {boolean} [focusIt]
   */
  moveFocus(square, focusIt = true) {
    for (const cell of /** @type {NodeListOf<HTMLElement>} */ (this.el.querySelectorAll('[tabindex="0"]'))) cell.tabIndex = -1
    const cell = this.cellOf(square)
    cell.tabIndex = 0
    this.focusSquare = square
    if (focusIt) cell.focus()
  }

  /** Focus the board (its focus square). */
  focus() {
    this.moveFocus(this.focusSquare, true)
  }

  /** @param {KeyboardEvent} event */
  onKey(event) {
    if (event.altKey || event.ctrlKey || event.metaKey) return
    const cell = /** @type {HTMLElement} */ (event.target).closest('[role="gridcell"]')
    if (!(cell instanceof HTMLElement)) return
    const square = /** @type {Square} */ (cell.dataset.square)
    let row = 0
    let col = 0
    for (let r = 0; r < 8; r++) {
      for (let c = 0; c < 8; c++) {
        if (this.squareAt(r, c) === square) { row = r; col = c }
      }
    }
    /**
     * @param {number} r
     * @param {number} c
     */
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
        return this.keys.select(square)
      case 'Escape':
        if (this.keys.escape()) {
          event.preventDefault()
          event.stopPropagation()
        }
        return undefined
      default:
        return undefined
    }
  }
}
