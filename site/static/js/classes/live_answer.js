/**
 * A student's answer to the live class's puzzle up (docs/live.md, "The live class"), pure: the moves
 * they made, how it stands (the server's verdicts), and the move sent to be judged, held to the floor
 * of a second a move from the puzzle going up (lib/floor.js, the server's rule) and, after a
 * `too-fast`, to the wait the server gave. One try: a wrong move or a solve ends it.
 */
/** @import { ClassHello, ClassJudged, LiveOut } from '../live_types.js' */
import { floorWait } from '../lib/floor.js'

const FLOOR_MARGIN_MS = 100
const UNTIL_JUDGED_MS = 60_000 // a move sent: the next waits for its verdict

export class StudentAnswer {
  /**
   * The answer to puzzle `n`, which went up at `openedAt` (ms, this browser's clock: a message comes
   * after it is sent, so never sooner than the server's).
   * @param {number} n
   * @param {number} openedAt
   */
  constructor(n, openedAt) {
    this.n = n
    this.openedAt = openedAt
    /** @type {string[]} */
    this.moves = []
    /** @type {'' | 'right' | 'solved' | 'wrong' | 'kept'} ('kept': begun before this page was opened) */
    this.verdict = ''
    /** @type {{ n: number, move: number, uci: string } | null} the move sent (or to send), not yet judged */
    this.pending = null
    this.holdUntil = 0
  }

  /** Whether the student may move: nothing waiting for a verdict, the try not over. */
  get open() {
    return (this.verdict === '' || this.verdict === 'right') && !this.pending
  }

  /**
   * What the server kept of this answer before the page was opened (a hello's `mine`): its replies
   * aren't known here, so it stands as it was.
   * @param {ClassHello['mine']} mine
   */
  keep(mine) {
    if (!mine || mine.n !== this.n || !mine.moves.length || this.moves.length) return
    this.moves = [...mine.moves]
    this.verdict = mine.verdict === 'solved' ? 'solved' : mine.verdict === 'missed' ? 'wrong' : 'kept'
  }

  /** The student made `uci`. @param {string} uci */
  made(uci) {
    this.pending = { n: this.n, move: this.moves.length, uci }
    this.moves.push(uci)
  }

  /** When the move waiting may be sent (ms). */
  due() {
    const move = this.pending ? this.pending.move : 0
    return Math.max(this.holdUntil, this.openedAt + floorWait(this.openedAt, this.openedAt, move + 1) + FLOOR_MARGIN_MS)
  }

  /**
   * Send the move waiting if its time has come; `send` answers whether it went.
   * @param {number} now
   * @param {(message: LiveOut) => boolean} send
   */
  take(now, send) {
    const pending = this.pending
    if (!pending || now < this.due()) return
    if (send({ t: 'class.move', n: pending.n, move: pending.move, uci: pending.uci })) this.holdUntil = now + UNTIL_JUDGED_MS
  }

  /** The server asked for `ms` more (too-fast): the move goes again then. @param {number} now @param {number} ms */
  wait(now, ms) {
    this.holdUntil = now + ms
  }

  /** The move was refused for good (the puzzle closed): the try is over as it stands. */
  drop() {
    this.pending = null
    if (this.verdict === '' || this.verdict === 'right') this.verdict = 'kept'
  }

  /**
   * The server's verdict on the move sent; false when it is about another move (a retry's).
   * @param {ClassJudged} judged
   */
  judged(judged) {
    if (!this.pending || judged.n !== this.pending.n || judged.move !== this.pending.move) return false
    this.pending = null
    this.holdUntil = 0
    this.verdict = judged.verdict
    return true
  }
}
