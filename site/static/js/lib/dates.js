/**
 * Dates as the site counts them, written YYYY-MM-DD. A page's today is the
 * player's own date: the date in this browser's time zone (`playerDay`).
 *
 * `parseDay` is the one rule for a date read from an address (a game's day,
 * the archive, the boards): a day that doesn't exist is not a
 * date, never rolled over into the next month. The API's
 * puzzlebook.calendar.parse_day keeps the same rule (tests/vectors/dates.json).
 */
import { dayWords, timeWords, t, tn } from './i18n.js'

const DAY_FORM = /^([0-9]{4})-([0-9]{2})-([0-9]{2})$/
const MONTH_FORM = /^([0-9]{4})-([0-9]{2})$/

/**
 * Days in `month` (1-12) of `year`, by the Gregorian leap rule.
 * @param {number} year
 * @param {number} month
 */
function daysInMonth(year, month) {
  if (month === 2) return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0 ? 29 : 28
  return [4, 6, 9, 11].includes(month) ? 30 : 31
}

/**
 * `text` when it is a real day written YYYY-MM-DD (ASCII digits, year 0001
 * to 9999), else null: 2026-02-29, 2026-09-31, 2026-10-32 and 2026-13-01
 * are not days.
 * @param {unknown} text
 * @returns {string | null}
 */
export function parseDay(text) {
  const m = typeof text === 'string' ? DAY_FORM.exec(text) : null
  if (!m) return null
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])]
  if (year < 1 || month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return null
  return /** @type {string} */ (text)
}

/**
 * True when `text` is a real day written YYYY-MM-DD (see parseDay).
 * @param {unknown} text
 * @returns {text is string}
 */
export function isDay(text) {
  return parseDay(text) !== null
}

/**
 * `text` when it is a real month written YYYY-MM (2026-10, not 2026-13 or 2026-00), else null.
 * @param {unknown} text
 * @returns {string | null}
 */
export function parseMonth(text) {
  const m = typeof text === 'string' ? MONTH_FORM.exec(text) : null
  if (!m) return null
  const [year, month] = [Number(m[1]), Number(m[2])]
  return year >= 1 && month >= 1 && month <= 12 ? /** @type {string} */ (text) : null
}

/**
 * The player's own date at `now` (a Date): the date in this browser's time zone, YYYY-MM-DD, by the
 * Date's local fields. A player's today is their own (docs/site.md, "The player's day"); no Intl
 * (the first time-zone-aware formatter a page makes is the costliest task of its opening on a phone).
 */
export function playerDay(now = new Date()) {
  /** @type {(n: number, width?: number) => string} */
  const pad = (n, width = 2) => String(n).padStart(width, '0')
  return `${pad(now.getFullYear(), 4)}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`
}

/** This browser's offset from UTC at `now` (a Date), in minutes east of UTC: +840 in Kiritimati, -300 in New York's winter. */
export function playerOffset(now = new Date()) {
  return 0 - now.getTimezoneOffset() // 0 - 0 is 0, where -0 would be -0
}

/**
 * What a play ticket's request says of the player's date (docs/api.md, "Play tickets"):
 * "date=YYYY-MM-DD&offset=N", both of the same moment, so the server can check the date against
 * its own clock.
 */
export function playerQuery(now = new Date()) {
  return `date=${playerDay(now)}&offset=${playerOffset(now)}`
}

/**
 * When the player's next day begins after `now` (a Date), as Unix milliseconds: the next local
 * midnight (the countdown to the next daily). The Date of the next day's 00:00 is that whatever
 * the day's length (23 or 25 hours across a change of offset); where a change skips midnight
 * itself, the Date moves on to the first moment that exists, which is when that day begins.
 */
export function nextPlayerDay(now = new Date()) {
  return new Date(now.getFullYear(), now.getMonth(), now.getDate() + 1).getTime()
}

/**
 * `day` (YYYY-MM-DD) moved by `n` days.
 * @param {string} day
 * @param {number} n
 */
export function addDays(day, n) {
  const [y, m, d] = day.split('-').map(Number)
  const t = new Date(Date.UTC(y, m - 1, d + n))
  return t.toISOString().slice(0, 10)
}

// Dates are written in English by the site's own names (no Intl: a page's first formatter costs
// milliseconds on a phone). puzzlebook.calendar.long_date writes longDate's form for the build.
// Another language's page writes them through Intl (lib/i18n.js): the test on PAGE_LANG, the
// bundle's constant, is decided as the bundle is made, so English's keep none of that.
const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday']
const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September',
  'October', 'November', 'December']

/** @param {string} day YYYY-MM-DD */
function partsOf(day) {
  const [y, m, d] = day.split('-').map(Number)
  return { weekday: WEEKDAYS[new Date(Date.UTC(y, m - 1, d)).getUTCDay()], month: MONTHS[m - 1], day: d }
}

/**
 * "Sun, Oct 19" for 2025-10-19.
 * @param {string} day
 */
export function shortDate(day) {
  if (typeof PAGE_LANG === 'string' && PAGE_LANG !== 'en') return dayWords(day, { weekday: 'short', day: 'numeric', month: 'short' })
  const p = partsOf(day)
  return `${p.weekday.slice(0, 3)}, ${p.month.slice(0, 3)} ${p.day}`
}

