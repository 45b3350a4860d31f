/**
 * When a puzzle in review comes back: FSRS (ts-fsrs, the same scheduler as the server's `fsrs`:
 * puzzlebook/review/schedule.py) over the puzzle's results, one a day, in whole days. A miss is
 * FSRS's Again, solved with hints (no wrong move) its Hard; a clean solve graduates the puzzle. No learning steps
 * (minutes) and no fuzz: the same day in every browser and on the server (tests/vectors/review.json).
 */
import { fsrs, generatorParameters, Rating } from '../vendor/ts-fsrs.js'
import { addDays } from '../lib/dates.js'
import { MISS, HELP, CLEAN, keyOf } from './queue.js'
/** @import { FSRSState } from '../vendor/ts-fsrs.js' */
/** @import { Card, Grade, Queue, ReviewResult } from '../review_types.js' */

/** @type {Record<Exclude<Grade, 'clean'>, number>} */
const RATINGS = { [MISS]: Rating.Again, [HELP]: Rating.Hard }

// Short-term on as in the server's fsrs, whose forgetting bound always has it (a miss can't raise stability
// above S·e^(-w17·w18)); no two results share a day, so its same-day rule never applies.
const SCHEDULER = fsrs(generatorParameters({ enable_fuzz: false, enable_short_term: true }))

/**
 * @param {string} a
 * @param {string} b
 */
function daysBetween(a, b) {
  return Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / 86400000)
}

/**
 * FSRS's {stability, difficulty} after `results` ([[day, grade]], sorted, one a day, no clean), or null.
 * @param {readonly ReviewResult[]} results
 * @returns {FSRSState | null}
 */
export function memory(results) {
  /** @type {FSRSState | null} */
  let state = null
  /** @type {string | null} */
  let last = null
  for (const [day, grade] of results) {
    state = SCHEDULER.next_state(state, last ? daysBetween(last, day) : 0, RATINGS[/** @type {Exclude<Grade, 'clean'>} */ (grade)])
    last = day
  }
  return state
}

/**
 * The day the puzzle comes back after `results` (sorted, one a day), or null once graduated or with none.
 * @param {readonly ReviewResult[]} results
 * @returns {string | null}
 */
export function dueDay(results) {
  if (!results.length || /** @type {ReviewResult} */ (results.at(-1))[1] === CLEAN) return null
  const state = /** @type {FSRSState} */ (memory(results)) // a result at least
  return addDays(/** @type {ReviewResult} */ (results.at(-1))[0], SCHEDULER.next_interval(state.stability, 0))
}

/**
 * The day a card comes back (null once graduated).
 * @param {Card} card
 */
export function dueOf(card) {
  return dueDay(card.results)
}

/**
 * The cards due on `today` (or overdue), the longest waiting first.
 * @param {Queue} queue
 * @param {string} today
 * @returns {Card[]}
 */
export function dueOn(queue, today) {
  return queue.cards.map((card) => ({ card, due: dueOf(card) }))
    .filter((d) => d.due !== null && d.due <= today)
    .sort((a, b) => (a.due + keyOf(a.card) < b.due + keyOf(b.card) ? -1 : 1))
    .map((d) => d.card)
}
