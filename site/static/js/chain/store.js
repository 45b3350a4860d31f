/**
 * What Chain keeps in this browser, all under "pb:chain:".
 *
 *   d:<YYYY-MM-DD>  each day opened: the public puzzle, the tiles played,
 *                   undos, resets, time, state, the server's answer and the
 *                   walkthrough once open; the 400 most recently opened kept
 *   recent          those days, oldest first
 *   days            the days solved on their own day (the Chain streak)
 *   tally           { solved, clean, gaveup }
 *   queue           solves and give-ups waiting to post (and queue-sent: the keys posted)
 */
/** @import { ChainCount, ChainCounts, ChainOutcome, ChainPostedKept, ChainRecord } from '../chain_types.js' */
/** @import { Posting } from '../session_types.js' */
/** @import { MyChainResult } from '../api_types.js' */
/** @import { Namespace, StorageBackend } from '../storage_types.js' */
import { namespace, defaultBackend } from '../lib/storage.js'
import { Outbox, droppedAnswer } from '../lib/outbox.js'
import { fieldsOf, isWhole } from '../lib/answers.js'
import { postedOf } from './server_result.js'

export const PREFIX = 'pb:chain:'
export const RECENT_KEPT = 400
export const DAYS_KEPT = 800

/** @param {string} date */
export function keyOf(date) {
  return `d:${date}`
}

/**
 * What the result sheet uses of a post's answer (to a result of `kind`: ChainPosted); unknown fields are left out.
 * @param {unknown} answer
 * @param {string} kind
 * @returns {ChainPostedKept}
 */
export function summarise(answer, kind) {
  const data = fieldsOf(answer)
  /** @type {ChainPostedKept} */
  const out = { kind, already: Boolean(data && data.already) }
  if (!data) return out
  if (data.kept === 'solve' || data.kept === 'giveup') out.kept = data.kept
  if (typeof data.clean === 'boolean') out.clean = data.clean
  if (isWhole(data.place)) out.place = data.place
  if (data.about === true) out.about = true // the place is known within 1%, not exactly
  if (isWhole(data.top)) out.top = data.top
  if (isWhole(data.streak)) out.streak = data.streak
  if (isWhole(data.freezes_used)) out.freezes_used = data.freezes_used // the days a streak freeze forgave
  if (typeof data.daily === 'string') out.daily = data.daily
  if (data.offline === true) out.offline = true // counted for the player alone: on no board
  return out
}

/**
 * How a day's solves and give-ups post and where their answers go (lib/session.js reads it).
 * Only a signed-in player's results are queued; a give-up posts before a solve held for the
 * same day: the first result stands.
 * @type {Posting<ChainRecord, ChainStore>}
 */
export const POSTING = {
  game: 'chain',
  order: ['giveup', 'solve'],
  answers: { giveup: 'posted', solve: 'posted' },
  finished: ['solved', 'gaveup'],
  noun: ['Chain', 'Chains'],
  keyOf: (rec) => rec.date,
  bodyKey: (body) => String(body.date),
  record: (store, body) => store.record(String(body.date)),
  moves: (item) => (item.kind === 'solve' && Array.isArray(item.body.tiles) ? item.body.tiles.length : 0),
  summarise: (answer, kind, outcome) => (outcome === 'sent' ? summarise(answer.data, kind) : { kind, ...droppedAnswer(answer) }),
  /** A result whose post went unheard: the day's result on the server (kept: its answer), if it is this one. */
  async look(item, call) {
    const date = String(item.body.date)
    const mine = await call(`/me/chain/${encodeURIComponent(date)}`)
    if (mine.status !== 200) return mine.status === 0 || mine.status >= 500 ? mine : null
    const posted = postedOf(/** @type {MyChainResult} */ (mine.data), date)
    return posted && posted.kept === item.kind ? { status: 200, data: posted } : null
  },
}

