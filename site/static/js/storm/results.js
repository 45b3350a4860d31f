/**
 * A Storm run's record as it starts and ends, and what a ranked one posts: pure.
 *
 * The score is the server's rule (clock.js, bound to puzzlebook/storm/clock.py by
 * tests/vectors/storm.json); the run's post is its moves and its seconds, never its score (the
 * server replays the moves).
 */
/** @import { RunFile, StormRecord } from '../run_types.js' */
/** @import { TicketAnswer } from '../session_types.js' */
import { dayKey } from './store.js'
import { length, newTally } from './clock.js'

/**
 * A fresh run of the day `file` on the player's `today`; `ticket`: the ticket its start was given
 * (`came`: when it reached this browser), which says whether it is the day's ranked run.
 * @param {RunFile} file
 * @param {string} today
 * @param {{ ticket?: (TicketAnswer & { came: number }) | null, by?: string | null }} [options]
 * @returns {StormRecord}
 */
export function newRecord(file, today, { ticket = null, by = null } = {}) {
  const ranked = ticket ? Boolean(ticket.ranked) : false
  return {
    key: ranked ? dayKey(file.date) : 'practice',
    date: file.date,
    today: file.date === today,
    rows: file.puzzles,
    bundle: file.bundle ?? null,
    state: 'playing',
    why: null,
    index: -1,
    moves: [],
    results: [],
    tally: newTally(),
    seconds: 0,
    opened: Date.now(),
    finished: null,
    ticket: ticket ? ticket.ticket : null,
    ticketCame: ticket ? ticket.came : null,
    ticketIssued: ticket ? ticket.issued : undefined,
    ranked: ticket ? ranked : false,
    by,
    posted: null,
  }
}

/**
 * End `rec` (in place) as `why` after `elapsed` seconds: over, when, its whole seconds (rounded
 * up; a run that ended on its clock lasted exactly the clock's length), and the puzzle on the
 * board left out when no move was made in it (it wasn't attempted).
 * @param {StormRecord} rec
 * @param {'clock' | 'player' | 'done'} why
 * @param {number} elapsed
 */
export function endRecord(rec, why, elapsed) {
  const clock = length(rec.tally)
  rec.state = 'over'
  rec.why = why
  rec.finished = Date.now()
  rec.seconds = why === 'clock' ? clock : Math.min(Math.ceil(elapsed), clock)
  const last = rec.moves.length - 1
  if (last >= 0 && !rec.moves[last].length) rec.moves.pop()
  rec.tally = { ...rec.tally, attempted: rec.moves.length }
  return rec
}

/**
 * The body a ranked run posts (POST /api/storm/results, the ticket added by the outbox): its day,
 * moves and seconds. A run played faster than a second a move claims that floor (the server's
 * least; the outbox waits until its ticket is that old).
 * @param {StormRecord} rec
 */
export function runBody(rec) {
  const moves = rec.moves.map((m) => [...m])
  const made = moves.reduce((n, puzzle) => n + puzzle.length, 0)
  return { date: rec.date, moves, seconds: Math.max(rec.seconds, made) }
}

/**
 * The review's result of each puzzle attempted: solved, missed, or left when the run ended.
 * @param {StormRecord} rec
 */
export function outcomes(rec) {
  return rec.moves.map((_, i) => rec.results[i] || 'unfinished')
}
