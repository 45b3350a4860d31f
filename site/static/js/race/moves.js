/**
 * A racer's moves on their way to the room (race/ctrl.js holds one), pure: every move made in the
 * race, in order, each sent once its floor has come (race/clock.js `moveDue`: the k-th counts k
 * seconds from the start, less the allowance), and sent again from where the server's count says
 * when the two disagree. The server's answer to a move that counts is nothing; a refusal says why.
 */
/** @import { LiveError, LiveOut } from '../live_types.js' */
import { moveDue } from './clock.js'

const NOT_RACING_RETRY_MS = 300 // the server's clock not yet at the start: the move again after this
// After these nothing more counts: nothing more is sent.
const FINAL = ['over', 'out-of-time', 'left', 'not-racer', 'no-puzzle']

/** @typedef {{ puzzle: number, move: number, uci: string } | null} Played (null: counted before this page took the race up) */

export class RaceMoves {
  constructor() {
    /** @type {Played[]} every move made in the race, in order */
    this.played = []
    this.next = 0 // the index in `played` of the next move to send
    this.holdUntil = 0 // none is sent before this (a refusal's wait)
    this.syncing = false // the room was asked where it has the racer: nothing is sent until it says
    this.adopt = false // the room's place is to be taken as it is (the board disagreed with it)
  }

  /** A move made on the board: move `move` of puzzle `puzzle`. @param {number} puzzle @param {number} move @param {string} uci */
  made(puzzle, move, uci) {
    this.played.push({ puzzle, move, uci })
  }

  /**
   * Send what is due at `now` in a race that started at `starts`, in order, while `send` takes it.
   * @param {number} starts
   * @param {number} now
   * @param {(message: LiveOut) => boolean} send
   */
  pump(starts, now, send) {
    if (this.syncing) return
    while (this.next < this.played.length && now >= this.holdUntil && now >= moveDue(starts, this.next + 1)) {
      const played = this.played[this.next]
      if (played && !send({ t: 'race.move', ...played })) return
      this.next += 1
    }
  }

  /**
   * The room says it counted `counted` moves (a hello): true when the board is as far or further, and
   * what it hasn't counted goes again from there; false when the board is to take up the room's place
   * (it is behind, as after a reload, or disagreed).
   * @param {number} counted
   */
  resume(counted) {
    const ahead = this.played.length >= counted && !this.adopt
    this.adopt = false
    this.syncing = false
    if (!ahead) this.played = Array.from({ length: counted }, () => null)
    this.next = counted
    return ahead
  }

  /**
   * A move refused at `now`: true when the room is to be asked where it has the racer (once, until it
   * says); a retry it counted already, or a refusal after which nothing counts, asks nothing.
   * @param {LiveError} error
   * @param {number} now
   */
  refused(error, now) {
    if (error.code === 'done') return false
    if (FINAL.includes(error.code)) {
      this.next = this.played.length
      return false
    }
    if (error.code === 'too-fast' || error.code === 'not-racing') this.holdUntil = now + (error.wait ?? NOT_RACING_RETRY_MS)
    if (error.code === 'illegal') this.adopt = true
    if (this.syncing) return false
    this.syncing = true
    return true
  }
}
