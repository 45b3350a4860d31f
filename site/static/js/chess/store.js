/**
 * What the chess game keeps in this browser, all under "pb:chess:".
 *
 *   p:<band>/<id>  each puzzle opened: its row, moves, mistakes, hints, time
 *                  and state; the 150 most recently opened are kept
 *   recent         those keys, oldest first
 *   options        the helpers' opt-outs
 *   tally          solved / clean / missed and the best clean time, by band
 *   seen           the last 4,000 puzzle ids opened (Endless skips them)
 *   days           the days a daily was solved (for the streak)
 *   first-move     set once the first-move prompt has been shown
 *   queue          solves and misses waiting to post (and queue-sent: the keys posted)
 *   votes          votes and reports waiting to send (votes-sent: the keys sent): lib/session.js's
 *                  notes, a guest's sent by the next player to sign in here (chess/votes.js)
 *   log            the first result of each puzzle finished, oldest first (the last 3,000): the
 *                  history and the dashboard of a guest (chess/dashboard.js reads it), and with
 *                  each daily's day and a solve's time, a guest's stats panel (lib/stats.js)
 *   replay         the Replay missed run: the missed puzzles still to solve cleanly (chess/replay.js)
 *   review         the review: the puzzles missed or solved with help, coming back until solved
 *                  cleanly (review/keep.js; docs/review.md)
 *   difficulty     the step Endless and themes last drew at (easiest … hardest)
 *   estimate       a guest's rating, kept here by the server's rule (chess/rating.js)
 *   server-rating  the signed-in player's chess rating as the server last said it: {by, rating}
 *   themes         per theme: { played, clean } of the puzzles finished here
 */
/** @import { Namespace, StorageBackend } from '../storage_types.js' */
/** @import { Grade } from '../review_types.js' */
/** @import { BandTally, ChessOptions, ChessOutcome, ChessRecord, Estimate, LogEntry } from '../chess_types.js' */
import { namespace, defaultBackend } from '../lib/storage.js'
import { Outbox } from '../lib/outbox.js'
import { fieldsOf, isNumber } from '../lib/answers.js'
import { POSTING, summarise } from './posting.js'
import { BEST_FIRST, NAMES, resultOfRecord } from './result_names.js'
import { NEW_PLAYER } from './rating.js'
import { DEFAULT_DIFFICULTY, START_RATING, isDifficulty } from './difficulty.js'
import { ReviewKeep } from '../review/keep.js'
import { MISS, cardOf, gradeOfResult } from '../review/queue.js'

export const PREFIX = 'pb:chess:'
export const RECENT_KEPT = 150
export const SEEN_KEPT = 4000
export const DAYS_KEPT = 800
export const LOG_KEPT = 3000

/**
 * Every helper is on unless the player turns it off; none of them knows the answer.
 * @type {ChessOptions}
 */
export const DEFAULT_OPTIONS = {
  dots: true, // where the picked-up piece can go
  lastMove: true, // the last move's two squares
  check: true, // a king in check
  coordinates: true, // files and ranks along the board's edges
}

/**
 * @param {string} band
 * @param {string} id
 */
export function keyOf(band, id) {
  return `p:${band}/${id}`
}

export { POSTING, summarise }

export class ChessStore {
  /** @param {StorageBackend} [backend] */
  constructor(backend = defaultBackend()) {
    this.backend = backend
    /** @type {Namespace} */
    this.ns = namespace(PREFIX, backend)
    this.posting = POSTING
    this.outbox = new Outbox(this.ns, { name: 'queue', order: POSTING.order })
    this.notes = new Outbox(this.ns, { name: 'votes' })
  }

  /**
   * The record of puzzle (band, id), or null if this browser never opened it (or forgot it).
   * @param {string} band
   * @param {string} id
   * @returns {ChessRecord | null}
   */
  record(band, id) {
    const rec = /** @type {ChessRecord | null} */ (this.ns.get(keyOf(band, id), null))
    return rec && typeof rec === 'object' ? rec : null
  }

  /** @returns {string[]} the records' keys, oldest opened first */
  recentKeys() {
    const recent = this.ns.get('recent', [])
    return Array.isArray(recent) ? recent : []
  }

  /**
   * Keep `rec` ({band, id, ...}) as the most recently opened; forget the oldest past 150.
   * @param {ChessRecord} rec
   */
  saveRecord(rec) {
    const key = keyOf(rec.band, rec.id)
    this.ns.set(key, rec)
    const recent = this.recentKeys().filter((k) => k !== key)
    recent.push(key)
    while (recent.length > RECENT_KEPT) this.ns.remove(/** @type {string} */ (recent.shift()))
    this.ns.set('recent', recent)
  }

  /**
   * Write `rec` back without making it the most recent (the clock's saves).
   * @param {ChessRecord} rec
   */
  updateRecord(rec) {
    const key = keyOf(rec.band, rec.id)
    if (!this.recentKeys().includes(key)) return this.saveRecord(rec)
    this.ns.set(key, rec)
  }

