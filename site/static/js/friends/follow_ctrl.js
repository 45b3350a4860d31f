/**
 * The follow link's page as state, with no DOM (FollowCtrl): /friends/follow/?code=7KQ2M-9XD4T, or a
 * code typed as it was read aloud. Signed in, it asks whom the code finds (GET /api/follow-codes/<code>)
 * and offers to follow them; following (POST /api/follows) asks nothing of them. A guest is invited
 * to make a player first, then offered. Every refusal is the API's own words (a wrong or replaced
 * code, following turned off, a block, the class rule: all alike, docs/friends.md). Once following,
 * the page offers the player's own link, so the one they follow can follow them back.
 */
import { reason } from '../lib/api.js'
import { keepAlone, keepFollow } from './kept.js'
import { t } from '../lib/i18n.js'

/** @import { FollowPage, SocialCall, SocialUi } from '../friends_types.js' */
/** @import { Followed, FollowState } from '../api_types.js' */
/** @import { KeptPlayer } from '../answer_types.js' */
/** @import { Namespace } from '../storage_types.js' */

/**
 * A code as typed or in a link, its case, spaces and hyphens aside: ten letters and digits, else null.
 * (The server forgives O for 0 and I, L for 1 too: it is the judge.)
 * @param {string | null | undefined} text
 */
export function codeOf(text) {
  const bare = (text || '').replace(/[\s-]+/g, '').toUpperCase()
  return /^[0-9A-Z]{10}$/.test(bare) ? `${bare.slice(0, 5)}-${bare.slice(5)}` : null
}

export class FollowCtrl {
  /**
   * @param {{ call: SocialCall, player: () => KeptPlayer | null, keep: Namespace, ui: SocialUi, code: string | null }} deps
   */
  constructor({ call, player, keep, ui, code }) {
    this.call = call
    this.player = player
    this.keep = keep
    this.ui = ui
    this.code = codeOf(code)
    this.typed = code || ''
    /** @type {FollowPage} */
    this.page = { kind: 'loading' }
    /** @type {FollowState | null} your own link, offered once you follow */
    this.mine = null
    this.busy = false
  }

  /** @param {FollowPage} page */
  set(page) {
    this.page = page
    this.ui.redraw()
  }

  /** Whom the code finds, for a player; the invitation, for a guest. */
  async load() {
    if (!this.code) {
      return this.set({
        kind: 'broken',
        words: this.typed
          ? t('A follow code has 10 letters and digits, like 7KQ2M-9XD4T: “{typed}” isn’t one. Ask for it again.', { typed: this.typed })
          : t('This follow link has no code in it: ask for the link again.'),
      })
    }
    if (!this.player()) return this.set({ kind: 'guest' })
    this.set({ kind: 'loading' })
    const answer = await this.call(`/follow-codes/${encodeURIComponent(this.code)}`)
    if (answer.status === 200 && answer.data) {
      const found = /** @type {Followed} */ (answer.data)
      if (found.already) {
        await this.readMine()
        return this.set({ kind: 'followed', player: found.player, already: true })
      }
      return this.set({ kind: 'offer', player: found.player })
    }
    this.set({ kind: 'refused', words: reason(answer, t('That follow code couldn’t be looked up just now. Try again in a moment.')) })
    this.ui.announce(/** @type {{ words: string }} */ (this.page).words)
  }

  /** Follow whom the code found. */
  async follow() {
    if (this.busy || !this.code) return
    this.busy = true
    try {
      const answer = await this.call('/follows', { method: 'POST', body: { code: this.code } })
      if (answer.status === 200 && answer.data) {
        const done = /** @type {Followed} */ (answer.data)
        const player = this.player()
        if (player) keepAlone(this.keep, player.id, null)
        await this.readMine()
        this.set({ kind: 'followed', player: done.player, already: done.already })
        this.ui.announce(t('You follow {name}. They are on your friends’ boards from now on.', { name: done.player.name }))
        return
      }
      this.set({ kind: 'refused', words: reason(answer) })
      this.ui.announce(/** @type {{ words: string }} */ (this.page).words)
    } finally {
      this.busy = false
    }
  }

  /** Your own link, to send back (kept here for the result sheets' share). */
  async readMine() {
    const answer = await this.call('/me/follow')
    const player = this.player()
    if (answer.status !== 200 || !answer.data || !player) return
    this.mine = /** @type {FollowState} */ (answer.data)
    keepFollow(this.keep, player.id, this.mine.allowed ? this.mine : null)
  }
}
