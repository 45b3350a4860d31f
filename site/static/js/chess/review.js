/**
 * A review session (#/review): the puzzles due today in the review (review/: missed, or solved with
 * hints, coming back on FSRS's schedule until solved cleanly), played one after another, unrated and
 * never posted, against their own store (ReviewStore). Each result moves its card on: a clean solve
 * graduates it; anything else brings it back on the day the schedule says. docs/review.md.
 */
import { ChessStore } from './store.js'
import { ReviewKeep } from '../review/keep.js'
import { MISS, gradeOfResult } from '../review/queue.js'
/** @import { LogEntry } from '../chess_types.js' */

const CURRENT = 'review-current'

/**
 * The store a reviewed puzzle plays against: it keeps the puzzle's progress apart from the puzzle's
 * own record (which keeps its first result), counts nothing for the tallies, the streak, the best
 * times, the themes or a guest's estimate, and when the puzzle ends gives the review its result.
 */
export class ReviewStore extends ChessStore {
  record() { return null }
  /** @param {unknown} rec */
  saveRecord(rec) { this.ns.set(CURRENT, rec) }
  /** @param {unknown} rec */
  updateRecord(rec) { this.ns.set(CURRENT, rec) }
  markSeen() {}
  /**
   * A miss in review is the card's result today as it is made (left part way, it still counts).
   * @param {string} band
   * @param {string} id
   * @param {string} day
   */
  noteMiss(band, id, day) {
    this.noteReview(band, id, day, MISS)
  }

  /**
   * The review ended: its grade is the card's result today (results.js's log entry says how it went).
   * @param {{ log: LogEntry }} outcome
   */
  keep(outcome) {
    const { band, id, day, result } = outcome.log
    this.noteReview(band, id, day, gradeOfResult(result))
    // Nothing joins the record (lib/session.js settle joins what a store answers). ChessStore's type,
    // inferred from chess/store.js, has each part always there; a store answers only those that counted.
    return /** @type {ReturnType<ChessStore['keep']>} */ ({})
  }
}

/**
 * {next: the card to play first today or null, due: every card due today in the order played, left:
 * how many are due, later: the next day one comes back or null}.
 * @param {string} today
 */
export async function reviewToday(today, keep = new ReviewKeep()) {
  const { dueOn, dueOf } = await import('../review/schedule.js')
  const queue = keep.queue()
  const due = dueOn(queue, today)
  const later = queue.cards.map(dueOf).filter((d) => d !== null && d > today).sort()[0] || null
  return { next: due[0] || null, due, left: due.length, later }
}
