/**
 * The account page (/account/): for a player, /api/me's account lines
 * ("12 puzzles solved, 9 cleanly · 3-day daily streak"), the rating with its
 * ± (the rating deviation), the best streaks, and the ways back in: the
 * sign-in link, passkeys (listed, added, removed: a removed one's sign-ins end
 * with it) and recovery codes (made, shown once, counted; new ones offer to
 * sign out everywhere else). A player with results and no passkey and no codes,
 * who hasn't copied their link here, is asked to save one of the three.
 * Their follow link and code (docs/friends.md), kept here for the result sheets' share too, and their
 * language, kept for them on every device (language.js).
 * For everyone else, making a player or signing in. docs/accounts.md.
 */
import { call, getPlayer, clearPlayer, signInLink, reason } from '../lib/api.js'
import { announce, toast } from '../lib/announce.js'
import { wirePlayerForm, wireCopyLink } from '../lib/player_form.js'
import { addPasskey, passkeysSupported } from '../lib/passkeys.js'
import { ratingText } from '../boards/model.js'
import { linkCopiedHere, noteLinkCopied, wireSignOut } from '../lib/sign_out.js'
import { $ } from '../lib/dom.js'
import { friendsStore, keepFollow } from '../friends/kept.js'
import { copyText } from '../friends/copy.js'
import { href, number, t, timeWords, tn } from '../lib/i18n.js'
import { showLanguage } from './language.js'
/** @import { Answer } from '../answer_types.js' */
/** @import { CodesMade, CodesState, FollowState, Me, PasskeyInfo, PasskeyList, PasskeyRemoved, TokensEnded } from '../api_types.js' */

/**
 * Ways back in, counted once read (null until then: the sign-out question doesn't guess).
 * @type {{ results: number, passkeys: number | null, codesLeft: number | null }}
 */
const state = { results: 0, passkeys: null, codesLeft: null }

/** @param {string} id */
const field = (id) => /** @type {HTMLInputElement} */ ($(id))
/** @param {string} id */
const button = (id) => /** @type {HTMLButtonElement} */ ($(id))

/** "6 December 2026": an instant's day in the player's zone, in the page's language. @param {string} stamp */
function longDate(stamp) {
  /** @type {Intl.DateTimeFormatOptions} */
  const form = { day: 'numeric', month: 'long', year: 'numeric' }
  if (typeof PAGE_LANG === 'string' && PAGE_LANG !== 'en') return timeWords(new Date(stamp), form)
  return new Date(stamp).toLocaleDateString('en-GB', form)
}

/** @param {number} n */
function days(n) {
  return tn('{n} day', '{n} days', n)
}

/** @param {string} lede */
function showAnonymous(lede) {
  $('account-player').hidden = true
  $('account-save').hidden = true
  $('account-anonymous').hidden = false
  $('account-title').textContent = t('You')
  $('account-lede').textContent = lede
}

async function render() {
  const player = getPlayer()
  if (!player) return showAnonymous(t('You are playing without a player: your results stay in this browser.'))
  $('account-title').textContent = player.name
  field('account-signin-link').value = signInLink(player.token)
  const answer = /** @type {Answer<Me>} */ (await call('/me'))
  if (answer.status === 401) {
    clearPlayer()
    document.dispatchEvent(new CustomEvent('player:change'))
    return showAnonymous(t('This device’s sign-in no longer works (the player may have been deleted). Make a player, or open a sign-in link.'))
  }
  $('account-anonymous').hidden = true
  $('account-player').hidden = false
  if (answer.status !== 200 || !answer.data) {
    $('account-lede').textContent = reason(answer, t('Your results couldn’t be loaded just now. Try again in a moment.'))
    return
  }
  const me = /** @type {Me} */ (answer.data)
  $('account-title').textContent = me.name
  $('account-lede').textContent = me.created ? t('Playing since {date}.', { date: longDate(me.created) }) : ''
  $('account-line').textContent = me.line
  showLanguage(me.language)
  $('account-chain-line').textContent = me.chain_line
  const rating = me.ratings && me.ratings.chess
  $('account-rating').textContent = rating ? tn('{rating} · {n} rated', '{rating} · {n} rated', rating.games, { rating: ratingText(rating) }) : t('Not rated yet: solve a puzzle as a player')
  $('account-chess-best').textContent = days(me.streaks?.chess?.best || 0)
  // The first results by their one names (puzzlebook/chess/result_names.py: the labels are the template's).
  $('account-chess-mistake').textContent = String(me.chess?.after_mistake || 0)
  $('account-chess-missed').textContent = String(me.chess?.missed || 0)
  $('account-chess-shown').textContent = String(me.chess?.shown || 0)
  $('account-chain-best').textContent = days(me.streaks?.chain?.best || 0)
  $('account-chain-gaveup').textContent = String(me.chain?.gave_up || 0)
  state.results = (me.chess?.solved || 0) + (me.chess?.missed || 0) + (me.chess?.shown || 0) + (me.chain?.solved || 0) + (me.chain?.gave_up || 0)
  await Promise.all([renderPasskeys(), renderCodes(), renderFollow()])
}

