// cm-chessboard 8.15.1 has no types: what chess/board.js and chess/cm_board.js use of its view,
// written from its source (node_modules/cm-chessboard/src/view/ChessboardView.js). Never shipped.
import type { Chessboard } from '../Chessboard.js'

export declare const COLOR: { readonly white: 'w', readonly black: 'b' }
export declare const INPUT_EVENT_TYPE: {
  readonly moveInputStarted: 'moveInputStarted'
  readonly movingOverSquare: 'movingOverSquare'
  readonly validateMoveInput: 'validateMoveInput'
  readonly moveInputCanceled: 'moveInputCanceled'
  readonly moveInputFinished: 'moveInputFinished'
}
export declare const BORDER_TYPE: { readonly none: 'none', readonly thin: 'thin', readonly frame: 'frame' }

/** The board's SVG and its groups, and where a square is drawn. */
export declare class ChessboardView {
  chessboard: Chessboard
  svg: SVGSVGElement
  coordinatesGroup: SVGGElement
  piecesLayer: SVGGElement
  piecesGroup: SVGGElement
  squareWidth: number
  squareHeight: number
  /** The top left of `square`'s drawing. */
  squareToPoint(square: string): { x: number, y: number }
  getSpriteUrl(): string
  /** Fetch a sprite into the page's hidden cache of sprites, under `wrapperId`. */
  cacheSpriteToDiv(wrapperId: string, url: string): void
}
