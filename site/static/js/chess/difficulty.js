/**
 * Your difficulty: puzzlebook/chess/difficulty.py's rule in the browser, bound to it by
 * tests/vectors/difficulty.json. The target is the player's rating moved by the step, inside
 * the bundle; puzzles come from ±100 around it, then ±200, ±400, ±800, then anywhere.
 */
import { BANDS } from '../games.js'

export const DIFFICULTIES = { easiest: -600, easier: -300, normal: 0, harder: 300, hardest: 600 }
export const DIFFICULTY_NAMES = Object.keys(DIFFICULTIES)
export const DEFAULT_DIFFICULTY = 'normal'
export const START_RATING = 1500
export const HALF_WIDTHS = [100, 200, 400, 800]
export const LOWEST = Math.min(...BANDS.map((b) => b.low))
export const HIGHEST = Math.max(...BANDS.map((b) => b.high))

export function isDifficulty(name) {
  return Object.prototype.hasOwnProperty.call(DIFFICULTIES, name)
}

/** The rating to draw around: `rating` moved by the step, kept inside the bundle. */
export function target(rating, difficulty) {
  if (!isDifficulty(difficulty)) throw new Error(`${difficulty}: the difficulty must be one of ${DIFFICULTY_NAMES.join(', ')}.`)
  return Math.max(LOWEST, Math.min(HIGHEST, Math.floor(rating + 0.5) + DIFFICULTIES[difficulty]))
}

/** The windows [low, high] (inclusive) tried in turn around `centre`; the last is the whole bundle. */
export function windows(centre) {
  const found = []
  for (const half of HALF_WIDTHS) {
    const w = [Math.max(LOWEST, centre - half), Math.min(HIGHEST, centre + half)]
    const last = found[found.length - 1]
    if (!last || last[0] !== w[0] || last[1] !== w[1]) found.push(w)
  }
  const last = found[found.length - 1]
  if (last[0] !== LOWEST || last[1] !== HIGHEST) found.push([LOWEST, HIGHEST])
  return found
}

/** The bands holding any rating in low..high, in band order. */
export function bandsFor(low, high) {
  return BANDS.filter((b) => b.low <= high && low <= b.high).map((b) => b.name)
}

/** The first window holding candidates ([id, rating]) not in `skip`, and their ids in order. */
export function eligible(candidates, centre, skip) {
  for (const [low, high] of windows(centre)) {
    const ids = candidates.filter(([id, r]) => r >= low && r <= high && !skip.has(id)).map(([id]) => id)
    if (ids.length) return { window: [low, high], ids }
  }
  return { window: null, ids: [] }
}
