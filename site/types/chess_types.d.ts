// Chess in the browser: the bundle's puzzles and index (chess/bundle.js), the log a guest's figures
// are counted from (chess/dashboard.js), and what of a puzzle's record the shared modules read.

/** A puzzle as a shard holds it: [id, FEN, moves (UCI, space-separated), rating, themes (space-separated), game]. */
export type PuzzleRow = [id: string, fen: string, moves: string, rating: number, themes: string, game?: string]

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

/** What the shared modules read of a chess puzzle's record (chess/ctrl.js newRecord makes it). */
export interface PuzzleRecord {
  band: string
  id: string
  row: PuzzleRow
  daily: string | null
  state: string
  moves: string[]
  /** Wrong moves tried, in UCI. */
  tries: string[]
  mistakes: number
  hints: number
  seconds: number
  missed: boolean
  /** Played in a Replay missed run. */
  replay?: boolean
  /** A guest's rating estimate around it (chess/rating.js). */
  estimated?: { before?: number, after?: number } | null
  [field: string]: unknown
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

/** What a daily's record keeps of its post's answer (chess/store.js's summarise; the API's ChessPosted). */
export interface ChessPostedKept {
  already: boolean
  daily?: string | null
  offline?: boolean
  streak?: number
  freezes_used?: number
  place?: number | null
  about?: boolean
  top?: number | null
  [field: string]: unknown
}

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
export interface Puzzle {
  id: string
  band: string
  fen: string
  /** The line in UCI: the opponent's setup move first, then solver and opponent in turn. */
  line: string[]
  rating: number
  themes: string[]
  game: string
}
