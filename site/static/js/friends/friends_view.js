/**
 * The friends page, drawn (FriendsView): your follow link and code, the setting, the lists of whom you
 * follow, your followers, your clubs and whom you blocked, each row with its actions (people.js). It
 * draws from the controller (friends_ctrl.js) and sends the player's intents back; after an intent it
 * puts the focus where the player goes on (the question's Keep, the list's heading once a row is gone)
 * and writes a refusal under the list it came from.
 */
import { $, setText } from '../lib/dom.js'
import { copyText } from './copy.js'
import { buttonOf, drawPeople, onPeople } from './people.js'
import { href, t } from '../lib/i18n.js'

/** @import { FriendsCtrl } from './friends_ctrl.js' */
/** @import { Done, PersonShown } from '../friends_types.js' */

/** @param {string} id */
const input = (id) => /** @type {HTMLInputElement} */ ($(id))

/**
 * "Follows you back · Friend streak: 3 days · Not sharing now"
 * @param {PersonShown} p
 * @param {'follows' | 'followers'} list
 */
function about(p, list) {
  const parts = []
  if (list === 'follows') parts.push(p.follows_you ? t('Follows you back') : t('Doesn’t follow you'))
  else parts.push(p.you_follow ? t('You follow them too') : t('You don’t follow them'))
  if (p.streakShort) parts.push(p.streakShort)
  if (list === 'follows' && !p.sharing) parts.push(t('Following turned off: their results are hidden'))
  return parts.join(' · ')
}

export class FriendsView {
  /** @param {FriendsCtrl} ctrl */
  constructor(ctrl) {
    this.ctrl = ctrl
    this.lists = { follows: $('follows-list'), followers: $('followers-list'), blocked: $('blocked-list'), clubs: $('clubs-list') }
    onPeople(this.lists.follows, (act, id, sure) => this.act('follows', act, id, sure))
    onPeople(this.lists.followers, (act, id, sure) => this.act('followers', act, id, sure))
    onPeople(this.lists.blocked, (act, id, sure) => this.act('blocked', act, id, sure))
    $('follow-copy').addEventListener('click', () => copyText(input('follow-link'), t('Follow link copied.')))
    input('follow-allowed').addEventListener('change', async () => {
      this.shows('follow-error', await ctrl.setAllowed(input('follow-allowed').checked))
    })
    $('follow-new').addEventListener('click', () => {
      ctrl.ask('new-code')
      $('follow-new-no').focus()
    })
    $('follow-new-no').addEventListener('click', () => {
      ctrl.cancel()
      $('follow-new').focus()
    })
    $('follow-new-yes').addEventListener('click', async () => {
      const done = await ctrl.newCode()
      this.shows('follow-error', done)
      $(done.ok ? 'follow-title' : 'follow-new').focus()
    })
    $('club-form').addEventListener('submit', async (event) => {
      event.preventDefault()
      const name = input('club-name')
      const done = await ctrl.createClub(name.value)
      this.shows('club-error', done)
      if (done.ok) {
        name.value = ''
        name.removeAttribute('aria-invalid')
        const links = [...this.lists.clubs.querySelectorAll('a')]
        links.at(-1)?.focus()
      } else {
        name.setAttribute('aria-invalid', 'true')
        name.focus()
      }
    })
  }

  /**
   * A row's button: ask first, keep, or the intent itself.
   * @param {'follows' | 'followers' | 'blocked'} list
   * @param {string} act
   * @param {string} id
   * @param {boolean} sure
   */
  async act(list, act, id, sure) {
    const { ctrl } = this
    const node = this.lists[list]
    if (act === 'keep') {
      const kind = ctrl.asking?.kind || ''
      ctrl.cancel()
      buttonOf(node, kind, id)?.focus()
      return
    }
    if (act === 'unblock') {
      const done = await ctrl.unblock(id)
      this.shows(`${list}-error`, done)
      $('blocked-title').focus()
      return
    }
    const kind = /** @type {'unfollow' | 'remove' | 'block'} */ (act)
    if (!sure) {
      const person = [...ctrl.data.follows, ...ctrl.data.followers].find((p) => p.id === id)
      ctrl.ask(kind, id, person?.name || '')
      buttonOf(node, 'keep', id)?.focus()
      return
    }
    const done = kind === 'unfollow' ? await ctrl.unfollow(id) : kind === 'remove' ? await ctrl.removeFollower(id) : await ctrl.block(id)
    this.shows(`${list}-error`, done)
    $(`${list}-title`).focus()
  }

  /** Write a refusal's words under what was asked ('' when it went through). @param {string} id @param {Done} done */
  shows(id, done) {
    setText($(id), done.ok ? '' : done.error)
  }

  redraw() {
    const { ctrl } = this
    const { page, data } = ctrl
    $('friends-loading').hidden = page.kind !== 'loading'
    $('friends-guest').hidden = page.kind !== 'guest'
    $('friends-player').hidden = page.kind !== 'ready'
    $('friends-notice').hidden = page.kind !== 'notice'
    setText($('friends-notice'), page.kind === 'notice' ? page.words : '')
    if (page.kind !== 'ready') return
    const follow = data.follow
    if (follow) {
      input('follow-link').value = new URL(href(follow.link), location.origin).href
      setText($('follow-code'), follow.code)
      input('follow-allowed').checked = follow.allowed
      setText($('follow-allowed-words'), follow.allowed
        ? t('Those following you see your daily results. Turn this off to hide them, and your code finds no one.')
        : t('Following is off: your code finds no one, and those following you see none of your results.'))
    }
    const asking = ctrl.asking
    $('follow-new-confirm').hidden = asking?.kind !== 'new-code'
    setText($('follow-new-question'), asking?.kind === 'new-code' ? ctrl.question() : '')
    $('follow-new').hidden = asking?.kind === 'new-code'
    const question = ctrl.question()
    setText($('follows-words'), ctrl.followingWords())
    drawPeople(this.lists.follows, data.follows.map((p) => ({
      id: p.id, name: p.name, about: about(p, 'follows'),
      actions: [{ label: t('Unfollow'), act: 'unfollow' }, { label: t('Block'), act: 'block', danger: true }],
    })), asking, question)
    setText($('followers-words'), ctrl.followersWords())
    drawPeople(this.lists.followers, data.followers.map((p) => ({
      id: p.id, name: p.name, about: about(p, 'followers'),
      actions: [{ label: t('Remove'), act: 'remove' }, { label: t('Block'), act: 'block', danger: true }],
    })), asking, question)
    setText($('blocked-words'), data.blocked.length ? t('They can’t follow you, nor you them, until you unblock them.') : t('You haven’t blocked anyone.'))
    drawPeople(this.lists.blocked, data.blocked.map((p) => ({ id: p.id, name: p.name, about: '', actions: [{ label: t('Unblock'), act: 'unblock' }] })), null, '')
    drawPeople(this.lists.clubs, data.clubs.map((c) => ({
      id: c.id, name: c.name, href: href(`/friends/club/?id=${encodeURIComponent(c.id)}`), about: c.owner ? t('You own it') : t('You are a member'), actions: [],
    })), null, '')
  }
}
