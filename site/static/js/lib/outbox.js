/**
 * An outbox of results waiting to post, kept in a storage namespace so a closed tab or a lost
 * connection loses nothing; and the keys of what it holds (`resultKey`: their one spelling).
 *
 * Each item is { key, kind, path, body, by, out }: `key` names what it is for (e.g.
 * "miss:Easy/abc12", resultKey) and an item with a key already queued or already sent is
 * refused, so nothing is posted twice; `by` is the id of the player who played
 * it, and only that player's flush posts it (another player signed in on the
 * same browser never gets their results). `flush(send)` posts in order (items
 * whose kind comes first in `order`, then oldest first) and stops at the
 * first answer that means "try later" (no connection, 401, 429, 5xx), keeping
 * that item and everything after it. 2xx means sent; 400, 404, 409, 410, 413
 * and 422 mean the server will never take it, so it is dropped. `out` is kept true once a post of
 * the item has gone with no answer heard (the page left as it went, the connection dropped): the
 * server may have kept it, so the next flush's `send` sees `out` and asks before posting it again.
 *
 * What posts the items (the ticket each goes with, where each answer is kept) is lib/session.js's.
 */
/** @import { Answer, Dropped, FlushCount, Outcome, OutboxItem, OutboxLike, PlayRecord, Posting } from '../session_types.js' */
/** @import { Namespace } from '../storage_types.js' */

/**
 * The outbox key of a result of `kind` for the record keyed `key` ("solve:Easy/abc12", "giveup:2026-09-07").
 * @param {string} kind
 * @param {string} key
 */
export const resultKey = (kind, key) => `${kind}:${key}`

/**
 * Every outbox key a record of a game posting by `posting` can have.
 * @template {PlayRecord} R
 * @param {Posting<R>} posting
 * @param {R} rec
 */
export const resultKeys = (posting, rec) => posting.order.map((kind) => resultKey(kind, posting.keyOf(rec)))

/**
 * A listener's failure must not stop the posting (the item is already done).
 * @param {(item: OutboxItem, outcome: Outcome, answer: Answer) => void | Promise<void>} onResult
 * @param {OutboxItem} item
 * @param {Outcome} outcome
 * @param {Answer} answer
 */
async function tell(onResult, item, outcome, answer) {
  try {
    await onResult(item, outcome, answer)
  } catch { /* nothing to undo */ }
}

const DROP = new Set([400, 404, 409, 410, 413, 422])
const SENT_KEPT = 4000

/**
 * What a result dropped for good keeps of its answer: the server's reason, if it gave one.
 * @param {Answer | null | undefined} answer
 * @returns {Dropped}
 */
export function droppedAnswer(answer) {
  const data = /** @type {{ error?: unknown } | null | undefined} */ (answer?.data)
  return { dropped: true, error: typeof data?.error === 'string' && data.error ? data.error : null }
}

/** @implements {OutboxLike} */
export class Outbox {
  /**
   * store: a storage namespace (lib/storage.js); name: its key in the store;
   * order: kinds in posting order (e.g. ['miss', 'solve']: a miss before any held solve).
   * @param {Namespace} store
   * @param {{ name?: string, order?: string[] }} [options]
   */
  constructor(store, { name = 'queue', order = [] } = {}) {
    this.store = store
    this.name = name
    this.order = order
    /** @type {Promise<FlushCount> | null} */
    this.busy = null
  }

  /** @returns {OutboxItem[]} what is kept under the outbox's name, as a list */
  kept() {
    const items = this.store.get(this.name, [])
    return Array.isArray(items) ? items : []
  }

  /**
   * The items waiting, in posting order.
   * @returns {OutboxItem[]}
   */
  items() {
    /** @param {OutboxItem} item */
    const rank = (item) => {
      const r = this.order.indexOf(item.kind)
      return r === -1 ? this.order.length : r
    }
    return this.kept().map((item, i) => /** @type {[OutboxItem, number]} */ ([item, i]))
      .sort((a, b) => rank(a[0]) - rank(b[0]) || a[1] - b[1]).map(([item]) => item)
  }

