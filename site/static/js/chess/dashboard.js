/**
 * The puzzle dashboard's figures and the history's words for a result: the browser's copy of
 * puzzlebook/chess/dashboard.py (the rules and the day tally's shape are described there;
 * tests/vectors/dashboard.json binds the two). A guest's figures are computed here from this
 * browser's log; a signed-in player's come from the server, computed by the Python twin.
 */
import { addDays } from '../lib/dates.js'
import { resultOfRecord } from './result_names.js'
/** @import { Dashboard, ThemeFigures, RatingPoint } from '../api_types.js' */
/** @import { DayTally, HistoryResult, LogEntry, PuzzleRecord } from '../chess_types.js' */

export const SPANS = [7, 30, 90]
export const MIN_PLAYS = 5
export const TOP = 8
export const NOT_MOTIFS = new Set([
  'oneMove', 'short', 'long', 'veryLong', 'mateIn1', 'mateIn2', 'mateIn3', 'mateIn4', 'mateIn5',
  'equality', 'advantage', 'crushing', 'master', 'masterVsMaster', 'superGM',
])
/** @type {HistoryResult[]} */
export const RESULTS = ['clean', 'help', 'mistake', 'missed', 'shown']

/**
 * A first result in the history's words: clean, help (a solve with hints), mistake (a solve after a mistake), missed, shown.
 * @param {'solve' | 'miss'} kind
 * @param {{ clean?: boolean, how?: string | null, mistakes?: number }} [how]
 * @returns {HistoryResult}
 */
export function resultOf(kind, { clean = false, how = null, mistakes = 0 } = {}) {
  if (kind === 'solve') return clean ? 'clean' : mistakes ? 'mistake' : 'help'
  return how === 'gave-up' ? 'shown' : 'missed'
}

/**
 * A history line's result as the player reads it: a missed puzzle solved later reads "mistake" (see result_seen in Python).
 * @param {HistoryResult} result
 * @param {boolean} solvedLater
 * @returns {HistoryResult}
 */
export function resultSeen(result, solvedLater) {
  return result === 'missed' && solvedLater ? 'mistake' : result
}

/**
 * @param {string} day
 * @returns {DayTally}
 */
export function emptyDay(day) {
  return { day, played: 0, first: 0, ratings: 0, rating: null, themes: {} }
}

/** @type {(a: string, b: string) => number} */
const byKey = (a, b) => (a < b ? -1 : a > b ? 1 : 0)

/**
 * `tally` (null: the day's first) with one more first result (see add_result in Python).
 * @param {DayTally | null} tally
 * @param {string} day
 * @param {readonly string[]} themes
 * @param {number} puzzleRating
 * @param {boolean} firstTry
 * @param {number | null | undefined} ratingAfter
 * @returns {DayTally}
 */
export function addResult(tally, day, themes, puzzleRating, firstTry, ratingAfter) {
  const base = tally || emptyDay(day)
  const win = firstTry ? 1 : 0
  /** @type {DayTally['themes']} */
  const kept = {}
  for (const [name, counts] of Object.entries(base.themes)) kept[name] = [...counts]
  for (const name of new Set(themes)) {
    const [played, first, ratings] = kept[name] || [0, 0, 0]
    kept[name] = [played + 1, first + win, ratings + puzzleRating]
  }
  /** @type {DayTally['themes']} */
  const sorted = {}
  for (const name of Object.keys(kept).sort(byKey)) sorted[name] = kept[name]
  return {
    day,
    played: base.played + 1,
    first: base.first + win,
    ratings: base.ratings + puzzleRating,
    rating: ratingAfter === null || ratingAfter === undefined ? base.rating : ratingAfter,
    themes: sorted,
  }
}

/**
 * `part` of `whole` in whole per cent, rounded half up in integers (see percent() in Python): only
 * all of it reads 100 and only none of it reads 0. Null of nothing.
 * @param {number} part
 * @param {number} whole
 */
export function percent(part, whole) {
  if (!whole) return null
  let rounded = Math.floor((200 * part + whole) / (2 * whole))
  if (part < whole) rounded = Math.min(rounded, 99)
  if (part > 0) rounded = Math.max(rounded, 1)
  return rounded
}

/**
 * Lichess's performance: average rating − 500 + 1000 × first-try share, rounded half up, in integers.
 * @param {number} played
 * @param {number} first
 * @param {number} ratings
 */
export function performance(played, first, ratings) {
  if (!played) return null
  return Math.floor((2 * (ratings + 1000 * first) + played) / (2 * played)) - 500
}

/**
 * @param {string} today
 * @param {number} days
 */
export function firstDay(today, days) {
  return addDays(today, -(days - 1))
}

/**
 * A theme's figures (played at least MIN_PLAYS times, so its rate and performance are numbers).
 * @param {string} theme
 * @param {number} played
 * @param {number} first
 * @param {number} ratings
 * @returns {ThemeFigures}
 */
function themeRow(theme, played, first, ratings) {
  return { theme, played, first, first_rate: /** @type {number} */ (percent(first, played)), performance: /** @type {number} */ (performance(played, first, ratings)) }
}

