/**
 * A board of people you know as state, with no DOM (BoardCtrl): the friends' board (you and the people
 * you follow) or a club's, of a daily game, for a day or its week, as the API answers it
 * (docs/api.md, "Friends and clubs"). It asks, keeps what it was answered in this browser (kept.js)
 * and, offline, shows the board kept for what was asked, or the last one seen, saying when it was
 * seen. A guest is invited to make a player. The view (board_view.js) draws `state` and `drawn()`;
 * the boards page's Friends tab and a club's page each hold one. Node drives it with a stand-in view
 * and API (tests/js/friends_board.test.mjs).
 *
 * Its addresses (after the page's own prefix: `#/friends/` on the boards page, `#/` on a club's):
 *   chess                 today's chess daily board
 *   chain/2026-12-02      that day's Chain board
 *   storm/week            this week's Storm board
 *   streak/week/2026-12-02  the week of that day
 */
import { isDay, longDate } from '../lib/dates.js'
import { reason } from '../lib/api.js'
import { keepBoard, keptFor } from './kept.js'
import { SOCIAL_GAMES, drawnDay, drawnWeek, socialGame, streakWords } from './words.js'
import { t, tn, timeWords } from '../lib/i18n.js'

/** @import { BoardAnswer, BoardAt, BoardDeps, BoardSource, BoardState, DayAnswer, DrawnBoard, SocialUi } from '../friends_types.js' */
/** @import { WeekBoardOut } from '../api_types.js' */

/**
 * What an address asks for (the parts after the page's prefix), or null when it names no board.
 * @param {string[]} parts
 * @param {string} today
 * @returns {BoardAt | null}
 */
export function parseAt(parts, today) {
  const [game = SOCIAL_GAMES[0].key, ...rest] = parts
  if (!socialGame(game)) return null
  const week = rest[0] === 'week'
  if (week) rest.shift()
  const date = rest.length ? rest.shift() : today
  if (rest.length || !isDay(date)) return null
  return { game, date: /** @type {string} */ (date), week }
}

/**
 * The address of a board after the page's prefix (the inverse of parseAt): today left out.
 * @param {BoardAt} at
 * @param {string} today
 */
export function pathOf({ game, date, week }, today) {
  return [game, week ? 'week' : null, date === today ? null : date].filter(Boolean).join('/')
}

/**
 * The API path answering a board.
 * @param {BoardSource} source
 * @param {BoardAt} at
 */
export function apiPath(source, { game, date, week }) {
  const base = source.kind === 'club' ? `/clubs/${source.id}/boards` : '/friends/boards'
  return `${base}/${game}/${week ? 'week/' : ''}${date}`
}

/**
 * Whether an answer is a board of the shape asked for (read field by field: lib/answers.js's rule).
 * @param {unknown} data
 * @param {boolean} week
 */
function isBoard(data, week) {
  if (!data || typeof data !== 'object') return false
  const board = /** @type {Record<string, unknown>} */ (data)
  return week ? Array.isArray(board.days) && Array.isArray(board.rows)
    : Array.isArray(board.rows) && Array.isArray(board.waiting) && typeof board.date === 'string'
}

export class BoardCtrl {
  /**
   * @param {BoardDeps} deps
   * @param {SocialUi} ui
   * @param {BoardSource} source
   */
  constructor(deps, ui, source) {
    this.deps = deps
    this.ui = ui
    this.source = source
    /** @type {BoardState} */
    this.state = { kind: 'loading' }
    /** @type {BoardAt} */
    this.at = { game: SOCIAL_GAMES[0].key, date: deps.today(), week: false }
    this.serial = 0
  }

  /**
   * Whose board it is, named again (a club renamed): the board on show too, unless it is a kept copy.
   * @param {BoardSource} source
   */
  named(source) {
    this.source = source
    if (this.state.kind === 'shown' && !this.state.kept) this.state = { ...this.state, source }
  }

  /** @param {BoardState} state */
  set(state) {
    this.state = state
    this.ui.redraw()
  }

