/**
 * Due dates in words (no DOM): what is due and when, and how a student's work stands against its
 * due date. A due date is a day in the site's zone (YYYY-MM-DD), due by its end; it is past once
 * the site's day is after it (docs/classes.md, "Due dates"). `today` is the day as the page
 * counts it, the player's own (lib/dates.js playerDay()). Work is done when every puzzle is solved;
 * the server says when (`done`, `done_day`: when the last was played) and whether after the due day
 * (`late`). A puzzle whose solution was shown is gone through, not done.
 * tests/js/classes_due.test.mjs holds it to its words.
 */
import { addDays, longDate } from '../lib/dates.js'

/** @import { DueState, Row, WorkMark } from '../classes_types.js' */

/**
 * "Thursday 3 December", with the year when it isn't `today`'s ("Friday 1 January 2027").
 * @param {string} day
 * @param {string} today
 */
export function dayWords(day, today) {
  const words = longDate(day)
  return day.slice(0, 4) === today.slice(0, 4) ? words : `${words} ${day.slice(0, 4)}`
}

/**
 * Where a due date stands on `today`: { state, words }, state 'overdue' (its day has passed),
 * 'today', 'tomorrow' or 'upcoming'.
 *   dueState('2026-11-02', '2026-11-02') → { state: 'today', words: 'Due today' }
 *   dueState('2026-11-01', '2026-11-02') → { state: 'overdue', words: 'Overdue: it was due yesterday, Sunday 1 November' }
 * @param {string} due
 * @param {string} today
 * @returns {DueState}
 */
export function dueState(due, today) {
  if (due === today) return { state: 'today', words: 'Due today' }
  if (due === addDays(today, 1)) return { state: 'tomorrow', words: `Due tomorrow, ${dayWords(due, today)}` }
  if (due > today) return { state: 'upcoming', words: `Due ${dayWords(due, today)}` }
  const when = due === addDays(today, -1) ? `yesterday, ${dayWords(due, today)}` : dayWords(due, today)
  return { state: 'overdue', words: `Overdue: it was due ${when}` }
}

/**
 * A student's work (a row of the results table: `results`, `done`, `done_day`, `late`) against
 * `due` on `today`: { mark, short, words }, mark 'on-time', 'late', 'shown' (every puzzle has a
 * result, a solution shown on some: nothing left to play, but not done), 'not-done' (its day has
 * passed), 'open' (not done, still time) or 'none' (no due date).
 * @param {Pick<Row, 'done' | 'done_day' | 'late'> & { results?: Row['results'] }} row
 * @param {string | null | undefined} due
 * @param {string} today
 * @returns {WorkMark}
 */
export function workMark(row, due, today) {
  if (!due) return { mark: 'none', short: '', words: '' }
  const done = row.done !== null && row.done !== undefined
  if (done && row.late) {
    const on = row.done_day ? dayWords(row.done_day, today) : ''
    return { mark: 'late', short: 'Late', words: on ? `Done late, on ${on}` : 'Done late' }
  }
  if (done) return { mark: 'on-time', short: 'On time', words: 'Done on time' }
  const results = row.results || []
  const shown = results.filter((cell) => cell.outcome === 'shown').length
  if (shown && results.every((cell) => cell.outcome !== 'none')) {
    return { mark: 'shown', short: 'Shown', words: `Not done: the solution shown on ${shown} of ${results.length} puzzle${results.length === 1 ? '' : 's'}` }
  }
  if (today > due) return { mark: 'not-done', short: 'Not done', words: `Not done, and it was due ${dayWords(due, today)}` }
  return { mark: 'open', short: 'Not yet', words: `Not done yet: ${dueState(due, today).words.replace(/^Due/, 'due')}` }
}
