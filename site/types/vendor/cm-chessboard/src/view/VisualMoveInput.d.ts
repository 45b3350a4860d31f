// cm-chessboard 8.15.1's pointer input, as chess/cm_board.js patches it (its dragged piece). Never shipped.
import type { Chessboard } from '../Chessboard.js'
import type { ChessboardView } from './ChessboardView.js'

export declare class VisualMoveInput {
  view: ChessboardView
  chessboard: Chessboard
  draggablePiece: (SVGSVGElement & { name?: string }) | null
  createDraggablePiece(pieceName: string): void
  moveDraggablePiece(x: number, y: number): void
}
