/**
 * A puzzle clock that runs only while nothing stops it.
 *
 * Anything that should stop the clock holds it with a reason ("paused",
 * "sheet", "hidden", "offscreen", "waiting", "over"); the clock runs only
 * while no reason holds it. Time comes from `now()` (milliseconds), so tests
 * drive it by hand.
 */
export class Clock {
  /**
   * `seconds`: time already on the clock (a resumed puzzle). Starts held by "waiting".
   * @param {{ seconds?: number, now?: () => number, held?: string[] }} [options]
   */
  constructor({ seconds = 0, now = () => performance.now(), held = ['waiting'] } = {}) {
    this.now = now
    this.banked = seconds * 1000
    /** @type {Set<string>} */
    this.holds = new Set(held)
    // When the clock last started running (null while held).
    /** @type {number | null} */
    this.since = this.holds.size ? null : this.now()
  }

  /** Milliseconds since the clock last started: 0 while held. */
  live() {
    return this.since === null ? 0 : this.now() - this.since
  }

  /** True while no reason holds the clock. */
  get running() { return this.holds.size === 0 }

  /**
   * Stop the clock for `reason` (holding twice for the same reason is one hold).
   * @param {string} reason
   */
  hold(reason) {
    this.banked += this.live()
    this.holds.add(reason)
    this.since = null
  }

  /**
   * Let go of `reason`; the clock runs again once nothing else holds it.
   * @param {string} reason
   */
  release(reason) {
    if (!this.holds.delete(reason)) return
    if (this.running) this.since = this.now()
  }

  /**
   * Hold or release `reason` by a condition: set(reason, true) holds.
   * @param {string} reason
   * @param {unknown} holding
   */
  set(reason, holding) {
    if (holding) this.hold(reason)
    else this.release(reason)
  }

  /**
   * True if `reason` holds the clock.
   * @param {string} reason
   */
  isHeld(reason) { return this.holds.has(reason) }

  /** Seconds on the clock, fractional. */
  get seconds() {
    return (this.banked + this.live()) / 1000
  }
}

/**
 * Whole seconds as the site shows them: 0:41, 12:05, 1:02:03.
 * @param {number} seconds
 */
export function formatTime(seconds) {
  const total = Math.max(0, Math.floor(seconds))
  const h = Math.floor(total / 3600)
  const m = Math.floor((total % 3600) / 60)
  const s = String(total % 60).padStart(2, '0')
  return h ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`
}
