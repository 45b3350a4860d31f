/**
 * Play tickets in the browser (docs/api.md, "Play tickets"): a signed-in
 * player's game asks for one as a rated puzzle opens, never waiting for it to
 * start play, keeps it in the puzzle's record, and sends it with the result.
 * A result whose ticket never came posts as offline (counted for the player
 * alone: unrated, on no board); so does one whose ticket the server refuses
 * (a later puzzle opened in another tab closed it, say), rather than being lost.
 */
import { call } from './api.js'

const WAIT_AT_POST_MS = 4000 // a result posting while its ticket is on its way waits this long for it
// The server takes a result no sooner than a second a move after its ticket, give or take a second
// (puzzlebook/tickets.py, FLOOR_ALLOWANCE_MS); a quick finish waits that out (and a little more).
const FLOOR_ALLOWANCE_MS = 1000
const FLOOR_MARGIN_MS = 250
const asking = new Map() // what was asked for, by the puzzle's key: the promise of its ticket

/**
 * Ask for a ticket at `path` (POST, `body`: what is opened, and `resume`: the
 * ticket of an earlier opening of the same puzzle, if any). Resolves to the
 * ticket or null; `keep(ticket)` is called with it when it comes.
 */
export function askTicket(key, path, body, keep) {
  const promise = call(path, { method: 'POST', body }).then((answer) => {
    const ticket = answer.status === 200 && answer.data && typeof answer.data.ticket === 'string' ? answer.data.ticket : null
    if (ticket) keep(ticket, Date.now())
    return ticket
  })
  asking.set(key, promise)
  promise.finally(() => { if (asking.get(key) === promise) asking.delete(key) })
  return promise
}

/** The ticket for `key`: `known` if there is one, else the one on its way (waiting a little), else null. */
export async function ticketFor(key, known) {
  if (typeof known === 'string' && known) return known
  const pending = asking.get(key)
  if (!pending) return null
  const late = new Promise((resolve) => setTimeout(() => resolve(null), WAIT_AT_POST_MS))
  return Promise.race([pending, late])
}

/** `body` as it goes: with `ticket`, or marked offline without one. */
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
 */
export function notBefore(came, moves) {
  if (!Number.isFinite(came) || !moves) return 0
  return came + moves * 1000 - FLOOR_ALLOWANCE_MS + FLOOR_MARGIN_MS
}

/**
 * Post a queued result at `path` with `ticket` (or offline), not before
 * `after` (ms: a quick finish waits until the server can take it); when the
 * server refuses the ticket itself (X-Ticket-Refused), post it again as
 * offline so it still counts for the player. Resolves to the answer `call` gives.
 */
export async function postTicketed(path, body, ticket, after = 0) {
  const wait = ticket ? after - Date.now() : 0
  if (wait > 0) await new Promise((resolve) => setTimeout(resolve, Math.min(wait, 60_000)))
  const answer = await call(path, { method: 'POST', body: ticketed(body, ticket) })
  if (ticket && answer.refusedTicket) return call(path, { method: 'POST', body: ticketed(body, null) })
  return answer
}
