/**
 * A board of people you know, drawn (BoardView): the games' tabs, Day or Week, the date, the table of
 * the board its controller (board_ctrl.js) shows, the line under it, who is still to play, the friend
 * streaks, the offline mark, or in the table's place the guest's invitation or why there is no board.
 * It draws only: the tabs and Day/Week are links to the page's addresses (`hrefOf`), and the date
 * goes to its address too; the page's hashchange asks the controller. The elements are the
 * `social_board(prefix)` macro's (site/templates/friends/_board.html), looked up by their prefix.
 */
import { $, el, setText } from '../lib/dom.js'
import { keepTableRoles } from '../lib/tables.js'
import { isDay } from '../lib/dates.js'
import { SOCIAL_GAMES } from './words.js'
import { href, t } from '../lib/i18n.js'

/** @import { BoardCtrl } from './board_ctrl.js' */
/** @import { BoardAt, DrawnBoard } from '../friends_types.js' */

/**
 * A board as a table, drawn as the boards page draws its wide boards: on a phone each row is its
 * place, name and first figure, then the rest (chain.css, `.board-table.is-wide`).
 * @param {DrawnBoard} board
 */
export function boardTable(board) {
  const table = el('table', { class: 'board-table is-wide social-table' })
  table.append(el('caption', { text: board.caption }))
  const head = el('tr')
  for (const [text, num] of /** @type {[string, boolean][]} */ ([[t('Place'), true], [t('Name'), false], ...board.heads.map((h) => [h.head, h.num])])) {
    head.append(el('th', { class: num ? 'num' : null, scope: 'col', text }))
  }
  const body = el('tbody')
  for (const row of board.rows) {
    const name = el('td', { class: 'board-name' }, el('span', { translate: 'no', text: row.name }))
    if (row.you) name.append(el('span', { class: 'visually-hidden', text: ' ' + t('(you)') }))
    const cells = row.cells.map((text, k) => el('td', {
      class: `${board.heads[k].num ? 'num ' : ''}${k === 0 ? 'board-lead' : 'board-stat'}`,
      text, 'data-label': board.heads[k].head,
    }))
    body.append(el('tr', { class: row.you ? 'is-you' : null }, el('td', { class: 'num board-place', text: row.place }), name, ...cells))
  }
  table.append(el('thead', {}, head), body)
  return keepTableRoles(table)
}

export class BoardView {
  /**
   * @param {string} prefix the elements' ids' prefix
   * @param {(at: BoardAt) => string} hrefOf a board's address on this page
   * @param {(href: string) => void} go follow an address (the date changed)
   */
  constructor(prefix, hrefOf, go) {
    this.hrefOf = hrefOf
    this.root = $(prefix)
    this.games = $(`${prefix}-games`)
    this.span = $(`${prefix}-span`)
    this.date = /** @type {HTMLInputElement} */ ($(`${prefix}-date`))
    this.line = $(`${prefix}-line`)
    this.kept = $(`${prefix}-kept`)
    this.body = $(`${prefix}-body`)
    this.waiting = $(`${prefix}-waiting`)
    this.streakList = $(`${prefix}-streaks`)
    /** @type {BoardCtrl | null} */
    this.ctrl = null
    this.date.addEventListener('change', () => {
      if (this.ctrl && isDay(this.date.value)) go(hrefOf({ ...this.ctrl.at, date: this.date.value }))
    })
  }

  /** @param {BoardCtrl} ctrl */
  draw(ctrl) {
    this.ctrl = ctrl
    const { at, state } = ctrl
    this.drawChoices(at, ctrl.deps.today())
    const drawn = ctrl.drawn()
    this.line.hidden = !drawn
    setText(this.line, drawn ? drawn.line : '')
    const kept = ctrl.keptWords()
    this.kept.hidden = !kept
    setText(this.kept, kept)
    this.waiting.hidden = !(drawn && drawn.waiting)
    setText(this.waiting, drawn ? drawn.waiting : '')
    const streaks = ctrl.streaks()
    this.streakList.hidden = !streaks.length
    this.streakList.replaceChildren(...streaks.map((text) => el('li', { text })))
    this.root.dataset.state = state.kind
    if (state.kind === 'loading') {
      this.body.replaceChildren(el('p', { class: 'muted', text: t('Loading the board…') }))
    } else if (state.kind === 'guest') {
      this.body.replaceChildren(el('div', { class: 'card social-invite' },
        el('p', { text: t('See how the people you know did on each day’s puzzles. Make a player (just a name, no email), then share your follow link and ask for theirs.') }),
        el('p', {}, el('a', { class: 'button button-primary', href: href('/friends/'), text: t('Make a player') }))))
    } else if (state.kind === 'notice') {
      this.body.replaceChildren(el('p', { class: 'notice', text: state.words }))
    } else if (drawn) {
      this.body.replaceChildren(drawn.rows.length ? boardTable(drawn) : el('p', { class: 'muted', text: t('{board}: no one on it yet.', { board: drawn.caption }) }))
    }
  }

  /**
   * The games' tabs, Day or Week and the date, for the board asked for.
   * @param {BoardAt} at
   * @param {string} today
   */
  drawChoices(at, today) {
    if (!this.games.childElementCount) {
      this.games.replaceChildren(...SOCIAL_GAMES.map((g) => el('li', {}, el('a', { href: '#', dataset: { game: g.key }, text: g.name }))))
      this.span.replaceChildren(...[['day', t('Day')], ['week', t('Week')]].map(([span, text]) => el('li', {}, el('a', { href: '#', dataset: { span }, text }))))
    }
    for (const a of /** @type {NodeListOf<HTMLAnchorElement>} */ (this.games.querySelectorAll('a'))) {
      a.href = this.hrefOf({ ...at, game: a.dataset.game || at.game })
      if (a.dataset.game === at.game) a.setAttribute('aria-current', 'page')
      else a.removeAttribute('aria-current')
    }
    for (const a of /** @type {NodeListOf<HTMLAnchorElement>} */ (this.span.querySelectorAll('a'))) {
      const week = a.dataset.span === 'week'
      a.href = this.hrefOf({ ...at, week })
      if (week === at.week) a.setAttribute('aria-current', 'page')
      else a.removeAttribute('aria-current')
    }
    this.date.value = at.date
    this.date.max = today
    setText(/** @type {HTMLElement} */ (this.root.querySelector('label[for]')), at.week ? t('A day of the week') : t('Day'))
  }
}
