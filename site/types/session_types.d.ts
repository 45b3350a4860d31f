// The play session's contracts (lib/tickets.js, lib/outbox.js, lib/session.js): what a game's
// store gives the session, how its results post, and what comes back. Read by JSDoc
// `@import { Posting } from '../session_types.js'` (tsconfig's rootDirs); never shipped.

import type { Answer, CallOptions, KeptPlayer } from './answer_types.js'

/** What lib/api.js's call() answers (answer_types.d.ts): the status (0: no connection), the body, and the ticket's refusal. */
export type { Answer }

/** The player signed in on this browser: lib/api.js's KeptPlayer (answer_types.d.ts), kept under pb:player. */
export type Player = KeptPlayer

/** lib/api.js's call(): never throws. */
export type Call = (path: string, options?: CallOptions) => Promise<Answer>

/** An item waiting in an outbox: a result (POSTed) or a note (its own method). */
export interface OutboxItem {
  /** What it is for ("miss:Easy/abc12", lib/outbox.js resultKey): refused once queued or sent. */
  key: string
  kind: string
  path: string
  body: Record<string, unknown>
  /** The id of the player who played it: only their flush posts it (none: anyone's). */
  by?: string
  /** A note's method (PUT); a result is POSTed. */
  method?: CallOptions['method']
  /** True once a post of it went with no answer heard: the server may keep it already. */
  out?: boolean
}

/** How a flush heard an item: posted, or dropped for good (the server will never take it). */
export type Outcome = 'sent' | 'dropped'

/** What a flush counted: { sent, dropped, left } (left: every item still waiting, anyone's). */
export interface FlushCount {
  sent: number
  dropped: number
  left: number
}

/** What a record keeps of a result dropped for good: the server's reason, if it gave one. */
export interface Dropped {
  dropped: true
  error: string | null
}

/** What a record keeps of an answer: a game's summary of a post, or Dropped. */
export type Kept = object

/** What every game's record has that the play session reads and writes. */
export interface PlayRecord {
  state: string
  /** The play ticket once it came, and when (Date.now(); the server's `issued`). */
  ticket?: string | null
  ticketCame?: number | null
  ticketIssued?: number
  /** The clock's time so far (to a tenth of a second while in play). */
  seconds?: number
  /** A replay's record never posts (chess's Replay missed and review). */
  replay?: boolean
}

/** The outbox a store keeps (lib/outbox.js Outbox). */
export interface OutboxLike {
  items(): OutboxItem[]
  sent(): string[]
  has(key: string): boolean
  add(item: OutboxItem): boolean
  others(by: string | null | undefined): OutboxItem[]
  flush(
    send: (item: OutboxItem) => Promise<Answer>,
    onResult?: (item: OutboxItem, outcome: Outcome, answer: Answer) => void | Promise<void>,
    options?: { by?: string },
  ): Promise<FlushCount>
}

/**
 * How a game's results post and where their answers go: written once in the game's store module
 * (its POSTING), read by the session, the flush on every page (site.js) and the sign-in page.
 * `S` is the game's own store, the one `record` and `noted` are handed (every GameStore's
 * `posting` is its own game's, so the session hands it that store).
 */
export interface Posting<R extends PlayRecord = PlayRecord, S = GameStore<R>> {
  /** The registry's key ('chess'), naming its tickets. */
  game: string
  /** The outbox's kinds in posting order; also every kind a record can post. */
  order: string[]
  /** { kind: the record's field that keeps the answer to a result of that kind }. */
  answers: Record<string, string>
  /** The states of a finished record. */
  finished: string[]
  /** [one, many]: what a record is called ('chess puzzle', 'chess puzzles'). */
  noun: [string, string]
  /** False when a result counts only with its ticket (never posted again as offline). */
  offline?: boolean
  /** The record's key in its results' and ticket's keys ('Easy/abc12', '2026-09-07'). */
  keyOf(rec: R): string
  /** The record key a queued result's body is for. */
  bodyKey(body: Record<string, unknown>): string
  /** The record a queued result is for, or null. */
  record(store: S, body: Record<string, unknown>): R | null
  /** The moves a result claims (it waits out the server's second a move). */
  moves(item: OutboxItem): number
  /** What is kept of an answer: the game's summary when sent, Dropped when dropped for good. */
  summarise(answer: Answer, kind: string, outcome: Outcome): Kept
  /** Notes (chess's votes): the record's field that keeps a note's answer. */
  notes?: { answer: string }
  /**
   * For an item whose earlier post went unheard (`out`): the server's word on whether it keeps that
   * result, asked before posting it again. An answer to stand for the post's (200: kept; no answer
   * or 5xx: try later), or null to post it.
   */
  look?(item: OutboxItem, call: Call): Promise<Answer | null>
  /** What else an answer asks for (chess: the server's streak once a daily is in). */
  more?(item: OutboxItem, kept: Kept, outcome: Outcome, answer: Answer, call: Call): Promise<Kept>
  /** What the store notes of an answer (chess: the server's rating). */
  noted?(store: S, player: Player, kept: Kept): void
}

/** What a game's store gives the play session (each game's store.js). */
export interface GameStore<R extends PlayRecord = PlayRecord> {
  posting: Posting<R>
  outbox: OutboxLike
  /** A second outbox of notes (chess's votes), sent after the player's results. */
  notes?: OutboxLike
  /** Write the record back (the clock's saves, an answer). */
  updateRecord(rec: R): void
  /** Keep what a finished record counts for here; answers what joins the record. */
  keep(outcome: unknown): object | void
  /** The records kept, most recent first (the sign-in page counts the ones never posted). */
  recent(): R[]
}

/** A flush's news to the listeners (lib/session.js onPosted): an answer kept in its record. */
export interface Posted {
  game: string
  key: string
  kind: string
  outcome: Outcome
  kept: Kept
}

/** Where a ticket is asked for and what opened (PlaySession.askTicket; `takeUp` asks again). */
export interface Opening {
  path: string
  body: Record<string, unknown>
}

/** A ticket route's answer (POST /api/<game>/plays, /api/<mode>/runs): the PlayTicket and RunStart of /api/openapi.json. */
export interface TicketAnswer {
  ticket: string
  /** When the server issued it: ms since the epoch, by its clock. */
  issued: number
  game?: string
  target?: string
  date?: string
  /** A run mode's: the player's first run of the day (the ranked one). */
  ranked?: boolean
}

/** A ticket just come (Date.now() then; the server's issued): what `arrival` counts from. */
export interface TicketTimes {
  came: number | null | undefined
  issued: number | null | undefined
}
