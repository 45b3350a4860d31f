/**
 * Today's daily card on the home view (chess/app.js): swapped in when the page was built on another
 * day (the nightly publishes each day's card), or the day's list from the API while it isn't out,
 * or why there is none; and each daily marked with how far the player got with it.
 */
/** @import { ChessRecord } from '../chess_types.js' */
import { t } from '../lib/i18n.js'
import { bandName } from './words.js'

/**
 * The server's results of today's dailies for the signed-in player (GET /api/me/chess/<day>).
 * @typedef {{ dailies: ({ band: string, id: string, solve?: unknown, miss?: { how?: string } } | null)[], streak: number,
 *   freezes_used?: number }} ServerDay
 */

/**
 * The page was built on another day than today: put today's card in (the nightly publishes it
 * with the day's file), or say why there is none. The build day's board never stays up as today's.
 * @param {HTMLElement} card
 * @param {string} today
 */
export async function swapCard(card, today) {
  let res = null
  try {
    res = await fetch(`/daily/chess/${today}.html`)
  } catch { /* offline */ }
  // The card isn't out yet (the nightly publishes it as the day turns): the API's list of the day's
  // dailies. The module loads only then.
  const file = /** @type {{ dailies?: { band: string, id: string, rating: number }[] } | null} */ (
    res && !res.ok ? await (await import('../lib/daily.js')).apiDaily('chess', today) : null)
  if (res && res.ok) {
    card.innerHTML = await res.text()
    if (typeof PAGE_LANG === 'string' && PAGE_LANG !== 'en') sayCard(card)
  } else if (file && Array.isArray(file.dailies) && file.dailies.length) {
    card.replaceChildren(dailySide(file.dailies, today))
  } else {
    const preview = document.createElement('div')
    preview.className = 'daily-preview'
    preview.id = 'daily-preview'
    const side = document.createElement('div')
    side.className = 'daily-side'
    const list = document.createElement('div')
    list.className = 'daily-list'
    list.id = 'daily-list'
    list.append(paragraph(res
      ? t('Today’s puzzle isn’t published yet. Endless is ready meanwhile.')
      : t('You seem to be offline. Endless and puzzles you have started still play.'), 'muted'))
    side.append(list)
    card.replaceChildren(preview, side)
  }
  card.dataset.day = today
}

/**
 * A day's card as the nightly publishes it (English) in the page's language, as the build says the
 * build day's (sitebuild/words.py, chess_card): its few words, the bands' names among them.
 * @param {HTMLElement} card
 */
function sayCard(card) {
  /** @param {string} selector @param {(text: string) => string} say */
  const each = (selector, say) => {
    for (const el of card.querySelectorAll(selector)) el.textContent = say(el.textContent || '')
  }
  each('.daily-item .visually-hidden', () => t('Today’s puzzle:') + ' ')
  each('.daily-band', bandName)
  each('.daily-state', () => t('Play'))
  each('.daily-rating', (text) => t('Rated {rating}', { rating: text.replace(/\D/g, '') }))
  each('.daily-list > .muted', () => t('No daily today.'))
}

/**
 * The card's list of the day's dailies without its picture: a link to each band's.
 * @param {{ band: string, id: string, rating: number }[]} dailies
 * @param {string} day
 */
function dailySide(dailies, day) {
  const side = document.createElement('div')
  side.className = 'daily-side'
  const list = document.createElement('div')
  list.className = 'daily-list'
  list.id = 'daily-list'
  for (const daily of dailies) {
    const link = document.createElement('a')
    link.className = 'daily-item'
    link.href = `#/daily/${encodeURIComponent(daily.band)}`
    link.dataset.band = daily.band
    link.dataset.id = daily.id
    link.dataset.date = day
    const parts = [['visually-hidden', t('Today’s puzzle:') + ' '], ['daily-band', bandName(daily.band)], ['daily-state', t('Play')],
      ['daily-rating', t('Rated {rating}', { rating: Number(daily.rating) })]]
    for (const [className, text] of parts) {
      const span = document.createElement('span')
      span.className = className
      span.textContent = text
      link.append(span)
    }
    list.append(link)
  }
  side.append(list)
  return side
}

/**
 * Mark a daily of the card with how far the player got with it: this browser's record `rec`, unless
 * it is unfinished and the server's results `mine` (another device's) have more.
 * @param {HTMLElement} item
 * @param {ChessRecord | null} rec
 * @param {ServerDay | null} mine
 */
export function markDaily(item, rec, mine) {
  const theirs = mine && rec?.state !== 'solved' && rec?.state !== 'shown'
    ? mine.dailies.find((d) => d && d.band === item.dataset.band && d.id === item.dataset.id) : null
  let state = t('Play')
  let tone = ''
  if ((rec && rec.state === 'solved') || theirs?.solve) { state = t('Solved'); tone = 'is-solved' }
  else if ((rec && rec.state === 'shown') || theirs?.miss?.how === 'gave-up') { state = t('Shown'); tone = 'is-shown' }
  else if ((rec && rec.started) || theirs?.miss) { state = t('Continue'); tone = 'is-playing' }
  const badge = /** @type {HTMLElement} */ (item.querySelector('.daily-state'))
  badge.textContent = state
  badge.className = `daily-state ${tone}`.trim()
}

/**
 * @param {string} text
 * @param {string} [className]
 */
function paragraph(text, className = '') {
  const p = document.createElement('p')
  if (className) p.className = className
  p.textContent = text
  return p
}
