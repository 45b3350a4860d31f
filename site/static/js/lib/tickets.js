/**
 * Play tickets in the browser (docs/api.md, "Play tickets"), the same for every game: a signed-in
 * player's game asks for one as a rated puzzle opens, never waiting for it to start play, keeps it
 * in the puzzle's record and sends it with the result. A result whose ticket never came posts as
 * offline (counted for the player alone: unrated, on no board); so does one whose ticket the
 * server refuses (a puzzle opened on another device closed it, say), rather than being lost.
 *
 * It keeps state for the page (the tickets on their way, this tab's id): lib/session.js alone
 * imports it, and the build keeps that one file every bundle imports (sitebuild/bundle.py, SHARED);
 * other modules ask for a ticket through lib/session.js.
 */
/** @import { Answer, TicketAnswer, TicketTimes } from '../session_types.js' */
import { call } from './api.js'
import { floorWait } from './floor.js'
import { namespace } from './storage.js'

const WAIT_AT_POST_MS = 4000 // a result posting while its ticket is on its way waits this long for it
// The server takes a result no sooner than a second a move after its ticket, give or take a second
// (lib/floor.js, the server's floor); a quick finish waits that out (and a little more).
const FLOOR_MARGIN_MS = 250
const LONGEST_WAIT_MS = 60_000 // a queued result never waits longer than this for its floor

/**
 * The key a play ticket is asked for under ("chess:Easy/abc12", "chain:2026-09-07"): the one place
 * its shape is written.
 * @param {string} game
 * @param {string} key
 */
export const ticketKey = (game, key) => `${game}:${key}`

/** @type {Map<string, Promise<string | null>>} what was asked for, by ticket key: the promise of its ticket */
const asking = new Map()
// Which tab of this browser asked last for a ticket of each game, and for what: { tab, key } by
// game, shared by the tabs (localStorage), so a tab coming back knows its play was closed.
const lastAsked = namespace('pb:play-asked:')
const TAB = Math.random().toString(36).slice(2)

/**
 * Note that this tab asked for a ticket of `game` for the record keyed `key` (the other tabs read it).
 * @param {string} game
 * @param {string} key
 */
export function noteAsked(game, key) {
  lastAsked.set(game, { tab: TAB, key })
}

/**
 * Whether this tab's ticket for `key` was the last of `game` any tab of this browser asked for.
 * @param {string} game
 * @param {string} key
 */
export function askedLastHere(game, key) {
  const last = /** @type {{ tab?: unknown, key?: unknown } | null} */ (lastAsked.get(game, null))
  return Boolean(last) && last?.tab === TAB && last?.key === key
}

/**
 * Ask for a ticket at `path` (POST, `body`: what is opened, and `resume`: the ticket of an
 * earlier opening of the same puzzle, if any). Resolves to the ticket or null; `keep(ticket,
 * came, issued, data)` is called with it when it comes (came: Date.now() then; issued: the
 * server's word for when it opened, ms by its clock; data: the whole answer, for what a game's
 * ticket route says beside it, such as Streak's `ranked`).
 * @param {string} key
 * @param {string} path
 * @param {Record<string, unknown> | undefined} body
 * `refused(answer)` hears an answer that gave no ticket.
 * @param {(ticket: string, came: number, issued: number, data: TicketAnswer) => void} keep
 * @param {(answer: Answer) => void} [refused]
 * @returns {Promise<string | null>}
 */
export function askTicket(key, path, body, keep, refused = () => {}) {
  const promise = call(path, { method: 'POST', body }).then((/** @type {Answer} */ answer) => {
    const data = ticketAnswer(answer)
    if (data) keep(data.ticket, Date.now(), data.issued, data)
    else refused(answer)
    return data ? data.ticket : null
  })
  asking.set(key, promise)
  promise.finally(() => { if (asking.get(key) === promise) asking.delete(key) })
  return promise
}

/**
 * A ticket route's answer, or null when it gave no ticket.
 * @param {Answer} answer
 * @returns {TicketAnswer | null}
 */
export function ticketAnswer(answer) {
  const data = /** @type {Partial<TicketAnswer> | null} */ (answer.data)
  if (answer.status !== 200 || !data || typeof data.ticket !== 'string') return null
  return /** @type {TicketAnswer} */ (data)
}

