import { href } from '../lib/i18n.js'

/**
 * Where a dashboard's Practise button goes: Endless in that theme, at the player's difficulty.
 * @param {string} theme
 */
export function practiseLink(theme) {
  return `${href('/')}#/theme/${encodeURIComponent(theme)}`
}
