// cm-chessboard 8.15.1's Markers extension, as chess/board.js uses it. Never shipped.

/** A kind of marker: its CSS class and the slice of the markers' sprite it draws. */
export interface MarkerType {
  class: string
  slice: string
  position?: string
}

export declare const MARKER_TYPE: {
  readonly frame: MarkerType
  readonly dot: MarkerType
  readonly bevel: MarkerType
  readonly [name: string]: MarkerType
}

export declare class Markers {}
