/**
 * Dates as the site counts them: the site day is the date in the site's time
 * zone (SITE_TZ, given to pages as <html data-site-tz>), written YYYY-MM-DD.
 */

/** The site's time zone from the page, UTC when not given. */
export function siteZone(doc = globalThis.document) {
  return (doc && doc.documentElement && doc.documentElement.dataset.siteTz) || 'UTC'
}

/** The date in `zone` at `now` (a Date), as YYYY-MM-DD. */
export function dayIn(zone = 'UTC', now = new Date()) {
  // en-CA formats dates as YYYY-MM-DD.
  return new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' })
    .format(now)
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
  return new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', weekday: 'short', month: 'short', day: 'numeric' })
    .format(new Date(Date.UTC(y, m - 1, d)))
}

/** "Sunday 19 October" for 2025-10-19. */
export function longDate(day) {
  const [y, m, d] = day.split('-').map(Number)
  return new Intl.DateTimeFormat('en-GB', { timeZone: 'UTC', weekday: 'long', month: 'long', day: 'numeric' })
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
  return new Intl.DateTimeFormat('en-GB', { timeZone: 'UTC', weekday: 'short', month: 'short', day: 'numeric' })
    .format(new Date(Date.UTC(y, m - 1, d))).replace(',', '')
}