/** The follow link and code (drawn the first time they are asked for), or why they aren't shown. */
async function renderFollow() {
  const answer = /** @type {Answer<FollowState>} */ (await call('/me/follow'))
  const follow = answer.status === 200 ? answer.data : null
  const player = getPlayer()
  if (follow && player) keepFollow(friendsStore(), player.id, follow.allowed ? follow : null)
  field('account-follow-link').value = follow ? new URL(href(follow.link), location.origin).href : ''
  $('account-follow-code').textContent = follow ? follow.code : ''
  $('account-follow-code-line').hidden = !follow
  if (!follow) $('account-follow-words').textContent = reason(answer, t('Your follow link couldn’t be loaded just now.'))
  else if (!follow.allowed) $('account-follow-words').textContent = t('Following is off: your link and code find no one until you turn it on, on your friends page.')
}

/** Ask to save a way back in: a player with results, no passkey, no codes left, no link copied here. */
function renderPrompt() {
  const player = getPlayer()
  const linkSaved = linkCopiedHere(player)
  $('account-save').hidden = !(player && state.results > 0 && !state.passkeys && !state.codesLeft && !linkSaved)
}

function linkCopied() {
  noteLinkCopied()
  renderPrompt()
}

// ---- passkeys ------------------------------------------------------------------------------

async function renderPasskeys() {
  const answer = /** @type {Answer<PasskeyList>} */ (await call('/me/passkeys'))
  const list = $('passkey-list')
  if (answer.status !== 200 || !answer.data) {
    $('passkey-error').textContent = reason(answer, t('Your passkeys couldn’t be loaded just now.'))
    return
  }
  const keys = /** @type {PasskeyList} */ (answer.data).passkeys
  state.passkeys = keys.length
  list.replaceChildren(...keys.map(passkeyItem))
  $('passkey-empty').hidden = keys.length > 0
  if (!passkeysSupported()) {
    $('passkey-form').hidden = true
    $('passkey-empty').textContent = keys.length ? '' : t('This browser can’t make passkeys.')
  }
  renderPrompt()
}

/** @param {PasskeyInfo} key */
function passkeyItem(key) {
  const item = document.createElement('li')
  const words = document.createElement('span')
  const name = document.createElement('span')
  name.className = 'passkey-name'
  name.textContent = key.name // a name is text, never markup
  const when = document.createElement('span')
  when.className = 'passkey-when'
  when.textContent = key.last_used
    ? t('Added {added} · last used {used}', { added: longDate(key.added), used: longDate(key.last_used) })
    : t('Added {added} · not used yet', { added: longDate(key.added) })
  words.append(name, when)
  const remove = document.createElement('button')
  remove.type = 'button'
  remove.className = 'button button-quiet'
  remove.textContent = t('Remove')
  remove.setAttribute('aria-label', t('Remove the passkey {name}', { name: key.name }))
  remove.addEventListener('click', () => removePasskey(key, remove))
  item.append(words, remove)
  return item
}


/**
 * @param {PasskeyInfo} key
 * @param {HTMLButtonElement} remove
 */
