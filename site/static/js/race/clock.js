/**
 * A race's clock in the browser, the server's rules (puzzlebook/racer/progress.py), bound to them by
 * tests/vectors/racer.json (tests/js/racer_vectors.test.mjs):
 *
 * - Everyone starts together and the race ends for all at its end (`race_ms` after the start). A
 *   racer's own clock is the race's less their net penalty: Storm's tally's penalties less its combo
 *   bonuses, never below nothing (a combo buys lost time back, never past the race's end).
 * - The floor (lib/floor.js): a racer's k-th move counts once k seconds have passed since the start,
 *   less the allowance. The page holds each move until then, so the server never has to refuse one.
 *
 * The browser knows the start and the end as times on its own clock (the server sends them as
 * `starts_in` and `ends_in` from when it sent them: docs/api.md, "Live"); a message arrives after it
 * was sent, so the browser's idea of the start is never sooner than the server's, and a move it holds
 * to its floor is never early there.
 */
/** @import { StormTally } from '../run_types.js' */
import { floorWait } from '../lib/floor.js'

// A move is sent a little after its floor, for the clocks' rounding.
const FLOOR_MARGIN_MS = 100

/**
 * The seconds a racer's mistakes cost net of their combo bonuses, never below nothing.
 * @param {StormTally} tally
 */
export function netPenalty(tally) {
  return Math.max(0, tally.penalty - tally.bonus)
}

/**
 * When a racer's clock reaches zero (ms, on the clock `raceEnds` is on): the race's end less their
 * net penalty.
 * @param {number} raceEnds
 * @param {StormTally} tally
 */
export function clockEnds(raceEnds, tally) {
  return raceEnds - netPenalty(tally) * 1000
}

/**
 * When a racer's `k`-th move (from 1) may be sent, in a race that started at `starts` (ms).
 * @param {number} starts
 * @param {number} k
 */
export function moveDue(starts, k) {
  return starts + floorWait(starts, starts, k) + FLOOR_MARGIN_MS
}
