/**
 * The follow link's page (/friends/follow/?code=…): its controller (follow_ctrl.js) and the view below,
 * which shows the one part of the page its state names, puts the focus on that part's heading when it
 * changes, and sends Follow back. A guest's player form makes a player, and the page asks again.
 */
import { call, getPlayer } from '../lib/api.js'
import { $, announce, setText } from '../lib/dom.js'
import { wirePlayerForm } from '../lib/player_form.js'
import { copyText } from './copy.js'
import { FollowCtrl } from './follow_ctrl.js'
import { friendsStore } from './kept.js'
import { href, t } from '../lib/i18n.js'

const PARTS = ['follow-loading', 'follow-guest', 'follow-offer', 'follow-done', 'follow-refused']

/** @type {string} */
let drawn = ''

/** @param {FollowCtrl} ctrl */
function redraw(ctrl) {
  const { page } = ctrl
  const part = { loading: 'follow-loading', broken: 'follow-refused', guest: 'follow-guest', offer: 'follow-offer', followed: 'follow-done', refused: 'follow-refused' }[page.kind]
  for (const id of PARTS) $(id).hidden = id !== part
  if (page.kind === 'offer') {
    setText($('follow-offer-title'), t('Follow {name}?', { name: page.player.name }))
    setText($('follow-yes'), t('Follow {name}', { name: page.player.name }))
  } else if (page.kind === 'followed') {
    setText($('follow-done-title'), t('You follow {name}', { name: page.player.name }))
    setText($('follow-done-words'), page.already
      ? t('You already followed {name}: they are on your friends’ boards.', { name: page.player.name })
      : t('{name} is on your friends’ boards from now on, beside you, on each day’s games.', { name: page.player.name }))
    const mine = ctrl.mine
    $('follow-back').hidden = !(mine && mine.allowed && !page.player.follows_you)
    if (mine) {
      setText($('follow-my-code'), mine.code)
      const link = /** @type {HTMLInputElement} */ ($('follow-my-link'))
      link.value = new URL(href(mine.link), location.origin).href
    }
  } else if (page.kind === 'refused' || page.kind === 'broken') {
    setText($('follow-refused-words'), page.words)
  }
  // A new part on show: its heading takes the focus, so it is read first (not on the first load).
  const title = { offer: 'follow-offer-title', followed: 'follow-done-title', refused: 'follow-refused-title' }[/** @type {string} */ (page.kind)]
  if (drawn && drawn !== page.kind && title) $(title).focus()
  if (page.kind !== 'loading') drawn = page.kind
}

/** @type {FollowCtrl} */
const ctrl = new FollowCtrl({
  call, player: getPlayer, keep: friendsStore(), code: new URLSearchParams(location.search).get('code'),
  ui: { redraw: () => redraw(ctrl), announce },
})
$('follow-yes').addEventListener('click', () => ctrl.follow())
$('follow-my-copy').addEventListener('click', () => copyText(/** @type {HTMLInputElement} */ ($('follow-my-link')), t('Your follow link copied.')))
wirePlayerForm(/** @type {HTMLFormElement} */ ($('follow-form')), () => ctrl.load())
ctrl.load().catch(console.error)
