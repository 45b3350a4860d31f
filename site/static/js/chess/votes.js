/**
 * A player's word on a chess puzzle once it is over (docs/votes.md): a vote, up or down, and a
 * report of a problem with its reason; one word a puzzle, changeable (pressing the chosen one
 * again takes it back). Pure: what a press makes of the word, what is queued to send, and what the
 * note under the buttons says. The controller (ctrl.js) keeps it in the record and queues it in the
 * store's notes (lib/session.js, flushNotes); a guest's waits there for the next sign-in.
 */
/** @import { ChessVoted } from '../api_types.js' */
/** @import { VoteAnswer, VoteWord } from '../chess_types.js' */
import { t } from '../lib/i18n.js'

/**
 * The reasons a report gives, as the API names them (puzzlebook/votes.py REASONS).
 * @type {import('../api_types.js').ChessVoted['reason'][]}
 */
export const REASONS = ['wrong-theme', 'several-moves', 'broken', 'other']

/**
 * The word after pressing `choice` ('up'/'down' for `field` 'vote', a reason for 'reason'): the same again takes it back.
 * @param {VoteWord} word
 * @param {keyof VoteWord} field
 * @param {string} choice
 * @returns {VoteWord}
 */
export function pressed(word, field, choice) {
  return { ...word, [field]: word[field] === choice ? null : choice }
}

/**
 * The notes' item for the word `word` on record `rec`, the `serial`th change; `by`: the player's id, or null for a guest.
 * @param {{ id: string, band: string }} rec
 * @param {VoteWord} word
 * @param {number} serial
 * @param {string | null | undefined} by
 */
export function voteItem(rec, word, serial, by) {
  /** @type {VoteWord & { id: string, band: string, guest?: boolean }} */
  const body = { id: rec.id, band: rec.band, vote: word.vote, reason: word.reason }
  if (!by) body.guest = true // played signed out: the server never had the result (docs/votes.md)
  /** @type {{ key: string, kind: 'vote', method: 'PUT', path: string, body: typeof body, by?: string }} */
  const item = { key: `vote:${rec.band}/${rec.id}#${serial}`, kind: 'vote', method: 'PUT', path: '/chess/votes', body }
  if (by) item.by = by
  return item
}

/**
 * The note under the buttons: where the word is (kept here, on its way, kept, refused).
 * @param {{ word: VoteWord, guest?: boolean, waiting?: boolean, answer?: VoteAnswer | null }} state
 */
export function voteNote({ word, guest, waiting, answer }) {
  const said = Boolean(word.vote || word.reason)
  if (guest) return said ? t('Kept in this browser: it is sent when you sign in.') : ''
  if (waiting) return t('Sending… it goes as soon as you are online.')
  if (answer && 'dropped' in answer) return t('Not kept: {why}', { why: answer.error || t('the server refused it') })
  if (answer?.sent) return said ? t('Thanks: your word is kept.') : t('Taken back.')
  return ''
}

/**
 * What a press says to a screen reader.
 * @param {VoteWord} word
 * @param {keyof VoteWord} field
 * @param {Record<string, string>} names
 */
export function voteWords(word, field, names) {
  if (field === 'vote') return word.vote ? (word.vote === 'up' ? t('Voted good.') : t('Voted not good.')) : t('Vote taken back.')
  return word.reason ? t('Reported: {reason}.', { reason: names[word.reason] }) : t('Report taken back.')
}
