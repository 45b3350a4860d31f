/**
 * The archive's days, from the published index (/daily/index.json:
 * {"<game>": [dates], ...}): every day before today that a daily game the
 * registry (js/games.js) links from the archive published, grouped by month,
 * newest first; and the archive's addresses. Pure: no DOM, no fetch.
 */

import { isDay, parseMonth } from '../lib/dates.js'
import { GAMES } from '../games.js'

/** The games the archive links, in the order a day lists them. */
export const ARCHIVED = GAMES.filter((game) => game.archive).sort((a, b) => a.archive.place - b.archive.place)

/** The dates of `list` that are real YYYY-MM-DD strings before `today`. */
function before(list, today) {
  return new Set((Array.isArray(list) ? list : []).filter((d) => isDay(d) && d < today))
}

/**
 * The past days by month: [{ month: 'YYYY-MM', days: [{ date, <game key>: bool, ... }] }],
 * months and days newest first; each day says which of `games` have it.
 */
export function pastMonths(index, today, games = ARCHIVED) {
  const dates = games.map((game) => [game.key, before(index && index[game.key], today)])
  const all = [...new Set(dates.flatMap(([, days]) => [...days]))].sort().reverse()
  const months = []
  for (const date of all) {
    const month = date.slice(0, 7)
    if (!months.length || months.at(-1).month !== month) months.push({ month, days: [] })
    const day = { date }
    for (const [key, days] of dates) day[key] = days.has(date)
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
 *   '<game>/YYYY-MM-DD'     { kind: <game>, date }: the day's dailies, for a game with several a day
 *   anything else           { kind: 'unknown' }
 */
export function parseRoute(hash, games = ARCHIVED) {
  const path = (hash || '').replace(/^#\/?/, '')
  if (path === '') return { kind: 'month', month: null }
  if (parseMonth(path)) return { kind: 'month', month: path }
  const [key, date, extra] = path.split('/')
  const game = games.find((g) => g.key === key && g.archive.pick)
  if (game && isDay(date) && extra === undefined) return { kind: game.key, date }
  return { kind: 'unknown' }
}

/** Where the archive links `game`'s day `date`. */
export function dayUrl(game, date) {
  return game.archive.url.replace('{date}', date)
}

/** Where `game`'s daily of `date` in `band` plays, as the daily it was (not as an Endless puzzle). */
export function pickUrl(game, date, band) {
  return game.archive.pick.replace('{band}', encodeURIComponent(band)).replace('{date}', date)
}
