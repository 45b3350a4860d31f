/**
 * A daily game's stats panel, counted (docs/site.md, "Stats"): pure, for every daily game. A day is
 * {day, result: 'clean'|'help'|'mistake'|'missed'|'shown', seconds, undos} (mistake and shown are chess's) (puzzlebook/daily_stats.py's DayResult, the
 * server's GET /api/me/stats/<game>; each game's `statsDay(rec)` makes one from a record kept here).
 */
import { streakRun, addDays } from './dates.js'
import { t } from './i18n.js'
/** @import { Bucket, DayOutcome, StatsDay, StatsFigures, StreakFigures } from '../stats_types.js' */

const RANK = { clean: 0, help: 1, mistake: 2, missed: 3, shown: 4 }
/** @type {DayOutcome[]} */
export const RESULTS = ['clean', 'help', 'mistake', 'missed', 'shown']
/** @type {DayOutcome[]} the outcomes that are solves */
const SOLVED = ['clean', 'help', 'mistake']

/** @typedef {[label: string, edge: number][]} Buckets */

/**
 * The time buckets of a solve, in seconds: [label, below].
 * @type {Buckets}
 */
export const TIMES = [[t('Under 1 min'), 60], [t('1–2 min'), 120], [t('2–5 min'), 300], [t('5–10 min'), 600], [t('10 min or more'), Infinity]]
/**
 * The undo buckets of a Chain solve: [label, at most].
 * @type {Buckets}
 */
export const UNDOS = [[t('None'), 0], ['1', 1], ['2', 2], [t('3 or more'), Infinity]]

/**
 * A day as lib/stats.js counts it (anything else in a list of days is left out).
 * @param {unknown} d
 * @returns {d is StatsDay}
 */
function isResult(d) {
  const day = /** @type {Partial<StatsDay> | null} */ (d)
  return !!day && typeof day.day === 'string' && Object.hasOwn(RANK, /** @type {PropertyKey} */ (day.result))
}

/**
 * One result a day, oldest first: a day's best (in RESULTS's order, then the faster), as the server's best_of_day.
 * @param {readonly unknown[]} days
 * @returns {StatsDay[]}
 */
export function oneADay(days) {
  /** @type {Map<string, StatsDay>} */
  const best = new Map()
  for (const d of days) {
    if (!isResult(d)) continue
    const had = best.get(d.day)
    if (!had || RANK[d.result] < RANK[had.result] || (RANK[d.result] === RANK[had.result] && (d.seconds || 0) < (had.seconds || 0))) best.set(d.day, d)
  }
  return [...best.keys()].sort().map((day) => /** @type {StatsDay} */ (best.get(day)))
}

/**
 * The server's days and this browser's merged: a day on both counts once, as the server has it (the
 * first result stands there, whichever device it came from); a day only here (a guest's, a go not
 * posted yet, or older than the server's span) counts as kept here.
 * @param {readonly unknown[] | null | undefined} server
 * @param {readonly unknown[] | null | undefined} local
 */
export function merged(server, local) {
  const theirs = oneADay(server || [])
  const known = new Set(theirs.map((d) => d.day))
  return oneADay([...theirs, ...oneADay(local || []).filter((d) => !known.has(d.day))])
}

/**
 * The longest run of days in a row among `days` (YYYY-MM-DD, any order).
 * @param {Iterable<string>} days
 */
export function longestRun(days) {
  const sorted = [...new Set(days)].sort()
  let best = 0
  let run = 0
  /** @type {string | null} */
  let last = null
  for (const day of sorted) {
    run = last && addDays(last, 1) === day ? run + 1 : 1
    best = Math.max(best, run)
    last = day
  }
  return best
}

/**
 * This browser's streak: its current run (lib/dates.js streakRun, with its freezes) and the best, never below it.
 * @param {string[]} streakDays
 * @param {string} today
 * @returns {StreakFigures}
 */
export function localStreak(streakDays, today) {
  const run = streakRun(streakDays, today)
  return { current: run.length, best: Math.max(run.length, longestRun(streakDays)), freezesUsed: run.freezesUsed }
}

/**
 * How many of `values` fall in each bucket: the first whose edge it `fits`.
 * @param {number[]} values
 * @param {Buckets} buckets
 * @param {(value: number, edge: number) => boolean} fits
 * @returns {Bucket[]}
 */
function bucket(values, buckets, fits) {
  const counts = buckets.map(([label]) => ({ label, count: 0 }))
  for (const v of values) counts[buckets.findIndex(([, edge]) => fits(v, edge))].count++
  return counts
}

/**
 * The panel's figures from `days` (merged, one a day) and `streak` ({current, best, freezesUsed}):
 * played, solved, solvedPct (whole per cent; null before any day), the streak, `results` (how many
 * days clean, with help, missed), `times` (the solves by time) and `undos` (the solves by undos;
 * empty when no solve counted any, as chess's never do).
 * @param {readonly unknown[]} days
 * @param {StreakFigures} streak
 * @returns {StatsFigures}
 */
export function countStats(days, streak) {
  const one = oneADay(days)
  const solves = one.filter((d) => SOLVED.includes(d.result))
  const seconds = /** @type {number[]} */ (solves.map((d) => d.seconds).filter(Number.isFinite))
  const undos = /** @type {number[]} */ (solves.map((d) => d.undos).filter(Number.isInteger))
  return {
    played: one.length,
    solved: solves.length,
    solvedPct: one.length ? Math.round((100 * solves.length) / one.length) : null,
    current: streak.current,
    best: Math.max(streak.best, streak.current),
    freezesUsed: streak.freezesUsed || 0,
    results: RESULTS.map((key) => ({ key, count: one.filter((d) => d.result === key).length })),
    times: bucket(seconds, TIMES, (v, below) => v < below),
    undos: undos.length ? bucket(undos, UNDOS, (v, most) => v <= most) : [],
  }
}
