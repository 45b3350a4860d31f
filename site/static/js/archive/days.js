/**
 * The archive's days, from the published index (/daily/index.json:
 * {"chess": [dates], "chain": [dates]}): every day before today that either
 * game published, grouped by month, newest first. Pure: no DOM, no fetch.
 */

import { isDay, parseMonth } from '../lib/dates.js'

/** The dates of `list` that are real YYYY-MM-DD strings before `today`. */
function before(list, today) {
  return new Set((Array.isArray(list) ? list : []).filter((d) => isDay(d) && d < today))
}

/**
 * The past days by month: [{ month: 'YYYY-MM', days: [{ date, chess, chain, storm? }] }],
 * months and days newest first. `chess`/`chain` say which games have that day; `storm` is
 * there (true) when the day had a Storm run.
 */
export function pastMonths(index, today) {
  const chess = before(index && index.chess, today)
  const chain = before(index && index.chain, today)
  const storm = before(index && index.storm, today)
  const all = [...new Set([...chess, ...chain, ...storm])].sort().reverse()
  const months = []
  for (const date of all) {
    const month = date.slice(0, 7)
    if (!months.length || months.at(-1).month !== month) months.push({ month, days: [] })
    const day = { date, chess: chess.has(date), chain: chain.has(date) }
    if (storm.has(date)) day.storm = true // a Storm run that day (storm/#/<date>, practice)
    months.at(-1).days.push(day)
  }
  return months
}

/** "November 2026" for 2026-11. */
export function monthName(month) {
  const [y, m] = month.split('-').map(Number)
  return new Intl.DateTimeFormat('en-GB', { timeZone: 'UTC', month: 'long', year: 'numeric' }).format(new Date(Date.UTC(y, m - 1, 1)))
}

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat']
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec']

/** "Mon 7 Sep" for 2026-09-07 (written out here: ICU versions disagree on "Sep" and "Sept"). */
export function dayName(date) {
  const [y, m, d] = date.split('-').map(Number)
  return `${WEEKDAYS[new Date(Date.UTC(y, m - 1, d)).getUTCDay()]} ${d} ${MONTHS[m - 1]}`
}

/**
 * What an archive address asks for:
 *   ''                      { kind: 'month', month: null }  (the newest month)
 *   'YYYY-MM'               { kind: 'month', month }
 *   'chess/YYYY-MM-DD'      { kind: 'chess', date }
 *   anything else           { kind: 'unknown' }
 */
export function parseRoute(hash) {
  const path = (hash || '').replace(/^#\/?/, '')
  if (path === '') return { kind: 'month', month: null }
  if (parseMonth(path)) return { kind: 'month', month: path }
  const [game, date, extra] = path.split('/')
  if (game === 'chess' && isDay(date) && extra === undefined) return { kind: 'chess', date }
  return { kind: 'unknown' }
}

/** Where the chess daily of `date` in `band` plays, as the daily it was (not as an Endless puzzle). */
export function chessDailyUrl(date, band) {
  return `/#/daily/${encodeURIComponent(band)}/${date}`
}

/** Where a Chain day plays. */
export function chainDayUrl(date) {
  return `/chain/#/${date}`
}
