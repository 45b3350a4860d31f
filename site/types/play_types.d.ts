// The controller/view protocol of a puzzle in play (docs/site.md, "Controllers and views"): what a
// controller (lib/session.js's Play and PlaySession, and each game's ctrl.js) asks of its view (its
// `ui`), the hooks a game's controller gives the session, the board it moves the pieces through,
// and what the board's input asks of the controller (chess/moving.js). Never shipped.
import type { Chess, Color, Square } from 'chess.js'

/** What a game's page holds while a puzzle (or the analysis board) is open, and lets go of on leaving (lib/views.js GamePage). */
export interface PageGame {
  stop(): void
}

/** What every controller asks of its view. */
export interface PlayUi {
  /** Draw everything from the controller again. */
  redraw(): void
  /** Say `text` to screen readers (the page's live region). */
  announce(text: string): void
  /** Let go of the page: listeners, timers, the board. */
  stop(): void
}

/** What a PlaySession asks of its view beside: where focus goes once the player paused or resumed. */
export interface SessionUi extends PlayUi {
  paused(on: boolean): void
}

/** A chess puzzle's view, as chess/ctrl.js's PuzzleCtrl asks it. */
export interface PuzzleUi extends SessionUi {
  /** The board, made once the position is known (turned to the solver's side). */
  makeBoard(): PlayBoard
  /** Start taking the player's intents on the board and in play (the done box's buttons answer from the first draw). */
  watch(): void
  /** The once-a-browser prompt on how to move; resolves when it closes. */
  firstMove(side: string): Promise<unknown>
  /** The puzzle just ended: the results follow. */
  ended(): void
}

/** A run's view (Storm, Streak), as its controller asks it. */
export interface RunUi extends SessionUi {
  /** The board for a puzzle played by `color` from `fen`: the one there when it faces that way, else one made anew. */
  boardFor(fen: string, color: Color): PlayBoard
  /** Start taking the player's intents. */
  watch(): void
  /** The run just ended: the results follow. */
  ended(): void
}

/** Storm's view, as storm/ctrl.js asks it: a run's, with its clock. */
export interface StormUi extends RunUi {
  /** Draw the clock (ten times a second while the run is on). */
  tick(): void
  /** A move added `seconds` to the clock (less than 0: took them off): its "+3" or "−10". */
  gained(seconds: number): void
}

/** A lesson puzzle's view, as lessons/ctrl.js asks it. */
export interface LessonUi extends PlayUi {
  makeBoard(): PlayBoard
  ended(): void
}

/**
 * The hooks a game's controller may give the play session (lib/session.js): each does nothing
 * unless the game says otherwise.
 */
export interface PlayHooks<R> {
  /** Whether the player's moves are taken now. */
  inPlay(): boolean
  /** What the game lets go of as the play stops. */
  letGo(): void
  /** The player paused (`paused`) or resumed. */
  afterPause(paused: boolean): void
  /** What the game's ticket route answered beside the ticket, kept in `rec` (Streak's and Storm's `ranked`). */
  tookTicket(rec: R, data: { ranked?: boolean }): void
  /** An answer of `kind` came while the play is open. */
  heard(kind: string): void
}

/** The clock a play keeps (lib/clock.js Clock). */
export interface PlayClock {
  readonly seconds: number
  readonly running: boolean
  hold(reason: string): void
  release(reason: string): void
  set(reason: string, holding: boolean): void
  isHeld(reason: string): boolean
}

/** The board a controller moves the pieces through (chess/board.js Board). */
export interface PlayBoard {
  readonly orientation: Color
  readonly reduced: boolean
  readonly enabled: boolean
  setPosition(fen: string, animate?: boolean): Promise<void>
  /** Resolves once every queued animation has finished. */
  settled(): Promise<unknown>
  enable(color: Color): void
  disable(): void
  markLast(from?: Square | null, to?: Square | null): void
  markCheck(square: Square | null): void
  markHint(from: Square, to?: Square | null): void
  clearHint(): void
  shakeBack(square: Square, fen: string): Promise<void>
  setDots(on: boolean): void
  setCoordinates(on: boolean): void
  gridHasFocus(): boolean
  focus(): void
  destroy(): void
}

/** What the board's input asks of the puzzle being played (chess/moving.js boardHooks). */
export interface Mover {
  /** The position moves are made on. */
  readonly chess: Chess
  /** The player's side. */
  readonly color: Color
  /** A move is being judged (set by moving.js meanwhile). */
  busy: boolean
  inPlay(): boolean
  /** The player made the legal move `uci` (the piece stands on its new square). */
  judge(uci: string): Promise<void>
}

/** What board.js hears from the player's input and asks of the game (chess/moving.js boardHooks). */
export interface BoardHooks {
  canPick(square: Square): boolean
  targets(square: Square): Square[]
  legality(from: Square, to: Square): 'legal' | 'promotion' | 'illegal'
  onMove(move: { from: Square, to: Square, promotion?: string }): void | Promise<void>
  announce?(text: string): void
}

/** The status line: words and tone ('', 'good', 'bad', 'hint'). */
export interface Status {
  text: string
  tone: string
}

/** What lib/playing.js's PlayView reads of the controller it draws (a PlaySession). */
export interface ViewedPlay {
  clock: PlayClock
  readonly paused: boolean
  inPlay(): boolean
  save(): void
  takeUp(): void
}

/** The elements a PlayView covers and uncovers (lib/playing.js). */
export interface PlayScreen {
  /** What a cover covers. */
  frame: HTMLElement
  /** Made inert while covered. */
  inner?: HTMLElement
  /** The cover and its words (none in Storm: a race is never paused). */
  cover?: HTMLElement
  coverText?: HTMLElement
  resume?: HTMLElement
  pauseButton?: HTMLElement
}

/** A question asked before something final (lib/playing.js Confirm): shown in place of `button`, focus to `first`, `bar` empties over six seconds. */
export interface ConfirmParts {
  box: HTMLElement
  button: HTMLElement
  bar: HTMLElement
  first: HTMLElement
}
