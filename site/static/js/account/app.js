/**
 * The account page (/account/): for a player, /api/me's account lines
 * ("12 puzzles solved, 9 cleanly · 3-day daily streak"), the rating with its
 * ± (the rating deviation), the best streaks and the sign-in link; for
 * everyone else, making a player.
 */
import { call, getPlayer, clearPlayer, signInLink, reason } from '../lib/api.js'
import { toast } from '../lib/announce.js'
import { wirePlayerForm, wireCopyLink } from '../lib/player_form.js'
import { ratingText } from '../boards/model.js'

const $ = (id) => document.getElementById(id)

function days(n) {
  return `${n} ${n === 1 ? 'day' : 'days'}`
}

function showAnonymous(lede) {
  $('account-player').hidden = true
  $('account-anonymous').hidden = false
  $('account-title').textContent = 'You'
  $('account-lede').textContent = lede
}

async function render() {
  const player = getPlayer()
  if (!player) return showAnonymous('You are playing without a player: your results stay in this browser.')
  $('account-title').textContent = player.name
  $('account-signin-link').value = signInLink(player.token)
  const answer = await call('/me')
  if (answer.status === 401) {
    clearPlayer()
    document.dispatchEvent(new CustomEvent('player:change'))
    return showAnonymous('This device’s sign-in no longer works (the player may have been deleted). Make a player, or open a sign-in link.')
  }
  $('account-anonymous').hidden = true
  $('account-player').hidden = false
  if (answer.status !== 200 || !answer.data) {
    $('account-lede').textContent = reason(answer, 'Your results couldn’t be loaded just now. Try again in a moment.')
    return
  }
  const me = answer.data
  $('account-title').textContent = me.name
  $('account-lede').textContent = me.created ? `Playing since ${new Date(me.created).toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric' })}.` : ''
  $('account-line').textContent = me.line
  $('account-chain-line').textContent = me.chain_line
  const rating = me.ratings && me.ratings.chess
  $('account-rating').textContent = rating ? `${ratingText(rating)} · ${rating.games} rated` : 'Not rated yet: solve a puzzle as a player'
  $('account-chess-best').textContent = days(me.streaks?.chess?.best || 0)
  $('account-chess-missed').textContent = String(me.chess?.missed || 0)
  $('account-chain-best').textContent = days(me.streaks?.chain?.best || 0)
  $('account-chain-gaveup').textContent = String(me.chain?.gave_up || 0)
}

wirePlayerForm($('account-form'), async (player) => {
  toast(`Welcome, ${player.name}. Your results will be kept.`)
  await render()
})

wireCopyLink($('account-copy'), $('account-signin-link'))

$('account-sign-out').addEventListener('click', () => {
  clearPlayer()
  document.dispatchEvent(new CustomEvent('player:change'))
  toast('Signed out on this device. Your sign-in link still works.')
  render()
})

render().catch(console.error)
