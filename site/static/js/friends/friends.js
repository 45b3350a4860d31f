/**
 * The friends page (/friends/): a controller (friends_ctrl.js) and its view (friends_view.js); a guest
 * makes a player here first (the player form), and the page reads everything again.
 */
import { call, getPlayer } from '../lib/api.js'
import { announce } from '../lib/dom.js'
import { wirePlayerForm } from '../lib/player_form.js'
import { FriendsCtrl } from './friends_ctrl.js'
import { FriendsView } from './friends_view.js'
import { friendsStore } from './kept.js'

/** @type {FriendsView | null} */
let view = null
const ctrl = new FriendsCtrl({ call, player: getPlayer, keep: friendsStore(), ui: { redraw: () => view?.redraw(), announce } })
view = new FriendsView(ctrl)
wirePlayerForm(/** @type {HTMLFormElement} */ (document.getElementById('friends-form')), async () => {
  await ctrl.load()
  document.getElementById('follow-title')?.focus()
})
document.addEventListener('player:change', () => ctrl.load().catch(console.error))
ctrl.load().catch(console.error)
