/**
 * The archive's days, from the published index (/daily/index.json:
 * {"<game>": [dates], ...}): every day before today that a daily game the
 * registry (js/games.js) links from the archive published, grouped by month,
 * newest first; and the archive's addresses. Pure: no DOM, no fetch.
 */

import { isDay, parseMonth } from '../lib/dates.js'
import { GAMES } from '../games.js'
import { dayWords } from '../lib/i18n.js'
/** @import { ArchivedGame } from '../games_types.js' */
/** @import { ArchiveDay, ArchiveMonth, ArchiveRoute, DailyIndex } from '../archive_types.js' */

/**
 * The games the archive links, in the order a day lists them.
 * @type {ArchivedGame[]}
 */
export const ARCHIVED = /** @type {ArchivedGame[]} */ (GAMES.filter((game) => game.archive)).sort((a, b) => a.archive.place - b.archive.place)

/**
 * The dates of `list` that are real YYYY-MM-DD strings before `today`.
 * @param {unknown} list
 * @param {string} today
 * @returns {Set<string>}
 */
function before(list, today) {
  return new Set((Array.isArray(list) ? list : []).filter((d) => isDay(d) && d < today))
}

/**
 * The past days by month: [{ month: 'YYYY-MM', days: [{ date, <game key>: bool, ... }] }],
 * months and days newest first; each day says which of `games` have it.
 * @param {DailyIndex | null | undefined} index
 * @param {string} today
 * @param {readonly { key: string }[]} [games]
 * @returns {ArchiveMonth[]}
 */
export function pastMonths(index, today, games = ARCHIVED) {
  const dates = games.map((game) => /** @type {[string, Set<string>]} */ ([game.key, before(index && index[game.key], today)]))
  const all = [...new Set(dates.flatMap(([, days]) => [...days]))].sort().reverse()
  /** @type {ArchiveMonth[]} */
  const months = []
  for (const date of all) {
    const month = date.slice(0, 7)
    /** The month being filled (there is one once the first date is in). */
    const last = () => /** @type {ArchiveMonth} */ (months.at(-1))
    if (!months.length || last().month !== month) months.push({ month, days: [] })
    /** @type {ArchiveDay} */
    const day = { date }
    for (const [key, days] of dates) day[key] = days.has(date)
    last().days.push(day)
  }
  return months
}

/**
 * "November 2026" for 2026-11.
 * @param {string} month
 */
export function monthName(month) {
  const [y, m] = month.split('-').map(Number)
  if (typeof PAGE_LANG === 'string' && PAGE_LANG !== 'en') {
    const words = dayWords(`${month}-01`, { month: 'long', year: 'numeric' })
    return words.charAt(0).toLocaleUpperCase(PAGE_LANG) + words.slice(1) // "Noviembre de 2026"
  }
  return new Intl.DateTimeFormat('en-GB', { timeZone: 'UTC', month: 'long', year: 'numeric' }).format(new Date(Date.UTC(y, m - 1, 1)))
}

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat']
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec']

/**
 * "Mon 7 Sep" for 2026-09-07 (written out here: ICU versions disagree on "Sep" and "Sept").
 * @param {string} date
 */
export function dayName(date) {
  if (typeof PAGE_LANG === 'string' && PAGE_LANG !== 'en') return dayWords(date, { weekday: 'short', day: 'numeric', month: 'short' })
  const [y, m, d] = date.split('-').map(Number)
  return `${WEEKDAYS[new Date(Date.UTC(y, m - 1, d)).getUTCDay()]} ${d} ${MONTHS[m - 1]}`
}

/**
 * What an archive address asks for:
 *   ''                      { kind: 'month', month: null }  (the newest month)
 *   'YYYY-MM'               { kind: 'month', month }
 *   '<game>/YYYY-MM-DD'     { kind: <game>, date }: the day's dailies, for a game with several a day
 *   anything else           { kind: 'unknown' }
 * @param {string | null | undefined} hash
 * @param {readonly ArchivedGame[]} [games]
 * @returns {ArchiveRoute}
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

/**
 * Where the archive links `game`'s day `date`.
 * @param {ArchivedGame} game
 * @param {string} date
 */
export function dayUrl(game, date) {
  return game.archive.url.replace('{date}', date)
}

/**
 * Where `game`'s daily of `date` in `band` plays, as the daily it was (not as an Endless puzzle).
 * @param {ArchivedGame} game
 * @param {string} date
 * @param {string} band
 */
export function pickUrl(game, date, band) {
  return /** @type {string} */ (game.archive.pick).replace('{band}', encodeURIComponent(band)).replace('{date}', date)
}
