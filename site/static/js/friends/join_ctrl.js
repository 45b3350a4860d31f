/**
 * A club's join link's page as state, with no DOM (JoinCtrl): /friends/clubs/join/?id=<club>&code=<code>.
 * A player is offered to join (POST /api/clubs/<id>/join), then taken to the club's page; a guest is
 * invited to make a player first. A refusal is the API's words (a wrong or replaced link, a full club,
 * two clubs already, a removed member: docs/api.md).
 */
import { reason } from '../lib/api.js'
import { CLUB_ID } from './club_ctrl.js'
import { keepClubs, keptClubs } from './kept.js'
import { t } from '../lib/i18n.js'

/** @import { JoinPage, SocialCall, SocialUi } from '../friends_types.js' */
/** @import { SocialJoined } from '../api_types.js' */
/** @import { KeptPlayer } from '../answer_types.js' */
/** @import { Namespace } from '../storage_types.js' */

export class JoinCtrl {
  /**
   * @param {{ call: SocialCall, player: () => KeptPlayer | null, keep: Namespace, ui: SocialUi, id: string, code: string }} deps
   */
  constructor({ call, player, keep, ui, id, code }) {
    this.call = call
    this.player = player
    this.keep = keep
    this.ui = ui
    this.id = id
    this.code = code
    /** @type {JoinPage} */
    this.page = this.start()
    this.busy = false
  }

  /** @returns {JoinPage} */
  start() {
    if (!CLUB_ID.test(this.id) || !this.code) return { kind: 'broken', words: t('This join link is missing a part: ask a member for the club’s link again.') }
    return this.player() ? { kind: 'offer' } : { kind: 'guest' }
  }

  /** The page again (a player made here). */
  again() {
    this.page = this.start()
    this.ui.redraw()
  }

  /** Join the club. */
  async join() {
    if (this.busy || this.page.kind !== 'offer') return
    this.busy = true
    try {
      const answer = await this.call(`/clubs/${this.id}/join`, { method: 'POST', body: { code: this.code } })
      if (answer.status === 200 && answer.data) {
        const done = /** @type {SocialJoined} */ (answer.data)
        const player = this.player()
        if (player) {
          const clubs = keptClubs(this.keep, player.id).filter((c) => c.id !== done.club.id)
          keepClubs(this.keep, player.id, [...clubs, done.club])
        }
        this.page = { kind: 'joined', club: done.club, already: done.already }
        this.ui.redraw()
        this.ui.announce(done.already ? t('You were in {name} already.', { name: done.club.name }) : t('You joined {name}.', { name: done.club.name }))
        return
      }
      this.page = { kind: 'refused', words: reason(answer) }
      this.ui.redraw()
      this.ui.announce(this.page.words)
    } finally {
      this.busy = false
    }
  }
}