  /**
   * The records kept, most recently opened first.
   * @returns {ChessRecord[]}
   */
  recent() {
    return this.recentKeys().slice().reverse()
      .map((key) => /** @type {ChessRecord | null} */ (this.ns.get(key, null))).filter((rec) => rec !== null && typeof rec === 'object')
  }

  /** @returns {ChessOptions} */
  options() {
    return { ...DEFAULT_OPTIONS, .../** @type {Partial<ChessOptions> | null} */ (this.ns.get('options', {}) || {}) }
  }

  /**
   * @param {string} name
   * @param {unknown} value
   */
  setOption(name, value) {
    const options = this.options()
    if (name in options) options[/** @type {keyof ChessOptions} */ (name)] = Boolean(value)
    this.ns.set('options', options)
    return options
  }

  /**
   * { band: { solved, clean, missed } }
   * @returns {Record<string, BandTally>}
   */
  tally() {
    return /** @type {Record<string, BandTally> | null} */ (this.ns.get('tally', {})) || {}
  }

  /**
   * Count one `outcome` ('solved', 'clean' or 'missed') for `band`.
   * @param {string} band
   * @param {'solved' | 'clean' | 'missed'} outcome
   */
  count(band, outcome) {
    const tally = this.tally()
    const row = tally[band] || { solved: 0, clean: 0, missed: 0 }
    row[outcome] = (row[outcome] || 0) + 1
    tally[band] = row
    this.ns.set('tally', tally)
  }

  /**
   * Note a clean solve of `seconds` in `band`; true if it is the band's best clean time yet.
   * @param {string} band
   * @param {number} seconds
   */
  noteCleanTime(band, seconds) {
    const tally = this.tally()
    const row = tally[band] || { solved: 0, clean: 0, missed: 0 }
    const best = typeof row.best === 'number' && Number.isFinite(row.best) ? row.best : null
    if (best !== null && seconds >= best) return false
    row.best = seconds
    tally[band] = row
    this.ns.set('tally', tally)
    return true
  }

  /**
   * Note a posted rating; true if it is higher than any this browser has seen.
   * @param {number} rating
   */
  noteRating(rating) {
    const high = this.ns.get('rating-high', null)
    const known = typeof high === 'number' && Number.isFinite(high)
    if (known && rating <= high) return false
    this.ns.set('rating-high', rating)
    return known
  }

  /**
   * The ids opened lately, oldest first (at most 4,000).
   * @returns {string[]}
   */
  seen() {
    const seen = this.ns.get('seen', [])
    return Array.isArray(seen) ? seen : []
  }

  /** @param {string} id */
  markSeen(id) {
    const seen = this.seen().filter((s) => s !== id)
    seen.push(id)
    this.ns.set('seen', seen.slice(-SEEN_KEPT))
  }

  /**
   * Days (YYYY-MM-DD) with a daily solved.
   * @returns {string[]}
   */
  days() {
    const days = this.ns.get('days', [])
    return Array.isArray(days) ? days : []
  }

  /** @param {string} day */
  markDay(day) {
    const days = this.days()
    if (!days.includes(day)) days.push(day)
    days.sort()
    this.ns.set('days', days.slice(-DAYS_KEPT))
  }

  /**
   * Keep what a finished puzzle counts for (results.js `settled`): its band's tallies, the streak
   * day, the best clean time, the themes, a guest's estimate and the log. Answers what joins the
   * record: { bestTime } when it was a clean solve, { estimated } when a guest's estimate moved.
   * @param {ChessOutcome} outcome
   * @returns {Partial<ChessRecord>}
   */
  keep(outcome) {
    for (const name of outcome.counts) this.count(outcome.band, name)
    if (outcome.streakDay) this.markDay(outcome.streakDay)
    /** @type {Partial<ChessRecord>} */
    const kept = {}
    if (outcome.cleanTime !== null) kept.bestTime = this.noteCleanTime(outcome.band, outcome.cleanTime)
    this.countThemes(outcome.themes, outcome.clean)
    if (outcome.estimate) {
      this.keepEstimate(outcome.estimate)
      kept.estimated = outcome.estimated
    }
    const { band, id, day, result } = outcome.log
    const first = !this.logged(band, id)
    this.logResult(outcome.log)
    // A first result that wasn't clean enters the review; a miss is there already (noteMiss).
    const grade = gradeOfResult(result)
    if (first && !(grade === MISS && cardOf(new ReviewKeep(this.backend).queue(), band, id))) this.noteReview(band, id, day, grade)
    return kept
  }

  /** @param {string} band @param {string} id whether the puzzle's first result is in the log */
  logged(band, id) {
    return this.log().some((e) => e.id === id && e.band === band)
  }

