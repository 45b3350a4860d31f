/**
 * The chess result rules the browser keeps for itself: for a guest, whose results are never
 * posted, and for this browser's own tallies and streak days before (or without) a post's answer.
 * They are the server's (puzzlebook/chess/results.py); tests/vectors/chess_results.json binds the
 * two. What the server alone decides (the first result stands, a solve after a miss, the rating)
 * the page shows from the post's answer.
 */

/** @import { ChessOutcome, ChessRecord, Estimate, LogEntry } from '../chess_types.js' */
/** @import { StatsDay } from '../stats_types.js' */
import { outcomeOf, ratePuzzle } from './rating.js'
import { logEntry } from './dashboard.js'
import { SOLVES, resultOfRecord } from './result_names.js'

/**
 * A clean solve: no mistakes and no hints.
 * @param {number} mistakes
 * @param {number} hints
 */
export function isClean(mistakes, hints) {
  return !mistakes && !hints
}

/**
 * Which counts a finished puzzle's record adds to its band's tally: solved (and clean), or missed.
 * @param {ChessRecord} rec
 * @returns {ChessOutcome['counts']}
 */
export function outcomes(rec) {
  if (rec.state !== 'solved') return ['missed']
  return isClean(rec.mistakes, rec.hints) ? ['solved', 'clean'] : ['solved']
}

/**
 * The day a result counts for (the streak, the day's board): `today` (the site day) when the
 * puzzle is that very day's daily, else null (an archive daily, or not a daily at all).
 * @param {string | null | undefined} daily
 * @param {string} today
 */
export function countedDay(daily, today) {
  return daily && daily === today ? today : null
}

/**
 * What finishing `rec` (just solved, or its solution shown) on the site day `today` counts for
 * in this browser, kept by ChessStore.keep:
 *   { band, clean, counts, streakDay, cleanTime, themes, estimate, estimated, log }
 * counts: outcomes(rec); streakDay: the day a daily solved on its own day marks for the streak
 * (an archive day never does, as on the server); cleanTime: a clean solve's seconds, for the
 * band's best; themes: the puzzle's, counted played (and clean); log: the first result for the
 * history and a guest's dashboard. `guest` is a guest's rating estimate before this result when
 * it moves it (chess/rating.js, by the server's rule; a signed-in player's rating is the
 * server's), else null: then `estimate` (the estimate after) and `estimated` ({before, after}).
 * @param {ChessRecord} rec
 * @param {string} today
 * @param {Estimate | null} [guest]
 * @returns {ChessOutcome}
 */
export function settled(rec, today, guest = null) {
  const solved = rec.state === 'solved'
  const clean = solved && isClean(rec.mistakes, rec.hints)
  /** @type {Estimate | null} */
  let estimate = null
  let estimated = rec.estimated
  if (guest) {
    estimate = ratePuzzle(guest, rec.row[3], outcomeOf(!solved || rec.missed, rec.mistakes, rec.hints))
    estimated = { before: guest.rating, after: estimate.rating }
  }
  return {
    band: rec.band,
    clean,
    counts: outcomes(rec),
    streakDay: solved ? countedDay(rec.daily, today) : null,
    cleanTime: clean ? rec.seconds : null,
    themes: rec.row[4],
    estimate,
    estimated,
    log: /** @type {LogEntry} */ (logEntry({ ...rec, estimated }, today)),
  }
}

/**
 * A daily's record as the stats panel's day (lib/stats.js), or null (not a daily, or not over): its
 * first result, as the history names it (result_names.js), with a solve's time. Counted for the
 * daily's own day, whenever it was played, as the server's GET /api/me/stats/chess.
 * @param {ChessRecord | null | undefined} rec
 * @returns {StatsDay | null}
 */
export function statsDay(rec) {
  if (!rec || typeof rec.daily !== 'string' || rec.replay || rec.state === 'playing') return null
  const result = resultOfRecord(rec)
  return { day: rec.daily, result, seconds: SOLVES.includes(result) ? rec.seconds : null, undos: null }
}

/**
 * A log entry's daily as the stats panel's day (its first result), or null: not a daily, or logged before it said.
 * @param {LogEntry | null | undefined} entry
 * @returns {StatsDay | null}
 */
export function statsDayOfLog(entry) {
  if (!entry || typeof entry.daily !== 'string') return null
  const result = entry.result
  return { day: entry.daily, result, seconds: SOLVES.includes(result) ? (entry.seconds ?? null) : null, undos: null }
}

/**
 * This browser's days of the chess daily: the log's (the first result of the last 3,000 puzzles
 * finished here) and the records' (the last 150 opened, which the log may not have: kept before
 * the log said which were dailies), one a day by lib/stats.js.
 * @param {LogEntry[]} log
 * @param {ChessRecord[]} records
 */
export function localStatsDays(log, records) {
  return [...log.map(statsDayOfLog), ...records.map(statsDay)].filter(Boolean)
}
