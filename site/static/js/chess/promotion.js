/**
 * The promotion chooser, loaded the first time a pawn reaches its last rank: cm-chessboard's
 * PromotionDialog is a fifth of the board's code, and most puzzles never promote, so a board is
 * drawn without it (cm_board.js, playBoard) and this module adds it to the board when asked.
 */
/** @import { Chessboard } from '../vendor/cm-chessboard/src/Chessboard.js' */
import { COLOR, PIECE } from '../vendor/cm-chessboard/src/Chessboard.js'
import { PromotionDialog, PROMOTION_DIALOG_RESULT_TYPE } from '../vendor/cm-chessboard/src/extensions/promotion-dialog/PromotionDialog.js'
import { Svg } from '../vendor/cm-chessboard/src/lib/Svg.js'
import { list, t } from '../lib/i18n.js'

/** What the chooser answers when the player took a piece (not when they cancelled). */
export const PIECE_SELECTED = PROMOTION_DIALOG_RESULT_TYPE.pieceSelected

/**
 * cm-chessboard's promotion chooser, drawn exactly over the promotion square:
 * its own column starts at the square's centre, half a square aside (covering
 * the next file) and half a square down. Here the queen stands on the square
 * itself and the rook, bishop and knight on the three squares toward the
 * middle of the board (seed 000, "Moving"). Only the drawing differs; the
 * keys and clicks are cm-chessboard's.
 */
class SquarePromotionDialog extends PromotionDialog {
  /**
   * cm-chessboard speaks English and German only, from its own `t`: in the other languages the
   * chooser's label and the pieces' names (each button's aria-label, what a key announces) are the
   * page's, given here rather than by patching the library.
   * @param {Chessboard} chessboard
   * @param {{ language?: string }} props
   */
  constructor(chessboard, props) {
    super(chessboard, props)
    if (typeof PAGE_LANG === 'string' && PAGE_LANG !== 'en') {
      this.t = {
        ...this.t,
        choosePromotion: t('Choose promotion piece'),
        pieces: { q: t('Queen'), r: t('Rook'), b: t('Bishop'), n: t('Knight') },
      }
      this.promotionDialogGroup.setAttribute('aria-label', this.t.choosePromotion)
    }
  }

  /**
   * What the chooser announces; its opening ("Choose promotion piece: Queen, Rook, Bishop, Knight",
   * the library's words and commas) is one sentence with the pieces as the language lists them.
   * @param {string} text
   */
  announce(text) {
    if (typeof PAGE_LANG === 'string' && PAGE_LANG !== 'en') {
      const pieces = this.pieceOrder.map((p) => this.t.pieces[/** @type {'q' | 'r' | 'b' | 'n'} */ (p)])
      if (text === this.t.choosePromotion + ': ' + pieces.join(', ')) text = t('Choose promotion piece: {pieces}', { pieces: list(pieces) })
    }
    super.announce(text)
  }

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

/**
 * `board` with the chooser: added once, the first time (cm-chessboard's `addExtension`).
 * @param {Chessboard} board
 */
export function withPromotion(board) {
  if (!board.extensions.some((extension) => extension instanceof SquarePromotionDialog)) {
    board.addExtension(SquarePromotionDialog, { language: 'en' })
  }
  return board
}
