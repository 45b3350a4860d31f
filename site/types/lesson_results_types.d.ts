// lessons/store.js: what a student's browser keeps of the lessons they play, under pb:lessons:l:<id>,
// and what it posts (POST /api/lessons/<id>/results: functions/routes/lessons/models.py ResultPost).
import type { LessonOutcome, LessonResult } from './lesson_types.js'

/** A puzzle's play ticket as it came: the ticket, and when it came by this browser's clock (ms). */
export interface TicketGot {
  ticket: string
  at: number
}

/** The puzzle in play, as far as it went: a reload goes on from here. */
export interface LessonProgress {
  puzzle: number
  rev: number
  ply: number
  mistakes: number
  hints: number
  hintLevel: number
  shown: boolean
  /** When it opened (ms, this browser's clock). */
  opened: number
  ticket: TicketGot | null
}

/** A finished puzzle's result as the lesson's controller hands it to be posted (its revision aside). */
export interface PostedResult extends Omit<LessonOutcome, 'rev'> {
  /** From the ticket's arrival (or the puzzle's opening, if later) to the end. */
  seconds: number
  /** The puzzle's student moves: a solve claims a second each at least (0 for Show solution). */
  floor?: number
}

/** A result waiting to post: the body the API takes, when it may go, and who played it. */
export interface PendingResult {
  puzzle: number
  solved: boolean
  clean: boolean
  mistakes: number
  hints: number
  seconds: number
  ticket: string
  /** Not before this (ms, this browser's clock): its floor, counted from the result before it. */
  after?: number
  /** The player who played it (posted only while they are signed in here), null a guest; absent on one kept before. */
  by?: string | null
}

/** Everything kept of one lesson. */
export interface LessonKept {
  /** Each puzzle's result in this run, by its index. */
  results: Record<string, LessonResult>
  pending: PendingResult[]
  /** A guest's first ticket of the lesson: sent when asking for the next, it keeps them one student. */
  guest: string | null
  current: LessonProgress | null
  /** When the last result queued here ended, by this browser's clock (ms; 0 for none). */
  pace: number
}

/** lib/api.js's call, as this module posts with it (a guest's result with no token). */
export type LessonCall = (path: string, options?: {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'
  body?: unknown
  token?: string | null
}) => Promise<{ status: number, data: unknown }>
