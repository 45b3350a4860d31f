// Chain in the browser: a day's public file, its tiles, the record this browser keeps of a go,
// and the verdicts of the tile rule (chain/tiles.js, chain/state.js).

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

/** What a go's result kept of its post's answer (the store's POSTING.summarise; the API's ChainPosted). */
export interface ChainPostedKept {
  kind: 'solve' | 'giveup'
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
  /** Set when the server refused the result (it will never be posted again). */
  dropped?: boolean
  reason?: string
}

export type ChainState = 'playing' | 'solved' | 'gaveup'

/** What this browser keeps of a go at a Chain day (chain/state.js newRecord). */
export interface ChainRecord {
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
  /** The day's walkthrough, once fetched. */
  walkthrough: unknown
  /** Who was signed in when the go ended (an id, or null); missing on a record kept before it was. */
  by?: string | null
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
  steps?: { text: string }[]
  spares?: { text: string }[]
}

/** The controller's walkthrough: fetched, or a note saying why there is none (yet). */
export type Walk = { note: string, walkthrough?: undefined } | { note?: undefined, walkthrough: WalkthroughText }
