/**
 * Chess in words, for the aria-live region and the board's named squares.
 *
 * moveWords(move): "Knight takes pawn on e5, check", from a chess.js move
 * (verbose: color, from, to, piece, captured, promotion, flags, san).
 * squareLabel(square, piece): "e4, white knight" or "e4, empty".
 */
/** @import { Piece } from '../vendor/chess.js' */

/** @type {Record<string, string>} */
export const PIECE_NAMES = { p: 'pawn', n: 'knight', b: 'bishop', r: 'rook', q: 'queen', k: 'king' }
/** @type {Record<string, string>} */
export const COLOR_NAMES = { w: 'white', b: 'black' }

/** @param {string} text */
function capital(text) {
  return text.charAt(0).toUpperCase() + text.slice(1)
}

/**
 * "Knight takes pawn on e5, check"; "Castles kingside"; "Pawn to e8, promotes to queen, checkmate".
 * @param {Pick<import('../vendor/chess.js').Move, 'piece' | 'to'> & { flags?: string, captured?: string, promotion?: string, san?: string }} move
 */
export function moveWords(move) {
  const flags = move.flags || ''
  let words
  if (flags.includes('k')) {
    words = 'Castles kingside'
  } else if (flags.includes('q')) {
    words = 'Castles queenside'
  } else {
    const piece = capital(PIECE_NAMES[move.piece])
    if (move.captured) {
      words = `${piece} takes ${PIECE_NAMES[move.captured]} on ${move.to}`
      if (flags.includes('e')) words += ', en passant'
    } else {
      words = `${piece} to ${move.to}`
    }
    if (move.promotion) words += `, promotes to ${PIECE_NAMES[move.promotion]}`
  }
  const san = move.san || ''
  if (san.endsWith('#')) words += ', checkmate'
  else if (san.endsWith('+')) words += ', check'
  return words
}

/**
 * The accessible name of a square: "e4, white knight" / "e4, empty".
 * `piece` is cm-chessboard's code ("wn") or chess.js's {type, color}, or empty.
 * @param {string} square
 * @param {string | Piece | null | undefined} piece a piece ("wn") or chess.js's
 */
export function squareLabel(square, piece) {
  if (!piece) return `${square}, empty`
  const color = typeof piece === 'string' ? piece[0] : piece.color
  const type = typeof piece === 'string' ? piece[1] : piece.type
  return `${square}, ${COLOR_NAMES[color]} ${PIECE_NAMES[type]}`
}

/**
 * "the knight on f3" for a hint: `piece` is chess.js's on `square` (the line's next move starts
 * from one; none there is a bug).
 * @param {string} square
 * @param {Piece | undefined} piece
 */
export function pieceOn(square, piece) {
  if (!piece) throw new Error(`no piece on ${square} to name`)
  return `the ${PIECE_NAMES[piece.type]} on ${square}`
}

/**
 * The sheet's rating line: "Your rating: 1623 (+5).", and while the rating is
 * provisional, that it is and why it still moves a lot (docs/ratings.md).
 * @param {{ before: number, after: number, provisional?: boolean, rd?: number }} change
 */
export function ratingWords(change) {
  const diff = Math.round(change.after) - Math.round(change.before)
  const line = `Your rating: ${Math.round(change.after)} (${diff >= 0 ? '+' : '−'}${Math.abs(diff)})`
  if (!change.provisional) return `${line}.`
  const rd = Number.isFinite(change.rd) ? ` (± ${Math.round(/** @type {number} */ (change.rd))})` : ''
  return `${line}, provisional${rd}: a new rating moves a lot until a few dozen rated puzzles have placed it.`
}
