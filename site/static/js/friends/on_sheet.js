/**
 * What a game's result sheet asks of playing together, small enough to sit in each game's bundle:
 * `showFriends(where, redraw)` (the people you follow on the sheet of a daily of today; sheet.js,
 * loaded the first time, asks and draws them; null hides them) and `withFollow(text)` (the share
 * text with your follow link, when this browser knows it: kept.js). `redraw` is called when the
 * follow link is added from the sheet, so the share's preview shows it.
 */
import { announce } from '../lib/dom.js'
import { getPlayer } from '../lib/api.js'
import { friendsStore, keptFollow } from './kept.js'

/** @import { SheetWhere } from '../friends_types.js' */

let drawn = ''
/** @type {(() => void) | null} */
let redrawn = null

document.addEventListener('friends:follow', () => redrawn?.())

/**
 * The panel of the people you follow for the sheet of `where`, or none (null). Asked again only when
 * the day changes or the player's result is posted since.
 * @param {SheetWhere | null} where
 * @param {() => void} redraw
 */
export function showFriends(where, redraw) {
  const panel = document.getElementById('friends-panel')
  if (!panel) return
  redrawn = redraw
  if (!where) {
    panel.hidden = true
    drawn = ''
    return
  }
  const key = JSON.stringify([where, getPlayer()?.id])
  if (key === drawn) return
  drawn = key
  import('./sheet.js').then((sheet) => sheet.drawFriends(where, announce)).catch(console.error)
}

/**
 * A result's share text with the player's follow link after it, when this browser knows it.
 * @param {string} text
 */
export function withFollow(text, origin = globalThis.location?.origin ?? '') {
  const player = getPlayer()
  const follow = player && keptFollow(friendsStore(), player.id)
  return follow ? `${text}\nFollow me: ${origin}${follow.link}` : text
}
