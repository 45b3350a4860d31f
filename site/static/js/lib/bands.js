/**
 * The chess bands' names as the page's language says them. The registry's names (js/games.js,
 * BANDS) stay what addresses, boards and the API key on; a page shows a band through bandWords.
 */
import { t } from './i18n.js'

/** @type {Readonly<Record<string, string>>} */
const WORDS = { Beginner: t('Beginner'), Easy: t('Easy'), Medium: t('Medium'), Hard: t('Hard'), Expert: t('Expert') }

/**
 * A band's name in words ("Easy", "Fácil"); a name that isn't a band's as it is.
 * @param {string} band
 */
export function bandWords(band) {
  return WORDS[band] ?? band
}
