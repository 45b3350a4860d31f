// chess/engine.js: a UCI engine in a worker, and what its searches answer.

/** An evaluation from the side to move's point of view (whiteScore turns it to White's). */
export type Score = { cp: number } | { mate: number }

/** A UCI `info` line with a depth and a score. */
export interface Info {
  depth: number
  score: Score
  pv: string[]
  multipv: number
  nodes?: number
  /** 'lowerbound' or 'upperbound' when the score is only a bound. */
  bound?: string
}

/** One of a search's best lines. */
export interface Line {
  score: Score | null
  pv: string[]
}

/** A search's answer. */
export interface Analysis {
  fen: string
  /** The best move in UCI, or null when no move is legal. */
  bestmove: string | null
  depth: number
  score: Score | null
  pv: string[]
  /** Each of the best moves asked for (multipv), best first. */
  lines: Line[]
}

/** A search's limits (whichever comes first) and what hears it. */
export interface SearchOptions {
  depth?: number
  movetime?: number
  nodes?: number
  multipv?: number
  onInfo?: (result: Analysis) => void
}

/** What the engine runs in: a Worker (a test's stand-in takes its place). */
export type EngineWorker = Pick<Worker, 'onmessage' | 'onerror' | 'postMessage' | 'terminate'>

/** A position of a line the analysis walks: its FEN and its ply; a node after a move has the move too. */
export type LineNode = StartNode | MoveNode

/** A line's first position. */
export interface StartNode {
  fen: string
  uci: null
  san: null
  move: null
  ply: number
}

/** A position after a move: the move in UCI, in SAN, and chess.js's verbose move. */
export interface MoveNode {
  fen: string
  uci: string
  san: string
  move: import('./vendor/chess.js').Move
  ply: number
}

/** A wrong move the player tried, at the line's ply it was tried at. */
export interface WrongTry {
  ply: number
  uci: string
  san: string
}

/** What the analysis asks of its view (chess/analysis_view.js). */
export interface AnalysisUi {
  redraw(): void
  announce(text: string): void
  /** Make the board, once. */
  makeBoard(): void
  /** The board to this position, the move marked. */
  show(fen: string, move: import('./vendor/chess.js').Move | null): void
}

/** What the analysis asks of its engine: chess/engine.js's Engine, or a test's stand-in. */
export interface AnalysisEngine {
  analyse(fen: string, options?: SearchOptions): Promise<Analysis | null>
  quit(): void
}

/** The engine's word on the position shown: White's score, its best line in SAN, done once the search ended. */
export interface Evaluation {
  fen: string
  depth: number
  score: Score | null
  pv: string[]
  done: boolean
}
