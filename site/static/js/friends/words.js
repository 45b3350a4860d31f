/**
 * What the boards of people you know say (pure: no DOM, no fetch): the daily games that have one
 * (js/games.js: each dated board ranked as a day's), a day's board and a week's as a table draws them
 * (the public daily board's columns, boards/model.js), the line under a board ("3 of the 5 people you
 * follow played today."), who is still to play, and the friend streaks in words, counted again with
 * the player's own result of today (streak.js) before the API has it.
 */
import { BOARDS, GAMES } from '../games.js'
import { columns } from '../boards/model.js'
import { placeText } from '../lib/standing.js'
import { longDate } from '../lib/dates.js'
import { dayWords, list, number, t, tn } from '../lib/i18n.js'
import { formatTime } from '../lib/clock.js'
import { friendStreakOf, playedDays, withDay } from './streak.js'

/** @import { BoardRow as ShownRow } from '../boards_types.js' */
/** @import { FriendStreakOut, WeekBoardOut } from '../api_types.js' */
/** @import { BoardSource, DayAnswer, DrawnBoard, SocialGame } from '../friends_types.js' */

/**
 * The daily games with a board of the people you know, in the boards page's order: a day's public
 * board each, named as a week's is too: "Chess daily", and the other games by their own names.
 * @type {readonly SocialGame[]}
 */
export const SOCIAL_GAMES = Object.freeze(BOARDS.filter((b) => b.dated && b.ranks === 'daily')
  .map((board) => ({ key: board.game, name: board.game === 'chess' ? t('Chess daily') : GAMES.find((g) => g.key === board.game)?.name || board.game, board })))

/** @param {string} key */
export function socialGame(key) {
  return SOCIAL_GAMES.find((g) => g.key === key)
}

/**
 * The line under a day's board: how many of the people on it played that day. A friends' board
 * counts the people you follow (you aside), a club's its members (you among them). Each case is a
 * sentence of its own, so each language words it whole.
 * @param {Pick<DayAnswer, 'people' | 'played' | 'date'>} day
 * @param {BoardSource} source
 * @param {string} today
 */
export function playedLine({ people, played, date }, source, today) {
  if (!people) return t('You don’t follow anyone who shares their results yet: share your follow link, and ask for theirs.')
  const club = source.kind === 'club'
  const values = { played: number(played), date: longDate(date) }
  if (date === today) {
    if (!played) {
      return club
        ? tn('None of the {n} member has played today yet.', 'None of the {n} members has played today yet.', people)
        : tn('None of the {n} person you follow has played today yet.', 'None of the {n} people you follow has played today yet.', people)
    }
    if (played === people && people === 1) return club ? t('The member played today.') : t('The person you follow played today.')
    if (played === people) {
      return club
        ? tn('All {n} member played today.', 'All {n} members played today.', people)
        : tn('All {n} person you follow played today.', 'All {n} people you follow played today.', people)
    }
    return club
      ? tn('{played} of the {n} member played today.', '{played} of the {n} members played today.', people, values)
      : tn('{played} of the {n} person you follow played today.', '{played} of the {n} people you follow played today.', people, values)
  }
  if (!played) {
    return club
      ? tn('None of the {n} member played on {date}.', 'None of the {n} members played on {date}.', people, values)
      : tn('None of the {n} person you follow played on {date}.', 'None of the {n} people you follow played on {date}.', people, values)
  }
  if (played === people && people === 1) return club ? t('The member played on {date}.', values) : t('The person you follow played on {date}.', values)
  if (played === people) {
    return club
      ? tn('All {n} member played on {date}.', 'All {n} members played on {date}.', people, values)
      : tn('All {n} person you follow played on {date}.', 'All {n} people you follow played on {date}.', people, values)
  }
  return club
    ? tn('{played} of the {n} member played on {date}.', '{played} of the {n} members played on {date}.', people, values)
    : tn('{played} of the {n} person you follow played on {date}.', '{played} of the {n} people you follow played on {date}.', people, values)
}

/**
 * Who hasn't played yet, today only: "Still to play today: Bo, Cy and 3 more." ('' when none).
 * @param {Pick<DayAnswer, 'waiting' | 'date'>} day
 * @param {string} today
 */
export function waitingLine({ waiting, date }, today) {
  if (date !== today || !waiting.length) return ''
  const names = waiting.slice(0, 5).map((w) => w.name)
  const more = waiting.length - names.length
  if (more) names.push(tn('{n} more', '{n} more', more))
  return t('Still to play today: {names}.', { names: list(names) })
}

/**
 * A result's columns as a board's row holds them (the API's `columns`).
 * @param {Record<string, unknown> | null | undefined} row
 * @returns {ShownRow}
 */
const asRow = (row) => /** @type {ShownRow} */ (row || {})

/**
 * A day's board as a table: the public board's columns, and where the public board has each one
 * ("#12", "about #3975", "top 2%"; "–" where it hasn't: a new account's result, seen here at once).
 * @param {SocialGame} game
 * @param {DayAnswer} day
 * @param {BoardSource} source
 * @param {string} today
 * @returns {DrawnBoard}
 */
export function drawnDay(game, day, source, today) {
  const cols = columns(game.board)
  return {
    caption: [source.kind === 'club' ? source.name || t('Your club') : t('You and the people you follow'), game.name, longDate(day.date)].join(' · '),
    heads: [...cols.map((c) => ({ head: c.head, num: c.num })), { head: t('Public board'), num: true }],
    rows: day.rows.map((r) => ({
      place: `#${number(r.place)}`,
      name: r.name,
      you: r.you,
      cells: [...cols.map((c) => c.cell(asRow(r.columns))), (r.public && placeText(r.public)) || '–'],
    })),
    line: playedLine(day, source, today),
    waiting: waitingLine(day, today),
  }
}

