// Lessons in the browser: a lesson as the student's page plays it (GET /api/lessons/<id>: the
// LessonOut of /api/openapi.json, as far as lessons/ctrl.js reads it), a puzzle's result, the puzzle
// in play as the browser keeps it (lessons/store.js), and the import page's report (the import's
// checked form, docs/lessons.md). Never shipped.
import type { CheckedPuzzle as EngineCheckedPuzzle } from './lesson_check_types.js'

/** A teacher's answer to a wrong move: the opponent's reply, and the teacher's words. */
export interface Refutation {
  uci: string
  reply: string
  reply_san: string
  comment?: string
}

/** A move of a lesson puzzle's line, either side's. */
export interface LessonMove {
  uci: string
  san: string
  comment: string
  hint?: string
  by_student: boolean
  refutations?: Refutation[]
}

/** A puzzle of a lesson. */
export interface LessonPuzzle {
  /** Its place in the lesson, from 1. */
  index: number
  title: string
  fen: string
  student: 'white' | 'black'
  opponent_first: boolean
  intro: string
  moves: LessonMove[]
}

/** A lesson as the API gives it. */
export interface Lesson {
  id: string
  name: string
  puzzles: LessonPuzzle[]
  /** Each puzzle's revision, by place: a result on an earlier one is not this run's. */
  revs?: number[]
}

/** A puzzle's result in this run through the lesson, as lessons/store.js keeps it (cleared by Play again). */
export interface LessonResult {
  solved: boolean
  clean: boolean
  /** The puzzle's revision it was played on. */
  rev: number
}

/** A finished puzzle's result as its controller has it: kept (a LessonResult) and posted with its wrong moves and hints. */
export interface LessonOutcome extends LessonResult {
  mistakes: number
  hints: number
}

/** A play ticket as the lesson keeps it: the text, and when it came by this browser's clock. */
export interface LessonTicket {
  ticket: string
  at: number | null
}

/** The puzzle in play as far as it went (lessons/store.js progressOf, keepProgress). */
export interface LessonProgress {
  puzzle?: number
  rev?: number
  ply: number
  mistakes: number
  hints: number
  hintLevel: number
  shown: boolean
  opened: number
  ticket: LessonTicket | null
}

/** A move played in the lesson, with its comment, as the line box shows it. */
export interface LessonLine {
  label: string
  comment: string
  byStudent: boolean
}

/** What a lesson's controller keeps and posts through (lessons/store.js, or a test's stand-ins). */
export interface LessonKeeping {
  recordResult(id: string, index: number, result: LessonResult): void
  postResult(id: string, index: number, result: LessonOutcome & { seconds: number, floor: number }, ticket: LessonTicket | null): Promise<void>
}

/** Where a lesson's controller keeps the puzzle in play (lessons/store.js progressOf and keepProgress, or a test's). */
export interface LessonProgressKeeping {
  load(id: string, index: number, rev: number): LessonProgress | null
  keep(id: string, progress: LessonProgress): void
}

/** A puzzle in the row under the panel: its result in this run, and whether it is the one in play. */
export interface ProgressRow {
  index: number
  words: string
  result: LessonResult | null
  current: boolean
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
