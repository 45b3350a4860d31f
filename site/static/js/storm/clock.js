// Storm's clock, combo and score in the browser: the same as puzzlebook/storm/clock.py.
// tests/vectors/storm.json is run through both (tests/js/storm_clock.test.mjs), so the clock the
// player watches is the one the server recomputes.
//
// A move's verdict: 'right' (the line goes on), 'solved' (the move that solves: the line's last,
// or any mate) or 'wrong'. A tally is a plain object; step() returns a new one and `gained`, the
// seconds that move added (for the clock's "+3").

/** @import { StormTally } from '../run_types.js' */

export const START = 180
export const WRONG_PENALTY = 10
export const COMBO_BONUSES = [[5, 3], [12, 5], [20, 7], [30, 10]]
export const BONUS_EVERY = 10
export const BONUS_LATER = 10

/**
 * The seconds added as the combo reaches `combo`.
 * @param {number} combo
 */
export function comboBonus(combo) {
  for (const [at, bonus] of COMBO_BONUSES) if (combo === at) return bonus
  const last = COMBO_BONUSES[COMBO_BONUSES.length - 1][0]
  return combo > last && (combo - last) % BONUS_EVERY === 0 ? BONUS_LATER : 0
}

/**
 * The next combo level after `combo` and the seconds it adds (for the combo bar).
 * @param {number} combo
 */
export function nextBonus(combo) {
  for (const [at, bonus] of COMBO_BONUSES) if (combo < at) return { at, bonus }
  const last = COMBO_BONUSES[COMBO_BONUSES.length - 1][0]
  return { at: last + BONUS_EVERY * (Math.floor((combo - last) / BONUS_EVERY) + 1), bonus: BONUS_LATER }
}

/**
 * The tally before any move.
 * @returns {StormTally}
 */
export function newTally() {
  return { score: 0, mistakes: 0, combo: 0, combo_best: 0, bonus: 0, penalty: 0, highest: null, attempted: 0 }
}

/**
 * The seconds the run's clock gives in all.
 * @param {StormTally} tally
 */
export function length(tally) {
  return START + tally.bonus - tally.penalty
}

/**
 * The tally after one more move: its `verdict` in a puzzle rated `rating`; and the seconds it added.
 * @param {StormTally} tally
 * @param {string} verdict
 * @param {number} rating
 * @returns {{ tally: StormTally, gained: number }}
 */
export function step(tally, verdict, rating) {
  if (verdict === 'wrong') {
    return { tally: { ...tally, mistakes: tally.mistakes + 1, combo: 0, penalty: tally.penalty + WRONG_PENALTY }, gained: -WRONG_PENALTY }
  }
  if (verdict !== 'right' && verdict !== 'solved') throw new RangeError(`a move's verdict is right, solved or wrong, not ${verdict}`)
  const combo = tally.combo + 1
  const gained = comboBonus(combo)
  const next = { ...tally, combo, combo_best: Math.max(combo, tally.combo_best), bonus: tally.bonus + gained }
  if (verdict === 'solved') {
    next.score += 1
    next.highest = tally.highest === null ? rating : Math.max(tally.highest, rating)
  }
  return { tally: next, gained }
}

/**
 * The tally of a run: [{rating, verdicts}] per puzzle attempted. Throws for verdicts no run has.
 * @param {{ rating: number, verdicts: string[] }[]} puzzles
 */
export function tallyRun(puzzles) {
  let tally = newTally()
  puzzles.forEach(({ rating, verdicts }, k) => {
    let ended = false
    for (const verdict of verdicts) {
      if (ended) throw new RangeError(`puzzle ${k + 1} has a move after it was over`)
      tally = step(tally, verdict, rating).tally
      ended = verdict !== 'right'
    }
    if (!ended && k !== puzzles.length - 1) throw new RangeError(`puzzle ${k + 1} was left before it was solved or missed`)
    tally = { ...tally, attempted: tally.attempted + 1 }
  })
  return tally
}

/**
 * Whether a run lasting `seconds` outlived its clock.
 * @param {StormTally} tally
 * @param {number} seconds
 */
export function outOfTime(tally, seconds) {
  return seconds > length(tally)
}
