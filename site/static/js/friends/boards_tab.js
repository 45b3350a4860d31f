/**
 * The boards page's Friends tab, first of its tabs: you and the people you follow on each daily game,
 * a day's board or its week's (#/friends/<game>[/week][/<date>]: board_ctrl.js parseAt). One controller
 * and one view, made the first time the tab is shown; boards/app.js hands it every address under
 * #/friends and hides the public boards meanwhile.
 */
import { call, getPlayer } from '../lib/api.js'
import { playerDay } from '../lib/dates.js'
import { announce } from '../lib/dom.js'
import { BoardCtrl, parseAt, pathOf } from './board_ctrl.js'
import { BoardView } from './board_view.js'
import { friendsStore } from './kept.js'
import { t } from '../lib/i18n.js'

/** @import { BoardAt } from '../friends_types.js' */

/** @type {{ ctrl: BoardCtrl, view: BoardView } | null} */
let tab = null

/** Whether an address is the Friends tab's. @param {string} hash */
export function isFriendsTab(hash) {
  return /^#\/friends(\/|$)/.test(hash)
}

/** @param {BoardAt} at */
const hrefOf = (at) => {
  const path = pathOf(at, playerDay())
  return path ? `#/friends/${path}` : '#/friends'
}

function made() {
  if (tab) return tab
  const view = new BoardView('friends-board', hrefOf, (href) => { location.hash = href })
  const ctrl = new BoardCtrl({ call, player: getPlayer, today: playerDay, keep: friendsStore() },
    { redraw: () => view.draw(ctrl), announce }, { kind: 'friends' })
  tab = { ctrl, view }
  return tab
}

/**
 * Show the board the address names (the parts after #/friends/); false when it names none.
 * @param {string} hash
 */
export async function showFriendsTab(hash) {
  const parts = hash.replace(/^#\/friends\/?/, '').split('/').filter(Boolean).map(decodeURIComponent)
  const at = parseAt(parts, playerDay())
  if (!at) return false
  document.title = [t('Friends'), t('Leaderboards'), 'Puzzle Book'].join(' · ')
  await made().ctrl.show(at)
  return true
}
