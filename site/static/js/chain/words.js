/**
 * Chain in words: what a tile does, what playing it now would do, and why a
 * tile can't be played. The tile buttons' accessible names and the spoken
 * announcements come from here, so a screen reader hears what a sighted
 * player sees.
 */
import { label } from './tiles.js'
import { verdict, current, movesLeft } from './state.js'
/** @import { ChainDay, ChainRecord, Tile, TileVerdict } from '../chain_types.js' */

/**
 * A count with its noun: "1 move", "3 moves".
 * @param {number} n
 * @param {string} noun
 */
export function plural(n, noun) {
  return `${n} ${noun}${n === 1 ? '' : 's'}`
}

const ORDINALS = ['first', 'second', 'third', 'fourth', 'fifth', 'sixth', 'seventh', 'eighth', 'ninth']

/**
 * A tile as spoken: "add 54", "subtract 28", "multiply by 3", "divide by 4", "swap the digits".
 * @param {Tile} tile
 */
export function tileName(tile) {
  switch (tile.op) {
    case 'add': return `add ${tile.n}`
    case 'sub': return `subtract ${tile.n}`
    case 'mul': return `multiply by ${tile.n}`
    case 'div': return `divide by ${tile.n}`
    default: return 'swap the digits'
  }
}

/**
 * "first" for 1 … "ninth" for 9 (then "10th").
 * @param {number} n
 */
export function ordinal(n) {
  return ORDINALS[n - 1] || `${n}th`
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
  const head = `${label(tile)}, tile ${index + 1}: ${tileName(tile)}.`
  const at = rec.played.indexOf(index)
  if (at !== -1) return `${head} Played as the ${ordinal(at + 1)} move.`
  if (rec.state !== 'playing') return head
  const result = verdict(rec, index)
  if (result.ok) return `${head} ${current(rec.puzzle, rec.played)} becomes ${result.value}.`
  if (result.code === 'no_moves') return `${head} No moves left.`
  return `${head} Can't be played now: ${result.reason}.`
}

/**
 * Why tile `index` wasn't played, as shown and spoken: "÷4 can't be played on 133: 133 ÷ 4 is not a whole number."
 * @param {ChainRecord} rec
 * @param {number} index
 * @param {{ code: string, reason: string }} result the refusing verdict
 */
export function refusal(rec, index, result) {
  const tile = rec.puzzle.hand[index]
  if (!tile) return capital(result.reason) + '.'
  if (result.code === 'used' || result.code === 'no_moves' || result.code === 'finished') {
    return capital(result.reason) + '.'
  }
  return `${label(tile)} can't be played on ${current(rec.puzzle, rec.played)}: ${result.reason}.`
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
  const tail = left ? ` ${plural(left, 'move')} left.` : ''
  return `${capital(tileName(rec.puzzle.hand[index]))}: ${from} becomes ${to}.${tail}`
}

/**
 * The puzzle as one sentence: "Easy. From 79 to 160 in exactly 3 moves, with 5 tiles."
 * @param {ChainDay} puzzle
 * @param {string} levelName
 */
export function puzzleWords(puzzle, levelName) {
  return `${levelName}. From ${puzzle.start} to ${puzzle.target} in exactly ${plural(puzzle.moves, 'move')}, with ${plural(puzzle.hand.length, 'tile')}.`
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
  const did = state === 'gaveup' ? 'You gave up on this' : 'You solved this'
  let when = 'while signed out'
  if (typeof by === 'string') when = 'as another player'
  else if (madeAfter) when = 'before you made your player'
  const own = hasResult ? ` ${name} has a result of their own for this day, and that one counts.` : ''
  return `${did} ${when}, so it isn’t ${name}’s: it stays in this browser, on no board and in no streak.${own}`
}
