/**
 * A club's page (/friends/club/?id=<club>): its controller (club_ctrl.js), the page's view (club_view.js)
 * and the club's board's view (board_view.js), whose day and game are in the address after `#/`
 * (board_ctrl.js parseAt): #/chain, #/storm/week, #/chess/2026-12-02.
 */
import { call, getPlayer } from '../lib/api.js'
import { playerDay } from '../lib/dates.js'
import { announce } from '../lib/dom.js'
import { parseAt, pathOf } from './board_ctrl.js'
import { BoardView } from './board_view.js'
import { ClubCtrl } from './club_ctrl.js'
import { ClubView } from './club_view.js'
import { friendsStore } from './kept.js'
import { SOCIAL_GAMES } from './words.js'

/** @import { BoardAt } from '../friends_types.js' */

/** @param {BoardAt} at */
const hrefOf = (at) => `#/${pathOf(at, playerDay())}`

/** The board the address names (today's chess daily when it names none it can show). @returns {BoardAt} */
function asked() {
  const parts = location.hash.replace(/^#\/?/, '').split('/').filter(Boolean).map(decodeURIComponent)
  return parseAt(parts, playerDay()) || { game: SOCIAL_GAMES[0].key, date: playerDay(), week: false }
}

const boardView = new BoardView('club-board', hrefOf, (href) => { location.hash = href })
/** @type {ClubView | null} */
let view = null
const ctrl = new ClubCtrl({
  id: new URLSearchParams(location.search).get('id') || '',
  call, player: getPlayer, today: playerDay, keep: friendsStore(),
  ui: { redraw: () => view?.redraw(), redrawBoard: () => boardView.draw(ctrl.board), announce },
})
view = new ClubView(ctrl)
window.addEventListener('hashchange', () => {
  if (ctrl.page.kind === 'club') ctrl.board.show(asked()).catch(console.error)
})
ctrl.load(asked()).catch(console.error)
