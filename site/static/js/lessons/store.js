/**
 * What a student's browser keeps about lessons, in localStorage under "pb:lessons:".
 *
 *   l:<lesson id>   { results: { <puzzle index>: { solved, clean, rev } }, pending: [ … ], guest, current, pace }
 *
 * `results` is this run through the lesson (cleared by Play again); a result on an
 * earlier revision of a puzzle the teacher has changed since is not this run's. `current` is
 * the puzzle in play, as far as it went ({ puzzle, rev, ply, mistakes, hints, hintLevel, shown,
 * opened, ticket }): a reload goes on from there, with its wrong moves, hints, time and ticket,
 * as chess keeps a puzzle in play (issue 30: a reload forgot them, and the result said clean). `pending`
 * holds results not yet posted to /api/lessons/<id>/results (offline, the server busy), each with
 * the play ticket the lesson issued as its puzzle opened, the seconds it claims and who played it;
 * they go from any page (`postWaiting`: site.js calls it on every page load and when the browser
 * comes back online, by the registry's `waiting` for lessons), in the order they were played, and the
 * server places each when it was played (its ticket and its seconds), so one that waited isn't late
 * for that (docs/classes.md). While any waits, "pb:waiting:lessons" says so, so a page knows without
 * reading every lesson. `guest` is a guest's first ticket of the lesson: sent when asking for the
 * next one, it keeps them the same student (the server names students, not the browser). `pace` is
 * when, by this browser's clock, the last result queued here ended: the server holds a lesson's
 * results to a second a move counted from the one before (one puzzle at a time), so each waits for
 * that too. The server counts a student's first result per puzzle only, so a replay never counts twice.
 */
import { namespace } from '../lib/storage.js'
import { call, getPlayer } from '../lib/api.js'
import { askTicket as ask, notBefore, ticketKey } from '../lib/session.js'

/** @import { LessonCall, LessonKept, LessonProgress, PostedResult, TicketGot } from '../lesson_results_types.js' */
/** @import { LessonResult } from '../lesson_types.js' */

/** @type {LessonCall} */
const send = call // lib/api.js's

const keep = namespace('pb:lessons:')
const waiting = namespace('pb:waiting:') // what each game keeps waiting outside the outbox (site.js reads it)
const GAME = 'lessons' // this game's key in the registry, and its mark under pb:waiting:
const MAX_SECONDS = 86_400 // the most a result may claim (the API's limit): a puzzle left open for days claims a day
const MAX_WAIT_MS = 60_000 // a queued result never waits longer than this for its floor
const LOCK = 'pb-lessons-waiting' // one tab, and one copy of this module, posts at a time

/** What is kept of lesson `id`, each part checked (storage may hold anything). @param {string} id @returns {LessonKept} */
function load(id) {
  const kept = /** @type {Partial<LessonKept>} */ (keep.get(`l:${id}`, null) || {})
  return {
    results: kept.results && typeof kept.results === 'object' ? kept.results : {},
    pending: Array.isArray(kept.pending) ? kept.pending : [],
    guest: typeof kept.guest === 'string' ? kept.guest : null,
    current: kept.current && typeof kept.current === 'object' ? kept.current : null,
    pace: typeof kept.pace === 'number' && Number.isFinite(kept.pace) ? kept.pace : 0,
  }
}

/** @param {string} id @param {LessonKept} kept */
function save(id, kept) {
  keep.set(`l:${id}`, kept)
}

/** @param {unknown} n */
const count = (n) => (typeof n === 'number' && Number.isInteger(n) && n >= 0 ? n : 0)

/**
 * Puzzle `index`'s play as far as it went, on revision `rev`: { ply, mistakes, hints, hintLevel,
 * shown, opened, ticket } (ticket: { ticket, at } or null), or null when another puzzle (or
 * another revision of it) was the one in play, or none was.
 * @param {string} id
 * @param {number} index
 * @param {number} [rev]
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

/** The puzzle in play of lesson `id` (one at a time). @param {string} id @param {LessonProgress} progress */
export function keepProgress(id, progress) {
  const kept = load(id)
  kept.current = progress
  save(id, kept)
}

/** The puzzle in play now, if any: { puzzle, rev } (play.js opens it first after a reload). @param {string} id */
export function currentOf(id) {
  const kept = load(id).current
  return kept && Number.isInteger(kept.puzzle) ? { puzzle: kept.puzzle, rev: kept.rev || 1 } : null
}

/**
 * This run's results for lesson `id` on the puzzles as they are (`revs`, by place): { <index>: { solved, clean } }.
 * @param {string} id
 * @param {number[]} [revs]
 */
export function resultsOf(id, revs = []) {
  /** @type {Record<string, LessonResult>} */
  const out = {}
  for (const [index, result] of Object.entries(load(id).results)) {
    if ((result.rev || 1) === (revs[Number(index) - 1] || 1)) out[index] = result
  }
  return out
}

/**
 * Ask the server for puzzle `index`'s play ticket as it opens: { ticket, at } (at: when it
 * came, by this browser's clock), or null (offline, or refused: the result then counts only here).
 * @param {string} id
 * @param {number} index
 * @returns {Promise<TicketGot | null>}
 */
