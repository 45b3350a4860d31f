/**
 * What a student's browser keeps about lessons, in localStorage under "pb:lessons:".
 *
 *   l:<lesson id>   { results: { <puzzle index>: { solved, clean, rev } }, pending: [ … ], guest, current }
 *
 * `results` is this run through the lesson (cleared by Play again); a result on an
 * earlier revision of a puzzle the teacher has changed since is not this run's. `current` is
 * the puzzle in play, as far as it went ({ puzzle, rev, ply, mistakes, hints, hintLevel, shown,
 * opened, ticket }): a reload goes on from there, with its wrong moves, hints, time and ticket,
 * as chess keeps a puzzle in play (issue 30: a reload forgot them, and the result said clean). `pending`
 * holds results not yet posted to /api/lessons/<id>/results (offline, say), each with
 * the play ticket the lesson issued as its puzzle opened; they go the next time the
 * lesson opens. `guest` is a guest's first ticket of the lesson: sent when asking for the
 * next one, it keeps them the same student (the server names students, not the browser).
 * The server counts a student's first result per puzzle only, so a replay never counts twice.
 */
import { namespace } from '../lib/storage.js'
import { call, getPlayer } from '../lib/api.js'
import { askTicket as ask, notBefore, ticketKey } from '../lib/session.js'

const keep = namespace('pb:lessons:')
const MAX_SECONDS = 86_400 // the most a result may claim (the API's limit): a puzzle left open for days claims a day
const MAX_WAIT_MS = 60_000 // a queued result never waits longer than this for its floor

function load(id) {
  const kept = keep.get(`l:${id}`, null) || {}
  return {
    results: kept.results && typeof kept.results === 'object' ? kept.results : {},
    pending: Array.isArray(kept.pending) ? kept.pending : [],
    guest: typeof kept.guest === 'string' ? kept.guest : null,
    current: kept.current && typeof kept.current === 'object' ? kept.current : null,
  }
}

const count = (n) => (Number.isInteger(n) && n >= 0 ? n : 0)

/**
 * Puzzle `index`'s play as far as it went, on revision `rev`: { ply, mistakes, hints, hintLevel,
 * shown, opened, ticket } (ticket: { ticket, at } or null), or null when another puzzle (or
 * another revision of it) was the one in play, or none was.
 */
export function progressOf(id, index, rev = 1) {
  const kept = load(id).current
  if (!kept || kept.puzzle !== index || (kept.rev || 1) !== rev) return null
  const ticket = kept.ticket && typeof kept.ticket.ticket === 'string' && Number.isFinite(kept.ticket.at) ? kept.ticket : null
  return {
    ply: count(kept.ply), mistakes: count(kept.mistakes), hints: count(kept.hints), hintLevel: count(kept.hintLevel),
    shown: kept.shown === true, opened: Number.isFinite(kept.opened) ? kept.opened : Date.now(), ticket,
  }
}

/** The puzzle in play of lesson `id` (one at a time): { puzzle, rev, ply, mistakes, hints, hintLevel, shown, opened, ticket }. */
export function keepProgress(id, progress) {
  const kept = load(id)
  kept.current = progress
  keep.set(`l:${id}`, kept)
}

/** The puzzle in play now, if any: { puzzle, rev } (play.js opens it first after a reload). */
export function currentOf(id) {
  const kept = load(id).current
  return kept && Number.isInteger(kept.puzzle) ? { puzzle: kept.puzzle, rev: kept.rev || 1 } : null
}

/** This run's results for lesson `id` on the puzzles as they are (`revs`, by place): { <index>: { solved, clean } }. */
export function resultsOf(id, revs = []) {
  const out = {}
  for (const [index, result] of Object.entries(load(id).results)) {
    if ((result.rev || 1) === (revs[Number(index) - 1] || 1)) out[index] = result
  }
  return out
}

/**
 * Ask the server for puzzle `index`'s play ticket as it opens: { ticket, at } (at: when it
 * came, by this browser's clock), or null (offline, or refused: the result then counts only here).
 */
export async function askTicket(id, index) {
  const player = getPlayer()
  const kept = load(id)
  const body = { puzzle: index }
  if (!player && kept.guest) body.student = kept.guest
  let at = null
  const ticket = await ask(ticketKey('lessons', `${id}/${index}`), `/lessons/${encodeURIComponent(id)}/tickets`, body, (got, came) => {
    at = came
    if (!player && !kept.guest) {
      const now = load(id)
      now.guest = got
      keep.set(`l:${id}`, now)
    }
  })
  return ticket ? { ticket, at } : null
}

/** Keep puzzle `index`'s result in this run ({ solved, clean, rev }); it is no longer in play. */
export function recordResult(id, index, { solved, clean, rev }) {
  const kept = load(id)
  kept.results[index] = { solved, clean, rev }
  if (kept.current?.puzzle === index) kept.current = null
  keep.set(`l:${id}`, kept)
}

/**
 * Post puzzle `index`'s result with its play ticket (none: offline, so it counts only here). A solve
 * of `floor` moves quicker than a second a move claims the floor, once its ticket is that old: the
 * server takes a solve no sooner than that after its ticket, and claiming at least that
 * (lib/session.js notBefore, as every game waits; docs/classes.md).
 */
export async function postResult(id, index, { solved, clean, mistakes, hints, seconds, floor = 0 }, ticket) {
  if (!ticket) return
  const kept = load(id)
  // Queued at once, with when it may go: a reload while a quick solve waits out its floor loses nothing.
  const claimed = Math.min(Math.max(seconds, floor), MAX_SECONDS)
  kept.pending.push({ puzzle: index, solved, clean, mistakes, hints, seconds: claimed, ticket: ticket.ticket, after: notBefore(ticket.at, floor) })
  keep.set(`l:${id}`, kept)
  await postPending(id)
}

/** Start the lesson again in this browser (the teacher's counts are not touched). */
export function clearResults(id) {
  const kept = load(id)
  keep.set(`l:${id}`, { ...kept, results: {}, current: null })
}

let posting = null

/** Post every result still waiting (one run at a time; a result added meanwhile is taken too). */
export function postPending(id) {
  if (!posting) posting = postAll(id).finally(() => { posting = null })
  return posting
}

async function postAll(id) {
  for (;;) {
    const next = load(id).pending[0]
    if (!next) return
    const { after, ...body } = next
    const wait = Number.isFinite(after) ? Math.min(after - Date.now(), MAX_WAIT_MS) : 0
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait))
    const answer = await call(`/lessons/${encodeURIComponent(id)}/results`, { method: 'POST', body })
    // No connection, or the server is busy: try again another time.
    if (answer.status === 0 || answer.status === 429 || answer.status >= 500) return
    // Counted, already counted, or never countable (the lesson was deleted, the ticket refused): done with it.
    const now = load(id)
    now.pending.shift()
    keep.set(`l:${id}`, now)
  }
}