async function removePasskey(key, remove) {
  if (remove.dataset.sure !== 'yes') {
    // A second press removes it: a passkey taken off by a slip would be a surprise later.
    remove.dataset.sure = 'yes'
    remove.textContent = t('Remove for good?')
    remove.setAttribute('aria-label', t('Remove the passkey {name} for good? It will sign in no more, and every device it signed in is signed out.', { name: key.name }))
    remove.classList.replace('button-quiet', 'button-danger')
    announce(t('Press again to remove {name} for good: every device it signed in is signed out.', { name: key.name }))
    return
  }
  remove.disabled = true
  const answer = /** @type {Answer<PasskeyRemoved>} */ (await call(`/me/passkeys/${encodeURIComponent(key.id)}`, { method: 'DELETE' }))
  if (answer.status !== 200 || !answer.data) {
    $('passkey-error').textContent = reason(answer, t('That passkey couldn’t be removed just now.'))
    await renderPasskeys()
    return
  }
  const removed = /** @type {PasskeyRemoved} */ (answer.data)
  if (removed.here) {
    // This device signed in with it: its sign-in ended with the passkey.
    clearPlayer()
    document.dispatchEvent(new CustomEvent('player:change'))
    showAnonymous(t('You removed {name}, the passkey this device signed in with, so this device is signed out too. Sign in with another passkey or a recovery code.', { name: key.name }))
    $('main').focus()
    return
  }
  toast(removed.ended
    ? tn('Removed {name}: it signs in no more, and {n} device’s sign-in ended with it.', 'Removed {name}: it signs in no more, and {n} devices’ sign-ins ended with it.', removed.ended, { name: key.name })
    : t('Removed {name}: it signs in no more.', { name: key.name }))
  await renderPasskeys()
}

$('passkey-form').addEventListener('submit', async (event) => {
  event.preventDefault()
  const submit = /** @type {HTMLButtonElement} */ (/** @type {SubmitEvent} */ (event).submitter || $('passkey-form').querySelector('button'))
  $('passkey-error').textContent = ''
  submit.disabled = true
  try {
    const added = await addPasskey(field('passkey-name').value.trim())
    if (added.ok) {
      field('passkey-name').value = ''
      toast(t('Added {name}. It signs you in on any device that holds it.', { name: added.data.name }))
      await renderPasskeys()
    } else {
      $('passkey-error').textContent = added.error
    }
  } finally {
    submit.disabled = false
  }
})

// ---- recovery codes ------------------------------------------------------------------------

async function renderCodes() {
  const answer = /** @type {Answer<CodesState>} */ (await call('/me/recovery-codes'))
  if (answer.status !== 200 || !answer.data) {
    $('codes-error').textContent = reason(answer, t('Your recovery codes couldn’t be counted just now.'))
    return
  }
  const { left, count, made } = /** @type {CodesState} */ (answer.data)
  state.codesLeft = left
  $('codes-state').textContent = made
    ? (left
      ? tn('{left} of {n} recovery code left, made {date}.', '{left} of {n} recovery codes left, made {date}.', count, { left: number(left), date: longDate(made) })
      : tn('{left} of {n} recovery code left, made {date}. Make new ones to have some again.', '{left} of {n} recovery codes left, made {date}. Make new ones to have some again.', count, { left: number(left), date: longDate(made) }))
    : t('You have no recovery codes yet.')
  $('codes-make').textContent = made ? t('Make new codes') : t('Make recovery codes')
  renderPrompt()
}

async function makeCodes() {
  $('codes-confirm').hidden = true
  $('codes-error').textContent = ''
  button('codes-make').disabled = true
  try {
    const answer = /** @type {Answer<CodesMade>} */ (await call('/me/recovery-codes', { method: 'POST' }))
    if (answer.status !== 201 || !answer.data) {
      $('codes-error').textContent = reason(answer, t('No codes were made just now. Try again in a moment.'))
      return
    }
    $('codes-list').replaceChildren(...(/** @type {CodesMade} */ (answer.data)).codes.map((code) => {
      const item = document.createElement('li')
      item.textContent = code
      return item
    }))
    $('codes-shown').hidden = false
    $('elsewhere-confirm').hidden = true
    $('elsewhere-done').textContent = ''
    $('codes-list').scrollIntoView({ block: 'nearest' })
    announce(t('Ten recovery codes made. Save them now: they are shown this once.'))
    await renderCodes()
  } finally {
    button('codes-make').disabled = false
  }
}

