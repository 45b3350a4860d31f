// cm-chessboard 8.15.1's SVG helpers, as chess/cm_board.js patches them. Never shipped.
export declare class Svg {
  static createSvg(container?: Element): SVGSVGElement
  static addElement(parent: Element, name: string, attributes?: Record<string, unknown>): SVGElement
}