/**
 * The figures of the `days` days ending `today` from day tallies (see dashboard() in Python).
 * @param {DayTally[]} tallies
 * @param {string} today
 * @param {number} days
 * @returns {Dashboard}
 */
export function dashboard(tallies, today, days) {
  const start = firstDay(today, days)
  const inside = tallies.filter((t) => start <= t.day && t.day <= today).sort((a, b) => byKey(a.day, b.day))
  let played = 0
  let first = 0
  let ratings = 0
  /** @type {Map<string, [number, number, number]>} */
  const totals = new Map()
  for (const t of inside) {
    played += t.played
    first += t.first
    ratings += t.ratings
    for (const [name, counts] of Object.entries(t.themes)) {
      if (NOT_MOTIFS.has(name)) continue
      const sums = totals.get(name) || [0, 0, 0]
      for (let i = 0; i < 3; i++) sums[i] += counts[i]
      totals.set(name, sums)
    }
  }
  const rows = [...totals].filter(([, sums]) => sums[0] >= MIN_PLAYS).map(([name, sums]) => themeRow(name, ...sums))
  rows.sort((a, b) => a.performance - b.performance || b.played - a.played || byKey(a.theme, b.theme))
  const overall = performance(played, first, ratings)
  const weak = rows.filter((r) => overall !== null && r.performance < overall && r.first < r.played)
  const strong = rows.filter((r) => overall !== null && r.performance > overall && r.first > 0)
  strong.sort((a, b) => b.performance - a.performance || b.played - a.played || byKey(a.theme, b.theme))
  return {
    days,
    from: start,
    to: today,
    played,
    first,
    first_rate: percent(first, played),
    performance: overall,
    themes: rows,
    weak: weak.slice(0, TOP),
    strong: strong.slice(0, TOP),
    ratings: inside.filter((t) => t.rating !== null).map((t) => ({ day: t.day, rating: /** @type {number} */ (t.rating) })),
  }
}

/**
 * Day tallies from a log of first results ({day, themes, rating, result, after}), as the store keeps them.
 * @param {readonly Pick<LogEntry, 'day' | 'themes' | 'rating' | 'result' | 'after'>[]} log
 * @returns {DayTally[]}
 */
export function talliesOf(log) {
  /** @type {Map<string, DayTally>} */
  const days = new Map()
  for (const entry of log) {
    const after = Number.isFinite(entry.after) ? /** @type {number} */ (entry.after) : null
    days.set(entry.day, addResult(days.get(entry.day) || null, entry.day, entry.themes || [], entry.rating, entry.result === 'clean', after))
  }
  return [...days.values()]
}

/**
 * The log entry of a puzzle just finished (its record `rec`), on site day `day`: its first result
 * as the server keeps it (a wrong move at any point, or Show solution, is the first result), in the
 * words the server's history reads it in: solved after a wrong move is "mistake", as a signed-in
 * player's history says.
 * @param {PuzzleRecord} rec
 * @param {string} day
 * @returns {LogEntry}
 */
export function logEntry(rec, day, posted = new Date().toISOString()) {
  const result = resultOfRecord(rec)
  const themes = typeof rec.row[4] === 'string' && rec.row[4] ? rec.row[4].split(' ') : []
  // A guest's rating as this browser estimates it (chess/rating.js), when the game kept it.
  const est = rec.estimated
  const before = est && Number.isFinite(est.before) ? Math.round(/** @type {number} */ (est.before)) : null
  const after = est && Number.isFinite(est.after) ? Math.round(/** @type {number} */ (est.after)) : null
  const change = before !== null && after !== null ? after - before : null
  // The daily's day and a solve's time: the stats panel counts a guest's dailies from the log (lib/stats.js).
  const daily = typeof rec.daily === 'string' && !rec.replay ? rec.daily : null
  const seconds = rec.state === 'solved' ? rec.seconds : null
  return { id: rec.id, band: rec.band, rating: rec.row[3], themes, result, day, posted, before, after, change, daily, seconds }
}

// At most this many rated results in a span, the rating chart draws each of them (else one point a day).
export const RESULT_POINTS = 100

/**
 * The rating result by result over the span starting `from`: from `lines` (history lines or log
 * entries, newest first, each {day, before, after}), the rating before the span's first rated result,
 * then after each, oldest first. Empty when none was rated. A new player's day of results was one
 * dot a day (1500 → 1685 in a day, drawn as one point): this is the line through them.
 * @param {readonly { day: string, before: number | null, after: number | null }[]} lines
 * @param {string} from
 * @returns {(RatingPoint & { start?: boolean })[]}
 */
export function resultRatings(lines, from) {
  const rated = /** @type {{ day: string, before: number, after: number }[]} */ (lines.filter((l) => l.day >= from && Number.isFinite(l.before) && Number.isFinite(l.after))).reverse()
  if (!rated.length) return []
  return [{ day: rated[0].day, rating: rated[0].before, start: true }, ...rated.map((l) => ({ day: l.day, rating: l.after }))]
}
