/**
 * The people you follow on a result sheet, after a daily of today (loaded by need: on_sheet.js). The
 * controller (SheetFriends: no DOM) asks the friends' board of the game's day once (GET
 * /api/friends/boards/<game>/<date>: the board and your friend streaks in one answer), and each of
 * your clubs' boards this browser knows of (kept.js); your friend streaks are counted again with your
 * own result of the day (streak.js), before the API has it. Its words: "3 of the 5 people you follow
 * played today.", a short list of them, who is still to play, your friend streaks, links to the
 * boards, and your follow code to read aloud (or a button adding your follow link to the share). A
 * guest is invited to make a player. `drawFriends` is its view: it draws into the sheet's
 * `friends_panel` (templates/_macros.html).
 */
import { call, getPlayer } from '../lib/api.js'
import { el } from '../lib/dom.js'
import { keepAlone, keepFollow, keptAlone, keptClubs, keptFollow, friendsStore } from './kept.js'
import { figureOf, playedLine, socialGame, streakWords, waitingLine } from './words.js'
import { href, t } from '../lib/i18n.js'

/** @import { BoardDeps, DayAnswer, SheetWhere, SheetWords, SocialUi } from '../friends_types.js' */
/** @import { FollowState } from '../api_types.js' */

/** The most rows the sheet lists (the board has them all). */
export const SHEET_ROWS = 5

export class SheetFriends {
  /**
   * @param {Omit<BoardDeps, 'now'>} deps
   * @param {SocialUi} ui
   * @param {SheetWhere} where
   */
  constructor(deps, ui, where) {
    this.deps = deps
    this.ui = ui
    this.where = where
    /** @type {'guest' | 'loading' | 'shown' | 'failed' | 'alone'} */
    this.kind = deps.player() ? 'loading' : 'guest'
    /** @type {DayAnswer | null} */
    this.day = null
    /** @type {{ id: string, name: string, day: DayAnswer }[]} */
    this.clubs = []
    this.error = ''
  }

  /** Ask the friends' board, and each kept club's, of the day. */
  async load() {
    const player = this.deps.player()
    if (!player) return this.ui.redraw()
    const { game, date, band } = this.where
    const query = band ? `?band=${encodeURIComponent(band)}` : ''
    const clubs = keptClubs(this.deps.keep, player.id)
    // Told today already that they follow no one and are in no club: not asked again before tomorrow.
    if (!clubs.length && keptAlone(this.deps.keep, player.id) === date) {
      this.kind = 'alone'
      return this.ui.redraw()
    }
    const [friends, ...theirs] = await Promise.all([
      this.deps.call(`/friends/boards/${game}/${date}${query}`),
      ...clubs.map((c) => this.deps.call(`/clubs/${c.id}/boards/${game}/${date}`)),
    ])
    if (friends.status === 200 && friends.data) {
      this.day = /** @type {DayAnswer} */ (friends.data)
      this.kind = 'shown'
      keepAlone(this.deps.keep, player.id, !this.day.people && !clubs.length ? date : null)
    } else {
      this.kind = 'failed'
      this.error = friends.status === 0 ? t('Offline: the people you follow show here when you are back online.') : t('The people you follow couldn’t be loaded just now.')
    }
    this.clubs = clubs.flatMap((c, k) => (theirs[k].status === 200 && theirs[k].data ? [{ ...c, day: /** @type {DayAnswer} */ (theirs[k].data) }] : []))
    this.ui.redraw()
  }

  /** Your follow code and link as this browser knows them (null: not yet). */
  follow() {
    const player = this.deps.player()
    return player ? keptFollow(this.deps.keep, player.id) : null
  }

  /** Ask for your follow link (drawn the first time), keep it, and say the share carries it now. */
  async addFollow() {
    const player = this.deps.player()
    if (!player) return false
    const answer = await this.deps.call('/me/follow')
    if (answer.status !== 200 || !answer.data) return false
    const state = /** @type {FollowState} */ (answer.data)
    keepFollow(this.deps.keep, player.id, state.allowed ? state : null)
    this.ui.redraw()
    this.ui.announce(state.allowed ? t('Your share carries your follow link now. Your code is {code}.', { code: state.code }) : t('Following is off on your friends page: turn it on to share your link.'))
    return state.allowed
  }

