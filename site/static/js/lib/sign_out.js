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
 * @param {number} n
 * @param {string} one
 * @param {string} many
 */
function count(n, one, many) {
  return `${n} ${n === 1 ? one : many}`
}

/**
 * What signing out costs, for `name`, given the ways back in known here: `passkeys` and `codes`
 * (counts, or null where this page doesn't know them).
 * @param {string} name
 * @param {Ways} [ways]
 */
export function signOutWords(name, { passkeys = null, codes = null } = {}) {
  const cost = `Signing out ends ${name}’s sign-in on this device, on the server too: its sign-in link stops working, here and wherever it was opened. Only a passkey or a recovery code brings ${name} back. Without one, the streak, rating and results are lost to you for good; the name stays on the boards.`
  const have = []
  if (passkeys) have.push(count(passkeys, 'passkey', 'passkeys'))
  if (codes) have.push(count(codes, 'recovery code', 'recovery codes'))
  if (have.length) {
    const one = have.length === 1 && (passkeys === 1 || codes === 1)
    return `${cost} You have ${have.join(' and ')}: keep ${one ? 'it' : 'them'} safe.`
  }
  if (passkeys !== null && codes !== null) return `${cost} You have no passkey and no recovery codes.`
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
    question.textContent = `Sign out of ${player.name} on this device?`
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
        error.textContent = `Still signed in. ${reason(answer, 'This device’s sign-in couldn’t be ended just now. Try again in a moment.')}`
        return
      }
    } finally {
      leave.disabled = false
    }
    close(false)
    clearPlayer()
    document.dispatchEvent(new CustomEvent('player:change'))
    toast('Signed out: this device’s sign-in has ended. Your passkeys and recovery codes still sign you in.')
    onSignedOut()
  })
  return { refresh: say, close }
}