  /**
   * Keys already posted (or dropped), most recent last.
   * @returns {string[]}
   */
  sent() {
    const sent = this.store.get(this.name + '-sent', [])
    return Array.isArray(sent) ? sent : []
  }

  /**
   * True if an item with `key` is waiting or was already posted.
   * @param {string} key
   */
  has(key) {
    return this.sent().includes(key) || this.items().some((item) => item.key === key)
  }

  /**
   * Queue `item`; false (and nothing queued) when its key is waiting or was sent.
   * @param {OutboxItem} item
   */
  add(item) {
    if (!item || typeof item.key !== 'string' || this.has(item.key)) return false
    const list = this.kept()
    /** @type {OutboxItem} */
    const kept = { key: item.key, kind: item.kind, path: item.path, body: item.body }
    if (typeof item.by === 'string') kept.by = item.by
    if (typeof item.method === 'string') kept.method = item.method // a note's (PUT); a result is POSTed
    list.push(kept)
    return this.store.set(this.name, list)
  }

  /**
   * Keep whether a post of the item keyed `key` went with no answer heard (lib/session.js asks the
   * server about such an item before posting it again).
   * @param {string} key
   * @param {boolean} out
   */
  _out(key, out) {
    const list = this.kept()
    const item = list.find((i) => i.key === key)
    if (!item || Boolean(item.out) === out) return
    if (out) item.out = true
    else delete item.out
    this.store.set(this.name, list)
  }

  /** @param {string} key */
  _finish(key) {
    this.store.set(this.name, this.kept().filter((item) => item.key !== key))
    const sent = this.sent().filter((k) => k !== key)
    sent.push(key)
    this.store.set(this.name + '-sent', sent.slice(-SENT_KEPT))
  }

  /**
   * The items waiting that player `by` didn't play (an item kept without a `by` is anyone's).
   * @param {string | null | undefined} by
   */
  others(by) {
    return this.items().filter((item) => typeof item.by === 'string' && item.by !== by)
  }

  /**
   * Post what is waiting of player `by`'s (every item, when `by` is left out). `send(item)` resolves
   * to { status, data } (status 0 for no connection) or rejects (treated as no connection).
   * `onResult(item, outcome, answer)` hears each 'sent' or 'dropped'. Resolves to
   * { sent, dropped, left } (left: all the items still waiting, anyone's). One flush at a time: a
   * second call while one runs gets the same promise.
   * @param {(item: OutboxItem) => Promise<Answer>} send
   * @param {(item: OutboxItem, outcome: Outcome, answer: Answer) => void | Promise<void>} [onResult]
   * @param {{ by?: string }} [options]
   * @returns {Promise<FlushCount>}
   */
  flush(send, onResult = () => {}, { by } = {}) {
    if (this.busy) return this.busy
    const run = async () => {
      let sent = 0
      let dropped = 0
      for (const item of this.items()) {
        if (by !== undefined && typeof item.by === 'string' && item.by !== by) continue
        /** @type {Answer} */
        let answer
        // Out until its answer is heard: a page that leaves now leaves a post the server may keep.
        this._out(item.key, true)
        try {
          answer = await send(item)
        } catch {
          answer = { status: 0, data: null }
        }
        const status = answer && answer.status
        if (status >= 200 && status < 300) {
          this._finish(item.key)
          sent++
          await tell(onResult, item, 'sent', answer)
        } else if (DROP.has(status)) {
          this._finish(item.key)
          dropped++
          await tell(onResult, item, 'dropped', answer)
        } else {
          if (status) this._out(item.key, false) // answered (401, 429, 5xx): nothing was kept
          break
        }
      }
      return { sent, dropped, left: this.items().length }
    }
    const locks = globalThis.navigator && globalThis.navigator.locks
    // Two tabs flushing at once could post the same item twice; a Web Lock
    // (where there is one) lets one tab post at a time.
    const guarded = locks ? locks.request('pb-outbox-' + this.store.prefix + this.name, run) : run()
    this.busy = guarded.finally(() => { this.busy = null })
    return this.busy
  }
}
