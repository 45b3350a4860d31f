/**
 * A page's views, one shown at a time, and its notice view: the words for an
 * address the page can't show (#notice-title and #notice-text).
 *
 * GamePage is the host of a page that plays one puzzle at a time (a game's
 * page): it keeps the game in play and lets go of it on leaving.
 */
import { $, announce } from './dom.js'
import { closeAllSheets } from './sheet.js'
/** @import { PageGame } from '../play_types.js' */

/**
 * The element with `id` (a page's own: always there).
 * @param {string} id
 * @returns {HTMLElement}
 */
const byId = (id) => /** @type {HTMLElement} */ ($(id))

/**
 * Show the element `shown` of `ids` (element ids) and hide the others.
 * @param {string[]} ids
 * @param {string} shown
 */
export function showOnly(ids, shown) {
  for (const id of ids) byId(id).hidden = id !== shown
}

/**
 * Fill the notice view, name the tab `tabTitle`, move focus to #main and say `spoken` (the title unless given).
 * @param {string} title
 * @param {string} text
 * @param {string} tabTitle
 * @param {string} [spoken]
 */
export function fillNotice(title, text, tabTitle, spoken = title) {
  byId('notice-title').textContent = title
  byId('notice-text').textContent = text
  document.title = tabTitle
  byId('main').focus()
  announce(spoken)
}

export class GamePage {
  /**
   * views: the page's view names, each shown by the element `<name>-view`
   * (one of them 'notice'); tabTitle(title): the tab's title for a notice.
   * @param {{ views: string[], tabTitle: (title: string) => string }} options
   */
  constructor({ views, tabTitle }) {
    this.views = views
    this.tabTitle = tabTitle
    /** @type {PageGame | null} the game in play */
    this.game = null
  }

  /**
   * Show the view `name` alone.
   * @param {string} name
   */
  show(name) {
    showOnly(this.views.map((view) => `${view}-view`), `${name}-view`)
  }

  /** Stop the game in play, if any, and close any sheet left open. */
  leave() {
    if (this.game) {
      this.game.stop()
      this.game = null
    }
    closeAllSheets()
  }

  /**
   * Leave, and say in the notice view why the address can't be shown (`spoken` is announced).
   * @param {string} title
   * @param {string} text
   * @param {string} [spoken]
   */
  notice(title, text, spoken = title) {
    this.leave()
    this.show('notice')
    fillNotice(title, text, this.tabTitle(title), spoken)
  }
}
