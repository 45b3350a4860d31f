// Streak's tally in the browser: the same as puzzlebook/streak/tally.py. tests/vectors/streak.json is
// run through both (tests/js/streak_tally.test.mjs), so the score the player watches is the one the
// server works out.
//
// A move's verdict: 'right' (the line goes on), 'solved' (the move that solves: the line's last, or
// any mate) or 'wrong' (the run is over); 'skip' passes the puzzle, once a run. A tally is a plain
// object: { score, highest, attempted, skipped, missed, moves } (skipped, missed: puzzle numbers
// from 1, or null).
/** @import { StreakTally } from '../run_types.js' */

/**
 * The tally before any move.
 * @returns {StreakTally}
 */
export function newTally() {
  return { score: 0, highest: null, attempted: 0, skipped: null, missed: null, moves: 0 }
}

/**
 * The tally of a run: [{rating, verdicts}] per puzzle attempted. Throws RangeError for verdicts no run has.
 * @param {{ rating: number, verdicts: string[] }[]} puzzles
 * @returns {StreakTally}
 */
export function tallyRun(puzzles) {
  const tally = newTally()
  const last = puzzles.length - 1
  puzzles.forEach(({ rating, verdicts }, k) => {
    const number = k + 1
    if (tally.missed !== null) throw new RangeError(`puzzle ${number} comes after the wrong move that ended the run`)
    let ended = false
    for (const verdict of verdicts) {
      if (ended) throw new RangeError(`puzzle ${number} has a move after it was over`)
      if (verdict === 'skip') {
        if (tally.skipped !== null) throw new RangeError(`puzzle ${number} is skipped, but a run has one skip`)
        tally.skipped = number
      } else if (verdict === 'wrong') {
        tally.missed = number
        tally.moves += 1
      } else if (verdict === 'solved') {
        tally.score += 1
        tally.highest = tally.highest === null ? rating : Math.max(tally.highest, rating)
        tally.moves += 1
      } else if (verdict === 'right') {
        tally.moves += 1
      } else {
        throw new RangeError(`a verdict is right, solved, wrong or skip, not ${verdict}`)
      }
      ended = verdict !== 'right'
    }
    if (!ended && k !== last) throw new RangeError(`puzzle ${number} was left before it was solved, missed or skipped`)
    tally.attempted += 1
  })
  return tally
}
