/**
 * The floor of a second a move, every game's (puzzlebook/tickets.py `floor_wait`): a play's k-th
 * move counts only once k seconds have passed since the play opened, less a second's allowance. A
 * result's post waits it out (lib/tickets.js `notBefore`), and so does a race's move (race/clock.js)
 * and a live class's answer. Pure; bound to the server's by tests/vectors/racer.json's `floor`
 * (tests/js/racer_vectors.test.mjs).
 */

export const FLOOR_ALLOWANCE_MS = 1000

/**
 * The ms still to wait at `now` before the `k`-th move (from 1) of a play opened at `opened` counts
 * (both ms on one clock); 0 once it may.
 * @param {number} opened
 * @param {number} now
 * @param {number} k
 */
export function floorWait(opened, now, k) {
  return Math.max(0, k * 1000 - FLOOR_ALLOWANCE_MS - (now - opened))
}
