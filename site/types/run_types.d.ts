// The run modes' contracts (Storm, Streak: docs/architecture.md, "Run modes"): the day's run as
// its file has it, the records each mode keeps in the browser, the server's answers they read
// (from /api/openapi.json: RunDay, RunStart, StormPosted, StreakPosted, StormMine, StreakMine),
// and the page skeleton's word with a mode (lib/run_page.js). Never shipped.
import type { Dropped, PlayRecord } from './session_types.js'
import type { Verdict } from './line_types.js'

/** A puzzle of a day's run: [id, fen, moves (UCI, space-separated), rating]. */
export type RunRow = [string, string, string, number]

/** A day's run as its public file daily/<mode>/<date>.json (and GET /api/<mode>/daily/<date>) has it: RunDay. */
export interface RunFile {
  date: string
  bundle: number
  puzzles: RunRow[]
}

/** A scored Storm run (StormResult). */
export interface StormResult {
  date: string
  score: number
  highest: number | null
  combo_best: number
  mistakes: number
  attempted: number
  seconds: number
  /** The seconds the run's clock gave: 3:00, plus bonuses, less penalties. */
  length: number
}

/** A scored Streak run (StreakResult). */
export interface StreakResult {
  date: string
  score: number
  highest: number | null
  attempted: number
  skipped: number | null
  missed: number | null
  moves: number
  seconds: number
}

/** What a posted run came to (StormPosted, StreakPosted): ranked, kept before, its place on the day's board. */
export interface RunPosted<Result> {
  ok: boolean
  ranked: boolean
  already: boolean
  result: Result
  place: number | null
  about: boolean
  top: number | null
  boarded: boolean
}

/** The player's best ranked run and their ranked runs, newest first (GET /api/<mode>/me: StormMine, StreakMine). */
export interface RunMine<Result> {
  best: Result | null
  runs: Result[]
}

/** What a record keeps of a run's answer (each mode's store.js summarise): what the result sheet reads. */
export interface RunKept<Figures> {
  ranked: boolean
  already: boolean
  place?: number
  about?: boolean
  top?: number
  boarded?: boolean
  result?: Figures
}

/** What a record keeps of a post: the kept answer, or why it was dropped for good. */
export type RunAnswer<Figures> = RunKept<Figures> | Dropped

/** What every run mode's record has (Storm's and Streak's). */
export interface RunRecord extends PlayRecord {
  /** 'd:<date>': the day's run that may be ranked; 'practice' any other. */
  key: string
  date: string
  /** Played on its own day (an earlier day's is practice). */
  today: boolean
  rows: RunRow[]
  bundle: number | null
  state: 'playing' | 'over'
  /** The puzzle in play (from 0). */
  index: number
  /** The solver's moves, per puzzle attempted. */
  moves: string[][]
  /** When it started and ended (Date.now()). */
  opened: number
  finished: number | null
  ticket: string | null
  ticketCame: number | null
  /** The server's word on its ticket: the day's ranked run, practice (false), or not known yet (null). */
  ranked: boolean | null
  /** The player signed in as it started (null: a guest). */
  by: string | null
}

/** A Streak run as this browser keeps it (streak/ctrl.js newRecord). */
export interface StreakRecord extends RunRecord {
  why: 'wrong' | 'ended' | 'done' | 'left' | null
  /** Each solver move's verdict, per puzzle attempted. */
  verdicts: Verdict[][]
  /** The puzzle the skip passed (from 1), or null. */
  skipped: number | null
  seconds: number
  /** Its ticket was asked for (once a run: asking again would be a second run of the day). */
  asked: boolean
  /** After a wrong move: the line's move, in UCI and in words. */
  answer: { uci: string, words: string } | null
  posted: RunAnswer<StreakFigures> | null
  /** This run was this browser's best yet (store.js keep). */
  bestHere?: boolean
}

/** Streak's tally (streak/tally.js, the server's puzzlebook/streak/tally.py): puzzle numbers from 1. */
export interface StreakTally {
  score: number
  highest: number | null
  attempted: number
  skipped: number | null
  missed: number | null
  moves: number
}

/** A Streak run's figures as the result sheet shows them: the browser's tally, or the server's answer. */
export interface StreakFigures {
  score: number
  highest: number | null
  skipped: number | null
  missed: number | null
}

/** Storm's tally (storm/clock.js, the server's puzzlebook/storm/clock.py). */
export interface StormTally {
  score: number
  mistakes: number
  combo: number
  combo_best: number
  bonus: number
  penalty: number
  highest: number | null
  attempted: number
}

/** How a puzzle of a Storm run ended, for the review. */
export type StormOutcome = 'solved' | 'missed' | 'unfinished'

/** A Storm run as this browser keeps it (storm/ctrl.js newRecord): a ranked one until its answer is in. */
export interface StormRecord extends RunRecord {
  why: 'clock' | 'player' | 'done' | null
  /** Per puzzle ended: solved or missed (the review's). */
  results: ('solved' | 'missed')[]
  tally: StormTally
  /** The run's whole seconds, from its start to its end (rounded up). */
  seconds: number
  posted: RunAnswer<StormFigures> | null
}

/** A Storm run's figures as the result sheet shows them. */
export interface StormFigures {
  score: number
  highest: number | null
  combo_best: number
  mistakes: number
}

/** A run as GET /api/<mode>/me lists it: the figures every mode has (and Storm's best combo). */
export interface RunShown {
  date: string
  score: number
  highest: number | null
  combo_best?: number
}

/** The day a run page is on (lib/run_page.js). */
export interface RunDay {
  date: string
  /** The player's own today. */
  today: boolean
  file: RunFile
  /** The server listed today's ranked run (or a run here was ranked): any run now is practice. */
  rankedDone: boolean
}

/** A run in play on the page: its controller (lib/session.js PlaySession and the mode's rules). */
export interface RunPlay {
  start(): Promise<void> | void
  stop(): void
}

/**
 * A run mode's word with the page skeleton (lib/run_page.js): its names, its words for the start
 * view, how a run starts and what plays it. The mode's app.js gives it: Storm's and Streak's.
 */
export interface RunMode<R extends RunRecord> {
  /** The registry's key ('storm': its daily files and its API) and the mode's name ('Storm'). */
  key: string
  name: string
  /** A date in an address, as the mode's notice writes it ('2026-11-30'). */
  example: string
  /** "Your runs": each figure's column after the day (its label on a phone, and how it reads from a run). */
  columns: [string, (run: RunShown) => string | number][]
  /** The words of "Your best" in "Your runs". */
  bestWords(best: RunShown): string
  /** The start view's rank line and button (and the mode's best in this browser, if it keeps one). */
  startWords(day: { date: string, today: boolean, player: boolean }): { rank: string, button: string, best?: string | null }
  /** The start view once the server listed today's ranked run. */
  doneWords(run: RunShown): { rank: string, button: string }
  /** A run left part way, taken up again on the page's `date` (one of an earlier day ended as it stood); null: none. */
  leftOver?(date: string, today: string): R | null
  /** A new run of the page's day (`practice`: asked for as practice). */
  newRun(day: RunDay, options: { practice: boolean }): Promise<R> | R
  /** The run's controller, drawn by the page's one view. */
  play(rec: R): RunPlay
  /** After a run, Again starts a practice run at once (Storm) or goes back to the day's start view (Streak). */
  again: 'practice' | 'start'
  /** The buttons that mean Again (in the result sheet and under the board). */
  againButtons: string[]
}
