// lib/api.js: what a call to /api answers, and the player this browser keeps.

/**
 * A call's answer: the status (0 when there was no connection) and the JSON body (null when there was
 * none). `data` is typed by what the route answers with 2xx; any other status carries an ErrorBody or
 * nothing, so a caller checks the status before it reads the answer's fields.
 */
export interface Answer<T = unknown> {
  status: number
  data: T | null
  /** The reason word when the server refused a result's play ticket (X-Ticket-Refused). */
  refusedTicket?: string
}

/** What call() takes besides the path. */
export interface CallOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'
  /** Sent as JSON. */
  body?: unknown
  /** The bearer token; null sends none (the signed-in player's by default). */
  token?: string | null
}

/** The player this browser is signed in as, kept under pb:player. */
export interface KeptPlayer {
  id: string
  name: string
  token: string
}

/** What lib/passkeys.js's ceremonies answer: the API's answer, or the reason in words for the player. */
export type Outcome<T> = { ok: true, data: T } | { ok: false, error: string }