export class ChainStore {
  /** @param {StorageBackend} [backend] */
  constructor(backend = defaultBackend()) {
    /** @type {Namespace} */
    this.ns = namespace(PREFIX, backend)
    this.posting = POSTING
    this.outbox = new Outbox(this.ns, { name: 'queue', order: POSTING.order })
  }

  /**
   * The record of `date`, or null when this browser never opened it (or forgot it). What was kept
   * is any version's: chain/state.js's revive checks it before it plays.
   * @param {string} date
   * @returns {ChainRecord | null}
   */
  record(date) {
    const rec = /** @type {ChainRecord | null} */ (this.ns.get(keyOf(date), null))
    return rec && typeof rec === 'object' ? rec : null
  }

  /**
   * Keep `rec` as the most recently opened day; forget the oldest past RECENT_KEPT.
   * @param {ChainRecord} rec
   */
  saveRecord(rec) {
    const key = keyOf(rec.date)
    this.ns.set(key, rec)
    const recent = this.ns.get('recent', [])
    /** @type {string[]} */
    const list = (Array.isArray(recent) ? recent : []).filter((d) => d !== rec.date)
    list.push(rec.date)
    for (const old of list.splice(0, list.length - RECENT_KEPT)) this.ns.remove(keyOf(old))
    this.ns.set('recent', list)
  }

  /**
   * Write `rec` back without making it the most recent (the clock's saves).
   * @param {ChainRecord} rec
   */
  updateRecord(rec) {
    const recent = this.ns.get('recent', [])
    if (!Array.isArray(recent) || !recent.includes(rec.date)) return this.saveRecord(rec)
    this.ns.set(keyOf(rec.date), rec)
  }

  /**
   * The records kept, most recently opened first.
   * @returns {ChainRecord[]}
   */
  recent() {
    const recent = this.ns.get('recent', [])
    return (Array.isArray(recent) ? recent : []).slice().reverse()
      .map((date) => this.record(date)).filter((rec) => rec !== null)
  }

  /**
   * { solved, clean, gaveup } over every day finished in this browser.
   * @returns {ChainCounts}
   */
  tally() {
    const tally = this.ns.get('tally', null)
    return { solved: 0, clean: 0, gaveup: 0, ...(tally && typeof tally === 'object' ? tally : {}) }
  }

  /**
   * Keep what a finished go counts for (results.js `settled`): its tallies and its streak day.
   * @param {ChainOutcome} outcome
   */
  keep(outcome) {
    for (const name of outcome.counts) this.count(name)
    if (outcome.streakDay) this.markDay(outcome.streakDay)
  }

  /**
   * Count one `outcome` ('solved', 'clean' or 'gaveup').
   * @param {ChainCount} outcome
   */
  count(outcome) {
    const tally = this.tally()
    tally[outcome] = (tally[outcome] || 0) + 1
    this.ns.set('tally', tally)
  }

  /**
   * How far this browser got with `date`, for the archive: 'solved', 'gave up', 'started' or null.
   * @param {string} date
   */
  dayMark(date) {
    const rec = this.record(date)
    if (!rec) return null
    if (rec.state === 'solved') return 'solved'
    if (rec.state === 'gaveup') return 'gave up'
    return rec.played && rec.played.length ? 'started' : null
  }

  /**
   * Days (YYYY-MM-DD) solved on their own day.
   * @returns {string[]}
   */
  days() {
    const days = this.ns.get('days', [])
    return Array.isArray(days) ? days.filter((d) => typeof d === 'string') : []
  }

  /** @param {string} day */
  markDay(day) {
    const days = this.days()
    if (!days.includes(day)) days.push(day)
    days.sort()
    this.ns.set('days', days.slice(-DAYS_KEPT))
  }
}

/** The store generic pages open by the registry's name for it (js/games.js: `store`). */
export const openStore = (/** @type {StorageBackend | undefined} */ backend) => new ChainStore(backend)
