/**
 * The friends page as state and rules, with no DOM (FriendsCtrl): your follow link and code, whether
 * you let people follow you, whom you follow and who follows you (each with your friend streak), whom
 * you blocked, and your clubs; and every intent, sent to the API (docs/api.md, "Friends and clubs"),
 * whose answer becomes the new state. What can't be undone in a click (unfollowing, removing a
 * follower, blocking, a new code) is asked first (`asking`). Each intent answers { ok } or { ok: false,
 * error }, so the view puts the focus, or the words, where they belong. There is no search: a person
 * is followed only by the link or code they gave. Node drives it with a stand-in view and API
 * (tests/js/friends_ctrl.test.mjs).
 */
import { reason } from '../lib/api.js'
import { keepAlone, keepClubs, keepFollow } from './kept.js'
import { streakWords } from './words.js'
import { number, t, tn } from '../lib/i18n.js'

/**
 * @import { Asking, Done, FriendsData, FriendsPage, PersonShown, SocialCall, SocialUi } from '../friends_types.js'
 * @import { BlockList, ClubList, ClubOut, FollowerList, FollowList, FollowState, FriendStreaks, PlayerOut } from '../api_types.js'
 * @import { Answer, KeptPlayer } from '../answer_types.js'
 * @import { Namespace } from '../storage_types.js'
 */

/** @type {Done} */
const OK = { ok: true }

/** @param {Answer} answer @param {string} [fallback] @returns {Done} */
const refused = (answer, fallback) => ({ ok: false, error: reason(answer, fallback) })

/** @param {Answer} answer @param {number} [status] */
const answered = (answer, status = 200) => answer.status === status && Boolean(answer.data)

export class FriendsCtrl {
  /** @param {{ call: SocialCall, player: () => KeptPlayer | null, keep: Namespace, ui: SocialUi }} deps */
  constructor({ call, player, keep, ui }) {
    this.call = call
    this.player = player
    this.keep = keep
    this.ui = ui
    /** @type {FriendsPage} */
    this.page = { kind: 'loading' }
    /** @type {FriendsData} */
    this.data = { follow: null, follows: [], followers: [], more: false, blocked: [], clubs: [], mostClubs: 2 }
    /** @type {Asking | null} the question asked before an intent that can't be undone in a click */
    this.asking = null
  }

  redraw() {
    this.ui.redraw()
  }

  /** Read everything the page shows (again: a player made here, signed in or out). */
  async load() {
    const player = this.player()
    if (!player) {
      this.page = { kind: 'guest' }
      return this.redraw()
    }
    const [follow, follows, followers, blocks, streaks, clubs] = await Promise.all(
      ['/me/follow', '/follows', '/followers', '/blocks', '/friends/streaks', '/clubs'].map((path) => this.call(path)))
    const all = [follow, follows, followers, blocks, streaks, clubs]
    const failed = all.find((a) => !answered(a))
    if (failed) {
      this.page = {
        kind: 'notice',
        words: failed.status === 401
          ? t('This device’s sign-in no longer works (the player may have been deleted). Make a player, or open a sign-in link.')
          : reason(failed, t('Your friends couldn’t be loaded just now. Try again in a moment.')),
      }
      return this.redraw()
    }
    const runs = new Map(/** @type {FriendStreaks} */ (streaks.data).streaks.map((s) => [s.player.id, s]))
    /** @param {PlayerOut} p @returns {PersonShown} */
    const shown = (p) => {
      const run = runs.get(p.id)
      return { ...p, streak: run ? streakWords(run) : '', streakShort: run ? streakWords(run, null, false) : '' }
    }
    const theirs = /** @type {FollowerList} */ (followers.data)
    const mine = /** @type {ClubList} */ (clubs.data)
    this.data = {
      follow: /** @type {FollowState} */ (follow.data),
      follows: /** @type {FollowList} */ (follows.data).follows.map(shown),
      followers: theirs.followers.map(shown),
      more: theirs.more,
      blocked: /** @type {BlockList} */ (blocks.data).blocked,
      clubs: mine.clubs,
      mostClubs: mine.most,
    }
    this.keepFollow()
    keepClubs(this.keep, player.id, mine.clubs)
    keepAlone(this.keep, player.id, null) // the result sheets ask again: this page may be how they follow someone
    this.page = { kind: 'ready' }
    this.redraw()
  }

  /** What this browser keeps of your code, for the result sheets' share (none while following is off). */
  keepFollow() {
    const player = this.player()
    const follow = this.data.follow
    if (player && follow) keepFollow(this.keep, player.id, follow.allowed ? follow : null)
  }

  /** The count line of whom you follow: "You follow 3 people, of the 300 there is room for." */
  followingWords() {
    const n = this.data.follows.length
    const most = this.data.follow?.most ?? 300
    if (!n) return t('You don’t follow anyone yet. Open someone’s follow link, or ask them for theirs.')
    return tn('You follow {n} person, of the {most} there is room for.', 'You follow {n} people, of the {most} there is room for.', n, { most: number(most) })
  }

  followersWords() {
    const n = this.data.followers.length
    if (!n) return t('No one follows you yet. Share your follow link, or read your code aloud.')
    return this.data.more
      ? tn('The newest {n} person follows you.', 'The newest {n} people follow you.', n)
      : tn('{n} person follows you.', '{n} people follow you.', n)
  }

  // ---- the questions asked first ----------------------------------------------------------

