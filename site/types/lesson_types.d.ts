// Lessons in the browser: a lesson's puzzles as the API gives them to play (the import's
// checked form, docs/lessons.md), and the import page's report.
import type { CheckedPuzzle as EngineCheckedPuzzle } from './lesson_check_types.js'


/** A move of a lesson puzzle's line, both sides' in order. */
export interface LessonMove {
  uci: string
  [field: string]: unknown
}

/** A lesson puzzle as played (GET /api/lessons/<id>'s puzzles). */
export interface LessonPuzzle {
  moves: LessonMove[]
  [field: string]: unknown
}

/** What a check of an import says (POST /api/lessons/validate's Checked; a refusal: ok false and its errors). */
export interface CheckReport {
  ok: boolean
  errors?: ShownProblem[]
  warnings?: ShownProblem[]
  /** The valid puzzles, each with its `index`. */
  puzzles?: { index?: number, [field: string]: unknown }[]
}

/** A puzzle of an import as the check answers it (docs/lessons.md, the lesson format). */
export interface CheckedPuzzle extends EngineCheckedPuzzle {
  index: number
  title?: string
  intro?: string
  [field: string]: unknown
}

/** An import's report as the page shows it (the server's Checked, or a refusal in its words). */
export interface ImportReport extends CheckReport {
  kind?: 'json' | 'pgn' | null
  puzzles?: CheckedPuzzle[]
}

/** A problem as the page lists it: the server's, or one the page says itself (only its message). */
export type ShownProblem = Partial<import('./api_types.js').Problem> & { message: string }

/** An engine's finding on a puzzle as the page keeps it with the lesson. */
export type KeptFinding = import('./api_types.js').Finding
