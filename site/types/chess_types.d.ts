// Chess Puzzles' contracts in the browser: a puzzle, the record a browser keeps of one (chess/ctrl.js
// newRecord), what a finished one counts for (chess/results.js settled), and the server's answers the
// chess modules read (from /api/openapi.json: SolveAnswer, MissAnswer, the votes). Never shipped.
import type { Dropped, PlayRecord } from './session_types.js'
import type { ChessVoted } from './api_types.js'

/** A puzzle as a shard holds it: [id, FEN, moves (UCI, space-separated), rating, themes (space-separated), game]. */
export type PuzzleRow = [id: string, fen: string, moves: string, rating: number, themes: string, game?: string]

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

/**
 * What a record keeps of a solve's or a miss's answer (chess/store.js summarise), or of a daily's
 * result the server has from another device (chess/server_day.js fromServer).
 */
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
  vote?: VoteWord['vote']
  reason?: VoteWord['reason']
  voteSerial?: number
  voted?: VoteAnswer
}

/** The player's word on a puzzle (chess/votes.js): a vote, up or down, and a report's reason, as the API names them. */
export type VoteWord = Pick<ChessVoted, 'vote' | 'reason'>

/** What became of a word's post (lib/session.js flushNotes): sent, or dropped for good. */
export type VoteAnswer = { sent: true } | Dropped

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

/** A first result in the history's words. */
export type HistoryResult = 'clean' | 'help' | 'mistake' | 'missed' | 'shown'

/** An entry of this browser's log of puzzles finished (chess/dashboard.js logEntry; the store keeps it). */
export interface LogEntry {
  id: string
  band: string
  rating: number
  themes: string[]
  result: HistoryResult
  day: string
  posted: string
  /** A guest's estimated rating before and after (chess/rating.js), or null. */
  before: number | null
  after: number | null
  change: number | null
  /** The daily's day, for a daily. */
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

/** A band of the bundle's index. */
export interface IndexBand {
  count: number
  low: number
  high: number
  shards: number
}

/** /shards/index.json as the build publishes it (docs/bundle.md). */
export interface ShardIndex {
  bands: Record<string, IndexBand>
  /** Shard k of a band: files[band][k], a content-hashed name under /shards/. */
  files: Record<string, string[]>
  /** Retired puzzles: id -> the puzzle it duplicates. */
  duplicates?: Record<string, string>
  /** The theme index (docs/bundle.md, "The theme index"). */
  themes?: {
    /** A band's table of ratings: its file's name. */
    ratings: Record<string, string>
    /** A theme's places: its file's name. */
    files: Record<string, string>
    /** Live puzzles: theme -> band -> count. */
    counts: Record<string, Record<string, number>>
  }
}

/** What the bundle's files are fetched with (fetch, or a test's stand-in). */
export type Fetcher = (url: string) => Promise<Pick<Response, 'ok' | 'status' | 'json'>>

/** A day's tally of first results (puzzlebook/chess/dashboard.py's DayTally). */
export interface DayTally {
  day: string
  played: number
  first: number
  ratings: number
  rating: number | null
  /** theme -> [played, first try, sum of ratings]. */
  themes: Record<string, [number, number, number]>
}

/** A step of your difficulty (chess/difficulty.js). */
export type Difficulty = 'easiest' | 'easier' | 'normal' | 'harder' | 'hardest'

/** A rating range, both ends included. */
export type Span = [low: number, high: number]

/** Your own mix (chess/mix.js): its themes, a difficulty or a rating range, and its name. */
export interface Mix {
  themes: string[]
  level: Difficulty | Span
  name: string
}

/** What a finished puzzle's share text says (chess/share.js; the controller's results). */
export interface ShareResult {
  id: string
  band: string
  daily?: string | null
  replay?: boolean
  review?: boolean
  solved: boolean
  /** Moves found, shown, wrong, and hints taken. */
  found: number
  shown: number
  mistakes: number
  hints: number
  seconds: number
  place?: number | null
}

/** A Glicko-2 rating (chess/rating.js, the server's puzzlebook/chess/rating.py). */
export interface Glicko {
  rating: number
  rd: number
  volatility: number
}

/** How a first result counts for a rating. */
export type RatingOutcome = 'clean' | 'hints' | 'lost'

/** A mix read from a link or the form: the mix, or the fault in words for the player. */
export type MixRead = { mix: Mix, error?: undefined } | { error: string, mix?: undefined }

/** A saved mix as the themes page lists it. */
export interface SavedMix extends Mix {
  path: string
  words: string
}

/** What the mix's controller asks of its view (chess/mix_view.js). */
export interface MixUi {
  redraw(): void
  /** A mix was saved under `name`. */
  saved?(name: string): void
}

/** A puzzle as the game plays it (chess/puzzle.js fromRow): its row read. */
export type Puzzle = ChessPuzzle

/** What the shared modules (the dashboard, the history, the mix) read of a chess puzzle's record. */
export type PuzzleRecord = ChessRecord
