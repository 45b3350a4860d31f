/**
 * What a game's result sheet asks of playing together, small enough to sit in each game's bundle:
 * `showFriends(where, redraw)` (the people you follow on the sheet of a daily of today; sheet.js,
 * loaded the first time, asks and draws them; null hides them) and `withFollow(text)` (the share
 * text with your follow link, when this browser knows it: kept.js). `redraw` is called when the
 * follow link is added from the sheet, so the share's preview shows it, and when the page comes back
 * online (offline, the panel waits: neither sheet.js nor the boards can be fetched).
 */
import { announce } from '../lib/dom.js'
import { getPlayer } from '../lib/api.js'
import { friendsStore, keptFollow } from './kept.js'
import { href, t } from '../lib/i18n.js'

/** @import { SheetWhere } from '../friends_types.js' */

let drawn = ''
/** @type {(() => void) | null} */
let redrawn = null
/** @type {SheetWhere | null} the sheet's day while offline, asked for once back online */
let waiting = null

globalThis.document?.addEventListener('friends:follow', () => redrawn?.())

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
  waiting = null
  if (!where) {
    panel.hidden = true
    drawn = ''
    return
  }
  // Offline, nothing of it can be asked (the module nor the boards): asked once the page is back online.
  if (globalThis.navigator?.onLine === false) {
    panel.hidden = true
    drawn = ''
    waiting = where
    return
  }
  const key = JSON.stringify([where, getPlayer()?.id])
  if (key === drawn) return
  drawn = key
  import('./sheet.js').then((sheet) => sheet.drawFriends(where, announce)).catch(() => { drawn = '' })
}

globalThis.addEventListener?.('online', () => {
  if (waiting && redrawn) showFriends(waiting, redrawn)
})

/**
 * A result's share text with the player's follow link after it, when this browser knows it.
 * @param {string} text
 */
export function withFollow(text, origin = globalThis.location?.origin ?? '') {
  const player = getPlayer()
  const follow = player && keptFollow(friendsStore(), player.id)
  return follow ? text + '\n' + t('Follow me: {link}', { link: origin + href(follow.link) }) : text
}