  /** @param {Asking['kind']} kind @param {string} [id] @param {string} [name] */
  ask(kind, id = '', name = '') {
    this.asking = { kind, id, name }
    this.redraw()
  }

  cancel() {
    this.asking = null
    this.redraw()
  }

  /** The question asked, in words. */
  question() {
    const a = this.asking
    if (!a) return ''
    switch (a.kind) {
      case 'unfollow': return t('Stop following {name}? You can follow again only with their link or code.', { name: a.name })
      case 'remove': return t('Remove {name} from your followers? They may follow you again with your code: block them, or make a new code, to stop that.', { name: a.name })
      case 'block': return t('Block {name}? Neither of you will follow the other, and they see nothing of yours, until you unblock them.', { name: a.name })
      case 'new-code': return t('Make a new follow code? Your old link and code stop working at once; those following you stay.')
      default: return ''
    }
  }

  // ---- the intents ---------------------------------------------------------------------------

  /** Stop following someone. @param {string} id @returns {Promise<Done>} */
  async unfollow(id) {
    const person = this.data.follows.find((p) => p.id === id)
    const answer = await this.call(`/follows/${id}`, { method: 'DELETE' })
    this.asking = null
    if (!answered(answer)) return this.failed(answer)
    this.data.follows = this.data.follows.filter((p) => p.id !== id)
    this.data.followers = this.data.followers.map((p) => (p.id === id ? { ...p, you_follow: false, streak: '', streakShort: '' } : p))
    this.done(person ? t('You no longer follow {name}.', { name: person.name }) : t('You no longer follow them.'))
    return OK
  }

  /** Remove a follower. @param {string} id @returns {Promise<Done>} */
  async removeFollower(id) {
    const person = this.data.followers.find((p) => p.id === id)
    const answer = await this.call(`/followers/${id}`, { method: 'DELETE' })
    this.asking = null
    if (!answered(answer)) return this.failed(answer)
    this.data.followers = this.data.followers.filter((p) => p.id !== id)
    this.data.follows = this.data.follows.map((p) => (p.id === id ? { ...p, follows_you: false, streak: '', streakShort: '' } : p))
    this.done(person ? t('{name} no longer follows you.', { name: person.name }) : t('They no longer follow you.'))
    return OK
  }

  /** Block a follower, or someone you follow: both follows end. @param {string} id @returns {Promise<Done>} */
  async block(id) {
    const answer = await this.call('/blocks', { method: 'POST', body: { id } })
    this.asking = null
    if (!answered(answer)) return this.failed(answer)
    const blocked = /** @type {PlayerOut} */ (answer.data)
    this.data.follows = this.data.follows.filter((p) => p.id !== id)
    this.data.followers = this.data.followers.filter((p) => p.id !== id)
    this.data.blocked = [blocked, ...this.data.blocked.filter((p) => p.id !== id)]
    this.done(t('{name} is blocked: neither of you follows the other, and they see nothing of yours.', { name: blocked.name }))
    return OK
  }

  /** Lift a block (no follow comes back). @param {string} id @returns {Promise<Done>} */
  async unblock(id) {
    const person = this.data.blocked.find((p) => p.id === id)
    const answer = await this.call(`/blocks/${id}`, { method: 'DELETE' })
    this.asking = null
    if (!answered(answer)) return this.failed(answer)
    this.data.blocked = this.data.blocked.filter((p) => p.id !== id)
    this.done(person
      ? t('{name} is unblocked. Neither of you follows the other until one follows by code.', { name: person.name })
      : t('They are unblocked. Neither of you follows the other until one follows by code.'))
    return OK
  }

  /** Let people follow you, or not: off hides your results from every follower. @param {boolean} allowed @returns {Promise<Done>} */
  async setAllowed(allowed) {
    const answer = await this.call('/me/follow', { method: 'PUT', body: { allowed } })
    if (!answered(answer)) return this.failed(answer)
    this.data.follow = /** @type {FollowState} */ (answer.data)
    this.keepFollow()
    this.done(allowed
      ? t('People can follow you again: your code finds you, and your followers see your results.')
      : t('Following is off: your code finds no one, and your followers see none of your results until you turn it on.'))
    return OK
  }

  /** A new follow code: the old link stops working. @returns {Promise<Done>} */
  async newCode() {
    const answer = await this.call('/me/follow/code', { method: 'POST' })
    this.asking = null
    if (!answered(answer)) return this.failed(answer)
    this.data.follow = /** @type {FollowState} */ (answer.data)
    this.keepFollow()
    this.done(t('Your new follow code is {code}. The old link and code no longer work.', { code: this.data.follow.code }))
    return OK
  }

  /** Make a club with `name`; you own it. @param {string} name @returns {Promise<Done>} */
  async createClub(name) {
    const trimmed = name.trim()
    if (!trimmed) return { ok: false, error: t('Give the club a name.') }
    const answer = await this.call('/clubs', { method: 'POST', body: { name: trimmed } })
    if (!answered(answer, 201)) return this.failed(answer)
    const club = /** @type {ClubOut} */ (answer.data)
    this.data.clubs = [...this.data.clubs, { id: club.id, name: club.name, owner: true }]
    const player = this.player()
    if (player) keepClubs(this.keep, player.id, this.data.clubs)
    this.done(t('{name} is made. Share its join link from its page.', { name: club.name }))
    return OK
  }

  /** @param {Answer} answer @returns {Done} */
  failed(answer) {
    this.redraw()
    return refused(answer)
  }

  /** @param {string} words */
  done(words) {
    this.redraw()
    this.ui.announce(words)
  }
}
