/**
 * A club's page as state and rules, with no DOM (ClubCtrl): the club as its members see it (its name,
 * members, join link), its board of each daily game by day and week (a BoardCtrl of the club's), and
 * every intent: for its owner renaming it, a new join link, removing a member (they drop off its
 * boards at once and can't join again) and closing it; for a member leaving. What can't be undone is
 * asked first (`asking`). Anyone not a member is told there is no such club, as the API tells them.
 * Node drives it with a stand-in view and API (tests/js/friends_club.test.mjs).
 */
import { reason } from '../lib/api.js'
import { BoardCtrl } from './board_ctrl.js'
import { number, t, tn } from '../lib/i18n.js'

/**
 * @import { Asking, BoardAt, BoardDeps, ClubPage, Done, SocialUi } from '../friends_types.js'
 * @import { ClubOut } from '../api_types.js'
 * @import { Answer } from '../answer_types.js'
 */

export const CLUB_ID = /^[A-Za-z0-9_-]{16}$/

/** @type {Done} */
const OK = { ok: true }

/** @param {Answer} answer */
const answered = (answer) => answer.status === 200 && Boolean(answer.data)

export class ClubCtrl {
  /**
   * @param {BoardDeps & { id: string, ui: SocialUi & { redrawBoard(): void } }} deps
   */
  constructor(deps) {
    this.deps = deps
    this.id = deps.id
    this.ui = deps.ui
    /** @type {ClubPage} */
    this.page = { kind: 'loading' }
    /** @type {Asking | null} */
    this.asking = null
    this.board = new BoardCtrl(deps, { redraw: () => deps.ui.redrawBoard(), announce: (t) => deps.ui.announce(t) },
      { kind: 'club', id: this.id })
  }

  /** @returns {ClubOut} the club (the views draw it only once it is read) */
  get club() {
    if (this.page.kind !== 'club') throw new Error('the club is not read yet')
    return this.page.club
  }

  get owner() {
    return this.page.kind === 'club' && this.page.club.owner
  }

  /** @param {string} title @param {string} words */
  notice(title, words) {
    this.page = { kind: 'notice', title, words }
    this.ui.redraw()
  }

  /**
   * Read the club, then show its board `at`.
   * @param {BoardAt} at
   */
  async load(at) {
    if (!CLUB_ID.test(this.id)) return this.notice(t('No club here'), t('This address has no club in it. Your clubs are on your friends page.'))
    if (!this.deps.player()) {
      return this.notice(t('A club for its members'), t('A club’s board is seen by its members only: make a player, then open the club’s join link.'))
    }
    const answer = await this.deps.call(`/clubs/${this.id}`)
    if (!answered(answer)) return this.notice(t('This club won’t open'), reason(answer, t('The club couldn’t be loaded. Try again in a moment.')))
    this.took(answer)
    await this.board.show(at)
  }

  /** @param {Answer} answer */
  took(answer) {
    const club = /** @type {ClubOut} */ (answer.data)
    this.page = { kind: 'club', club }
    this.board.named({ kind: 'club', id: this.id, name: club.name })
    this.ui.redraw()
  }

  /** The lede: whose club, and how full. */
  lede() {
    const club = this.club
    const n = club.members.length
    const values = { members: number(n) }
    return club.owner
      ? tn('You own this club: {members} of the {n} member there is room for. Only its members see its board.',
        'You own this club: {members} of the {n} members there is room for. Only its members see its board.', club.most, values)
      : tn('You are a member: {members} of the {n} member there is room for. Only its members see its board.',
        'You are a member: {members} of the {n} members there is room for. Only its members see its board.', club.most, values)
  }

  // ---- the questions asked first ----------------------------------------------------------

  /** @param {Asking['kind']} kind @param {string} [id] @param {string} [name] */
  ask(kind, id = '', name = '') {
    this.asking = { kind, id, name }
    this.ui.redraw()
  }

  cancel() {
    this.asking = null
    this.ui.redraw()
  }

  question() {
    const a = this.asking
    if (!a || this.page.kind !== 'club') return ''
    const name = this.page.club.name
    switch (a.kind) {
      case 'remove-member': return t('Remove {name} from {club}? They drop off its boards at once and can’t join again, with any link.', { name: a.name, club: name })
      case 'new-link': return t('Make a new join link? The old one lets no one in from now on; the members stay.')
      case 'close': return t('Close {club}? It is gone for every member at once, its boards with it.', { club: name })
      case 'leave': return t('Leave {club}? You drop off its boards; its link lets you back in.', { club: name })
      default: return ''
    }
  }

  // ---- the intents ---------------------------------------------------------------------------

  /** The owner renames the club. @param {string} name @returns {Promise<Done>} */
  async rename(name) {
    const trimmed = name.trim()
    if (!trimmed) return { ok: false, error: t('Give the club a name.') }
    const answer = await this.deps.call(`/clubs/${this.id}`, { method: 'PATCH', body: { name: trimmed } })
    if (!answered(answer)) return { ok: false, error: reason(answer) }
    this.took(answer)
    this.board.ui.redraw()
    this.ui.announce(t('The club is called {name} now.', { name: this.club.name }))
    return OK
  }

  /** The owner draws a new join link. @returns {Promise<Done>} */
  async newLink() {
    const answer = await this.deps.call(`/clubs/${this.id}/code`, { method: 'POST' })
    this.asking = null
    if (!answered(answer)) return this.failed(answer)
    this.took(answer)
    this.ui.announce(t('A new join link is ready: the old one no longer works.'))
    return OK
  }

  /** The owner removes a member: they drop off the board at once. @param {string} pid @returns {Promise<Done>} */
  async removeMember(pid) {
    const member = this.club.members.find((m) => m.id === pid)
    const answer = await this.deps.call(`/clubs/${this.id}/members/${pid}`, { method: 'DELETE' })
    this.asking = null
    if (!answered(answer)) return this.failed(answer)
    this.page = { kind: 'club', club: { ...this.club, members: this.club.members.filter((m) => m.id !== pid) } }
    this.ui.redraw()
    this.ui.announce(member ? t('{name} is no longer in the club.', { name: member.name }) : t('They are no longer in the club.'))
    await this.board.show(this.board.at)
    return OK
  }

  /** The owner closes the club. @returns {Promise<Done>} */
  async close() {
    const name = this.club.name
    const answer = await this.deps.call(`/clubs/${this.id}`, { method: 'DELETE' })
    this.asking = null
    if (!answered(answer)) return this.failed(answer)
    this.notice(t('Club closed'), t('{name} is closed: it is gone for every member.', { name }))
    this.ui.announce(t('{name} is closed.', { name }))
    return OK
  }

  /** A member leaves. @returns {Promise<Done>} */
  async leave() {
    const name = this.club.name
    const answer = await this.deps.call(`/clubs/${this.id}/leave`, { method: 'POST' })
    this.asking = null
    if (!answered(answer)) return this.failed(answer)
    this.notice(t('You left the club'), t('You are no longer in {name}, and off its boards.', { name }))
    this.ui.announce(t('You left {name}.', { name }))
    return OK
  }

  /** @param {Answer} answer @returns {Done} */
  failed(answer) {
    this.ui.redraw()
    return { ok: false, error: reason(answer) }
  }
}
