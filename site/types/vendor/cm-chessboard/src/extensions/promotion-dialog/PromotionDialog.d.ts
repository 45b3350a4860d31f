// cm-chessboard 8.15.1's PromotionDialog extension, as chess/cm_board.js draws it anew. Never shipped.
import type { Chessboard } from '../../Chessboard.js'

export declare const PROMOTION_DIALOG_RESULT_TYPE: { readonly pieceSelected: 'pieceSelected', readonly canceled: 'canceled' }

export declare class PromotionDialog {
  constructor(chessboard: Chessboard, props?: { language?: string })
  chessboard: Chessboard
  /** The chooser's words: its label and the pieces' names (the library has English's and German's). */
  t: { choosePromotion: string, promotionDialogTitle: string, pieces: { q: string, r: string, b: string, n: string }, promoteTo: string }
  /** Says `text` in the chooser's live region. */
  announce(text: string): void
  promotionDialogGroup: SVGGElement
  state: { displayState: string, dialogParams: { square: string, color: 'w' | 'b' } }
  pieceOrder: string[]
  drawPieceButton(piece: string, point: { x: number, y: number }, index: number): void
  redrawDialog(): void
}
