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
 *   log            the first result of each puzzle finished, oldest first (the last 3,000): the
 *                  history and the dashboard of a guest (chess/dashboard.js reads it)
 *   replay         the Replay missed run: the missed puzzles still to solve cleanly (chess/replay.js)
 *   difficulty     the step Endless and themes last drew at (easiest … hardest)
 *   estimate       a guest's rating, kept here by the server's rule (chess/rating.js)
 *   server-rating  the signed-in player's chess rating as the server last said it: {by, rating}
 *   themes         per theme: { played, clean } of the puzzles finished here
 */
import { namespace, defaultBackend } from '../lib/storage.js'
import { Outbox } from '../lib/queue.js'
import { NEW_PLAYER, ratePuzzle } from './rating.js'
import { DEFAULT_DIFFICULTY, START_RATING, isDifficulty } from './difficulty.js'

export const PREFIX = 'pb:chess:'
export const RECENT_KEPT = 150
export const SEEN_KEPT = 4000
export const DAYS_KEPT = 800
export const LOG_KEPT = 3000

/** Every helper is on unless the player turns it off; none of them knows the answer. */
export const DEFAULT_OPTIONS = {
  dots: true, // where the picked-up piece can go
  lastMove: true, // the last move's two squares
  check: true, // a king in check
  coordinates: true, // files and ranks along the board's edges
}

export function keyOf(band, id) {
  return `p:${band}/${id}`
}

export class ChessStore {
  constructor(backend = defaultBackend()) {
    this.backend = backend
    this.ns = namespace(PREFIX, backend)
    this.outbox = new Outbox(this.ns, { name: 'queue', order: ['miss', 'solve'] })
  }

  /** The record of puzzle (band, id), or null if this browser never opened it (or forgot it). */
  record(band, id) {
    const rec = this.ns.get(keyOf(band, id), null)
    return rec && typeof rec === 'object' ? rec : null
  }

  /** Keep `rec` ({band, id, ...}) as the most recently opened; forget the oldest past 150. */
  saveRecord(rec) {
    const key = keyOf(rec.band, rec.id)
    this.ns.set(key, rec)
    const recent = this.ns.get('recent', []).filter((k) => k !== key)
    recent.push(key)
    while (recent.length > RECENT_KEPT) this.ns.remove(recent.shift())
    this.ns.set('recent', recent)
  }

  /** Write `rec` back without making it the most recent (the clock's saves). */
  updateRecord(rec) {
    const key = keyOf(rec.band, rec.id)
    if (!this.ns.get('recent', []).includes(key)) return this.saveRecord(rec)
    this.ns.set(key, rec)
  }

  /** The records kept, most recently opened first. */
  recent() {
    return this.ns.get('recent', []).slice().reverse()
      .map((key) => this.ns.get(key, null)).filter((rec) => rec && typeof rec === 'object')
  }

  options() {
    return { ...DEFAULT_OPTIONS, ...(this.ns.get('options', {}) || {}) }
  }

  setOption(name, value) {
    const options = this.options()
    options[name] = Boolean(value)
    this.ns.set('options', options)
    return options
  }

  /** { band: { solved, clean, missed } } */
  tally() {
    return this.ns.get('tally', {}) || {}
  }

  /** Count one `outcome` ('solved', 'clean' or 'missed') for `band`. */
  count(band, outcome) {
    const tally = this.tally()
    const row = tally[band] || { solved: 0, clean: 0, missed: 0 }
    row[outcome] = (row[outcome] || 0) + 1
    tally[band] = row
    this.ns.set('tally', tally)
  }

  /** Note a clean solve of `seconds` in `band`; true if it is the band's best clean time yet. */
  noteCleanTime(band, seconds) {
    const tally = this.tally()
    const row = tally[band] || { solved: 0, clean: 0, missed: 0 }
    const best = Number.isFinite(row.best) ? row.best : null
    if (best !== null && seconds >= best) return false
    row.best = seconds
    tally[band] = row
    this.ns.set('tally', tally)
    return true
  }

  /** Note a posted rating; true if it is higher than any this browser has seen. */
  noteRating(rating) {
    const high = this.ns.get('rating-high', null)
    if (Number.isFinite(high) && rating <= high) return false
    this.ns.set('rating-high', rating)
    return Number.isFinite(high)
  }

  /** The ids opened lately, oldest first (at most 4,000). */
  seen() {
    const seen = this.ns.get('seen', [])
    return Array.isArray(seen) ? seen : []
  }

  markSeen(id) {
    const seen = this.seen().filter((s) => s !== id)
    seen.push(id)
    this.ns.set('seen', seen.slice(-SEEN_KEPT))
  }

  /** Days (YYYY-MM-DD) with a daily solved. */
  days() {
    const days = this.ns.get('days', [])
    return Array.isArray(days) ? days : []
  }

  markDay(day) {
    const days = this.days()
    if (!days.includes(day)) days.push(day)
    days.sort()
    this.ns.set('days', days.slice(-DAYS_KEPT))
  }

  /** The first results kept in this browser, oldest first (see logEntry). */
  log() {
    const log = this.ns.get('log', [])
    return Array.isArray(log) ? log : []
  }

  /** Keep the first result of a puzzle just finished (a puzzle already in the log is left as it was). */
  logResult(entry) {
    const log = this.log()
    if (log.some((e) => e.id === entry.id && e.band === entry.band)) return
    log.push(entry)
    this.ns.set('log', log.slice(-LOG_KEPT))
  }

  firstMoveShown() {
    return Boolean(this.ns.get('first-move', false))
  }

  markFirstMove() {
    this.ns.set('first-move', true)
  }

  // ---- your difficulty ------------------------------------------------------

  difficulty() {
    const step = this.ns.get('difficulty', DEFAULT_DIFFICULTY)
    return isDifficulty(step) ? step : DEFAULT_DIFFICULTY
  }

  setDifficulty(step) {
    if (isDifficulty(step)) this.ns.set('difficulty', step)
  }

  /** A guest's rating estimate: {rating, rd, volatility}, a new player's until a result moves it. */
  estimate() {
    const kept = this.ns.get('estimate', null)
    const ok = kept && ['rating', 'rd', 'volatility'].every((k) => Number.isFinite(kept[k]))
    return ok ? kept : { ...NEW_PLAYER }
  }

  /** Move the guest's estimate by a first result ('clean', 'hints' or 'lost') on a puzzle rated `puzzleRating`. */
  rateLocally(puzzleRating, outcome) {
    const after = ratePuzzle(this.estimate(), puzzleRating, outcome)
    this.ns.set('estimate', after)
    return after
  }

  /** Keep the signed-in player's server rating as last answered (a post, /api/me). */
  noteServerRating(playerId, rating) {
    if (playerId && Number.isFinite(rating)) this.ns.set('server-rating', { by: playerId, rating })
  }

  /**
   * The rating your difficulty counts from: the signed-in player's server rating as last known
   * (1500 until the server has one), else this browser's estimate. Never asks the server.
   */
  ratingFor(player) {
    if (player) {
      const kept = this.ns.get('server-rating', null)
      return kept && kept.by === player.id && Number.isFinite(kept.rating) ? kept.rating : START_RATING
    }
    return this.estimate().rating
  }

  // ---- themes ------------------------------------------------------------------

  /** { theme: { played, clean } } of the puzzles finished in this browser. */
  themeTally() {
    return this.ns.get('themes', {}) || {}
  }

  /** Count a finished puzzle carrying `themes` (a space-separated string), clean or not. */
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
