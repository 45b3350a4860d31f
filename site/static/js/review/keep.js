/**
 * The review as this browser keeps it, under pb:chess:review ({cards}: review/queue.js's shape), and
 * for a signed-in player its sync with the server's copy (POST /api/chess/review: the whole review
 * posted, the merged one answered and kept). It works offline: a result is kept here first, and the
 * next sync (the home page, or the next result, once online) takes it to the server. Merging is the
 * rule's (the worse of a day's results stands), so a sync lost, repeated or raced changes nothing.
 * A sync with nothing to send (the review here is what the server last answered, pb:chess:review-sent)
 * reads the server's copy instead (GET): a post is a write, and counts against its hourly limit. The
 * home page has the server's copy in its one request (GET /api/me/home) and adopts it (`adopt`).
 * Loads without FSRS (what is due is review/schedule.js's).
 */
import { namespace, defaultBackend } from '../lib/storage.js'
import { getPlayer, call } from '../lib/api.js'
import { add, emptyQueue, merge, pruned, readQueue } from './queue.js'
/** @import { Grade, Queue } from '../review_types.js' */
/** @import { StorageBackend } from '../storage_types.js' */

export const PREFIX = 'pb:chess:'
export const KEY = 'review'
export const SENT = 'review-sent' // the server's last answer, as kept here: nothing to send while it stands

export class ReviewKeep {
  /** @param {StorageBackend} [backend] */
  constructor(backend = defaultBackend()) {
    this.ns = namespace(PREFIX, backend)
  }

  /** The review kept here (an empty one before the first miss). */
  queue() {
    return readQueue(this.ns.get(KEY, emptyQueue()))
  }

  /** @param {Queue} queue */
  save(queue) {
    this.ns.set(KEY, queue)
  }

  /** Whether anything was ever kept (the home page's cheap look before loading FSRS). */
  has() {
    return this.ns.get(KEY, null) !== null
  }

  /**
   * A puzzle finished on `day` with `grade` (queue.js's gradeOf): a first result that wasn't clean
   * enters the review; a review's result moves its card on (a clean one graduates it). A signed-in
   * player's review is then synced, in the background.
   * @param {string} band
   * @param {string} id
   * @param {string} day
   * @param {Grade} grade
   */
  note(band, id, day, grade) {
    const before = this.queue()
    const after = add(before, band, id, day, grade)
    if (after === before) return before
    this.save(pruned(after, day))
    if (getPlayer()) this.sync(call, day).catch(() => {})
    return after
  }

  /**
   * For a signed-in player (`call`: lib/api.js's), the server's review merged with this browser's,
   * kept here; `true` when the server answered. Offline or refused: nothing changes here.
   * @param {typeof import('../lib/api.js').call} call
   * @param {string} today
   */
  async sync(call, today) {
    // Offline, the post would only fail (and log it): the next page or result tries again.
    if (globalThis.navigator && navigator.onLine === false) return false
    const unsent = this.unsent()
    const answer = await (unsent ? call('/chess/review', { method: 'POST', body: { cards: this.queue().cards } }) : call('/chess/review'))
    if (answer.status !== 200 || !answer.data) return false
    this.adopt(answer.data, today)
    return true
  }

  /** Whether this browser holds something of the review the server hasn't answered yet (nothing, when it never kept one). */
  unsent() {
    return this.has() && JSON.stringify(this.queue()) !== JSON.stringify(this.ns.get(SENT, null))
  }

  /**
   * The server's review (`answer`: an answer of the review's routes, or the home's `review`) merged
   * with what this browser kept (a result while it was on its way) and kept here.
   * @param {unknown} answer
   * @param {string} today
   */
  adopt(answer, today) {
    const theirs = readQueue(answer)
    const merged = pruned(merge(this.queue(), theirs), today)
    this.save(merged)
    // Nothing to send next time only while what is kept here is what the server has.
    if (JSON.stringify(merged) === JSON.stringify(pruned(theirs, today))) this.ns.set(SENT, merged)
  }
}
