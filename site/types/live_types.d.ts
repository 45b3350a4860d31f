// The live rooms' socket protocol (docs/api.md, "Live"; docs/live.md): every message both ways, as
// service/live/ sends and reads them. A page's controller opens
// `new WebSocket(url, ['puzzlebook.live', 'token.' + token])` on `/live` and speaks these.

/** A race puzzle as sent: [id, fen before the opponent's first move, the line in UCI, rating]. */
export type RacePuzzleRow = [string, string, string, number]

export type RacePhase = 'waiting' | 'countdown' | 'racing' | 'over'

/** Storm's tally of a racer's verdicts (puzzlebook/storm/clock.py). */
export interface RaceTally {
  score: number
  mistakes: number
  combo: number
  combo_best: number
  bonus: number
  penalty: number
  highest: number | null
  attempted: number
  length: number
}

/** One racer as the room is told of them. */
export interface RacerProgress {
  pid: string
  name: string
  score: number
  missed: number
  combo: number
  mistakes: number
  out: boolean
  left: boolean
  away: boolean
}

export interface RaceState {
  t: 'race.state'
  race: string
  phase: RacePhase
  kind: 'link' | 'quick'
  owner: string
  racers: RacerProgress[]
  most: number
  starts_in: number | null
  ends_in: number | null
  race_ms: number
  again: string | null
  /** Once, when the countdown begins (and in every hello after). */
  puzzles?: RacePuzzleRow[]
}

/** Your own place in a race (null in a hello when you aren't racing in it). */
export interface RaceMe {
  puzzle: number
  line: string[]
  results: ('solved' | 'missed')[]
  tally: RaceTally
  moves: number
  clock_ends_in: number | null
}

export interface RaceHello extends Omit<RaceState, 't'> {
  t: 'race.hello'
  you: string
  me: RaceMe | null
}

export interface RaceTableRow {
  place: number
  pid: string
  name: string
  score: number
  highest: number | null
  mistakes: number
  combo_best: number
  moves: number
  left: boolean
  puzzles: { id: string, rating: number, result: 'solved' | 'missed' | 'left' }[]
}

export interface RaceTable { t: 'race.table', race: string, rows: RaceTableRow[], again: string | null }
export interface RaceAgain { t: 'race.again', race: string, next: string, by: string }
export interface RaceLeft { t: 'race.left', race: string }

/** A puzzle put up in a live class: a student's has no `line`. */
export interface ClassPuzzle {
  t: 'class.puzzle'
  session: string
  n: number
  of: number
  title: string
  fen: string
  color: 'white' | 'black'
  closes_in: number | null
  revealed: boolean
  line?: string[]
}

export interface ClassCount { t: 'class.count', session: string, n: number, answered: number, of: number }

export interface ClassJudged {
  t: 'class.judged'
  session: string
  n: number
  move: number
  uci: string
  verdict: 'right' | 'solved' | 'wrong'
  reply: string | null
}

export interface FirstMove { uci: string, san: string, count: number, right: boolean }

export interface ClassReveal {
  t: 'class.reveal'
  session: string
  n: number
  right: { uci: string, san: string }
  moves: FirstMove[]
  answered: number
  of: number
}

export interface ClassRevealed {
  t: 'class.revealed'
  session: string
  n: number
  right: { uci: string, san: string }
  yours: { first: string, san: string, verdict: 'solved' | 'missed' | 'unfinished' } | null
  place: number | null
  of: number
}

export interface ClassHello {
  t: 'class.hello'
  session: string
  class: string
  lesson: string
  title: string
  puzzles: number
  seconds: number
  role: 'teacher' | 'student'
  closed: boolean
  puzzle: ClassPuzzle | null
  count?: ClassCount
  reveal?: ClassReveal
  mine?: { pid: string, n: number, opened: number | null, moves: string[], verdict: string, ended: number | null } | null
  revealed?: ClassRevealed
}

export interface ClassClosed { t: 'class.closed', session: string }

/** Anything a room can't act on, to its sender alone. */
export interface LiveError {
  t: 'error'
  code: string
  words: string
  of: string
  /** too-fast, not-over, too-many: ms to wait. */
  wait?: number
  /** done, out-of-step, illegal: [puzzle, move] where the racer is. */
  at?: [number, number]
}

export interface Pong { t: 'pong', at: unknown }

export type LiveIn = RaceState | RaceHello | RaceTable | RaceAgain | RaceLeft | ClassHello | ClassPuzzle
  | ClassCount | ClassJudged | ClassReveal | ClassRevealed | ClassClosed | LiveError | Pong

export type LiveOut =
  | { t: 'ping', at?: unknown }
  | { t: 'race.make' } | { t: 'race.quick' } | { t: 'race.join', race: string } | { t: 'race.start' }
  | { t: 'race.move', puzzle: number, move: number, uci: string }
  | { t: 'race.over' } | { t: 'race.leave' } | { t: 'race.again' }
  | { t: 'class.open', class: string, lesson: string, seconds: number }
  | { t: 'class.join', class: string } | { t: 'class.next' } | { t: 'class.reveal' } | { t: 'class.close' }
  | { t: 'class.move', n: number, move: number, uci: string }

// ---- the page's socket (site/static/js/lib/live.js) ------------------------------------------------

/** Where a page's connection is: opening, open, dropped and trying again, or closed by the page. */
export type LiveStatus = 'connecting' | 'open' | 'away' | 'closed'

/** What lib/live.js needs of a WebSocket (the browser's, or a test's stand-in). */
export interface SocketLike {
  readonly readyState: number
  send(text: string): void
  close(code?: number): void
  onopen: ((event: Event) => void) | null
  onmessage: ((event: MessageEvent) => void) | null
  onclose: ((event: CloseEvent) => void) | null
}

/** Makes a socket to `url` offering `protocols` (`new WebSocket(url, protocols)` in the browser). */
export type SocketMaker = (url: string, protocols: string[]) => SocketLike

/** What a live page's controller asks of its socket (lib/live.js LiveSocket). */
export interface LiveLink {
  readonly status: LiveStatus
  send(message: LiveOut): boolean
  connect(): void
  close(): void
}
