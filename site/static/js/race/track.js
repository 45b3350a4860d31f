/**
 * The race's track and table as the page draws them, pure (lila's ui/racer draws a lane a racer, a
 * car moving along it by score, the leader marked): each racer's lane (the player's own first, then
 * by joining), how far along it their car is, and why one isn't racing; the end's table with each
 * racer's place in words and their puzzles to review, each a link that plays it on the chess page.
 */
/** @import { RacerProgress, RaceTableRow } from '../live_types.js' */
/** @import { Lane, TableLine } from '../race_types.js' */
import { href, number, t } from '../lib/i18n.js'
import { bandOf } from '../storm/review.js'

// The track's length in puzzles solved at the least: a car reaches the end only once someone solved
// this many, so early in a race the cars move visibly but not all the way.
export const TRACK_MIN = 20

const MARK_WORDS = { left: t('left the race'), away: t('lost their connection'), out: t('out of time') }

/**
 * Each racer's lane: `racers` as the room was last told of them, the player's own score (`mine`)
 * taken from their own board, which is ahead of what the room was told (it hears of a puzzle once it
 * is judged there).
 * @param {RacerProgress[]} racers
 * @param {string} you
 * @param {{ score: number, out: boolean } | null} mine
 * @returns {Lane[]}
 */
export function lanes(racers, you, mine) {
  const scored = racers.map((r) => (r.pid === you && mine ? { ...r, score: mine.score, out: mine.out || r.out } : r))
  const best = Math.max(0, ...scored.map((r) => r.score))
  const length = Math.max(TRACK_MIN, best)
  const all = scored.map((r, car) => {
    const mark = r.left ? 'left' : r.away ? 'away' : r.out ? 'out' : ''
    const yours = r.pid === you
    const name = yours ? t('{name} (you)', { name: r.name }) : r.name
    /** @type {Lane} */
    const lane = {
      pid: r.pid, name, you: yours, score: r.score, at: r.score / length, first: r.score > 0 && r.score === best,
      car: car % 10, mark: /** @type {Lane['mark']} */ (mark),
      words: mark ? t('{name}: {n} solved, {mark}', { name, n: number(r.score), mark: MARK_WORDS[mark] }) : t('{name}: {n} solved', { name, n: number(r.score) }),
    }
    return lane
  })
  return [...all.filter((l) => l.you), ...all.filter((l) => !l.you)]
}

/**
 * Who joined, left, dropped out or came back between two words of the room, but the player, in words.
 * @param {RacerProgress[]} before
 * @param {RacerProgress[]} after
 * @param {string} you
 */
export function changes(before, after, you) {
  const was = new Map(before.map((r) => [r.pid, r]))
  /** @type {string[]} */
  const said = []
  for (const r of after) {
    const old = was.get(r.pid)
    if (r.pid === you) continue
    if (!old) said.push(t('{name} joined the race.', { name: r.name }))
    else if (r.left && !old.left) said.push(t('{name} left the race.', { name: r.name }))
    else if (r.away && !old.away) said.push(t('{name} lost their connection.', { name: r.name }))
    else if (!r.away && old.away && !r.left) said.push(t('{name} is back.', { name: r.name }))
  }
  return said
}

/**
 * The race page's status line for `stage`: the lobby's (a quick race's, the maker's with `present`
 * racers in, anyone else's), the countdown's, the end's (with the table or waiting for it); else
 * the player's own `status` (their last move's verdict).
 * @param {import('../race_types.js').RaceStage} stage
 * @param {'link' | 'quick'} kind
 * @param {boolean} owner
 * @param {number} present
 * @param {boolean} tabled
 * @param {string} status
 */
export function stageWords(stage, kind, owner, present, tabled, status) {
  if (stage === 'waiting') {
    if (kind === 'quick') return t('Waiting for another racer: the race counts down once one joins.')
    if (owner) return present < 2 ? t('Share the link: a race needs 2 racers.') : t('Start the race when everyone is in.')
    return t('Waiting for the race’s maker to start it.')
  }
  if (stage === 'countdown') return t('Get ready: the race is about to start.')
  if (stage === 'over') return tabled ? t('Race over.') : t('Race over: waiting for the table…')
  return status
}

/**
 * A place in words: "1st", "2nd", "11th"; "=2nd" when shared. Another language writes its own
 * ordinal ("2.º", "2e", "2.") from one message, `{n}th`.
 * @param {number} place
 * @param {boolean} [shared]
 */
export function placeWords(place, shared = false) {
  if (typeof PAGE_LANG === 'string' && PAGE_LANG !== 'en') return (shared ? '=' : '') + t('{n}th', { n: number(place) })
  const tens = place % 100
  const suffix = tens >= 11 && tens <= 13 ? 'th' : ['th', 'st', 'nd', 'rd'][place % 10] || 'th'
  return `${shared ? '=' : ''}${place}${suffix}`
}

const REVIEW_WORDS = { solved: t('Solved'), missed: t('Missed'), left: t('Left part way') }

/**
 * The end's table, each row with its place in words and its puzzles to review.
 * @param {RaceTableRow[]} rows
 * @param {string} you
 * @returns {TableLine[]}
 */
export function tableLines(rows, you) {
  return rows.map((row) => ({
    ...row,
    you: row.pid === you,
    placeWords: placeWords(row.place, rows.filter((r) => r.place === row.place).length > 1),
    reviews: row.puzzles.map((p, k) => {
      const band = bandOf(p.rating)
      return {
        n: k + 1, rating: p.rating, result: p.result, words: REVIEW_WORDS[p.result],
        href: band ? href(`/#/p/${encodeURIComponent(band)}/${encodeURIComponent(p.id)}`) : null,
      }
    }),
  }))
}
