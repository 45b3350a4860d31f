/**
 * An outbox of results waiting to post, kept in a storage namespace so a
 * closed tab or a lost connection loses nothing.
 *
 * Each item is { key, kind, path, body, by }: `key` names what it is for (e.g.
 * "miss:Easy/abc12") and an item with a key already queued or already sent is
 * refused, so nothing is posted twice; `by` is the id of the player who played
 * it, and only that player's flush posts it (another player signed in on the
 * same browser never gets their results). `flush(send)` posts in order (items
 * whose kind comes first in `order`, then oldest first) and stops at the
 * first answer that means "try later" (no connection, 401, 429, 5xx), keeping
 * that item and everything after it. 2xx means sent; 400, 404, 409, 410, 413
 * and 422 mean the server will never take it, so it is dropped.
 */

// A listener's failure must not stop the posting (the item is already done).
async function hear(onResult, item, outcome, answer) {
  try {
    await onResult(item, outcome, answer)
  } catch { /* nothing to undo */ }
}

const DROP = new Set([400, 404, 409, 410, 413, 422])
const SENT_KEPT = 4000

export class Outbox {
  /**
   * store: a storage namespace (lib/storage.js); name: its key in the store;
   * order: kinds in posting order (e.g. ['miss', 'solve']: a miss before any held solve).
   */
  constructor(store, { name = 'queue', order = [] } = {}) {
    this.store = store
    this.name = name
    this.order = order
    this.busy = null
  }

  /** The items waiting, in posting order. */
  items() {
    const items = this.store.get(this.name, [])
    const rank = (item) => {
      const r = this.order.indexOf(item.kind)
      return r === -1 ? this.order.length : r
    }
    return (Array.isArray(items) ? items : []).map((item, i) => [item, i])
      .sort((a, b) => rank(a[0]) - rank(b[0]) || a[1] - b[1]).map(([item]) => item)
  }

  /** Keys already posted (or dropped), most recent last. */
  sent() {
    const sent = this.store.get(this.name + '-sent', [])
    return Array.isArray(sent) ? sent : []
  }

  /** True if an item with `key` is waiting or was already posted. */
  has(key) {
    return this.sent().includes(key) || this.items().some((item) => item.key === key)
  }

  /** Queue `item`; false (and nothing queued) when its key is waiting or was sent. */
  add(item) {
    if (!item || typeof item.key !== 'string' || this.has(item.key)) return false
    const items = this.store.get(this.name, [])
    const list = Array.isArray(items) ? items : []
    const kept = { key: item.key, kind: item.kind, path: item.path, body: item.body }
    if (typeof item.by === 'string') kept.by = item.by
    list.push(kept)
    return this.store.set(this.name, list)
  }

  _finish(key) {
    const list = (this.store.get(this.name, []) || []).filter((item) => item.key !== key)
    this.store.set(this.name, list)
    const sent = this.sent().filter((k) => k !== key)
    sent.push(key)
    this.store.set(this.name + '-sent', sent.slice(-SENT_KEPT))
  }

  /** The items waiting that player `by` didn't play (an item kept without a `by` is anyone's). */
  others(by) {
    return this.items().filter((item) => typeof item.by === 'string' && item.by !== by)
  }

  /**
   * Post what is waiting of player `by`'s (every item, when `by` is left out). `send(item)` resolves
   * to { status, data } (status 0 for no connection) or rejects (treated as no connection).
   * `onResult(item, outcome, answer)` hears each 'sent' or 'dropped'. Resolves to
   * { sent, dropped, left } (left: all the items still waiting, anyone's). One flush at a time: a
   * second call while one runs gets the same promise.
   */
  flush(send, onResult = () => {}, { by } = {}) {
    if (this.busy) return this.busy
    const run = async () => {
      let sent = 0
      let dropped = 0
      for (const item of this.items()) {
        if (by !== undefined && typeof item.by === 'string' && item.by !== by) continue
        let answer
        try {
          answer = await send(item)
        } catch {
          answer = { status: 0 }
        }
        const status = answer && answer.status
        if (status >= 200 && status < 300) {
          this._finish(item.key)
          sent++
          await hear(onResult, item, 'sent', answer)
        } else if (DROP.has(status)) {
          this._finish(item.key)
          dropped++
          await hear(onResult, item, 'dropped', answer)
        } else {
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