$('codes-make').addEventListener('click', () => {
  if (!state.codesLeft) return makeCodes()
  const n = state.codesLeft
  $('codes-question').textContent = tn('Your {n} unused code will stop working. Make new ones?', 'Your {n} unused codes will stop working. Make new ones?', n)
  $('codes-confirm').hidden = false
  $('codes-no').focus()
})
$('codes-yes').addEventListener('click', makeCodes)
$('codes-no').addEventListener('click', () => {
  $('codes-confirm').hidden = true
  $('codes-make').focus()
})
$('codes-copy').addEventListener('click', async () => {
  const codes = [...$('codes-list').children].map((item) => item.textContent).join('\n')
  try {
    await navigator.clipboard.writeText(codes)
    toast(t('Recovery codes copied.'))
  } catch {
    getSelection()?.selectAllChildren($('codes-list'))
    toast(t('Copy the selected codes.'))
  }
})
$('codes-done').addEventListener('click', () => {
  $('codes-shown').hidden = true
  $('codes-list').replaceChildren()
  $('codes-make').focus()
})

// New codes after a code was seen or a device lost: every other sign-in can end with the old codes.
$('elsewhere').addEventListener('click', () => {
  $('elsewhere-confirm').hidden = false
  $('elsewhere-no').focus()
})
$('elsewhere-no').addEventListener('click', () => {
  $('elsewhere-confirm').hidden = true
  $('elsewhere').focus()
})
$('elsewhere-yes').addEventListener('click', async () => {
  button('elsewhere-yes').disabled = true
  try {
    const answer = /** @type {Answer<TokensEnded>} */ (await call('/me/other-tokens', { method: 'DELETE' }))
    if (answer.status !== 200 || !answer.data) {
      $('elsewhere-done').textContent = reason(answer, t('The other devices couldn’t be signed out just now. Try again in a moment.'))
      return
    }
    const { ended } = /** @type {TokensEnded} */ (answer.data)
    $('elsewhere-confirm').hidden = true
    $('elsewhere-done').textContent = ended
      ? tn('Signed out everywhere else: {n} device’s sign-in ended. This device stays signed in.', 'Signed out everywhere else: {n} devices’ sign-ins ended. This device stays signed in.', ended)
      : t('No other device was signed in. This device stays signed in.')
    $('elsewhere').focus()
  } finally {
    button('elsewhere-yes').disabled = false
  }
})

// ---- the prompt's buttons ------------------------------------------------------------------

function toPasskeys() {
  $('passkey-name').scrollIntoView({ block: 'center' })
  $('passkey-name').focus()
}

function toCodes() {
  $('codes-make').scrollIntoView({ block: 'center' })
  $('codes-make').click() // asks first when unused codes would stop working
}

$('account-save-link').addEventListener('click', () => $('account-copy').click())
$('account-save-passkey').addEventListener('click', toPasskeys)
$('account-save-codes').addEventListener('click', toCodes)

wirePlayerForm(/** @type {HTMLFormElement} */ ($('account-form')), async (/** @type {{ name: string }} */ player) => {
  toast(t('Welcome, {name}. Your results will be kept.', { name: player.name }))
  await render()
})

wireCopyLink($('account-copy'), field('account-signin-link'))
$('account-follow-copy').addEventListener('click', () => copyText(field('account-follow-link'), t('Follow link copied.')))
$('account-copy').addEventListener('click', linkCopied)

// Sign out asks first, with what it costs and the ways back in right there (lib/sign_out.js).
const signOut = wireSignOut(/** @type {ParentNode} */ ($('account-sign-out').closest('[data-sign-out-root]')), {
  onSignedOut: async () => {
    await render()
    $('main').focus() // the button is gone with the player
  },
  ways: () => ({ passkeys: state.passkeys, codes: state.codesLeft }),
})
$('account-sign-out-passkey').addEventListener('click', () => {
  signOut.close(false)
  toPasskeys()
})
$('account-sign-out-codes').addEventListener('click', () => {
  signOut.close(false)
  toCodes()
})

render().catch(console.error)
