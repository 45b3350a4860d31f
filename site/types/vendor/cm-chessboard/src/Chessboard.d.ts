// cm-chessboard 8.15.1 has no types: what chess/board.js and chess/cm_board.js use of its board,
// written from its source (node_modules/cm-chessboard/src/Chessboard.js, with the methods its
// Markers and PromotionDialog extensions add to it). Never shipped.
import type { ChessboardView } from './view/ChessboardView.js'
import type { MarkerType } from './extensions/markers/Markers.js'

export { COLOR, INPUT_EVENT_TYPE, BORDER_TYPE } from './view/ChessboardView.js'

/** The pieces' names in the sprite: colour then type ('wn'). */
export declare const PIECE: Readonly<Record<string, string>>

/** What the board's move input tells its handler. */
export interface MoveInputEvent {
  type: string
  squareFrom: string
  squareTo: string
}

/** What the promotion chooser answers. */
export interface PromotionResult {
  type: string
  piece: string
}

export interface ChessboardProps {
  position?: string
  orientation?: 'w' | 'b'
  assetsUrl?: string
  assetsCache?: boolean
  style?: {
    cssClass?: string
    showCoordinates?: boolean
    borderType?: string
    pieces?: { file?: string, tileSize?: number }
    animationDuration?: number
  }
  extensions?: { class: unknown, props?: object }[]
}

export declare class Chessboard {
  constructor(context: HTMLElement, props?: ChessboardProps)
  props: Required<ChessboardProps> & { style: { pieces: { tileSize: number } } }
  view: ChessboardView
  setPosition(fen: string, animated?: boolean): Promise<void>
  movePiece(squareFrom: string, squareTo: string, animated?: boolean): Promise<void>
  getPosition(): string
  getPiece(square: string): string | undefined
  getOrientation(): 'w' | 'b'
  enableMoveInput(handler: (event: MoveInputEvent) => boolean | undefined, color?: 'w' | 'b'): void
  disableMoveInput(): void
  cancelMoveInput(): void
  isMoveInputEnabled(): boolean
  destroy(): void
  /** The extensions the board has, in the order added. */
  extensions: object[]
  /** Adds an extension to a board already drawn (promotion.js adds the chooser when first needed). */
  addExtension(extension: new (board: Chessboard, props: object) => object, props?: object): void
  /** The Markers extension's. */
  addMarker(type: MarkerType, square: string): void
  removeMarkers(type?: MarkerType, square?: string): void
  /** The PromotionDialog extension's. */
  showPromotionDialog(square: string, color: 'w' | 'b', callback: (result: PromotionResult | null) => void): void
}
