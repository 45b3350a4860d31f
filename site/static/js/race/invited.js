/**
 * The signed-in player's invites to a race, where they look (the home page, /race/): "Ada invited you
 * to a race." with Join (the race's link) and Dismiss (DELETE /api/me/invites/<race>), from GET
 * /api/me/invites (their own key: only races that still take them). Loaded only for a player, after
 * the page is ready (chess/app.js, race/app.js); names as textContent. docs/live.md, "Sending a race to
 * the people you follow".
 *
 *   showInvites(host)            fill `host` (an empty, hidden element) with the invites; hidden when none
 *   showInvites(host, invites)   the same with the invites as the home page's one request answered them
 */
import { call, reason } from '../lib/api.js'
import { announce, el } from '../lib/dom.js'
import { href, t } from '../lib/i18n.js'

/** @import { InviteList, InviteOut } from '../api_types.js' */

/**
 * @param {HTMLElement} host
 * @param {InviteOut[]} [given] the invites already read (GET /api/me/home/<date>); else asked for
 * @returns {Promise<void>}
 */
export async function showInvites(host, given) {
  const invites = given ?? (await asked())
  host.hidden = !invites.length
  if (!invites.length) return
  const title = el('h2', { class: 'card-title', id: 'invites-title', tabindex: '-1', text: t('Invites to race') })
  const list = el('ul', { class: 'invite-list' })
  list.append(...invites.map((invite) => item(invite, host)))
  host.setAttribute('aria-labelledby', 'invites-title')
  host.replaceChildren(title, list)
}

/** @returns {Promise<InviteOut[]>} GET /api/me/invites's, or none when it isn't answered */
async function asked() {
  const got = await call('/me/invites')
  const answer = got.status === 200 ? /** @type {InviteList | null} */ (got.data) : null
  return answer && Array.isArray(answer.invites) ? answer.invites : []
}

/**
 * One invite: who sent it, Join, Dismiss.
 * @param {InviteOut} invite
 * @param {HTMLElement} host
 */
function item(invite, host) {
  const words = el('span', { class: 'invite-words', id: `invite-${invite.race}`, text: t('{name} invited you to a race.', { name: invite.name }) })
  const join = el('a', { class: 'button button-primary', href: href(invite.link), text: t('Join'), 'aria-describedby': words.id })
  const dismiss = el('button', { class: 'button button-quiet', type: 'button', text: t('Dismiss'), 'aria-describedby': words.id })
  const li = el('li', { class: 'invite-item', dataset: { race: invite.race } }, words, join, dismiss)
  dismiss.addEventListener('click', async () => {
    dismiss.setAttribute('disabled', '')
    const gone = await call(`/me/invites/${encodeURIComponent(invite.race)}`, { method: 'DELETE' })
    if (gone.status !== 200 && gone.status !== 404) {
      dismiss.removeAttribute('disabled')
      announce(reason(gone))
      return
    }
    const next = /** @type {HTMLElement | null} */ ((li.nextElementSibling || li.previousElementSibling)?.querySelector('a') ?? null)
    li.remove()
    announce(t('Invite dismissed.'))
    if (next) next.focus()
    else {
      // None left: the notice goes, and focus to the page's title rather than nowhere.
      host.hidden = true
      const heading = document.querySelector('h1')
      if (heading instanceof HTMLElement) {
        if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1')
        heading.focus()
      }
    }
  })
  return li
}
