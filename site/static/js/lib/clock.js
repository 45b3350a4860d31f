/**
 * A puzzle clock that runs only while nothing stops it.
 *
 * Anything that should stop the clock holds it with a reason ("paused",
 * "sheet", "hidden", "offscreen", "waiting", "over"); the clock runs only
 * while no reason holds it. Time comes from `now()` (milliseconds), so tests
 * drive it by hand.
 */
export class Clock {
  /** `seconds`: time already on the clock (a resumed puzzle). Starts held by "waiting". */
  constructor({ seconds = 0, now = () => performance.now(), held = ['waiting'] } = {}) {
    this.now = now
    this.banked = seconds * 1000
    this.holds = new Set(held)
    this.since = this.holds.size ? null : this.now()
  }

  /** True while no reason holds the clock. */
  get running() { return this.holds.size === 0 }

  /** Stop the clock for `reason` (holding twice for the same reason is one hold). */
  hold(reason) {
    if (this.running) this.banked += this.now() - this.since
    this.holds.add(reason)
    this.since = null
  }

  /** Let go of `reason`; the clock runs again once nothing else holds it. */
  release(reason) {
    if (!this.holds.delete(reason)) return
    if (this.running) this.since = this.now()
  }

  /** Hold or release `reason` by a condition: set(reason, true) holds. */
  set(reason, holding) {
    if (holding) this.hold(reason)
    else this.release(reason)
  }

  /** True if `reason` holds the clock. */
  isHeld(reason) { return this.holds.has(reason) }

  /** Seconds on the clock, fractional. */
  get seconds() {
    const live = this.running ? this.now() - this.since : 0
    return (this.banked + live) / 1000
  }
}

/** Whole seconds as the site shows them: 0:41, 12:05, 1:02:03. */
export function formatTime(seconds) {
  const total = Math.max(0, Math.floor(seconds))
  const h = Math.floor(total / 3600)
  const m = Math.floor((total % 3600) / 60)
  const s = String(total % 60).padStart(2, '0')
  return h ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`
}
