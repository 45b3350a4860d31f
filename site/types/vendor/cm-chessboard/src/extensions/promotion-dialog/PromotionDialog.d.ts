// cm-chessboard 8.15.1's PromotionDialog extension, as chess/cm_board.js draws it anew. Never shipped.
import type { Chessboard } from '../../Chessboard.js'

export declare const PROMOTION_DIALOG_RESULT_TYPE: { readonly pieceSelected: 'pieceSelected', readonly canceled: 'canceled' }

export declare class PromotionDialog {
  chessboard: Chessboard
  promotionDialogGroup: SVGGElement
  state: { displayState: string, dialogParams: { square: string, color: 'w' | 'b' } }
  pieceOrder: string[]
  drawPieceButton(piece: string, point: { x: number, y: number }, index: number): void
  redrawDialog(): void
}
