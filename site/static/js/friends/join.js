/**
 * A club's join link's page (/friends/clubs/join/?id=…&code=…): its controller (join_ctrl.js) and the
 * view below, which shows the part its state names and, once joined, opens the club's page.
 */
import { call, getPlayer } from '../lib/api.js'
import { $, announce, setText } from '../lib/dom.js'
import { wirePlayerForm } from '../lib/player_form.js'
import { JoinCtrl } from './join_ctrl.js'
import { friendsStore } from './kept.js'
import { href } from '../lib/i18n.js'

const params = new URLSearchParams(location.search)

/** @param {JoinCtrl} ctrl */
function redraw(ctrl) {
  const { page } = ctrl
  if (page.kind === 'joined') {
    location.assign(href(`/friends/club/?id=${encodeURIComponent(page.club.id)}`))
    return
  }
  $('join-guest').hidden = page.kind !== 'guest'
  $('join-offer').hidden = page.kind !== 'offer'
  $('join-refused').hidden = page.kind !== 'refused' && page.kind !== 'broken'
  if (page.kind === 'refused' || page.kind === 'broken') {
    setText($('join-refused-words'), page.words)
    if (page.kind === 'refused') $('join-refused-title').focus()
  }
}

/** @type {JoinCtrl} */
const ctrl = new JoinCtrl({
  call, player: getPlayer, keep: friendsStore(), id: params.get('id') || '', code: params.get('code') || '',
  ui: { redraw: () => redraw(ctrl), announce },
})
$('join-yes').addEventListener('click', () => ctrl.join())
wirePlayerForm(/** @type {HTMLFormElement} */ ($('join-player-form')), () => {
  ctrl.again()
  $('join-offer-title').focus()
})
redraw(ctrl)