/**
 * The ticket for `key`: the one on its way if one was asked for (waiting a little: a play taken
 * up again replaces `known`), else `known`, else null.
 * @param {string} key
 * @param {unknown} known
 * @returns {Promise<string | null>}
 */
export async function ticketFor(key, known) {
  const had = typeof known === 'string' && known ? known : null
  const pending = asking.get(key)
  if (!pending) return had
  /** @type {Promise<null>} */
  const late = new Promise((resolve) => setTimeout(() => resolve(null), WAIT_AT_POST_MS))
  return (await Promise.race([pending, late])) || had
}

/**
 * When a ticket counts as having come, by this browser's clock (what `notBefore` waits from).
 * `next`: { came, issued } of the ticket just come (came: Date.now(); issued: the server's ms);
 * `taken`: the same of the ticket it took up again (resume), or null. The server opens a ticket
 * taken up again at now less the time its play was current, not the time since it was first
 * opened (docs/api.md, "Play tickets"), so its arrival moves on from the first one's by as much
 * as its `issued` did: never sooner than the truth, as the first arrival wasn't. Without both
 * figures of the first, the new arrival, which is later still.
 * @param {TicketTimes} next
 * @param {TicketTimes | null} [taken]
 * @returns {number}
 */
export function arrival(next, taken = null) {
  /** @param {TicketTimes | null} t @returns {t is { came: number, issued: number }} */
  const known = (t) => Boolean(t) && Number.isFinite(t?.came) && Number.isFinite(t?.issued)
  if (!known(next) || !known(taken)) return /** @type {number} */ (next.came)
  return Math.min(next.came, taken.came + (next.issued - taken.issued))
}

/**
 * `body` as it goes: with `ticket`, or marked offline without one.
 * @param {Record<string, unknown>} body
 * @param {string | null} ticket
 * @returns {Record<string, unknown>}
 */
export function ticketed(body, ticket) {
  const out = { ...body }
  delete out.ticket
  delete out.offline
  if (ticket) out.ticket = ticket
  else out.offline = true
  return out
}

/**
 * When a result of `moves` moves may post with a ticket that reached this browser at `came` (ms,
 * Date.now()): a second a move after it, less the server's allowance. The ticket was issued before
 * it came, so waiting by this browser's clock is always enough.
 * @param {number | null | undefined} came
 * @param {number} moves
 * @returns {number}
 */
export function notBefore(came, moves) {
  if (typeof came !== 'number' || !Number.isFinite(came) || !moves) return 0
  return came + floorWait(came, came, moves) + FLOOR_MARGIN_MS
}

/**
 * True when `answer` refuses a result because its ticket's play already has its result (409
 * `closed`, code `result_already_in`). Only this browser holds the ticket, so that result is this
 * one, posted before by a post whose answer never came (the page left as it went).
 * @param {Answer} answer
 */
export function resultIn(answer) {
  const data = /** @type {{ code?: unknown } | null} */ (answer.data)
  return answer.status === 409 && answer.refusedTicket === 'closed' && data?.code === 'result_already_in'
}

/**
 * Post a queued result at `path` with `ticket` (or offline), not before `after` (ms: a quick
 * finish waits until the server can take it); when the server refuses the ticket itself
 * (X-Ticket-Refused), post it again as offline so it still counts for the player, unless the
 * game's results count only with their ticket (`offline: false`: Storm's and Streak's runs), when
 * the refusal and its reason stand, or the ticket's play has its result already (`resultIn`: an
 * offline copy would count nothing). Resolves to the answer `call` gives.
 * @param {string} path
 * @param {Record<string, unknown>} body
 * @param {string | null} ticket
 * @param {number} [after]
 * @param {{ offline?: boolean }} [options]
 * @returns {Promise<Answer>}
 */
export async function postTicketed(path, body, ticket, after = 0, { offline = true } = {}) {
  const wait = ticket ? after - Date.now() : 0
  if (wait > 0) await new Promise((resolve) => setTimeout(resolve, Math.min(wait, LONGEST_WAIT_MS)))
  const answer = await call(path, { method: 'POST', body: ticketed(body, ticket) })
  if (ticket && answer.refusedTicket && offline && !resultIn(answer)) return call(path, { method: 'POST', body: ticketed(body, null) })
  return answer
}