const WEEKDAY = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat']

/** @param {string} date */
const weekday = (date) => (typeof PAGE_LANG === 'string' && PAGE_LANG !== 'en'
  ? dayWords(date, { weekday: 'short' })
  : WEEKDAY[new Date(`${date}T12:00:00Z`).getUTCDay()])

/** The days' short names as a list: "Mon, Wed" in English, the language's own list elsewhere. @param {string[]} days */
const dayList = (days) => (typeof PAGE_LANG === 'string' && PAGE_LANG !== 'en' ? list(days) : days.join(', '))

/**
 * A week's board as a table: each one's days played ("3 of 5", and which), and the totals of the
 * board's columns over them (the API's: numbers summed, yes-or-no columns counted; a puzzle's number,
 * Storm's and Streak's highest, isn't a total and is left out).
 * @param {SocialGame} game
 * @param {WeekBoardOut} week
 * @param {BoardSource} source
 * @returns {DrawnBoard}
 */
export function drawnWeek(game, week, source) {
  const totals = game.board.columns.filter((c) => c.kind !== 'puzzle')
  const first = week.days[0] || ''
  return {
    caption: [source.kind === 'club' ? source.name || t('Your club') : t('You and the people you follow'), game.name,
      first ? t('the week of {date}', { date: longDate(first) }) : t('this week')].join(' · '),
    heads: [
      { head: t('Days played'), num: true }, { head: t('Days'), num: false },
      // The one yes-or-no column of every daily board is Clean.
      ...totals.map((c) => ({ head: c.kind === 'yesno' ? t('Clean days') : c.head, num: true })),
    ],
    rows: week.rows.map((r) => ({
      place: `#${number(r.place)}`,
      name: r.name,
      you: r.you,
      cells: [
        t('{played} of {days}', { played: number(r.played), days: number(week.days.length) }),
        dayList(week.days.filter((_, k) => r.days[k]).map(weekday)) || '–',
        ...totals.map((c) => (c.kind === 'time' ? formatTime(r.totals[c.field] || 0) : number(r.totals[c.field] || 0))),
      ],
    })),
    line: week.days.length
      ? t('{first} to {last}: each one’s days played, and the totals over them.', { first: longDate(first), last: longDate(/** @type {string} */ (week.days.at(-1))) })
      : t('This week hasn’t begun yet.'),
    waiting: '',
  }
}

/**
 * A result in a few words for the result sheet's short list: "Clean · 0:41", "1 mistake · 1:02",
 * "12 solved · 3:00".
 * @param {SocialGame} game
 * @param {Record<string, unknown>} row
 */
export function figureOf(game, row) {
  /** @type {string[]} */
  const parts = []
  game.board.columns.forEach((c, k) => {
    const value = row[c.field]
    if (c.kind === 'yesno') {
      if (value) parts.push(c.field === 'clean' ? t('Clean') : c.head)
    } else if (c.kind === 'time') {
      parts.push(formatTime(Number(value) || 0))
    } else if (c.kind === 'count' && (Number(value) > 0 || k === 0)) {
      parts.push(countWords(c.field, c.head, Number(value) || 0))
    }
  })
  return parts.join(' · ')
}

/**
 * A count column's figure in words: "1 mistake", "2 hints", "12 solved".
 * @param {string} field
 * @param {string} head the column's name, for a column without words of its own here
 * @param {number} n
 */
function countWords(field, head, n) {
  switch (field) {
    case 'mistakes': return tn('{n} mistake', '{n} mistakes', n)
    case 'hints': return tn('{n} hint', '{n} hints', n)
    case 'undos': return tn('{n} undo', '{n} undos', n)
    case 'resets': return tn('{n} reset', '{n} resets', n)
    case 'score': return tn('{n} solved', '{n} solved', n)
    default: return `${number(n)} ${head.toLowerCase()}`
  }
}

/**
 * A friend streak in words ("Friend streak with Ada: 3 days · 1 freeze used."), or '' for none; not
 * `named`, without whom it is with ("Friend streak: 3 days.", in a list of people by name). With
 * `ownDay` (the player's own result of that date, before the API counts it), counted again here.
 * @param {FriendStreakOut} streak
 * @param {string | null} [ownDay]
 * @param {boolean} [named]
 */
export function streakWords(streak, ownDay = null, named = true) {
  const run = ownDay
    ? friendStreakOf(withDay(streak.mine, ownDay), playedDays(streak.theirs), streak.today)
    : { length: streak.streak, freezesUsed: streak.freezes_used }
  if (!run.length) return ''
  const values = { name: streak.player.name, freezes: tn('{n} freeze used', '{n} freezes used', run.freezesUsed) }
  if (run.freezesUsed) {
    return named
      ? tn('Friend streak with {name}: {n} day · {freezes}.', 'Friend streak with {name}: {n} days · {freezes}.', run.length, values)
      : tn('Friend streak: {n} day · {freezes}.', 'Friend streak: {n} days · {freezes}.', run.length, values)
  }
  return named
    ? tn('Friend streak with {name}: {n} day.', 'Friend streak with {name}: {n} days.', run.length, values)
    : tn('Friend streak: {n} day.', 'Friend streak: {n} days.', run.length)
}
