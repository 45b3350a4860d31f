/**
 * The store a replayed puzzle plays against (chess/replay.js): it keeps the puzzle's progress
 * apart from the puzzle's own record (which keeps its first result), counts nothing for the
 * tallies, the streak or the best times, and when the puzzle ends moves the Replay missed run on.
 */
import { ChessStore } from './store.js'
import { replayed } from './replay.js'

const CURRENT = 'replay-current'

export class ReplayStore extends ChessStore {
  record() { return null }
  saveRecord(rec) { this.ns.set(CURRENT, rec) }
  updateRecord(rec) { this.ns.set(CURRENT, rec) }
  markSeen() {}
  count() {}
  markDay() {}
  noteCleanTime() { return false }
  noteRating() { return false }
  countThemes() {}
  rateLocally() { return this.estimate() } // a replay moves no rating, not even a guest's estimate
  /** The replay ended: cleanly, it leaves the run; else it goes to the back. */
  logResult(entry) { replayed(entry.band, entry.id, entry.result === 'clean', this.backend) }
}
