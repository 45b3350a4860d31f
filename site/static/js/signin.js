/**
 * /signin/: signing in to a player made elsewhere, three ways.
 *
 * - A sign-in link (/signin/#token=...): the token rides in the fragment (browsers never send it to
 *   a server); this page wipes it from the address bar, checks it with /api/me and keeps the player.
 * - A passkey: the device offers the site's passkeys, no name typed (lib/passkeys.js).
 * - A recovery code, typed; it is spent.
 *
 * A passkey or a code answers a new token for this device. Whatever this browser played signed out
 * (or holds for another player) stays here and is never posted as this player's: the page says so.
 * The review is no result (it moves no rating): it is merged with the player's on the server at
 * once, so the puzzles missed here come back on every device (review/keep.js; docs/review.md).
 */
import { call, setPlayer, tokenFromHash, getPlayer } from './lib/api.js'
import { passkeySignIn, codeSignIn } from './lib/passkeys.js'
import { notPosted, notPostedWords } from './lib/local_records.js'
import { $ } from './lib/dom.js'
import { t, tn } from './lib/i18n.js'
/** @import { Answer, KeptPlayer } from './answer_types.js' */
/** @import { Me } from './api_types.js' */

const title = $('signin-title')
const text = $('signin-text')

/**
 * Keep `player` ({id, name, token}) as this browser's, and say so, with what stays unposted
 * (read from the games' stores first, so the page says it all at once).
 */
/**
 * @param {KeptPlayer} player
 * @param {string} [extra]
 */
async function welcome(player, extra = '') {
  setPlayer(player)
  document.dispatchEvent(new CustomEvent('player:change'))
  mergeReview()
  const found = await notPosted(player.id).catch(() => ({}))
  const words = notPostedWords(found, player.name)
  title.textContent = t('Welcome back, {name}', { name: player.name })
  text.textContent = extra
    ? t('You are signed in on this device. Your streak and rating come with you. {more}', { more: extra })
    : t('You are signed in on this device. Your streak and rating come with you.')
  $('signin-kept').textContent = words
  $('signin-kept').hidden = !words
  $('signin-ways').hidden = true
  $('signin-done').hidden = false
}

/** This browser's review and the player's, merged and kept in both (in the background). */
function mergeReview() {
  Promise.all([import('./review/keep.js'), import('./lib/dates.js')])
    .then(([{ ReviewKeep }, { playerDay }]) => new ReviewKeep().sync(call, playerDay()))
    .catch(() => {})
}

/**
 * @param {string} heading
 * @param {string} words
 */
function offerTheWays(heading, words) {
  title.textContent = heading
  text.textContent = words
  $('signin-ways').hidden = false
  $('signin-done').hidden = true
}

/** @param {string} token */
async function withLink(token) {
  const answer = /** @type {Answer<Me>} */ (await call('/me', { token }))
  if (answer.status === 200 && answer.data) {
    await welcome({ id: answer.data.id, name: answer.data.name, token })
  } else if (answer.status === 401 || answer.status === 404) {
    offerTheWays(t('That link doesn’t work'),
      t('It may be mistyped or cut short, or the player was deleted. Copy it again from your other device, or sign in another way below.'))
  } else {
    title.textContent = t('Can’t sign in just now')
    text.textContent = answer.status === 0
      ? t('You seem to be offline. Open the link again when you are back online.')
      : t('The server didn’t answer as it should. Try the link again in a moment.')
  }
}

function start() {
  const token = tokenFromHash(location.hash)
  history.replaceState(null, '', location.pathname) // the token shouldn't linger in history
  if (token) return withLink(token)
  const current = getPlayer()
  offerTheWays(t('Sign in'),
    current
      ? t('This browser plays as {name}. Signing in as someone else here switches to them.', { name: current.name })
      : t('Bring your player to this device with a passkey, a recovery code or your sign-in link.'))
}

$('signin-passkey').addEventListener('click', async (event) => {
  const button = /** @type {HTMLButtonElement} */ (event.currentTarget)
  $('signin-passkey-error').textContent = ''
  button.disabled = true
  try {
    const signed = await passkeySignIn()
    if (signed.ok) await welcome(signed.data)
    else $('signin-passkey-error').textContent = signed.error
  } finally {
    button.disabled = false
  }
})

$('signin-code-form').addEventListener('submit', async (event) => {
  event.preventDefault()
  const input = /** @type {HTMLInputElement} */ ($('signin-code'))
  const error = $('signin-code-error')
  const button = /** @type {HTMLButtonElement} */ (event.submitter || /** @type {HTMLFormElement} */ (event.currentTarget).querySelector('button'))
  error.textContent = ''
  if (!input.value.trim()) {
    error.textContent = t('Type one of your recovery codes.')
    input.setAttribute('aria-invalid', 'true')
    input.focus()
    return
  }
  button.disabled = true
  try {
    const signed = await codeSignIn(input.value)
    if (signed.ok) {
      input.value = ''
      input.removeAttribute('aria-invalid')
      const left = signed.data.codes_left
      await welcome(signed.data, left
        ? tn('That code is spent: {n} recovery code left.', 'That code is spent: {n} recovery codes left.', left)
        : t('That code is spent: 0 recovery codes left (make new ones on your account page).'))
    } else {
      error.textContent = signed.error
      input.setAttribute('aria-invalid', 'true')
    }
  } finally {
    button.disabled = false
  }
})

start()