  /**
   * Show the board `at`: asked of the API, kept here; offline, the kept one.
   * @param {BoardAt} at
   */
  async show(at) {
    const mine = ++this.serial
    this.at = at
    const player = this.deps.player()
    if (!player) return this.set({ kind: 'guest' })
    if (at.date > this.deps.today()) return this.set({ kind: 'notice', words: t('That day hasn’t come yet.') })
    this.set({ kind: 'loading' })
    const answer = await this.deps.call(apiPath(this.source, at))
    if (mine !== this.serial) return
    if (answer.status === 200 && isBoard(answer.data, at.week)) {
      /** @type {BoardAnswer} */
      const board = at.week ? { week: true, days: /** @type {WeekBoardOut} */ (answer.data) }
        : { week: false, day: /** @type {DayAnswer} */ (answer.data) }
      const seen = (this.deps.now ? this.deps.now() : new Date()).toISOString()
      keepBoard(this.deps.keep, { by: player.id, source: this.source, at, seen, answer: board })
      this.set({ kind: 'shown', answer: board, at, source: this.source, kept: null })
      this.ui.announce(this.spoken())
      return
    }
    if (answer.status === 0) {
      const kept = keptFor(this.deps.keep, player.id, this.source, at)
      if (kept) {
        this.set({ kind: 'shown', answer: kept.answer, at: kept.at, source: kept.source, kept: kept.seen })
        this.ui.announce(`${this.keptWords()} ${this.spoken()}`)
        return
      }
    }
    const words = answer.status === 401
      ? t('This device’s sign-in no longer works (the player may have been deleted). Make a player, or open a sign-in link.')
      : reason(answer, t('The board couldn’t be loaded. Try again in a moment.'))
    this.set({ kind: 'notice', words })
    this.ui.announce(words)
  }

  /** The board shown, as a table draws it (null while there is none). @returns {DrawnBoard | null} */
  drawn() {
    const { state } = this
    if (state.kind !== 'shown') return null
    const game = socialGame(state.at.game) || SOCIAL_GAMES[0]
    return state.answer.week
      ? drawnWeek(game, state.answer.days, state.source)
      : drawnDay(game, state.answer.day, state.source, this.deps.today())
  }

  /** The friend streaks a friends' board of today carries, in words. @returns {string[]} */
  streaks() {
    const { state } = this
    if (state.kind !== 'shown' || state.answer.week) return []
    return (state.answer.day.streaks || []).map((s) => streakWords(s)).filter(Boolean)
  }

  /**
   * The line marking a board shown from this browser's copy: "Offline: the board as you last saw it,
   * on Monday 2 November at 9:41." ('' for one just answered).
   */
  keptWords() {
    const { state } = this
    if (state.kind !== 'shown' || !state.kept) return ''
    const seen = new Date(state.kept)
    const time = typeof PAGE_LANG === 'string' && PAGE_LANG !== 'en'
      ? timeWords(seen, { hour: 'numeric', minute: '2-digit' })
      : `${String(seen.getHours()).padStart(2, '0')}:${String(seen.getMinutes()).padStart(2, '0')}`
    const day = `${seen.getFullYear()}-${String(seen.getMonth() + 1).padStart(2, '0')}-${String(seen.getDate()).padStart(2, '0')}`
    const other = state.at.game !== this.at.game || state.at.date !== this.at.date || state.at.week !== this.at.week
    const values = { date: longDate(day), time }
    return other
      ? t('You seem to be offline: the board you asked for isn’t kept here, so this is the last board you saw, on {date} at {time}.', values)
      : t('You seem to be offline: this is the board as you last saw it, on {date} at {time}.', values)
  }

  /** What a screen reader hears once a board is shown: its caption and how many played. */
  spoken() {
    const drawn = this.drawn()
    if (!drawn) return ''
    return [`${drawn.caption}.`, drawn.rows.length ? tn('{n} on the board.', '{n} on the board.', drawn.rows.length) : t('No one on it yet.'), drawn.line].join(' ')
  }
}
