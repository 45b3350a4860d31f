/**
 * What a chess puzzle's results sheet and done box say, from its record (pure): how it ended, the
 * figures, the streak, the rating's move, the note on its post, the one line of celebration, where
 * Next goes, the share text. The controller (ctrl.js) gives the record and what only it knows (the
 * player, the day, whether a post waits).
 */
/** @import { ChessAnswer, ChessKept, ChessPuzzle, ChessRecord, RatingChange } from '../chess_types.js' */
import { countedDay } from './results.js'
import { NAMES, resultOfRecord } from './result_names.js'
import { gameUrl } from './puzzle.js'
import { difficultyName } from './difficulty.js'
import { motifLine } from './motifs.js'
import { shareText } from './share.js'
import { ratingWords, bandName, streakDays } from './words.js'
import { t } from '../lib/i18n.js'
import { streakRun, longDate } from '../lib/dates.js'

/**
 * The answer kept of a post, when it came and was kept (not dropped).
 * @param {ChessAnswer | null | undefined} posted
 * @returns {ChessKept | null}
 */
export function keptAnswer(posted) {
  return posted && !('dropped' in posted) ? posted : null
}

/**
 * {before, after, provisional?, rd?} from a post's answer kept in the record, or null.
 * @param {ChessAnswer | null | undefined} posted
 * @returns {RatingChange | null}
 */
export function ratingChange(posted) {
  const rating = keptAnswer(posted)?.rating
  if (rating && Number.isFinite(rating.before) && Number.isFinite(rating.after)) return rating
  return null
}

/**
 * The done box's words: how the puzzle ended, by its result's one name (result_names.js).
 * @param {ChessRecord} rec
 */
export function doneTitle(rec) {
  return NAMES[resultOfRecord(rec)]
}

/**
 * Where "Next" goes: the same theme or difficulty the puzzle was drawn from (rec.source, set by
 * play.js), else the puzzle's band.
 * @param {ChessRecord} rec
 * @returns {{ href: string, text: string }}
 */
export function nextOf(rec) {
  const source = rec.source || {}
  if (source.mix) return { href: `#/mix/${source.mix}`, text: t('Next puzzle of {name}', { name: String(source.name) }) }
  if (source.theme) {
    return { href: `#/theme/${encodeURIComponent(source.theme)}/${source.difficulty}`, text: t('Next {theme} puzzle', { theme: source.name || source.theme }) }
  }
  if (source.difficulty) return { href: `#/endless/${source.difficulty}`, text: t('Next puzzle ({difficulty})', { difficulty: difficultyName(source.difficulty) }) }
  return { href: `#/endless/${encodeURIComponent(rec.band)}`, text: t('Next {band} puzzle', { band: bandName(rec.band) }) }
}

/**
 * The play view's eyebrow for a puzzle that isn't a daily.
 * @param {ChessRecord} rec
 */
export function kindOf(rec) {
  const source = rec.source || {}
  if (source.mix) return `${source.name} · ${source.level}`
  if (source.theme) return `${source.name || source.theme} · ${difficultyName(String(source.difficulty))}`
  if (source.difficulty) return t('Endless') + ' · ' + difficultyName(source.difficulty)
  return t('Endless')
}

/**
 * The result's one line of celebration: a best clean time, a rating high, or the daily done.
 * @param {ChessRecord} rec
 * @param {string} today
 */
export function celebration(rec, today) {
  if (rec.state !== 'solved') return ''
  if (rec.bestTime) return t('Your best clean time in {band} yet.', { band: bandName(rec.band) })
  if (rec.ratingHigh) return t('A new rating high.')
  if (rec.daily) return countedDay(rec.daily, today) ? t('Today’s puzzle is done.') : t('The daily of {day} is done.', { day: longDate(rec.daily) })
  return ''
}

/**
 * The note on the result's post: kept, refused and why, offline, waiting, or for a guest how to keep it.
 * @param {ChessRecord} rec
 * @param {{ today: string, player: boolean, waiting: boolean }} state
 */
