/**
 * A daily game's stats panel (docs/site.md, "Stats"), the controller: it gathers the days (this
 * browser's records, and a signed-in player's from GET /api/me/stats/<game>, merged), counts them
 * (lib/stats.js) and hands the state to the view (lib/stats_view.js), which only draws it. Loaded
 * when the player asks for the panel; names no game (the page passes its own).
 */
import { countStats, localStreak, merged } from './stats.js'
import { call, getPlayer } from './api.js'
import { playerDay } from './dates.js'
/** @import { Answer } from '../answer_types.js' */
/** @import { DailyStats } from '../api_types.js' */
/** @import { StatsGame, StatsState } from '../stats_types.js' */
/** @import { StatsView } from './stats_view.js' */

/**
 * The panel's state for `game` ({key, name, words}): `local` the days kept here (each game's statsDay of
 * its records), `streakDays` the days its streak counts here (the store's days()).
 *   { name, source: 'account' | 'browser' | 'unreached', ...countStats }
 * `source` says where the figures come from: the account and this browser, this browser alone (a
 * guest), or this browser alone because the server couldn't be reached.
 * @param {StatsGame} game
 * @param {readonly unknown[]} local
 * @param {string[]} streakDays
 * @returns {Promise<StatsState>}
 */
export async function statsState(game, local, streakDays, today = playerDay()) {
  const mine = localStreak(streakDays, today)
  const player = getPlayer()
  if (!player) return { name: game.name, words: game.words, source: 'browser', ...countStats(merged([], local), mine) }
  const got = /** @type {Answer<DailyStats>} */ (await call(`/me/stats/${game.key}`))
  const server = got.status === 200 && got.data && Array.isArray(got.data.days) ? got.data : null
  if (!server) return { name: game.name, words: game.words, source: 'unreached', ...countStats(merged([], local), mine) }
  const theirs = server.streak || {}
  const streak = Number.isInteger(theirs.current)
    ? { current: theirs.current, best: Math.max(theirs.best || 0, theirs.current), freezesUsed: theirs.freezes_used || 0 }
    : mine
  return { name: game.name, words: game.words, source: 'account', ...countStats(merged(server.days, local), streak) }
}

/**
 * Open the panel on `view` (a StatsView) and fill it once the figures are counted.
 * @param {StatsView} view
 * @param {StatsGame} game
 * @param {readonly unknown[]} local
 * @param {string[]} streakDays
 */
export async function showStats(view, game, local, streakDays) {
  view.open(game.name)
  try {
    view.draw(await statsState(game, local, streakDays))
  } catch (error) {
    console.error(error)
    view.failed()
  }
}
