/**
 * Your difficulty: puzzlebook/chess/difficulty.py's rule in the browser, bound to it by
 * tests/vectors/difficulty.json. The target is the player's rating moved by the step, inside
 * the bundle; puzzles come from ±100 around it, then ±200, ±400, ±800, then anywhere.
 */
import { BANDS } from '../games.js'
import { t } from '../lib/i18n.js'
/** @import { Difficulty, Span } from '../chess_types.js' */

/** @type {Record<Difficulty, number>} */
export const DIFFICULTIES = { easiest: -600, easier: -300, normal: 0, harder: 300, hardest: 600 }
export const DIFFICULTY_NAMES = /** @type {Difficulty[]} */ (Object.keys(DIFFICULTIES))
export const DEFAULT_DIFFICULTY = 'normal'
export const START_RATING = 1500
export const HALF_WIDTHS = [100, 200, 400, 800]
export const LOWEST = Math.min(...BANDS.map((b) => b.low))
export const HIGHEST = Math.max(...BANDS.map((b) => b.high))

/**
 * A difficulty's name ("harder") in the page's language: English's is its own.
 * @param {string} step
 */
export function difficultyName(step) {
  if (typeof PAGE_LANG !== 'string' || PAGE_LANG === 'en') return step
  /** @type {Record<string, string>} */
  const names = { easiest: t('easiest'), easier: t('easier'), normal: t('normal'), harder: t('harder'), hardest: t('hardest') }
  return names[step] ?? step
}

/**
 * @param {unknown} name
 * @returns {name is Difficulty}
 */
export function isDifficulty(name) {
  return Object.prototype.hasOwnProperty.call(DIFFICULTIES, /** @type {PropertyKey} */ (name))
}

/**
 * The rating to draw around: `rating` moved by the step, kept inside the bundle.
 * @param {number} rating
 * @param {string} difficulty
 */
export function target(rating, difficulty) {
  if (!isDifficulty(difficulty)) throw new Error(`${difficulty}: the difficulty must be one of ${DIFFICULTY_NAMES.join(', ')}.`)
  return Math.max(LOWEST, Math.min(HIGHEST, Math.floor(rating + 0.5) + DIFFICULTIES[difficulty]))
}

/**
 * The windows [low, high] (inclusive) tried in turn around `centre`; the last is the whole bundle.
 * @param {number} centre
 * @returns {Span[]}
 */
export function windows(centre) {
  /** @type {Span[]} */
  const found = []
  for (const half of HALF_WIDTHS) {
    /** @type {Span} */
    const w = [Math.max(LOWEST, centre - half), Math.min(HIGHEST, centre + half)]
    const last = found[found.length - 1]
    if (!last || last[0] !== w[0] || last[1] !== w[1]) found.push(w)
  }
  const last = found[found.length - 1]
  if (last[0] !== LOWEST || last[1] !== HIGHEST) found.push([LOWEST, HIGHEST])
  return found
}

/**
 * The bands holding any rating in low..high, in band order.
 * @param {number} low
 * @param {number} high
 */
export function bandsFor(low, high) {
  return BANDS.filter((b) => b.low <= high && low <= b.high).map((b) => b.name)
}

/**
 * The first window holding candidates ([id, rating]) not in `skip`, and their ids in order.
 * @param {readonly [id: string, rating: number][]} candidates
 * @param {number} centre
 * @param {ReadonlySet<string>} skip
 * @returns {{ window: Span | null, ids: string[] }}
 */
export function eligible(candidates, centre, skip) {
  for (const [low, high] of windows(centre)) {
    const ids = candidates.filter(([id, r]) => r >= low && r <= high && !skip.has(id)).map(([id]) => id)
    if (ids.length) return { window: [low, high], ids }
  }
  return { window: null, ids: [] }
}
