/**
 * Dates as the site counts them: the site day is the date in the site's time
 * zone (SITE_TZ, given to pages as <html data-site-tz>), written YYYY-MM-DD.
 *
 * `parseDay` is the one rule for a date read from an address (a game's day,
 * the archive, the boards): a day that doesn't exist is not a
 * date, never rolled over into the next month. The API's
 * puzzlebook.calendar.parse_day keeps the same rule (tests/vectors/dates.json).
 */

const DAY_FORM = /^([0-9]{4})-([0-9]{2})-([0-9]{2})$/
const MONTH_FORM = /^([0-9]{4})-([0-9]{2})$/

/** Days in `month` (1-12) of `year`, by the Gregorian leap rule. */
function daysInMonth(year, month) {
  if (month === 2) return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0 ? 29 : 28
  return [4, 6, 9, 11].includes(month) ? 30 : 31
}

/**
 * `text` when it is a real day written YYYY-MM-DD (ASCII digits, year 0001
 * to 9999), else null: 2026-02-29, 2026-09-31, 2026-10-32 and 2026-13-01
 * are not days.
 */
export function parseDay(text) {
  const m = typeof text === 'string' ? DAY_FORM.exec(text) : null
  if (!m) return null
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])]
  if (year < 1 || month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return null
  return text
}

/** True when `text` is a real day written YYYY-MM-DD (see parseDay). */
export function isDay(text) {
  return parseDay(text) !== null
}

/** `text` when it is a real month written YYYY-MM (2026-10, not 2026-13 or 2026-00), else null. */
export function parseMonth(text) {
  const m = typeof text === 'string' ? MONTH_FORM.exec(text) : null
  if (!m) return null
  const [year, month] = [Number(m[1]), Number(m[2])]
  return year >= 1 && month >= 1 && month <= 12 ? text : null
}

/** The site's time zone from the page, UTC when not given. */
export function siteZone(doc = globalThis.document) {
  return (doc && doc.documentElement && doc.documentElement.dataset.siteTz) || 'UTC'
}

// Each formatter made once: making an Intl.DateTimeFormat costs far more than using one
// (milliseconds on a phone, and these are asked for often while a page opens).
const formats = new Map()
function formatter(locale, options) {
  const key = `${locale} ${JSON.stringify(options)}`
  let format = formats.get(key)
  if (!format) {
    format = new Intl.DateTimeFormat(locale, options)
    formats.set(key, format)
  }
  return format
}

/** The date in `zone` at `now` (a Date), as YYYY-MM-DD. */
export function dayIn(zone = 'UTC', now = new Date()) {
  // en-CA formats dates as YYYY-MM-DD.
  return formatter('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now)
}

/** `day` (YYYY-MM-DD) moved by `n` days. */
export function addDays(day, n) {
  const [y, m, d] = day.split('-').map(Number)
  const t = new Date(Date.UTC(y, m - 1, d + n))
  return t.toISOString().slice(0, 10)
}

/** "Sun, Oct 19" for 2025-10-19. */
export function shortDate(day) {
  const [y, m, d] = day.split('-').map(Number)
  return formatter('en-US', { timeZone: 'UTC', weekday: 'short', month: 'short', day: 'numeric' })
    .format(new Date(Date.UTC(y, m - 1, d)))
}

/** "Sunday 19 October" for 2025-10-19. */
export function longDate(day) {
  const [y, m, d] = day.split('-').map(Number)
  return formatter('en-GB', { timeZone: 'UTC', weekday: 'long', month: 'long', day: 'numeric' })
    .format(new Date(Date.UTC(y, m - 1, d)))
}

/**
 * Days in a row ending today or yesterday that are in `days` (YYYY-MM-DD
 * strings): the daily streak. 0 when neither today nor yesterday counts.
 */
export function streak(days, today) {
  const have = new Set(days)
  let day = have.has(today) ? today : addDays(today, -1)
  let n = 0
  while (have.has(day)) {
    n++
    day = addDays(day, -1)
  }
  return n
}

/** "Sun 19 Oct" for 2025-10-19. */
export function mediumDate(day) {
  const [y, m, d] = day.split('-').map(Number)
  return formatter('en-GB', { timeZone: 'UTC', weekday: 'short', month: 'short', day: 'numeric' })
    .format(new Date(Date.UTC(y, m - 1, d))).replace(',', '')
}
