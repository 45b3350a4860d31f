/**
 * A Lichess theme's name: the catalogue's (puzzlebook/chess/themes.py, copied by the build into
 * theme_names.js), else words made from its key ("backRankMate" → "Back rank mate").
 */
import { THEME_NAMES } from './theme_names.js'

/** @param {string} key */
export function themeWords(key) {
  if (Object.hasOwn(THEME_NAMES, key)) return THEME_NAMES[key]
  const words = String(key).replace(/([a-z])([A-Z0-9])/g, '$1 $2').replace(/([0-9])([A-Za-z])/g, '$1 $2').toLowerCase()
  return words.charAt(0).toUpperCase() + words.slice(1)
}
