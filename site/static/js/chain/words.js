/**
 * Chain in words: what a tile does, what playing it now would do, and why a
 * tile can't be played. The tile buttons' accessible names and the spoken
 * announcements come from here, so a screen reader hears what a sighted
 * player sees.
 */
import { label } from './tiles.js'
import { verdict, current, movesLeft } from './state.js'
import { t, tn } from '../lib/i18n.js'
/** @import { ChainDay, ChainRecord, Tile, TileVerdict } from '../chain_types.js' */

/**
 * A count of moves: "1 move", "3 moves".
 * @param {number} n
 */
export function movesWords(n) {
  return tn('{n} move', '{n} moves', n)
}

/**
 * A count of tiles: "1 tile", "5 tiles".
 * @param {number} n
 */
export function tilesWords(n) {
  return tn('{n} tile', '{n} tiles', n)
}

/**
 * A tile as spoken: "add 54", "subtract 28", "multiply by 3", "divide by 4", "swap the digits".
 * @param {Tile} tile
 */
export function tileName(tile) {
  switch (tile.op) {
    case 'add': return t('add {n}', { n: tile.n })
    case 'sub': return t('subtract {n}', { n: tile.n })
    case 'mul': return t('multiply by {n}', { n: tile.n })
    case 'div': return t('divide by {n}', { n: tile.n })
    default: return t('swap the digits')
  }
}

/**
 * "Played as the first move." for 1 … "Played as the ninth move." for 9 (a hand has at most nine
 * tiles), each a sentence of its own: an ordinal takes its noun's gender in many languages.
 * @param {number} n
 */
function playedAs(n) {
  const said = [
    t('Played as the first move.'), t('Played as the second move.'), t('Played as the third move.'),
    t('Played as the fourth move.'), t('Played as the fifth move.'), t('Played as the sixth move.'),
    t('Played as the seventh move.'), t('Played as the eighth move.'), t('Played as the ninth move.'),
  ]
  return said[n - 1] || t('Played as move {n}.', { n })
}

/**
 * Why a tile can't be played, in a player's words, from its verdict's code (state.js's and
 * tiles.js's codes): tiles.js's own reason is the rule's English, shared with the server's tests.
 * @param {ChainRecord} rec
 * @param {number} index
 * @param {{ code: string, reason: string }} result
 */
export function reasonWords(rec, index, result) {
  const tile = rec.puzzle.hand[index]
  const value = current(rec.puzzle, rec.played)
  const sum = tile && tile.op !== 'swap' ? sumWords(value, tile) : ''
  switch (result.code) {
    case 'finished': return t('this Chain is over')
    case 'used': return t('{tile} was played as move {n}; each tile plays once', { tile: tile ? face(tile) : '', n: rec.played.indexOf(index) + 1 })
    case 'no_moves': return tn('all {n} move is played; undo or reset to try another way', 'all {n} moves are played; undo or reset to try another way', rec.puzzle.moves)
    case 'too_large': return t('{sum} is above {high}', { sum, high: 9999 })
    case 'too_small': return t('{sum} is below {low}', { sum, low: 1 })
    case 'inexact_divide': return t('{sum} is not a whole number', { sum })
    case 'swap_drops_digit': return t('{value} ends in 0, so swapping its digits would drop one', { value })
    case 'swap_unchanged': return t('swapping the digits of {value} leaves it unchanged', { value })
    default: return result.reason
  }
}

/**
 * A sum as a page writes it, `value` and a tile other than the swap: "48 × 3". Numbers and signs only,
 * the same in every language (the walkthrough's steps, a tile's reason).
 * @param {number} value
 * @param {Exclude<Tile, { op: 'swap' }>} tile
 */
export function sumWords(value, tile) {
  return `${value} ${label(tile).slice(0, 1)} ${tile.n}`
}

/**
 * A tile's face in the page's language: +54, −28, ×3, ÷4, or the swap tile's word.
 * @param {Tile} tile
 */
export function face(tile) {
  return tile.op === 'swap' ? t('swap') : label(tile)
}

/**
 * The text with its first letter capitalised.
 * @param {string} text
 */
export function capital(text) {
  return text ? text[0].toUpperCase() + text.slice(1) : text
}

/**
 * The accessible name of tile `index` in `rec`'s hand: the face a player
 * sees (so voice control can say it), its number, what it is and what it
 * would do now, e.g. "+54, tile 2: add 54. 79 becomes 133.",
 * "÷4, tile 3: divide by 4. Can't be played now: 133 ÷ 4 is not a whole number.",
 * "−28, tile 1: subtract 28. Played as the first move."
 * @param {ChainRecord} rec
 * @param {number} index
 */
