// Chess Puzzles' contracts in the browser: a puzzle, the record a browser keeps of one (chess/ctrl.js
// newRecord), what a finished one counts for (chess/results.js settled), and the server's answers the
// chess modules read (from /api/openapi.json: SolveAnswer, MissAnswer, the votes). Never shipped.
import type { Dropped, PlayRecord } from './session_types.js'

/** A shard's row: [id, fen, moves (UCI, space-separated), rating, themes (space-separated)], and the source game's reference ('<game id>#<ply>') when the bundle knows it. */
export type PuzzleRow = [string, string, string, number, string] | [string, string, string, number, string, string]

/** A puzzle read from its row (chess/puzzle.js fromRow). */
export interface ChessPuzzle {
  id: string
  band: string
  fen: string
  line: string[]
  rating: number
  themes: string[]
  /** The source game's reference, '' when the bundle doesn't know it. */
  game: string
}

/** A rating's move, as a post's answer says it and the sheet shows it. */
export interface RatingChange {
  before: number
  after: number
  provisional?: boolean
  rd?: number
}

/** What a record keeps of a solve's or a miss's answer (chess/store.js summarise). */
export interface ChessKept {
  already: boolean
  rating?: RatingChange
  /** The daily streak as the server counts it, and the days a freeze forgave. */
  streak?: number
  freezes_used?: number
  place?: number
  about?: boolean
  /** The day whose board it went on. */
  daily?: string
  /** Counted for the player alone: unrated, on no board. */
  offline?: boolean
}

/** What a record keeps of a post: the kept answer, or why it was dropped for good. */
export type ChessAnswer = ChessKept | Dropped

/** Where Endless drew the puzzle from (play.js): "Next" goes on there. */
export interface PuzzleSource {
  theme?: string | null
  difficulty?: string
  name?: string | null
  mix?: string
  level?: string
}

/** A puzzle as this browser keeps it (chess/ctrl.js newRecord), under pb:chess:p:<band>/<id>. */
export interface ChessRecord extends PlayRecord {
  band: string
  id: string
  row: PuzzleRow
  /** The day whose daily it is, or null. */
  daily: string | null
  opened: number
  state: 'playing' | 'solved' | 'shown'
  /** The opponent's first move has been played. */
  started: boolean
  /** The solver's right moves so far. */
  moves: string[]
  /** The wrong moves tried, and the plies they were tried at (the analysis's "Why not my move?"). */
  tries: string[]
  triedAt?: number[]
  mistakes: number
  hints: number
  /** How much of the hint the current move shows (0: none, 1: the piece, 2: its square). */
  hintLevel: number
  seconds: number
  /** Solver moves shown by Show solution. */
  shown: number
  /** A wrong move or Show solution came first (the first result is a miss). */
  missed: boolean
  finished?: number
  posted: ChessAnswer | null
  missPosted?: ChessAnswer | null
  /** A guest's estimate's move from this result ({before, after}). */
  estimated?: { before: number, after: number }
  bestTime?: boolean
  ratingHigh?: boolean
  source?: PuzzleSource
  replay?: boolean
  review?: boolean
  /** The player's word on the puzzle (chess/votes.js). */
  vote?: 'up' | 'down' | null
  reason?: string | null
  voteSerial?: number
  voted?: { sent: true } | Dropped
}

/** The helpers a player may turn off. */
export interface ChessOptions {
  dots: boolean
  lastMove: boolean
  check: boolean
  coordinates: boolean
}

/** A guest's rating estimate (chess/rating.js, the server's Glicko-2 rule). */
export interface Estimate {
  rating: number
  rd: number
  volatility: number
}

/** A puzzle's first result as the history and a guest's dashboard read it (chess/dashboard.js logEntry). */
export interface LogEntry {
  id: string
  band: string
  rating: number
  themes: string[]
  result: string
  day: string
  posted: string
  before: number | null
  after: number | null
  change: number | null
  daily: string | null
  seconds: number | null
}

/** What a finished puzzle counts for in this browser (chess/results.js settled), kept by ChessStore.keep. */
export interface ChessOutcome {
  band: string
  clean: boolean
  /** What it adds to its band's tally. */
  counts: ('solved' | 'clean' | 'missed')[]
  /** The day a daily solved on its own day marks for the streak. */
  streakDay: string | null
  /** A clean solve's seconds, for the band's best. */
  cleanTime: number | null
  /** The puzzle's themes (space-separated), counted played (and clean). */
  themes: string
  /** A guest's estimate after this result, and its move. */
  estimate: Estimate | null
  estimated: { before: number, after: number } | undefined
  log: LogEntry
}

/** A band's tally in this browser. */
export interface BandTally {
  solved: number
  clean: number
  missed: number
  best?: number
}