export function postNote(rec, { today, player, waiting }) {
  if (!player) return t('Make a player on the home page to keep your streak and rating.')
  if (rec.state !== 'solved') {
    if (!rec.missed) return ''
    return keptAnswer(rec.missPosted)?.offline ? t('Counted as a miss in your own tallies: played offline, so not rated.') : t('Counted as a miss for your rating.')
  }
  const posted = rec.posted
  if (posted) {
    // Refused for good (e.g. faster than a second a move): say so, never "Posted".
    if ('dropped' in posted) return t('Your result wasn’t kept: {why}', { why: posted.error || t('the server refused it') })
    if (posted.already) return t('Your first result for this puzzle stands.')
    if (posted.offline) return t('Kept in your own tallies and streak. It was played offline, so it isn’t rated and goes on no board.')
    // Solved after a mistake: the rating moved at the wrong move, the first result (docs/ratings.md).
    if (rec.missed) return t('Your first move was wrong, so your rating counts this one as a loss; the solve after it is kept, not rated.')
    // The API put it on a board only if it was posted on the daily's own day.
    if (rec.daily && !countedDay(rec.daily, today) && !posted.daily) return t('Posted. A past daily counts for your rating; only one solved on its day goes on the board.')
    return t('Posted.')
  }
  if (waiting) return t('Waiting to post: it goes as soon as you are online.')
  return ''
}

/**
 * The share text of the result (it names no move).
 * @param {ChessRecord} rec
 */
export function shareOf(rec) {
  const posted = keptAnswer(rec.posted)
  return shareText({
    band: rec.band, id: rec.id, daily: rec.daily, found: rec.moves.length, shown: rec.shown || 0,
    mistakes: rec.mistakes, hints: rec.hints, seconds: rec.seconds, solved: rec.state === 'solved',
    replay: Boolean(rec.replay),
    review: Boolean(rec.review),
    place: posted && !posted.about && Number.isInteger(posted.place) ? posted.place : null, // exact only
  }, globalThis.location?.origin ?? '')
}

/**
 * What the results sheet shows: time, mistakes, hints, motifs, streak, rating, note, celebration,
 * next, share. `days`: the days this browser solved a daily (the streak before the server's word).
 * @param {ChessRecord} rec
 * @param {ChessPuzzle} puzzle
 * @param {{ today: string, player: boolean, waiting: boolean, days: string[] }} state
 */
export function resultsOf(rec, puzzle, { today, player, waiting, days }) {
  let streakLine = null
  if (countedDay(rec.daily, today)) {
    const answer = keptAnswer(rec.posted)
    const posted = answer && Number.isInteger(answer.streak) ? answer : null
    const run = posted ? { length: /** @type {number} */ (posted.streak), freezesUsed: posted.freezes_used || 0 } : streakRun(days, today)
    streakLine = run.length ? t('Daily streak: {days}.', { days: streakDays(run) }) : t('No daily streak yet.')
  }
  const change = ratingChange(rec.posted) || ratingChange(rec.missPosted)
  const next = rec.review ? { href: '#/review', text: t('Next review') }
    : rec.replay ? { href: '#/replay', text: t('Next missed puzzle') } : nextOf(rec)
  return {
    title: doneTitle(rec),
    motifs: motifLine(puzzle),
    seconds: rec.seconds,
    mistakes: rec.mistakes,
    hints: rec.hints,
    lichess: `https://lichess.org/training/${encodeURIComponent(rec.id)}`,
    game: gameUrl(puzzle), // null when the bundle doesn't know the source game
    analysis: `#/analysis/${encodeURIComponent(rec.band)}/${encodeURIComponent(rec.id)}`,
    streak: streakLine,
    countdown: Boolean(countedDay(rec.daily, today)), // today's daily is over: the time to the next
    rating: change ? ratingWords(change) : null,
    note: postNote(rec, { today, player, waiting }),
    cheer: celebration(rec, today),
    next,
    share: shareOf(rec),
  }
}
