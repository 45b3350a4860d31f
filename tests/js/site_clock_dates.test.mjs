// The clock and the site's dates (site/static/js/lib/clock.js, dates.js).
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { Clock, formatTime } from '../../site/static/js/lib/clock.js'
import { readFileSync } from 'node:fs'
import { addDays, shortDate, longDate, mediumDate, streak, parseDay, isDay, parseMonth } from '../../site/static/js/lib/dates.js'

const DATES = JSON.parse(readFileSync(new URL('../vectors/dates.json', import.meta.url), 'utf8'))

function fakeTime() {
  let t = 0
  return { now: () => t, advance: (ms) => { t += ms } }
}

test('the clock waits for its start, and stops for every reason that holds it', () => {
  const time = fakeTime()
  const clock = new Clock({ now: time.now })
  time.advance(5000) // the opponent's first move, the first-move prompt
  assert.equal(clock.seconds, 0)
  clock.release('waiting')
  time.advance(3000)
  clock.hold('paused')
  clock.hold('hidden')
  time.advance(60000)
  clock.release('paused')
  time.advance(60000) // still hidden
  assert.equal(clock.running, false)
  clock.release('hidden')
  time.advance(2500)
  assert.equal(clock.seconds, 5.5)
})

test('holding twice for the same reason is one hold; releasing a reason never held changes nothing', () => {
  const time = fakeTime()
  const clock = new Clock({ now: time.now, held: [] })
  clock.hold('sheet')
  clock.hold('sheet')
  clock.release('sheet')
  clock.release('paused')
  time.advance(1000)
  assert.equal(clock.seconds, 1)
})

test('a resumed clock starts from the seconds it was saved with', () => {
  const time = fakeTime()
  const clock = new Clock({ now: time.now, seconds: 41, held: [] })
  time.advance(1000)
  assert.equal(clock.seconds, 42)
  assert.equal(formatTime(clock.seconds), '0:42')
})

test('times read as the site writes them', () => {
  assert.equal(formatTime(0), '0:00')
  assert.equal(formatTime(41.9), '0:41')
  assert.equal(formatTime(725), '12:05')
  assert.equal(formatTime(3723), '1:02:03')
})

test('days move and are written as the site writes them', () => {
  assert.equal(addDays('2026-12-31', 1), '2027-01-01')
  assert.equal(addDays('2026-03-01', -1), '2026-02-28')
  assert.equal(shortDate('2025-10-19'), 'Sun, Oct 19')
  assert.equal(longDate('2026-11-29'), 'Sunday 29 November')
})

test('the streak counts days in a row ending today or yesterday', () => {
  assert.equal(streak(['2026-10-17', '2026-10-18', '2026-10-19'], '2026-10-19'), 3)
  assert.equal(streak(['2026-10-17', '2026-10-18'], '2026-10-19'), 2)
  assert.equal(streak(['2026-10-16', '2026-10-17'], '2026-10-19'), 0)
  assert.equal(streak([], '2026-10-19'), 0)
})

test('a real day written YYYY-MM-DD is read as itself (the vectors the API shares)', () => {
  for (const text of DATES.days) {
    assert.equal(parseDay(text), text, text)
    assert.equal(isDay(text), true, text)
  }
})

test('a day that does not exist is no date, never rolled over into the next month', () => {
  for (const text of DATES.not_days) {
    assert.equal(parseDay(text), null, JSON.stringify(text))
    assert.equal(isDay(text), false, JSON.stringify(text))
  }
  // What the issue saw: these used to read as 1 November, 1 October, 31 October, 1 January 2027.
  for (const text of ['2026-10-32', '2026-09-31', '2026-11-00', '2026-13-01']) assert.equal(parseDay(text), null)
  for (const value of [undefined, null, 20261001, ['2026-10-01']]) assert.equal(parseDay(value), null)
})

test('a month is YYYY-MM with a month from 01 to 12', () => {
  for (const text of ['2026-01', '2026-10', '2026-12']) assert.equal(parseMonth(text), text)
  for (const text of ['2026-13', '2026-00', '2026-1', '2026-10-01', '２０２６-10', '', null]) assert.equal(parseMonth(text), null, String(text))
})

test('a day is written as the vectors say (the build writes the long form too)', () => {
  for (const c of DATES.formats) {
    assert.equal(shortDate(c.day), c.short, c.day)
    assert.equal(longDate(c.day), c.long, c.day)
    assert.equal(mediumDate(c.day), c.medium, c.day)
  }
})

test('the dates written without Intl read as Intl wrote them, every day of seven years', () => {
  const intl = (locale, options) => new Intl.DateTimeFormat(locale, { timeZone: 'UTC', ...options })
  const short = intl('en-US', { weekday: 'short', month: 'short', day: 'numeric' })
  const long = intl('en-GB', { weekday: 'long', month: 'long', day: 'numeric' })
  const medium = intl('en-GB', { weekday: 'short', month: 'short', day: 'numeric' })
  for (let day = '2024-01-01'; day < '2031-01-01'; day = addDays(day, 1)) {
    const at = new Date(`${day}T00:00:00Z`)
    assert.equal(shortDate(day), short.format(at), day)
    assert.equal(longDate(day), long.format(at), day)
    assert.equal(mediumDate(day), medium.format(at).replace(',', ''), day)
  }
})
