// The live class page's controller and views (site/static/js/classes/live_*.js; docs/live.md, "The
// pages"): what the controller asks of its view and what the page gives it. The protocol's messages
// are live_types.d.ts's. Never shipped.
import type { Color } from 'chess.js'
import type { Answer, CallOptions } from './answer_types.js'
import type { PlayBoard } from './play_types.js'
import type { LiveOut } from './live_types.js'

/** Where the page is: reading the class, a notice (not signed in, not your class), or live. */
export type LivePage =
  | { kind: 'loading' }
  | { kind: 'notice', title: string, text: string }
  | { kind: 'live' }

/** Where the session is, as this page sees it. */
export type LiveStage =
  | 'connecting'
  /** The teacher, before opening a session on the lesson the address names. */
  | 'opening'
  /** A student (or the teacher without a lesson): no session open yet; asked again every few seconds. */
  | 'none'
  /** In the session, no puzzle up yet. */
  | 'ready'
  /** A puzzle up, taking answers. */
  | 'puzzle'
  /** The puzzle's answers closed (its countdown ended), not yet revealed. */
  | 'closed-answers'
  | 'revealed'
  /** The session is over. */
  | 'over'

/** What the live class controller asks of its view. */
export interface LiveClassUi {
  redraw(): void
  announce(text: string): void
  /** The board at `fen`, turned to `color` (the side the students play). */
  boardFor(fen: string, color: Color): PlayBoard
  /** Draw the countdown (four times a second while a puzzle is up). */
  tick(): void
  stop(): void
}

/** What the page gives the controller (classes/live.js). */
export interface LiveClassDeps {
  id: string
  /** The lesson the teacher came to run live (the address's), or ''. */
  lesson: string
  ui: LiveClassUi
  call: (path: string, options?: CallOptions) => Promise<Answer>
  send: (message: LiveOut) => boolean
  signedIn: () => boolean
  now?: () => number
  later?: (fn: () => void, ms: number) => unknown
  cancel?: (timer: unknown) => void
}
