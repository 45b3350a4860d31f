/**
 * A club's page, drawn (ClubView): its name and lede, its members (the owner's Remove on each, asked
 * first), its join link (the owner's new link, asked first), the owner's rename and Close, a member's
 * Leave (asked first), or the notice saying why there is no club to show. The club's board is its
 * own view (board_view.js), drawn when its controller says. It draws from the controller
 * (club_ctrl.js) and sends the intents back, the focus put where the player goes on.
 */
import { $, setText } from '../lib/dom.js'
import { copyText } from './copy.js'
import { buttonOf, drawPeople, onPeople } from './people.js'
import { href, t, timeWords } from '../lib/i18n.js'

/** @import { ClubCtrl } from './club_ctrl.js' */
/** @import { Done } from '../friends_types.js' */

/** @param {string} id */
const input = (id) => /** @type {HTMLInputElement} */ ($(id))

/** "Joined Monday 2 November 2026". @param {string} stamp */
function joined(stamp) {
  const at = new Date(stamp)
  if (Number.isNaN(at.getTime())) return ''
  /** @type {Intl.DateTimeFormatOptions} */
  const form = { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' }
  return t('Joined {date}', { date: typeof PAGE_LANG === 'string' && PAGE_LANG !== 'en' ? timeWords(at, form) : at.toLocaleDateString('en-GB', form) })
}

export class ClubView {
  /** @param {ClubCtrl} ctrl */
  constructor(ctrl) {
    this.ctrl = ctrl
    this.members = $('members-list')
    this.title = ''
    onPeople(this.members, async (act, id, sure) => {
      if (act === 'keep') {
        ctrl.cancel()
        buttonOf(this.members, 'remove-member', id)?.focus()
      } else if (!sure) {
        ctrl.ask('remove-member', id, ctrl.club.members.find((m) => m.id === id)?.name || '')
        buttonOf(this.members, 'keep', id)?.focus()
      } else {
        this.shows('members-error', await ctrl.removeMember(id))
        $('members-title').focus()
      }
    })
    $('club-copy').addEventListener('click', () => copyText(input('club-link'), t('Join link copied.')))
    $('club-new-link').addEventListener('click', () => this.ask('new-link', 'club-link-ask-no'))
    $('club-link-ask-no').addEventListener('click', () => this.keep('club-new-link'))
    $('club-link-ask-yes').addEventListener('click', async () => {
      const done = await ctrl.newLink()
      this.shows('club-link-error', done)
      ;(done.ok ? input('club-link') : $('club-new-link')).focus()
    })
    $('club-close').addEventListener('click', () => this.ask('close', 'club-own-ask-no'))
    $('club-leave').addEventListener('click', () => this.ask('leave', 'club-own-ask-no'))
    $('club-own-ask-no').addEventListener('click', () => this.keep(ctrl.owner ? 'club-close' : 'club-leave'))
    $('club-own-ask-yes').addEventListener('click', async () => {
      const done = ctrl.asking?.kind === 'close' ? await ctrl.close() : await ctrl.leave()
      this.shows('club-own-error', done)
      $(done.ok ? 'club-title' : ctrl.owner ? 'club-close' : 'club-leave').focus()
    })
    $('club-rename').addEventListener('submit', async (event) => {
      event.preventDefault()
      const done = await ctrl.rename(input('club-rename-name').value)
      this.shows('club-rename-error', done)
      if (done.ok) input('club-rename-name').removeAttribute('aria-invalid')
      else input('club-rename-name').setAttribute('aria-invalid', 'true')
    })
  }

  /** @param {'new-link' | 'close' | 'leave'} kind @param {string} focus */
  ask(kind, focus) {
    this.ctrl.ask(kind)
    $(focus).focus()
  }

  /** @param {string} focus */
  keep(focus) {
    this.ctrl.cancel()
    $(focus).focus()
  }

  /** @param {string} id @param {Done} done */
  shows(id, done) {
    setText($(id), done.ok ? '' : done.error)
  }

  redraw() {
    const { ctrl } = this
    const { page } = ctrl
    $('club-view').hidden = page.kind !== 'club'
    if (page.kind === 'loading') return
    if (page.kind === 'notice') {
      setText($('club-title'), page.title)
      setText($('club-lede'), page.words)
      document.title = `${page.title} · Puzzle Book`
      return
    }
    const club = page.club
    setText($('club-title'), club.name)
    setText($('club-lede'), ctrl.lede())
    document.title = [club.name, t('Club'), 'Puzzle Book'].join(' · ')
    input('club-link').value = new URL(href(club.join_link), location.origin).href
    const asking = ctrl.asking
    const question = ctrl.question()
    drawPeople(this.members, club.members.map((m) => ({
      id: m.id, name: m.name, about: [m.owner ? t('Owner') : '', joined(m.joined)].filter(Boolean).join(' · '),
      actions: club.owner && !m.owner ? [{ label: t('Remove'), act: 'remove-member', danger: true }] : [],
    })), asking, question)
    $('club-owner-link').hidden = !club.owner || asking?.kind === 'new-link'
    $('club-link-ask').hidden = asking?.kind !== 'new-link'
    setText($('club-link-ask-question'), asking?.kind === 'new-link' ? question : '')
    $('club-rename').hidden = !club.owner
    if (!input('club-rename-name').value || document.activeElement !== input('club-rename-name')) input('club-rename-name').value = club.name
    const own = asking?.kind === 'close' || asking?.kind === 'leave'
    $('club-close').hidden = !club.owner || own
    $('club-leave').hidden = club.owner || own
    $('club-own-ask').hidden = !own
    setText($('club-own-ask-question'), own ? question : '')
    setText($('club-own-ask-yes'), asking?.kind === 'close' ? t('Close the club') : t('Leave the club'))
  }
}
