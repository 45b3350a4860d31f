/**
 * Chain's few words that the home page's card needs too (state.js and words.js export them as
 * well): the levels' names and a count with its noun. A module of its own so that the card
 * loads nothing more.
 */

/** The levels by their key in a daily file, as shown. */
export const LEVELS = { easy: 'Easy', medium: 'Medium', hard: 'Hard' }

/** A count with its noun: "1 move", "3 moves". */
export function plural(n, noun) {
  return `${n} ${noun}${n === 1 ? '' : 's'}`
}