  /** What the panel says. @returns {SheetWords} */
  words() {
    const { game: key, date } = this.where
    const game = socialGame(key)
    const today = this.deps.today()
    const past = date === today ? '' : '/' + date
    const board = href(`/boards/#/friends/${key}${past}`)
    const clubs = this.clubs.map((c) => ({
      name: c.name,
      href: href(`/friends/club/?id=${encodeURIComponent(c.id)}#/${key}${past}`),
      line: playedLine(c.day, { kind: 'club', id: c.id }, today),
    }))
    const day = this.day
    if (this.kind === 'alone') return { line: playedLine({ people: 0, played: 0, date }, { kind: 'friends' }, today), rows: [], waiting: '', streaks: [], board, clubs }
    if (!day || !game) return { line: this.kind === 'failed' ? this.error : '', rows: [], waiting: '', streaks: [], board, clubs }
    return {
      line: playedLine(day, { kind: 'friends' }, today),
      rows: day.rows.slice(0, SHEET_ROWS).map((r) => ({ place: `#${r.place}`, name: r.name, you: r.you, figure: figureOf(game, r.columns) })),
      waiting: waitingLine(day, today),
      streaks: (day.streaks || []).map((s) => streakWords(s, this.where.counts ? date : null)).filter(Boolean),
      board,
      clubs,
    }
  }
}

/** The panel's controller now on show, by its sheet's day. @type {SheetFriends | null} */
let shown = null

/**
 * A sentence whose `{link}…{end}` part is an element: the words before, `wrap(the part's words)`,
 * the words after (a translation may move the part anywhere in its sentence).
 * @param {string} text
 * @param {(words: string) => Node} wrap
 * @returns {(string | Node)[]}
 */
function sentence(text, wrap) {
  const [before, rest = ''] = text.split('{link}')
  const [inner, after = ''] = rest.split('{end}')
  return [before, wrap(inner), after].filter((part) => part !== '')
}

/**
 * Draw the panel of `ctrl` into the page's `friends_panel`.
 * @param {SheetFriends} ctrl
 */
function draw(ctrl) {
  const panel = document.getElementById('friends-panel')
  const body = document.getElementById('friends-panel-body')
  if (!panel || !body || ctrl !== shown) return
  panel.hidden = false
  if (ctrl.kind === 'guest') {
    body.replaceChildren(el('p', {}, ...sentence(t('Play with people you know: {link}make a player{end}, then follow each other by your links, and see each other here after each daily.'),
      (text) => el('a', { href: href('/friends/'), text }))))
    return
  }
  const words = ctrl.words()
  const follow = ctrl.follow()
  body.replaceChildren(el('div', {},
    el('p', { class: 'results-line', text: ctrl.kind === 'loading' ? t('Looking for the people you follow…') : words.line }),
    words.rows.length ? el('ol', { class: 'friends-rows' }, ...words.rows.map((r) => el('li', { class: r.you ? 'is-you' : null },
      el('span', { class: 'friends-place', text: r.place }), el('span', { class: 'friends-name' }, r.you ? t('{name} (you)', { name: r.name }) : el('span', { translate: 'no', text: r.name })),
      el('span', { class: 'friends-figure', text: r.figure })))) : null,
    words.waiting ? el('p', { class: 'muted', text: words.waiting }) : null,
    words.streaks.length ? el('ul', { class: 'friends-streaks' }, ...words.streaks.map((text) => el('li', { text }))) : null,
    ...words.clubs.map((c) => el('p', {}, ...sentence(t('{link}{club}{end}: {line}', { club: c.name, line: c.line }), (text) => el('a', { href: c.href, text })))),
    el('p', {}, el('a', { href: words.board, text: t('See the friends’ board') }), ' · ', el('a', { href: href('/friends/'), text: t('Your friends') })),
    follow
      ? el('p', { class: 'muted' }, ...sentence(t('Your share carries your follow link. Your code, to read aloud: {link}{code}{end}', { code: follow.code }),
        (text) => el('strong', { class: 'follow-code', translate: 'no', text })))
      : el('p', {}, el('button', { class: 'button button-quiet', type: 'button', id: 'friends-add-follow', text: t('Add my follow link to the share') }))))
  document.getElementById('friends-add-follow')?.addEventListener('click', async () => {
    if (await ctrl.addFollow()) document.dispatchEvent(new CustomEvent('friends:follow'))
  })
}

/**
 * The panel for the sheet of `where` (a daily of today).
 * @param {SheetWhere} where
 * @param {SocialUi['announce']} announce
 */
export async function drawFriends(where, announce) {
  const ctrl = new SheetFriends({ call, player: getPlayer, today: () => where.date, keep: friendsStore() }, {
    redraw: () => draw(ctrl), announce,
  }, where)
  // Asked again for the same day (the player's result posted since): the last answer stays on show meanwhile.
  if (shown && shown.day && shown.where.game === where.game && shown.where.date === where.date && ctrl.kind === 'loading') {
    ctrl.kind = 'shown'
    ctrl.day = shown.day
    ctrl.clubs = shown.clubs
  }
  shown = ctrl
  draw(ctrl)
  await ctrl.load()
}
