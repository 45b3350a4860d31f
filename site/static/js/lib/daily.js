/**
 * A day's public daily file (/daily/<game>/<date>.json), or, when the site
 * hasn't it, the API's copy (GET /api/<game>/daily/<date>). The nightly stages
 * a day's files before it begins, and the CDN serves them from its first
 * second (docs/operations.md, "Midnight"), so the API's copy is for a night the
 * staging failed. It is the same for everyone and kept at the edge, so it is
 * asked for as any file is, never past the caches.
 */
import { playerDay } from './dates.js'

/**
 * Resolves to { data } or { status } (0 when offline). Only today's is asked of the API. `data` is
 * the day's file, whose shape is the game's (the caller names it).
 * @param {string} game
 * @param {string} date
 * @returns {Promise<{ data: unknown, status?: undefined } | { data?: undefined, status: number }>}
 */
export async function dailyJson(game, date) {
  let site = null
  try {
    site = await fetch(`/daily/${game}/${date}.json`)
  } catch {
    return { status: 0 }
  }
  if (site.ok) return { data: await site.json() }
  const data = await apiDaily(game, date)
  return data ? { data } : { status: site.status }
}

/**
 * Today's public daily of `game` from the API (the site's file wasn't there), or null; null for any other day.
 * @param {string} game
 * @param {string} date
 * @returns {Promise<unknown>}
 */
export async function apiDaily(game, date) {
  if (date !== playerDay()) return null // a past day's file is out, or there is none
  try {
    const api = await fetch(`/api/${game}/daily/${date}`, { headers: { Accept: 'application/json' } })
    if (api.ok) return await api.json()
  } catch { /* the site answered, the API didn't */ }
  return null
}
