/**
 * What a finished Streak run counts for in this browser, and what it posts: pure.
 *
 * The score is the server's rule (tally.js, bound to puzzlebook/streak/tally.py by
 * tests/vectors/streak.json); the run's post is its moves, its skip and its seconds, never its
 * score (the server replays the moves). This browser keeps its own best run (any run finished
 * here, practice too), ranked as the boards rank: more solved, then a higher puzzle solved, then
 * less time.
 */
/** @import { StreakRecord } from '../run_types.js' */
import { tallyRun } from './tally.js'

// The most seconds a post may claim (functions/models.py, MAX_SECONDS: a day).
export const MAX_SECONDS = 86_400

/**
 * The run's tally from its record's verdicts (rec.verdicts: per puzzle attempted, 'skip' added where skipped).
 * @param {Pick<StreakRecord, 'rows' | 'verdicts' | 'skipped'>} rec
 */
export function tallyOf(rec) {
  const rows = rec.rows
  return tallyRun(rec.verdicts.map((verdicts, k) => ({
    rating: rows[k][3], verdicts: rec.skipped === k + 1 ? [...verdicts, 'skip'] : verdicts,
  })))
}

/**
 * [-score, -highest, seconds]: lower is better.
 * @param {StreakBest} run
 */
function rank(run) {
  return [-run.score, -(run.highest || 0), run.seconds]
}

/**
 * @typedef {{ score: number, highest: number | null, seconds: number, date?: string }} StreakBest
 *   a run as this browser's best keeps it
 */

/**
 * Whether `run` ({score, highest, seconds}) beats `best` (null: none yet).
 * @param {StreakBest} run
 * @param {StreakBest | null} best
 */
export function beats(run, best) {
  if (!best) return true
  const a = rank(run)
  const b = rank(best)
  for (let k = 0; k < a.length; k++) if (a[k] !== b[k]) return a[k] < b[k]
  return false
}

/**
 * What finishing `rec` counts for here, against this browser's `best` ({score, highest, seconds,
 * date} or null): { tally, best } (best: the new best, or null when the old one stands). Null while
 * the run is in play.
 * @param {StreakRecord} rec
 * @param {StreakBest | null} best
 */
export function settled(rec, best) {
  if (rec.state !== 'over') return null
  const tally = tallyOf(rec)
  const run = { score: tally.score, highest: tally.highest, seconds: rec.seconds, date: rec.date }
  return { tally, best: beats(run, best) ? run : null }
}

/**
 * Solver moves in the run (right, solving and wrong).
 * @param {string[][]} moves
 */
export function solverMoves(moves) {
  return moves.reduce((n, puzzle) => n + puzzle.length, 0)
}

/**
 * The body a ranked run posts (POST /api/streak/results, the ticket added by the outbox): its day,
 * moves, skip and seconds. A run played faster than a second a move claims that floor (the server's
 * least; the outbox waits until its ticket is that old).
 * @param {StreakRecord} rec
 */
export function runBody(rec) {
  const moves = rec.moves.map((m) => [...m])
  const seconds = Math.min(MAX_SECONDS, Math.max(Math.round(rec.seconds), solverMoves(moves)))
  return { date: rec.date, moves, skipped: rec.skipped, seconds }
}

/**
 * End `rec` (in place) as `why` ('wrong', 'ended', 'done' or 'left'): over, when, and the puzzle on
 * the board left out when nothing was done in it (no move, no skip).
 * @param {StreakRecord} rec
 * @param {'wrong' | 'ended' | 'done' | 'left'} why
 */
export function endRecord(rec, why) {
  rec.state = 'over'
  rec.why = why
  rec.finished = Date.now()
  const last = rec.moves.length - 1
  if (last >= 0 && !rec.moves[last].length && rec.skipped !== last + 1) {
    rec.moves.pop()
    rec.verdicts.pop()
  }
  return rec
}

/**
 * Whether `rec` may be the day's ranked run of `player`: the run this browser started first that
 * day while they were signed in, its ticket asked for, and the server not saying it is practice.
 * @param {StreakRecord} rec
 * @param {{ id: string } | null} player
 */
export function mayRank(rec, player) {
  return Boolean(player) && rec.key.startsWith('d:') && rec.asked && rec.ranked !== false && rec.by === player?.id
}