  /**
   * The first miss of a puzzle (a wrong move, or Show solution) enters the review as it is made, so
   * a puzzle left part way or while its solution plays out is in it all the same (issue 40).
   * @param {string} band @param {string} id @param {string} day
   */
  noteMiss(band, id, day) {
    if (!this.logged(band, id)) this.noteReview(band, id, day, MISS)
  }

  /**
   * A result into the review (review/keep.js).
   * @param {string} band @param {string} id @param {string} day @param {Grade} grade
   */
  noteReview(band, id, day, grade) {
    new ReviewKeep(this.backend).note(band, id, day, grade)
  }

  /**
   * The first results kept in this browser, oldest first (see logEntry).
   * @returns {LogEntry[]}
   */
  log() {
    const log = this.ns.get('log', [])
    return Array.isArray(log) ? log : []
  }

  /**
   * Keep the first result of a puzzle just finished (a puzzle already in the log is left as it was).
   * @param {LogEntry} entry
   */
  logResult(entry) {
    const log = this.log()
    if (log.some((e) => e.id === entry.id && e.band === entry.band)) return
    log.push(entry)
    this.ns.set('log', log.slice(-LOG_KEPT))
  }

  /**
   * How this browser's play of the daily of `date` went, for the archive (its game marks days): the
   * first result's one name, lower case ("solved after a mistake": chess/result_names.js), the best
   * of the day's when it had several; 'started' for one in play; null when none was played here.
   * @param {string} date
   */
  dayMark(date) {
    const records = this.recent().filter((rec) => rec.daily === date && !rec.replay)
    const results = [...this.log().filter((e) => e.daily === date).map((e) => e.result),
      ...records.filter((rec) => rec.state !== 'playing').map(resultOfRecord)]
    const best = BEST_FIRST.find((result) => results.includes(result))
    if (best) return NAMES[best].toLowerCase()
    return records.some((rec) => rec.started) ? 'started' : null
  }

  firstMoveShown() {
    return Boolean(this.ns.get('first-move', false))
  }

  markFirstMove() {
    this.ns.set('first-move', true)
  }

  // ---- your difficulty ------------------------------------------------------

  /** @returns {string} */
  difficulty() {
    const step = this.ns.get('difficulty', DEFAULT_DIFFICULTY)
    return isDifficulty(step) ? /** @type {string} */ (step) : DEFAULT_DIFFICULTY
  }

  /** @param {string} step */
  setDifficulty(step) {
    if (isDifficulty(step)) this.ns.set('difficulty', step)
  }

  /**
   * A guest's rating estimate: {rating, rd, volatility}, a new player's until a result moves it.
   * @returns {Estimate}
   */
  estimate() {
    const kept = fieldsOf(this.ns.get('estimate', null))
    if (kept && isNumber(kept.rating) && isNumber(kept.rd) && isNumber(kept.volatility)) {
      return { rating: kept.rating, rd: kept.rd, volatility: kept.volatility }
    }
    return { ...NEW_PLAYER }
  }

  /**
   * Keep the guest's estimate as a first result moved it (results.js settled: chess/rating.js's rule).
   * @param {Estimate} estimate
   */
  keepEstimate(estimate) {
    this.ns.set('estimate', estimate)
  }

  /**
   * Keep the signed-in player's server rating as last answered (a post, /api/me).
   * @param {string} playerId
   * @param {number} rating
   */
  noteServerRating(playerId, rating) {
    if (playerId && Number.isFinite(rating)) this.ns.set('server-rating', { by: playerId, rating })
  }

  /**
   * The rating your difficulty counts from: the signed-in player's server rating as last known
   * (1500 until the server has one), else this browser's estimate. Never asks the server.
   * @param {{ id: string } | null} player
   * @returns {number}
   */
  ratingFor(player) {
    if (player) {
      const kept = /** @type {{ by?: unknown, rating?: number } | null} */ (this.ns.get('server-rating', null))
      return kept && kept.by === player.id && typeof kept.rating === 'number' && Number.isFinite(kept.rating) ? kept.rating : START_RATING
    }
    return this.estimate().rating
  }

  // ---- themes ------------------------------------------------------------------

  /**
   * { theme: { played, clean } } of the puzzles finished in this browser.
   * @returns {Record<string, { played: number, clean: number }>}
   */
  themeTally() {
    return /** @type {Record<string, { played: number, clean: number }> | null} */ (this.ns.get('themes', {})) || {}
  }

  /**
   * Count a finished puzzle carrying `themes` (a space-separated string), clean or not.
   * @param {string} themes
   * @param {boolean} clean
   */
  countThemes(themes, clean) {
    const tally = this.themeTally()
    for (const theme of String(themes || '').split(' ').filter(Boolean)) {
      const row = tally[theme] || { played: 0, clean: 0 }
      row.played += 1
      if (clean) row.clean += 1
      tally[theme] = row
    }
    this.ns.set('themes', tally)
  }
}

/** The store generic pages open by the registry's name for it (js/games.js: `store`). */
export const openStore = (/** @type {StorageBackend | undefined} */ backend) => new ChessStore(backend)
