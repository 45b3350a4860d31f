/**
 * Chess in words, for the aria-live region and the board's named squares.
 *
 * moveWords(move): "Knight takes pawn on e5, check", from a chess.js move
 * (verbose: color, from, to, piece, captured, promotion, flags, san).
 * squareLabel(square, piece): "e4, white knight" or "e4, empty".
 */
/** @import { Piece } from '../vendor/chess.js' */
import { t, tn } from '../lib/i18n.js'
import { freezesWords } from '../lib/dates.js'

// English composes its words from these names; another language, whose words agree in gender and
// case, says each whole phrase (a piece taken, a promotion, a piece of a colour) as one message, in
// code that only its bundles keep (lib/i18n.js, PAGE_LANG, tested where it is used: esbuild folds
// the test there, not through a constant): English's bundles carry none of it.

/** @type {Record<string, string>} a piece's name, as said alone ("the knight on f3") */
export const PIECE_NAMES = { p: t('pawn'), n: t('knight'), b: t('bishop'), r: t('rook'), q: t('queen'), k: t('king') }
/** @type {Record<string, string>} a side's name ("white", "black") */
export const COLOR_NAMES = { w: t('white'), b: t('black') }

/**
 * A band's name ("Medium") in the page's language: English's is the band's own.
 * @param {string} band
 */
export function bandName(band) {
  if (typeof PAGE_LANG !== 'string' || PAGE_LANG === 'en') return band
  /** @type {Record<string, string>} */
  const names = { Beginner: t('Beginner'), Easy: t('Easy'), Medium: t('Medium'), Hard: t('Hard'), Expert: t('Expert') }
  return names[band] ?? band
}

/**
 * "12 days · 1 freeze used": a daily streak's length and the freezes it used. English's plural is
 * written out, so the plural rules (tn) stay out of its bundles.
 * @param {{ length: number, freezesUsed: number }} run
 */
export function streakDays({ length, freezesUsed }) {
  if (typeof PAGE_LANG === 'string' && PAGE_LANG !== 'en') {
    if (!freezesUsed) return tn('{n} day', '{n} days', length)
    const freezes = freezesWords(freezesUsed)
    return tn('{n} day · {freezes}', '{n} days · {freezes}', length, { freezes })
  }
  return `${length} ${length === 1 ? 'day' : 'days'}${freezesUsed ? ' · ' + freezesWords(freezesUsed) : ''}`
}

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
    words = t('Castles kingside')
  } else if (flags.includes('q')) {
    words = t('Castles queenside')
  } else {
    const piece = capital(PIECE_NAMES[move.piece])
    if (typeof PAGE_LANG === 'string' && PAGE_LANG !== 'en' && move.captured) {
      words = takes(move.captured, piece, move.to)
    } else if (move.captured) {
      words = `${piece} takes ${PIECE_NAMES[move.captured]} on ${move.to}`
    } else {
      words = typeof PAGE_LANG === 'string' && PAGE_LANG !== 'en'
        ? t('{piece} to {square}', { piece, square: move.to })
        : `${piece} to ${move.to}`
    }
    if (flags.includes('e')) words += ', ' + t('en passant')
    if (typeof PAGE_LANG === 'string' && PAGE_LANG !== 'en' && move.promotion) words += ', ' + promotes(move.promotion)
    else if (move.promotion) words += `, promotes to ${PIECE_NAMES[move.promotion]}`
  }
  const san = move.san || ''
  if (san.endsWith('#')) words += ', ' + t('checkmate')
  else if (san.endsWith('+')) words += ', ' + t('check')
  return words
}

/**
 * "Knight takes pawn on e5" in another language than English, the piece taken said as the
 * sentence needs it.
 * @param {string} taken
 * @param {string} piece
 * @param {string} square
 */
function takes(taken, piece, square) {
  const values = { piece, square }
  if (taken === 'n') return t('{piece} takes knight on {square}', values)
  if (taken === 'b') return t('{piece} takes bishop on {square}', values)
  if (taken === 'r') return t('{piece} takes rook on {square}', values)
  if (taken === 'q') return t('{piece} takes queen on {square}', values)
  return t('{piece} takes pawn on {square}', values)
}

/**
 * "promotes to queen" in another language than English.
 * @param {string} to
 */
function promotes(to) {
  if (to === 'n') return t('promotes to knight')
  if (to === 'b') return t('promotes to bishop')
  if (to === 'r') return t('promotes to rook')
  return t('promotes to queen')
}

/**
 * "white knight": a piece of a colour, in another language than English.
 * @param {string} code the colour and the piece, "wn"
 */
function coloured(code) {
  /** @type {Record<string, string>} */
  const names = {
    wp: t('white pawn'), wn: t('white knight'), wb: t('white bishop'), wr: t('white rook'), wq: t('white queen'), wk: t('white king'),
    bp: t('black pawn'), bn: t('black knight'), bb: t('black bishop'), br: t('black rook'), bq: t('black queen'), bk: t('black king'),
  }
  return names[code]
}

/**
 * The accessible name of a square: "e4, white knight" / "e4, empty".
 * `piece` is cm-chessboard's code ("wn") or chess.js's {type, color}, or empty.
 * @param {string} square
 * @param {string | Piece | null | undefined} piece a piece ("wn") or chess.js's
 */
export function squareLabel(square, piece) {
  if (!piece) return square + ', ' + t('empty')
  const color = typeof piece === 'string' ? piece[0] : piece.color
  const type = typeof piece === 'string' ? piece[1] : piece.type
  if (typeof PAGE_LANG === 'string' && PAGE_LANG !== 'en') return `${square}, ${coloured(color + type)}`
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
  if (typeof PAGE_LANG === 'string' && PAGE_LANG !== 'en') return t('the {piece} on {square}', { piece: PIECE_NAMES[piece.type], square })
  return `the ${PIECE_NAMES[piece.type]} on ${square}`
}

/**
 * The sheet's rating line: "Your rating: 1623 (+5).", and while the rating is
 * provisional, that it is and why it still moves a lot (docs/ratings.md).
 * @param {{ before: number, after: number, provisional?: boolean, rd?: number }} change
 */
export function ratingWords(change) {
  const diff = Math.round(change.after) - Math.round(change.before)
  const rating = `${Math.round(change.after)} (${diff >= 0 ? '+' : '−'}${Math.abs(diff)})` // a rating, never grouped (1605)
  if (!change.provisional) return t('Your rating: {rating}.', { rating })
  const rd = Number.isFinite(change.rd) ? ` (± ${Math.round(/** @type {number} */ (change.rd))})` : ''
  return t('Your rating: {rating}, provisional{rd}: a new rating moves a lot until a few dozen rated puzzles have placed it.', { rating, rd })
}
