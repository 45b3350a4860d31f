/**
 * What the boards of people you know say (pure: no DOM, no fetch): the daily games that have one
 * (js/games.js: each dated board ranked as a day's), a day's board and a week's as a table draws them
 * (the public daily board's columns, boards/model.js), the line under a board ("3 of the 5 people you
 * follow played today."), who is still to play, and the friend streaks in words, counted again with
 * the player's own result of today (streak.js) before the API has it.
 */
import { BOARDS } from '../games.js'
import { columns } from '../boards/model.js'
import { placeText } from '../lib/standing.js'
import { longDate, freezesWords } from '../lib/dates.js'
import { formatTime } from '../lib/clock.js'
import { friendStreakOf, playedDays, withDay } from './streak.js'

/** @import { BoardRow as ShownRow } from '../boards_types.js' */
/** @import { FriendStreakOut, WeekBoardOut } from '../api_types.js' */
/** @import { BoardSource, DayAnswer, DrawnBoard, SocialGame } from '../friends_types.js' */

/**
 * The daily games with a board of the people you know, in the boards page's order: a day's public
 * board each (its caption without "today": a week has one too).
 * @type {readonly SocialGame[]}
 */
export const SOCIAL_GAMES = Object.freeze(BOARDS.filter((b) => b.dated && b.ranks === 'daily')
  .map((board) => ({ key: board.game, name: board.caption.replace(/ today$/, ''), board })))

/** @param {string} key */
export function socialGame(key) {
  return SOCIAL_GAMES.find((g) => g.key === key)
}

/**
 * "1 person", "3 people"; for a club, "1 member", "12 members".
 * @param {number} n
 * @param {BoardSource} source
 */
function whom(n, source) {
  if (source.kind === 'club') return `${n} ${n === 1 ? 'member' : 'members'}`
  return n === 1 ? '1 person you follow' : `${n} people you follow`
}

/**
 * The line under a day's board: how many of the people on it played that day. A friends' board
 * counts the people you follow (you aside), a club's its members (you among them).
 * @param {Pick<DayAnswer, 'people' | 'played' | 'date'>} day
 * @param {BoardSource} source
 * @param {string} today
 */
export function playedLine({ people, played, date }, source, today) {
  const when = date === today ? 'today' : `on ${longDate(date)}`
  if (!people) return 'You don’t follow anyone who shares their results yet: share your follow link, and ask for theirs.'
  if (!played) return `None of the ${whom(people, source)} ${date === today ? 'has played today yet' : `played ${when}`}.`
  if (played === people) return people === 1 ? `The ${whom(1, source).slice(2)} played ${when}.` : `All ${whom(people, source)} played ${when}.`
  return `${played} of the ${whom(people, source)} played ${when}.`
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
  if (more) return `Still to play today: ${names.join(', ')} and ${more} more.`
  const last = names.pop()
  return `Still to play today: ${names.length ? `${names.join(', ')} and ${last}` : last}.`
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
    caption: [source.kind === 'club' ? source.name || 'Your club' : 'You and the people you follow', game.name, longDate(day.date)].join(' · '),
    heads: [...cols.map((c) => ({ head: c.head, num: c.num })), { head: 'Public board', num: true }],
    rows: day.rows.map((r) => ({
      place: `#${r.place}`,
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
const weekday = (date) => WEEKDAY[new Date(`${date}T12:00:00Z`).getUTCDay()]

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
    caption: [source.kind === 'club' ? source.name || 'Your club' : 'You and the people you follow', game.name,
      first ? `the week of ${longDate(first)}` : 'this week'].join(' · '),
    heads: [
      { head: 'Days played', num: true }, { head: 'Days', num: false },
      ...totals.map((c) => ({ head: c.kind === 'yesno' ? `${c.head} days` : c.head, num: true })),
    ],
    rows: week.rows.map((r) => ({
      place: `#${r.place}`,
      name: r.name,
      you: r.you,
      cells: [
        `${r.played} of ${week.days.length}`,
        week.days.filter((_, k) => r.days[k]).map(weekday).join(', ') || '–',
        ...totals.map((c) => (c.kind === 'time' ? formatTime(r.totals[c.field] || 0) : String(r.totals[c.field] || 0))),
      ],
    })),
    line: week.days.length
      ? `${longDate(first)} to ${longDate(/** @type {string} */ (week.days.at(-1)))}: each one’s days played, and the totals over them.`
      : 'This week hasn’t begun yet.',
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
      if (value) parts.push(c.head)
    } else if (c.kind === 'time') {
      parts.push(formatTime(Number(value) || 0))
    } else if (c.kind === 'count' && (Number(value) > 0 || k === 0)) {
      const head = c.head.toLowerCase()
      parts.push(`${value} ${value === 1 && head.endsWith('s') ? head.slice(0, -1) : head}`)
    }
  })
  return parts.join(' · ')
}

/**
 * A friend streak in words ("Friend streak with Ada: 3 days · 1 freeze used."), or '' for none. With
 * `ownDay` (the player's own result of that date, before the API counts it), counted again here.
 * @param {FriendStreakOut} streak
 * @param {string | null} [ownDay]
 */
export function streakWords(streak, ownDay = null) {
  const run = ownDay
    ? friendStreakOf(withDay(streak.mine, ownDay), playedDays(streak.theirs), streak.today)
    : { length: streak.streak, freezesUsed: streak.freezes_used }
  if (!run.length) return ''
  return `Friend streak with ${streak.player.name}: ${run.length} ${run.length === 1 ? 'day' : 'days'}${freezesWords(run.freezesUsed)}.`
}
