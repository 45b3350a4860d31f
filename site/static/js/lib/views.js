/**
 * A page's views, one shown at a time, and its notice view: the words for an
 * address the page can't show (#notice-title and #notice-text).
 *
 * GamePage is the host of a page that plays one puzzle at a time (a game's
 * page): it keeps the game in play and lets go of it on leaving.
 */
import { $, announce } from './dom.js'
import { closeAllSheets } from './sheet.js'

/** Show the element `shown` of `ids` (element ids) and hide the others. */
export function showOnly(ids, shown) {
  for (const id of ids) $(id).hidden = id !== shown
}

/** Fill the notice view, name the tab `tabTitle`, move focus to #main and say `spoken` (the title unless given). */
export function fillNotice(title, text, tabTitle, spoken = title) {
  $('notice-title').textContent = title
  $('notice-text').textContent = text
  document.title = tabTitle
  $('main').focus()
  announce(spoken)
}

export class GamePage {
  /**
   * views: the page's view names, each shown by the element `<name>-view`
   * (one of them 'notice'); tabTitle(title): the tab's title for a notice.
   */
  constructor({ views, tabTitle }) {
    this.views = views
    this.tabTitle = tabTitle
    this.game = null // the game in play: anything with stop()
  }

  /** Show the view `name` alone. */
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

  /** Leave, and say in the notice view why the address can't be shown (`spoken` is announced). */
  notice(title, text, spoken = title) {
    this.leave()
    this.show('notice')
    fillNotice(title, text, this.tabTitle(title), spoken)
  }
}
