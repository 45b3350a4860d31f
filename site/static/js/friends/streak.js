/**
 * The friend streak, the browser's copy of puzzlebook/friends/streak.py: with someone you follow who
 * follows you back, the days in a row you both played a daily, by the daily streak's rules (a freeze
 * earned each 7 days, at most 2 held, one spent on each day missed; each player's own dates). It is
 * lib/dates.js's `streakRun` over the days both played; tests/vectors/friends.json binds the two
 * (tests/js/friends_streak.test.mjs, tests/test_friends_rules.py). A page recomputes a streak with it
 * after its player's own result of today, from the days the API answered (GET /api/friends/streaks).
 */
import { addDays, streakRun } from '../lib/dates.js'

/** @import { FriendStanding, PlayedDays } from '../friends_types.js' */

/**
 * The days of a record played, in order (YYYY-MM-DD).
 * @param {PlayedDays} played
 * @returns {string[]}
 */
export function playedDays(played) {
  const { first, last } = played
  if (first === null || last === null) return []
  const missed = new Set(played.missed)
  /** @type {string[]} */
  const days = []
  for (let n = 0, day = first; day <= last; n++, day = addDays(first, n)) {
    if (!missed.has(n)) days.push(day)
  }
  return days
}

/**
 * The days of a record with `day` added: the page's own result of today, before the API knows it.
 * @param {PlayedDays} played
 * @param {string} day
 * @returns {string[]}
 */
export function withDay(played, day) {
  const days = playedDays(played)
  return days.includes(day) ? days : [...days, day].sort()
}

/**
 * The friend streak of two players' days as it stands on the pair's `today` (the earlier of their
 * own dates: the API's `today`).
 * @param {string[]} mine
 * @param {string[]} theirs
 * @param {string} today
 * @returns {FriendStanding}
 */
export function friendStreakOf(mine, theirs, today) {
  const other = new Set(theirs)
  const both = [...new Set(mine)].filter((day) => other.has(day) && day <= today).sort()
  const run = streakRun(both, today)
  return { ...run, bothToday: both.length > 0 && both[both.length - 1] === today }
}

/**
 * The friend streak of two records (as the API gives them) on the pair's `today`.
 * @param {PlayedDays} mine
 * @param {PlayedDays} theirs
 * @param {string} today
 * @returns {FriendStanding}
 */
export function friendStreak(mine, theirs, today) {
  return friendStreakOf(playedDays(mine), playedDays(theirs), today)
}
