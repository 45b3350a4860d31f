/**
 * "Sign out on this device", asked first (the `sign_out` macro in templates/_macros.html), the same
 * on the home page's player card and the account page. Signing out ends this device's sign-in on
 * the server (DELETE /api/me/token: docs/accounts.md), so a copy of its token, or a sign-in link made
 * of it, signs in no more; only a passkey or a recovery code brings the player back. The question
 * says so in plain words, says what this page knows of the ways back in the player kept, and offers
 * them right there (the page's own: passkeys, codes). Offline, nothing is ended and the player stays.
 */
import { call, getPlayer, clearPlayer, reason } from './api.js'
import { toast } from './announce.js'
import { namespace } from './storage.js'
import { t, tn } from './i18n.js'
/** @import { KeptPlayer } from '../answer_types.js' */

/** @typedef {{ passkeys?: number | null, codes?: number | null }} Ways */

// Whose sign-in link was copied in this browser (pb:account:link-copied): the account page stops
// asking to save a way back in (the link still brings a player back to a browser that lost them).
const kept = namespace('pb:account:')

/** @param {KeptPlayer | null} [player] */
export function linkCopiedHere(player = getPlayer()) {
  return Boolean(player) && kept.get('link-copied', null) === player?.id
}

/** @param {KeptPlayer | null} [player] */
export function noteLinkCopied(player = getPlayer()) {
  if (player) kept.set('link-copied', player.id)
}

/**
 * What signing out costs, for `name`, given the ways back in known here: `passkeys` and `codes`
 * (counts, or null where this page doesn't know them).
 * @param {string} name
 * @param {Ways} [ways]
 */
export function signOutWords(name, { passkeys = null, codes = null } = {}) {
  const cost = t('Signing out ends {name}’s sign-in on this device, on the server too: its sign-in link stops working, here and wherever it was opened. Only a passkey or a recovery code brings {name} back. Without one, the streak, rating and results are lost to you for good; the name stays on the boards.', { name })
  if (passkeys && codes) {
    // Each count is a message of its own, said first (the extractor reads no message inside another).
    const values = { passkeys: tn('{n} passkey', '{n} passkeys', passkeys), codes: tn('{n} recovery code', '{n} recovery codes', codes) }
    return cost + ' ' + t('You have {passkeys} and {codes}: keep them safe.', values)
  }
  if (passkeys) return cost + ' ' + tn('You have {n} passkey: keep it safe.', 'You have {n} passkeys: keep them safe.', passkeys)
  if (codes) return cost + ' ' + tn('You have {n} recovery code: keep it safe.', 'You have {n} recovery codes: keep them safe.', codes)
  if (passkeys !== null && codes !== null) return cost + ' ' + t('You have no passkey and no recovery codes.')
  return cost
}

/**
 * The element in `root` that `selector` names; the macro always has it.
 * @template {HTMLElement} T
 * @param {ParentNode} root
 * @param {string} selector
 * @returns {T}
 */
function part(root, selector) {
  const found = root.querySelector(selector)
  if (!found) throw new Error(`the sign-out question has no ${selector}`)
  return /** @type {T} */ (found)
}

/**
 * Wire the sign-out question inside `root` (the macro's markup). `ways()`: the ways back in this
 * page knows ({passkeys, codes}); `onSignedOut()`: the page's own redraw once signed out.
 * @param {ParentNode} root
 * @param {{ onSignedOut: () => unknown, ways?: () => Ways }} options
 */
export function wireSignOut(root, { onSignedOut, ways = () => ({}) }) {
  /** @type {HTMLButtonElement} */
  const open = part(root, '[data-sign-out]')
  const box = part(root, '[data-sign-out-confirm]')
  const question = part(root, '[data-sign-out-question]')
  const words = part(root, '[data-sign-out-words]')
  /** @type {HTMLButtonElement} */
  const stay = part(root, '[data-sign-out-no]')
  /** @type {HTMLButtonElement} */
  const leave = part(root, '[data-sign-out-yes]')
  const error = part(root, '[data-sign-out-error]')
  const say = () => {
    const player = getPlayer()
    if (!player) return
    question.textContent = t('Sign out of {name} on this device?', { name: player.name })
    words.textContent = signOutWords(player.name, ways())
  }
  const close = (focus = true) => {
    box.hidden = true
    error.textContent = ''
    open.setAttribute('aria-expanded', 'false')
    if (focus) open.focus()
  }
  open.addEventListener('click', () => {
    if (!box.hidden) return close()
    say()
    box.hidden = false
    open.setAttribute('aria-expanded', 'true')
    stay.focus() // the safe answer first: a slip of the Enter key keeps the player
  })
  stay.addEventListener('click', () => close())
  box.addEventListener('keydown', (event) => {
    if (/** @type {KeyboardEvent} */ (event).key === 'Escape') close()
  })
  leave.addEventListener('click', async () => {
    leave.disabled = true
    error.textContent = ''
    try {
      const answer = await call('/me/token', { method: 'DELETE' })
      // 401: the token signs in no more already (ended elsewhere, or the player deleted).
      if (answer.status !== 200 && answer.status !== 401) {
        const why = reason(answer, t('This device’s sign-in couldn’t be ended just now. Try again in a moment.'))
        error.textContent = t('Still signed in. {reason}', { reason: why })
        return
      }
    } finally {
      leave.disabled = false
    }
    close(false)
    clearPlayer()
    document.dispatchEvent(new CustomEvent('player:change'))
    toast(t('Signed out: this device’s sign-in has ended. Your passkeys and recovery codes still sign you in.'))
    onSignedOut()
  })
  return { refresh: say, close }
}
