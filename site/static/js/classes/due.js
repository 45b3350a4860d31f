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
import { dayWords as intlDay, number, t, tn } from '../lib/i18n.js'

/** @import { DueState, Row, WorkMark } from '../classes_types.js' */

/**
 * "Thursday 3 December", with the year when it isn't `today`'s ("Friday 1 January 2027").
 * @param {string} day
 * @param {string} today
 */
export function dayWords(day, today) {
  if (typeof PAGE_LANG === 'string' && PAGE_LANG !== 'en') {
    const year = day.slice(0, 4) === today.slice(0, 4) ? {} : { year: /** @type {const} */ ('numeric') }
    return intlDay(day, { weekday: 'long', day: 'numeric', month: 'long', ...year })
  }
  const words = longDate(day)
  return day.slice(0, 4) === today.slice(0, 4) ? words : `${words} ${day.slice(0, 4)}`
}

/**
 * Where a due date stands on `today`: { state, words, when }, state 'overdue' (its day has passed),
 * 'today', 'tomorrow' or 'upcoming'; `when` the day alone in words ("tomorrow, Thursday 3 December",
 * "yesterday, …"), for the sentences that say it otherwise.
 *   dueState('2026-11-02', '2026-11-02') → { state: 'today', words: 'Due today' }
 *   dueState('2026-11-01', '2026-11-02') → { state: 'overdue', words: 'Overdue: it was due yesterday, Sunday 1 November' }
 * @param {string} due
 * @param {string} today
 * @returns {DueState}
 */
export function dueState(due, today) {
  const day = dayWords(due, today)
  if (due === today) return { state: 'today', words: t('Due today'), when: t('today') }
  if (due === addDays(today, 1)) return { state: 'tomorrow', words: t('Due tomorrow, {day}', { day }), when: t('tomorrow, {day}', { day }) }
  if (due > today) return { state: 'upcoming', words: t('Due {day}', { day }), when: day }
  const when = due === addDays(today, -1) ? t('yesterday, {day}', { day }) : day
  return { state: 'overdue', words: t('Overdue: it was due {when}', { when }), when }
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
    return { mark: 'late', short: t('Late'), words: on ? t('Done late, on {day}', { day: on }) : t('Done late') }
  }
  if (done) return { mark: 'on-time', short: t('On time'), words: t('Done on time') }
  const results = row.results || []
  const shown = results.filter((cell) => cell.outcome === 'shown').length
  if (shown && results.every((cell) => cell.outcome !== 'none')) {
    return { mark: 'shown', short: t('Shown'), words: tn('Not done: the solution shown on {shown} of {n} puzzle', 'Not done: the solution shown on {shown} of {n} puzzles', results.length, { shown: number(shown) }) }
  }
  if (today > due) return { mark: 'not-done', short: t('Not done'), words: t('Not done, and it was due {day}', { day: dayWords(due, today) }) }
  const where = dueState(due, today)
  return { mark: 'open', short: t('Not yet'), words: where.state === 'today' ? t('Not done yet: due today') : t('Not done yet: due {when}', { when: where.when }) }
}