export function tileLabel(rec, index) {
  const tile = rec.puzzle.hand[index]
  const head = t('{face}, tile {n}: {name}.', { face: face(tile), n: index + 1, name: tileName(tile) })
  const at = rec.played.indexOf(index)
  if (at !== -1) return `${head} ${playedAs(at + 1)}`
  if (rec.state !== 'playing') return head
  const result = verdict(rec, index)
  if (result.ok) return head + ' ' + t('{from} becomes {to}.', { from: current(rec.puzzle, rec.played), to: result.value })
  if (result.code === 'no_moves') return head + ' ' + t('No moves left.')
  return head + ' ' + t('Can\'t be played now: {reason}.', { reason: reasonWords(rec, index, result) })
}

/**
 * Why tile `index` wasn't played, as shown and spoken: "÷4 can't be played on 133: 133 ÷ 4 is not a whole number."
 * @param {ChainRecord} rec
 * @param {number} index
 * @param {{ code: string, reason: string }} result the refusing verdict
 */
export function refusal(rec, index, result) {
  const tile = rec.puzzle.hand[index]
  const reason = reasonWords(rec, index, result)
  if (!tile || result.code === 'used' || result.code === 'no_moves' || result.code === 'finished') {
    return capital(reason) + '.'
  }
  return t('{tile} can\'t be played on {value}: {reason}.', { tile: face(tile), value: current(rec.puzzle, rec.played), reason })
}

/**
 * What a played move sounds like: "Add 54: 79 becomes 133. 2 moves left."
 * @param {ChainRecord} rec
 * @param {number} index
 * @param {number} from
 * @param {number} to
 */
export function moveWords(rec, index, from, to) {
  const left = movesLeft(rec.puzzle, rec.played)
  const tail = left ? ` ${movesLeftWords(left)}` : ''
  return capital(tileName(rec.puzzle.hand[index])) + ': ' + t('{from} becomes {to}.', { from, to }) + tail
}

/**
 * The puzzle as one sentence: "Easy. From 79 to 160 in exactly 3 moves, with 5 tiles."
 * @param {ChainDay} puzzle
 * @param {string} levelName
 */
export function puzzleWords(puzzle, levelName) {
  return `${levelName}. ${fromToWords(puzzle)}`
}

/**
 * "From 79 to 160 in exactly 3 moves, with 5 tiles."
 * @param {ChainDay} puzzle
 */
export function fromToWords(puzzle) {
  return tn('From {start} to {target} in exactly {n} move, with {tiles}.', 'From {start} to {target} in exactly {n} moves, with {tiles}.',
    puzzle.moves, { start: puzzle.start, target: puzzle.target, tiles: tilesWords(puzzle.hand.length) })
}

/**
 * "2 moves left."
 * @param {number} n
 */
export function movesLeftWords(n) {
  return tn('{n} move left.', '{n} moves left.', n)
}

/**
 * Why a go isn't the signed-in player's, said plainly (the result sheet's note):
 *   "You solved this before you made your player, so it isn’t Ada’s: it stays in
 *    this browser, on no board and in no streak."
 * go: { state, by } of the record; name: the player's; madeAfter: the player was
 * made after the go ended; hasResult: the player has their own result for the day.
 * @param {Pick<ChainRecord, 'state' | 'by'>} go
 * @param {string} name
 * @param {{ madeAfter?: boolean, hasResult?: boolean }} [options]
 */
export function notTheirsWords({ state, by }, name, { madeAfter = false, hasResult = false } = {}) {
  const gaveUp = state === 'gaveup'
  let said
  if (typeof by === 'string') {
    said = gaveUp
      ? t('You gave up on this as another player, so it isn’t {name}’s: it stays in this browser, on no board and in no streak.', { name })
      : t('You solved this as another player, so it isn’t {name}’s: it stays in this browser, on no board and in no streak.', { name })
  } else if (madeAfter) {
    said = gaveUp
      ? t('You gave up on this before you made your player, so it isn’t {name}’s: it stays in this browser, on no board and in no streak.', { name })
      : t('You solved this before you made your player, so it isn’t {name}’s: it stays in this browser, on no board and in no streak.', { name })
  } else {
    said = gaveUp
      ? t('You gave up on this while signed out, so it isn’t {name}’s: it stays in this browser, on no board and in no streak.', { name })
      : t('You solved this while signed out, so it isn’t {name}’s: it stays in this browser, on no board and in no streak.', { name })
  }
  const own = hasResult ? ' ' + t('{name} has a result of their own for this day, and that one counts.', { name }) : ''
  return said + own
}
