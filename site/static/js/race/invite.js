/**
 * The race lobby's "Invite the people you follow": the players the racer follows who follow them back
 * (GET /api/follows, `follows_you`: no one is sent an invite by a stranger), each with Send invite
 * (POST /api/races/<id>/invites); a sent one says "Invited", after a reload of the lobby too (this
 * tab keeps whom it invited to which race, in sessionStorage). The result is said in the page's live
 * region. Loaded by view.js when a race by link's lobby first shows; docs/live.md, "Sending a race to
 * the people you follow".
 *
 *   const invites = new RaceInvites(box, say)   box: #race-invite (empty, hidden); say: the live region
 *   invites.show(raceId)                        list the mutual follows for this race (once a race)
 */
import { call, reason } from '../lib/api.js'
import { el } from '../lib/dom.js'
import { t } from '../lib/i18n.js'
import { namespace, tabBackend } from '../lib/storage.js'

/** @import { FollowList, PlayerOut } from '../api_types.js' */

/** The players this tab has invited, by race: gone with the tab, as the lobby is. */
const sent = namespace('pb:race-invited:', tabBackend())

/** @param {string} race @returns {string[]} */
const invitedTo = (race) => {
  const ids = sent.get(race, [])
  return Array.isArray(ids) ? ids : []
}

export class RaceInvites {
  /**
   * @param {HTMLElement} box
   * @param {(text: string) => void} say
   */
  constructor(box, say) {
    this.box = box
    this.say = say
    this.race = ''
  }

  /**
   * List the racer's mutual follows with Send invite, for race `race` (asked once a race).
   * @param {string} race
   */
  async show(race) {
    if (race === this.race) return
    this.race = race
    const got = await call('/follows')
    if (this.race !== race) return
    const list = got.status === 200 ? /** @type {FollowList | null} */ (got.data) : null
    const mutual = (list && Array.isArray(list.follows) ? list.follows : []).filter((p) => p.follows_you)
    this.box.hidden = !mutual.length
    if (!mutual.length) return
    const note = el('p', { class: 'race-invite-note muted' })
    const rows = mutual.map((player) => this.row(player, note))
    this.box.replaceChildren(
      el('p', { class: 'race-invite-title', id: 'race-invite-title', text: t('Or send it to the people you follow:') }),
      el('ul', { class: 'invite-list', 'aria-labelledby': 'race-invite-title' }, ...rows),
      note,
    )
  }

  /**
   * @param {PlayerOut} player
   * @param {HTMLElement} note where a refusal is written
   */
  row(player, note) {
    const name = el('span', { class: 'invite-words', id: `invite-to-${player.id}`, translate: 'no', text: player.name })
    const button = el('button', { class: 'button', type: 'button', text: t('Send invite'), 'aria-describedby': name.id })
    if (invitedTo(this.race).includes(player.id)) {
      button.textContent = t('Invited')
      button.setAttribute('aria-disabled', 'true')
    }
    button.addEventListener('click', async () => {
      if (button.getAttribute('aria-disabled') === 'true') return
      button.setAttribute('aria-disabled', 'true')
      const race = this.race
      const got = await call(`/races/${encodeURIComponent(race)}/invites`, { method: 'POST', body: { to: player.id } })
      if (race !== this.race) return
      if (got.status === 200) {
        sent.set(race, [...new Set([...invitedTo(race), player.id])])
        button.textContent = t('Invited')
        note.textContent = ''
        this.say(t('{name} is invited.', { name: player.name }))
        return
      }
      button.removeAttribute('aria-disabled')
      const words = reason(got)
      note.textContent = words
      this.say(words)
    })
    return el('li', { class: 'invite-item', dataset: { player: player.id } }, name, button)
  }
}
