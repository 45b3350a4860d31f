/**
 * "Sign out on this device", asked first (the `sign_out` macro in templates/_macros.html), the same
 * on the home page's player card and the account page. Signing out forgets the player in this
 * browser; only the sign-in link, a passkey or a recovery code brings them back, so the question
 * says so in plain words, says what this browser knows of the ways back in the player kept, and
 * offers them right there: Copy my sign-in link, and the page's own (passkeys, codes).
 */
import { getPlayer, clearPlayer, signInLink } from './api.js'
import { toast } from './announce.js'
import { namespace } from './storage.js'
/** @import { KeptPlayer } from '../answer_types.js' */

// Whose sign-in link was copied in this browser (pb:account:link-copied): the account page stops
// asking to save a way back in, and the sign-out question knows one was kept.
const kept = namespace('pb:account:')

/** @typedef {{ passkeys?: number | null, codes?: number | null, linkCopied?: boolean }} WaysBack the ways back in a page knows */

/** @param {KeptPlayer | null} [player] */
export function linkCopiedHere(player = getPlayer()) {
  return !!player && kept.get('link-copied', null) === player.id
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
 * (counts, or null where this page doesn't know them) and whether the link was copied here.
 * @param {string} name
 * @param {WaysBack} [ways]
 */
export function signOutWords(name, { passkeys = null, codes = null, linkCopied = false } = {}) {
  const cost = `Signing out makes this device forget ${name}. Only your sign-in link, a passkey or a recovery code brings ${name} back, here or anywhere. Without one, the streak, rating and results are lost to you for good; the name stays on the boards.`
  const have = []
  if (passkeys) have.push(count(passkeys, 'passkey', 'passkeys'))
  if (codes) have.push(count(codes, 'recovery code', 'recovery codes'))
  if (linkCopied) have.push('the sign-in link you copied on this device')
  if (have.length) {
    const one = have.length === 1 && (passkeys === 1 || codes === 1 || linkCopied)
    const list = have.length > 1 ? `${have.slice(0, -1).join(', ')} and ${have.at(-1)}` : have[0]
    return `${cost} You have ${list}: keep ${one ? 'it' : 'them'} safe.`
  }
  if (passkeys !== null && codes !== null) {
    return `${cost} You have no passkey and no recovery codes, and haven’t copied your sign-in link here.`
  }
  return cost
}

/**
 * Wire the sign-out question inside `root` (the macro's markup). `ways()`: the ways back in this
 * page knows ({passkeys, codes}); `onSignedOut()`: the page's own redraw once signed out;
 * `linkInput`: the page's read-only sign-in link, selected to copy by hand when the clipboard is shut.
 * @param {ParentNode} root
 * @param {{ onSignedOut: () => void, ways?: () => WaysBack, linkInput?: HTMLInputElement | null }} options
 */
export function wireSignOut(root, { onSignedOut, ways = () => ({}), linkInput = null }) {
  /** @param {string} selector */
  const part = (selector) => /** @type {HTMLElement} */ (root.querySelector(selector))
  const open = part('[data-sign-out]')
  const box = part('[data-sign-out-confirm]')
  const question = part('[data-sign-out-question]')
  const words = part('[data-sign-out-words]')
  const stay = part('[data-sign-out-no]')
  const say = () => {
    const player = getPlayer()
    if (!player) return
    question.textContent = `Sign out of ${player.name} on this device?`
    words.textContent = signOutWords(player.name, { ...ways(), linkCopied: linkCopiedHere(player) })
  }
  const close = (focus = true) => {
    box.hidden = true
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
    if (event.key === 'Escape') close()
  })
  part('[data-sign-out-copy]').addEventListener('click', async () => {
    const player = getPlayer()
    if (!player) return
    try {
      await navigator.clipboard.writeText(signInLink(player.token))
      noteLinkCopied(player)
      toast('Sign-in link copied. Keep it somewhere safe: it signs in as you.')
    } catch {
      if (linkInput) linkInput.select()
      toast('Copy the selected link.')
    }
    say()
  })
  part('[data-sign-out-yes]').addEventListener('click', () => {
    close(false)
    clearPlayer()
    document.dispatchEvent(new CustomEvent('player:change'))
    toast('Signed out on this device. Your sign-in link, passkeys and codes still sign you in.')
    onSignedOut()
  })
  return { refresh: say, close }
}
