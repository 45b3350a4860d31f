// The race page's controller and view (site/static/js/race/: docs/live.md, "The pages"): what the
// controller asks of its view, and what it hands the view to draw. The protocol's messages are
// live_types.d.ts's. Never shipped.
import type { Color } from 'chess.js'
import type { PlayBoard, PlayUi } from './play_types.js'
import type { RaceTableRow } from './live_types.js'

/** Where the race page is: choosing (no race yet, or refused), asking, or in a race's phase. */
export type RaceStage = 'choose' | 'joining' | 'waiting' | 'countdown' | 'racing' | 'over'

/** What race/ctrl.js asks of its view. */
export interface RaceUi extends PlayUi {
  /** The board for a puzzle played by `color` from `fen` (turned to that side). */
  boardFor(fen: string, color: Color): PlayBoard
  /** Draw the clocks (ten times a second while a race is on). */
  tick(): void
  /** A move changed the racer's own clock by `seconds` (a combo's bonus, or less than 0: a mistake). */
  gained(seconds: number): void
}

/** A racer's lane on the track (race/track.js). */
export interface Lane {
  pid: string
  name: string
  you: boolean
  score: number
  /** How far along the track, 0 to 1. */
  at: number
  /** Whether they lead (the best score, above nothing). */
  first: boolean
  /** The car's colour, by the order they joined (0 to 9). */
  car: number
  /** '' racing; else why they aren't: left, away (no connection), out (their clock ran out). */
  mark: '' | 'left' | 'away' | 'out'
  /** The lane in words. */
  words: string
}

/** A row of the end's table, with its puzzles to review (links that play them). */
export interface TableLine extends RaceTableRow {
  you: boolean
  /** "2nd", "=2nd". */
  placeWords: string
  reviews: { n: number, rating: number, result: 'solved' | 'missed' | 'left', words: string, href: string | null }[]
}

/** What the page gives the controller (race/app.js): its socket's send, the player, the clock, the timers. */
export interface RaceDeps {
  ui: RaceUi
  send: (message: import('./live_types.js').LiveOut) => boolean
  you: { id: string, name: string }
  now?: () => number
  every?: (fn: () => void, ms: number) => unknown
  stopEvery?: (timer: unknown) => void
}
