// Chain in the browser: a day's public file, its tiles, the record this browser keeps of a go,
// the verdicts of the tile rule (chain/tiles.js, chain/state.js), what a finished go counts for
// (chain/results.js, chain/store.js), and what the controller asks of its view (chain/ctrl.js).
import type { SessionUi } from './play_types.js'
import type { PlayRecord } from './session_types.js'
import type { Walkthrough } from './api_types.js'

/** What a tile does: add, subtract, multiply or divide by `n`, or swap the digits. */
export type TileOp = 'add' | 'sub' | 'mul' | 'div'
export type Tile = { op: TileOp, n: number } | { op: 'swap' }

/** A level's key in a day's file. */
export type Level = 'easy' | 'medium' | 'hard'

/** A day's public puzzle, daily/chain/<date>.json (the API's ChainPuzzle, its tiles and level named). */
export interface ChainDay {
  date: string
  level: Level
  start: number
  target: number
  moves: number
  hand: Tile[]
}

/**
 * What a go's result kept of its post's answer (the store's POSTING.summarise; the API's ChainPosted),
 * or of a result dropped for good (`dropped`, with the server's reason in `error`).
 */
export interface ChainPostedKept {
  /** The outbox kind it answers (the store's POSTING.order: 'solve' or 'giveup'). */
  kind: string
  already?: boolean
  kept?: 'solve' | 'giveup' | null
  clean?: boolean | null
  daily?: string | null
  place?: number | null
  about?: boolean
  top?: number | null
  streak?: number | null
  freezes_used?: number | null
  offline?: boolean
  /** Set when the server refused the result (it will never be posted again): lib/outbox.js's Dropped. */
  dropped?: true
  error?: string | null
}

export type ChainState = 'playing' | 'solved' | 'gaveup'

/** What this browser keeps of a go at a Chain day (chain/state.js newRecord); the ticket's fields are the session's. */
export interface ChainRecord extends PlayRecord {
  date: string
  puzzle: ChainDay
  /** Hand indices, in the order played. */
  played: number[]
  undos: number
  resets: number
  seconds: number
  state: ChainState
  /** Opened on its own day. */
  today: boolean
  /** When it was opened and finished (Unix ms). */
  opened: number
  finished: number | null
  /** The post's answer, once there is one. */
  posted: ChainPostedKept | null
  /** The day's walkthrough, once fetched (chain/ctrl.js fetchWalkthrough: its steps checked). */
  walkthrough: WalkthroughText | null
  /** Who was signed in when the go ended (an id, or null); missing on a record kept before it was. */
  by?: string | null
  /** The signed-in player the walkthrough opened for while the day was in play, a go not theirs (they had a result of their own). */
  openedFor?: string
}

/** What a finished go adds to this browser's tally. */
export type ChainCount = 'solved' | 'clean' | 'gaveup'

/** This browser's tally of finished days (chain/store.js `tally`). */
export type ChainCounts = Record<ChainCount, number>

/** What a finished go counts for here (chain/results.js settled), kept by ChainStore.keep. */
export interface ChainOutcome {
  kind: 'solve' | 'giveup'
  clean: boolean
  counts: ChainCount[]
  /** The day a solve on its own day marks for the streak, else null. */
  streakDay: string | null
}

/** What the signed-in player's facts are, from GET /api/me, for a go that isn't theirs (chain/ctrl.js). */
export interface ChainFacts {
  id: string
  /** When they were made (Unix ms), or null when the server didn't say. */
  created: number | null
  /** Their Chain streak as the server has it, and the days a freeze forgave in it. */
  streak: number | null
  freezesUsed: number
}

/** What the Chain controller asks of its view (chain/view.js): a session's, and the go's start and end. */
export interface ChainUi extends SessionUi {
  /** Start taking the player's intents. */
  watch(): void
  /** The go just ended: the result sheet follows. */
  ended(): void
}

/** The result sheet's words and figures (chain/ctrl.js results). */
export interface ChainResults {
  title: string
  day: string
  seconds: number
  undos: number
  resets: number
  /** The streak's line, or null when there is none to say. */
  streak: string | null
  /** Today's Chain is over: the countdown to the next shows. */
  countdown: boolean
  /** Where a solve stands on today's board, or null while that isn't known. */
  place: string | null
  note: string
  /** The day's board's address. */
  board: string
  share: string
}

/** A tile played, or the reason it can't be. */
export type TileVerdict = { ok: true, value: number } | { ok: false, code: string, reason: string }

/** chain/tiles.js checkSolve's answer. */
export interface SolveCheck {
  ok: boolean
  code: string | null
  reason: string | null
  values: number[]
}

/** Where a go stands (chain/state.js standing). */
export type Standing = 'solved' | 'out' | 'stuck' | 'playing' | 'gaveup'

/** A day's walkthrough as the page shows it (GET /api/chain/<date>/walkthrough's `walkthrough`). */
export interface WalkthroughText {
  summary: string
  /** How many orders of the solving tiles work (kept with every day). */
  orders?: number
  /** Each move: the hand's tile played, the value before and after, and the generator's English. */
  steps?: { tile?: number, from?: number, to?: number, text: string }[]
  /**
   * Each spare tile: the closest full-length chain with it (hand indices; null: none can use it), where
   * it ends, the solution's tile it looks like (`by`: its number less that one's; null: none), and
   * the generator's English. `like` is missing on a walkthrough kept here before the API gave it.
   */
  spares?: { tile?: number, closest?: number[] | null, end?: number | null, like?: { tile: number, by: number } | null, text: string }[]
}

/**
 * GET /api/chain/<date>/walkthrough's answer as the page reads it: the API's Walkthrough, whose
 * `walkthrough` the OpenAPI document types only as an object (the generator's text, WalkthroughText).
 */
export type ChainWalkthrough = Omit<Walkthrough, 'walkthrough'> & { walkthrough: WalkthroughText }

/** chain/ctrl.js fetchWalkthrough's answer: the walkthrough and the solution, or why not (the status; 0 offline). */
export type WalkthroughFetch =
  | { ok: true, walkthrough: WalkthroughText, solution: number[] }
  | { ok: false, status: number, error: string | null }

/** The controller's walkthrough: fetched, or a note saying why there is none (yet). */
export type Walk = { note: string, walkthrough?: undefined } | { note?: undefined, walkthrough: WalkthroughText }