/**
 * "Sunday 19 October" for 2025-10-19.
 * @param {string} day
 */
export function longDate(day) {
  if (typeof PAGE_LANG === 'string' && PAGE_LANG !== 'en') return dayWords(day, { weekday: 'long', day: 'numeric', month: 'long' })
  const p = partsOf(day)
  return `${p.weekday} ${p.day} ${p.month}`
}

// Streak freezes (docs/ratings.md, "Streak freezes"): one earned each time a streak reaches a played
// day 7, 14, …, at most 2 held; puzzlebook/streaks.py keeps the same rule (tests/vectors/site.json).
const FREEZE_EVERY = 7
const FREEZE_CAP = 2

/**
 * Whole days from `a` to `b` (both YYYY-MM-DD).
 * @param {string} a
 * @param {string} b
 */
function daysBetween(a, b) {
  /** @param {string} day */
  const at = (day) => { const [y, m, d] = day.split('-').map(Number); return Date.UTC(y, m - 1, d) }
  return Math.round((at(b) - at(a)) / 86400000)
}

/**
 * The daily streak as it stands on `today`, from the days (YYYY-MM-DD strings, any order, repeats
 * counted once) a daily was solved on its own day: { length, freezesUsed, freezesHeld }. A missed
 * day uses a held freeze and the streak lives on (the frozen day adds nothing to its length); a
 * gap with too few freezes breaks it, and its freezes go with it. Today not played yet is no gap.
 * @param {Iterable<string>} days
 * @param {string} today
 * @returns {{ length: number, freezesUsed: number, freezesHeld: number }}
 */
export function streakRun(days, today) {
  const played = [...new Set(days)].filter((day) => day <= today).sort()
  /** @type {string | null} */
  let last = null
  let length = 0
  let used = 0
  let held = 0
  // Missed days before `day`, spent from the freezes held; false when they break the run.
  /** @param {string} day */
  const survives = (day) => {
    const missed = last === null ? 0 : Math.max(0, daysBetween(last, day) - 1)
    if (missed > held) return false
    used += missed
    held -= missed
    return true
  }
  for (const day of played) {
    if (!survives(day)) { length = 0; used = 0; held = 0 }
    length++
    if (length % FREEZE_EVERY === 0) held = Math.min(FREEZE_CAP, held + 1)
    last = day
  }
  if (last === null || !survives(today)) return { length: 0, freezesUsed: 0, freezesHeld: 0 }
  return { length, freezesUsed: used, freezesHeld: held }
}

/**
 * The streak's length alone (see streakRun): 0 when it is broken or there is none.
 * @param {Iterable<string>} days
 * @param {string} today
 */
export function streak(days, today) {
  return streakRun(days, today).length
}

/**
 * The freezes a streak used, in words: "1 freeze used" ('' for none). A value inside its caller's
 * whole sentence ("Chain streak: {n} days · {freezes}."), never glued on after it.
 * @param {number | null | undefined} used
 */
export function freezesWords(used) {
  return used ? tn('{n} freeze used', '{n} freezes used', used) : ''
}

/**
 * "Sun 19 Oct" for 2025-10-19 (British short months: "Sept", as en-GB writes it).
 * @param {string} day
 */
export function mediumDate(day) {
  if (typeof PAGE_LANG === 'string' && PAGE_LANG !== 'en') return dayWords(day, { weekday: 'short', day: 'numeric', month: 'short' })
  const p = partsOf(day)
  return `${p.weekday.slice(0, 3)} ${p.day} ${p.month === 'September' ? 'Sept' : p.month.slice(0, 3)}`
}

/**
 * When `day` has ended everywhere, at its midnight at UTC−12, as a UTC instant (ISO): its boards
 * stop taking results then, and its walkthrough opens to all (puzzlebook.calendar.ends_everywhere;
 * the API's `open_until`). 2026-12-05 ends everywhere at 2026-12-06T12:00:00Z.
 * @param {string} day
 */
export function endsEverywhere(day) {
  return `${addDays(day, 1)}T12:00:00Z`
}

/**
 * Whether `day` is still someone's date somewhere on Earth at `now` (a Date).
 * @param {string} day
 */
export function inPlay(day, now = new Date()) {
  return now.getTime() < Date.parse(endsEverywhere(day))
}

/**
 * A time of day in the player's own zone, as the pages say it: "1 pm", "9:30 am", "noon".
 * @param {Date} at
 */
export function clockWords(at) {
  if (typeof PAGE_LANG === 'string' && PAGE_LANG !== 'en') return timeWords(at, { hour: 'numeric', minute: 'numeric' })
  const hours = at.getHours()
  const minutes = at.getMinutes()
  if (hours === 12 && minutes === 0) return 'noon'
  const hour = hours % 12 || 12
  return `${hour}${minutes ? `:${String(minutes).padStart(2, '0')}` : ''} ${hours < 12 ? 'am' : 'pm'}`
}

/**
 * An instant in the player's own time: "1 pm" on their today, else "Sunday 6 December, 1 pm".
 * @param {Date} at
 */
export function momentWords(at, now = new Date()) {
  const day = playerDay(at)
  return day === playerDay(now) ? clockWords(at) : t('{day}, {time}', { day: longDate(day), time: clockWords(at) })
}
