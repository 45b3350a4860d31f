/**
 * What Streak keeps in this browser, all under "pb:streak:".
 *
 *   d:<YYYY-MM-DD>  the day's run that may be ranked (the first this browser started that day
 *                   while signed in): its puzzles, moves, skip, time, ticket, state and the
 *                   server's answer; the DAYS_KEPT most recent kept
 *   practice        the practice run last played (a guest's, an earlier day's, a second run)
 *   current         the key of the run in play, taken up again on the next visit
 *   days            the days with a d: record, oldest first
 *   best            this browser's best run { score, highest, seconds, date }
 *   queue           the ranked run waiting to post (and queue-sent: the keys posted)
 */
/** @import { OutboxItem, Posting } from '../session_types.js' */
/** @import { Namespace, StorageBackend } from '../storage_types.js' */
/** @import { RunKept, StreakFigures, StreakRecord } from '../run_types.js' */
/** @import { StreakBest } from './results.js' */
import { namespace, defaultBackend } from '../lib/storage.js'
import { Outbox, droppedAnswer } from '../lib/outbox.js'
import { fieldsOf, isWhole } from '../lib/answers.js'

export const PREFIX = 'pb:streak:'
export const DAYS_KEPT = 60

/** @param {string} date */
export const dayKey = (date) => `d:${date}`

/**
 * What the result sheet uses of a post's answer (StreakPosted); unknown fields are left out.
 * @param {unknown} answer
 * @returns {RunKept<StreakFigures>}
 */
export function summarise(answer) {
  const data = fieldsOf(answer)
  /** @type {RunKept<StreakFigures>} */
  const out = { ranked: Boolean(data && data.ranked), already: Boolean(data && data.already) }
  if (!data) return out
  if (isWhole(data.place)) out.place = data.place
  if (data.about === true) out.about = true // the place is known within 1%, not exactly
  if (isWhole(data.top)) out.top = data.top
  if (data.boarded === true) out.boarded = true
  const result = fieldsOf(data.result)
  if (result && isWhole(result.score)) {
    out.result = {
      score: result.score,
      highest: isWhole(result.highest) ? result.highest : null,
      skipped: isWhole(result.skipped) ? result.skipped : null,
      missed: isWhole(result.missed) ? result.missed : null,
    }
  }
  return out
}

/**
 * How a ranked run posts and where its answer goes (lib/session.js reads it). Only a signed-in
 * player's run that started with a ticket posts; without one it can't count (`offline: false`: a
 * refused ticket's reason stands, and the run is never posted as an offline result).
 */
/** @type {Posting<StreakRecord, StreakStore>} */
export const POSTING = {
  game: 'streak',
  order: ['run'],
  answers: { run: 'posted' },
  finished: ['over'],
  noun: ['Streak run', 'Streak runs'],
  offline: false,
  keyOf: (rec) => rec.date,
  bodyKey: (body) => String(body.date),
  record: (store, body) => store.record(String(body.date)),
  moves: (item) => movesIn(item),
  summarise: (answer, kind, outcome) => (outcome === 'sent' ? summarise(answer.data) : droppedAnswer(answer)),
}

/**
 * The solver moves a queued run claims.
 * @param {OutboxItem} item
 */
function movesIn(item) {
  const moves = item.body.moves
  return Array.isArray(moves) ? moves.reduce((n, m) => n + (Array.isArray(m) ? m.length : 0), 0) : 0
}

export class StreakStore {
  /** @param {StorageBackend} [backend] */
  constructor(backend = defaultBackend()) {
    /** @type {Namespace} */
    this.ns = namespace(PREFIX, backend)
    this.posting = POSTING
    this.outbox = new Outbox(this.ns, { name: 'queue', order: POSTING.order })
  }

  /**
   * The day's run that may be ranked, or null when this browser started none that day.
   * @param {string} date
   */
  record(date) {
    return this.byKey(dayKey(date))
  }

  /**
   * @param {string} key
   * @returns {StreakRecord | null}
   */
  byKey(key) {
    const rec = /** @type {StreakRecord | null} */ (this.ns.get(key, null))
    return rec && typeof rec === 'object' ? rec : null
  }

  /** The run in play (taken up again), or null. */
  current() {
    const key = this.ns.get('current', null)
    const rec = typeof key === 'string' ? this.byKey(key) : null
    return rec && rec.state === 'playing' ? rec : null
  }

  /** @param {string | null} key */
  setCurrent(key) {
    if (key) this.ns.set('current', key)
    else this.ns.remove('current')
  }

  /**
   * Keep `rec` (a d: run also in the list of days, the oldest past DAYS_KEPT forgotten).
   * @param {StreakRecord} rec
   */
  saveRecord(rec) {
    this.ns.set(rec.key, rec)
    if (!rec.key.startsWith('d:')) return
    const days = this.days().filter((d) => d !== rec.date)
    days.push(rec.date)
    days.sort()
    while (days.length > DAYS_KEPT) this.ns.remove(dayKey(/** @type {string} */ (days.shift())))
    this.ns.set('days', days)
  }

  /** @param {StreakRecord} rec */
  updateRecord(rec) {
    this.ns.set(rec.key, rec)
  }

  /** @returns {string[]} */
  days() {
    const days = this.ns.get('days', [])
    return Array.isArray(days) ? days.filter((d) => typeof d === 'string') : []
  }

  /** The d: runs kept, newest first (the sign-in page counts the finished ones never posted). */
  recent() {
    return this.days().slice().reverse().map((date) => this.record(date)).filter((rec) => rec !== null)
  }

  /** This browser's best run, or null. */
  /** @returns {StreakBest | null} */
  best() {
    const best = /** @type {StreakBest | null} */ (this.ns.get('best', null))
    return best && typeof best === 'object' && Number.isInteger(best.score) ? best : null
  }

  /** Keep what a finished run counts for (results.js `settled`): a new best here. */
  /** @param {ReturnType<typeof import('./results.js').settled>} outcome */
  keep(outcome) {
    if (!outcome || !outcome.best) return { bestHere: false }
    this.ns.set('best', outcome.best)
    return { bestHere: true }
  }
}

/** The store generic pages open by the registry's name for it (js/games.js: `store`). */
export const openStore = (/** @type {StorageBackend | undefined} */ backend) => new StreakStore(backend)