export async function askTicket(id, index) {
  const player = getPlayer()
  const kept = load(id)
  /** @type {{ puzzle: number, student?: string }} */
  const body = { puzzle: index }
  if (!player && kept.guest) body.student = kept.guest
  let at = 0
  const ticket = await ask(ticketKey('lessons', `${id}/${index}`), `/lessons/${encodeURIComponent(id)}/tickets`, body,
    (/** @type {string} */ got, /** @type {number} */ came) => {
      at = came
      if (!player && !kept.guest) {
        const now = load(id)
        now.guest = got
        save(id, now)
      }
    })
  return ticket ? { ticket, at } : null
}

/**
 * Keep puzzle `index`'s result in this run ({ solved, clean, rev }); it is no longer in play.
 * @param {string} id
 * @param {number} index
 * @param {LessonResult} result
 */
export function recordResult(id, index, { solved, clean, rev }) {
  const kept = load(id)
  kept.results[index] = { solved, clean, rev }
  if (kept.current?.puzzle === index) kept.current = null
  save(id, kept)
}

/**
 * Queue puzzle `index`'s result with its play ticket (none: offline, so it counts only here) and
 * post what waits. It claims at least its floor (a second a student move), and goes no sooner than
 * that after its ticket came, or after the result before it in this lesson ended if that was later:
 * the server takes a lesson's results one puzzle at a time, each no sooner than its floor after the
 * one before (lib/session.js notBefore, as every game waits; docs/classes.md).
 * @param {string} id
 * @param {number} index
 * @param {PostedResult} result
 * @param {TicketGot | null} ticket
 */
export async function postResult(id, index, { solved, clean, mistakes, hints, seconds, floor = 0 }, ticket) {
  if (!ticket) return
  const kept = load(id)
  // Queued at once, with when it may go: a reload while a quick solve waits out its floor loses nothing.
  const claimed = Math.min(Math.max(seconds, floor), MAX_SECONDS)
  const start = Math.max(ticket.at, kept.pace)
  kept.pace = Math.max(start + floor * 1000, ticket.at + claimed * 1000)
  kept.pending.push({
    puzzle: index, solved, clean, mistakes, hints, seconds: claimed, ticket: ticket.ticket,
    after: notBefore(start, floor), by: getPlayer()?.id ?? null,
  })
  save(id, kept)
  mark()
  await postWaiting()
}

/** Start the lesson again in this browser (the teacher's counts are not touched). @param {string} id */
export function clearResults(id) {
  const kept = load(id)
  save(id, { ...kept, results: {}, current: null })
}

/** The lessons with results waiting in this browser. */
function lessonsWaiting() {
  return keep.keys().filter((key) => key.startsWith('l:')).map((key) => key.slice(2)).filter((id) => load(id).pending.length)
}

/** Say under pb:waiting: whether any result waits (site.js loads this module only then). */
function mark() {
  if (lessonsWaiting().length) waiting.set(GAME, true)
  else waiting.remove(GAME)
}

/** Post every result still waiting, of any lesson (site.js, on every page). */
export function postWaiting() {
  return locked(async () => {
    for (const id of lessonsWaiting()) await postAll(id)
    mark()
  })
}

/** Post lesson `id`'s results still waiting (the lesson's page, as it opens). @param {string} id */
export function postPending(id) {
  return locked(async () => {
    await postAll(id)
    mark()
  })
}

/**
 * Run `work` alone: one at a time in this browser (a Web Lock, where there is one: another tab, or
 * another copy of this module in a page's bundles, waits its turn and then reads what is left).
 * @param {() => Promise<void>} work
 * @returns {Promise<void>}
 */
function locked(work) {
  const locks = globalThis.navigator?.locks
  return locks ? locks.request(LOCK, work) : work()
}

/**
 * Post lesson `id`'s waiting results, oldest first, each once its time has come. Stops at an answer
 * that says "try later" (no connection, 429, 5xx), keeping it and those after it; a result of a
 * player who isn't the one signed in here now waits for them (a guest's goes as a guest's).
 * @param {string} id
 */
async function postAll(id) {
  for (;;) {
    const player = getPlayer()
    const next = load(id).pending.find((item) => item.by === undefined || item.by === null || item.by === player?.id)
    if (!next) return
    const { after, by, ...body } = next
    const wait = typeof after === 'number' && Number.isFinite(after) ? Math.min(after - Date.now(), MAX_WAIT_MS) : 0
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait))
    const answer = await send(`/lessons/${encodeURIComponent(id)}/results`, by === null ? { method: 'POST', body, token: null } : { method: 'POST', body })
    // No connection, or the server is busy: try again another time.
    if (answer.status === 0 || answer.status === 429 || answer.status >= 500) return
    // Counted, already counted, or never countable (the lesson was deleted, the ticket refused): done with it.
    const now = load(id)
    now.pending = now.pending.filter((item) => item.ticket !== next.ticket)
    save(id, now)
  }
}
