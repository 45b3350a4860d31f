/**
 * Replay missed: the puzzles whose first result was a miss, served again one after another,
 * unrated and never posted, until each has been solved cleanly once (docs/site.md, "The dashboard
 * and the history").
 * The run is kept in this browser under pb:chess:replay: { left: [{band, id}], cleared }.
 * A puzzle solved cleanly leaves the run; any other finish sends it to the back. A replayed
 * puzzle plays against its own store (ReplayStore, below).
 */
import { defaultBackend } from '../lib/storage.js'
import { ChessStore } from './store.js'
/** @import { Namespace, StorageBackend } from '../storage_types.js' */
/** @import { LogEntry } from '../chess_types.js' */
/** @typedef {{ band: string, id: string }} Replayed a puzzle of the run */
/** @typedef {{ left: Replayed[], cleared: number }} ReplayRun the run as kept */

const KEY = 'replay'
const CURRENT = 'replay-current'

// The run is one of the chess game's keys (pb:chess:replay), kept in ChessStore's namespace.
/**
 * @param {StorageBackend | undefined} backend
 * @returns {Namespace}
 */
function ns(backend) {
  return new ChessStore(backend || defaultBackend()).ns
}

/**
 * The run as kept: { left, cleared } (an empty run when there is none).
 * @param {StorageBackend} [backend]
 * @returns {ReplayRun}
 */
export function replayRun(backend) {
  const run = /** @type {Partial<ReplayRun> | null} */ (ns(backend).get(KEY, null))
  return run && Array.isArray(run.left) ? /** @type {ReplayRun} */ (run) : { left: [], cleared: 0 }
}

/**
 * Start a run of `puzzles` ([{band, id}], in the order to play them; each once).
 * @param {readonly Replayed[]} puzzles
 * @param {StorageBackend} [backend]
 */
export function startReplay(puzzles, backend) {
  const seen = new Set()
  /** @type {Replayed[]} */
  const left = []
  for (const { band, id } of puzzles) {
    if (seen.has(`${band}/${id}`)) continue
    seen.add(`${band}/${id}`)
    left.push({ band, id })
  }
  ns(backend).set(KEY, { left, cleared: 0 })
  return left.length
}

/**
 * The puzzle to play next, or null when the run is over.
 * @param {StorageBackend} [backend]
 */
export function nextReplay(backend) {
  return replayRun(backend).left[0] || null
}

/**
 * A replay of (band, id) finished: cleanly (it leaves the run) or not (to the back). The run after.
 * @param {string} band
 * @param {string} id
 * @param {boolean} clean
 * @param {StorageBackend} [backend]
 */
export function replayed(band, id, clean, backend) {
  const run = replayRun(backend)
  const at = run.left.findIndex((p) => p.band === band && p.id === id)
  if (at < 0) return run
  const [puzzle] = run.left.splice(at, 1)
  if (clean) run.cleared += 1
  else run.left.push(puzzle)
  ns(backend).set(KEY, run)
  return run
}

/**
 * The store a replayed puzzle plays against: it keeps the puzzle's progress apart from the
 * puzzle's own record (which keeps its first result), counts nothing for the tallies, the
 * streak or the best times, and when the puzzle ends moves the Replay missed run on.
 */
export class ReplayStore extends ChessStore {
  record() { return null }
  /** @param {unknown} rec */
  saveRecord(rec) { this.ns.set(CURRENT, rec) }
  /** @param {unknown} rec */
  updateRecord(rec) { this.ns.set(CURRENT, rec) }
  markSeen() {}
  count() {}
  markDay() {}
  noteCleanTime() { return false }
  noteRating() { return false }
  countThemes() {}
  keepEstimate() {} // a replay moves no rating, not even a guest's estimate
  noteReview() {} // nor enters the review: its first result did
  /**
   * The replay ended: cleanly, it leaves the run; else it goes to the back.
   * @param {LogEntry} entry
   */
  logResult(entry) { replayed(entry.band, entry.id, entry.result === 'clean', this.backend) }
}
