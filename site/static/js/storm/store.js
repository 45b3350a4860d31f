/**
 * What Storm keeps in this browser, all under "pb:storm:": a ranked run until the server has it.
 *
 *   d:<YYYY-MM-DD>  the day's ranked run (its ticket came saying so): its puzzles, moves, tally,
 *                   time, ticket and the server's answer; the DAYS_KEPT most recent kept
 *   days            the days with a d: record, oldest first
 *   queue           the ranked run waiting to post (and queue-sent: the keys posted)
 *
 * A practice run isn't kept: it is scored here and gone when the page is left. A ranked run posts
 * through the outbox like every game's results (site.js flushes it on every page), so one whose
 * post failed (no connection, a 503) is sent later from any page; the server takes it while its
 * ticket lives (docs/storm.md, "Ranked runs, posting and scoring").
 */
/** @import { OutboxItem, Posting } from '../session_types.js' */
/** @import { Namespace, StorageBackend } from '../storage_types.js' */
/** @import { RunKept, StormFigures, StormRecord } from '../run_types.js' */
import { namespace, defaultBackend } from '../lib/storage.js'
import { Outbox, droppedAnswer } from '../lib/outbox.js'
import { fieldsOf, isWhole } from '../lib/answers.js'

export const PREFIX = 'pb:storm:'
export const DAYS_KEPT = 60

/** @param {string} date */
export const dayKey = (date) => `d:${date}`

/**
 * What the result sheet uses of a post's answer (StormPosted); unknown fields are left out.
 * @param {unknown} answer
 * @returns {RunKept<StormFigures>}
 */
export function summarise(answer) {
  const data = fieldsOf(answer)
  /** @type {RunKept<StormFigures>} */
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
      combo_best: isWhole(result.combo_best) ? result.combo_best : 0,
      mistakes: isWhole(result.mistakes) ? result.mistakes : 0,
    }
  }
  return out
}

/**
 * The solver moves a queued run claims.
 * @param {OutboxItem} item
 */
function movesIn(item) {
  const moves = item.body.moves
  return Array.isArray(moves) ? moves.reduce((n, m) => n + (Array.isArray(m) ? m.length : 0), 0) : 0
}

/**
 * How a ranked run posts and where its answer goes (lib/session.js reads it). A Storm run counts
 * only with its ticket (`offline: false`: a refused ticket's reason stands; never posted offline).
 * @type {Posting<StormRecord, StormStore>}
 */
export const POSTING = {
  game: 'storm',
  order: ['run'],
  answers: { run: 'posted' },
  finished: ['over'],
  noun: ['Storm run', 'Storm runs'],
  offline: false,
  keyOf: (rec) => rec.date,
  bodyKey: (body) => String(body.date),
  record: (store, body) => store.record(String(body.date)),
  moves: (item) => movesIn(item),
  summarise: (answer, kind, outcome) => (outcome === 'sent' ? summarise(answer.data) : droppedAnswer(answer)),
}

export class StormStore {
  /** @param {StorageBackend} [backend] */
  constructor(backend = defaultBackend()) {
    /** @type {Namespace} */
    this.ns = namespace(PREFIX, backend)
    this.posting = POSTING
    this.outbox = new Outbox(this.ns, { name: 'queue', order: POSTING.order })
  }

  /**
   * The day's ranked run started in this browser, or null.
   * @param {string} date
   * @returns {StormRecord | null}
   */
  record(date) {
    const rec = /** @type {StormRecord | null} */ (this.ns.get(dayKey(date), null))
    return rec && typeof rec === 'object' ? rec : null
  }

  /**
   * Keep a ranked run (also in the list of days, the oldest past DAYS_KEPT forgotten); a practice
   * run isn't kept.
   * @param {StormRecord} rec
   */
  saveRecord(rec) {
    if (!rec.key.startsWith('d:')) return
    this.ns.set(rec.key, rec)
    const days = this.days().filter((d) => d !== rec.date)
    days.push(rec.date)
    days.sort()
    while (days.length > DAYS_KEPT) this.ns.remove(dayKey(/** @type {string} */ (days.shift())))
    this.ns.set('days', days)
  }

  /** @param {StormRecord} rec */
  updateRecord(rec) {
    if (rec.key.startsWith('d:')) this.ns.set(rec.key, rec)
  }

  /** @returns {string[]} */
  days() {
    const days = this.ns.get('days', [])
    return Array.isArray(days) ? days.filter((d) => typeof d === 'string') : []
  }

  /** The ranked runs kept, newest first (the sign-in page counts the finished ones never posted). */
  recent() {
    return this.days().slice().reverse().map((date) => this.record(date)).filter((rec) => rec !== null)
  }

  /** Nothing more is kept of a finished run here (the server keeps the best). */
  keep() {
    return {}
  }
}

/** The store generic pages open by the registry's name for it (js/games.js: `store`). */
export const openStore = (/** @type {StorageBackend | undefined} */ backend) => new StormStore(backend)
