/**
 * The player's language, once chosen (docs/languages.md, "Choosing a language").
 *
 * Every page's footer has the language menu: the same page in each language, each link's address
 * ending in `?chosen` (a query the CDN's cache key and the local server leave out, so the page is
 * the cached one). The page so opened keeps its language in the `pb_lang` cookie, which the site's root reads to send the player to their language's
 * home (the local server's and the CDN's one rule, puzzlebook.languages.root_redirect), and for a
 * signed-in player on the server too (PUT /api/me/language), so it follows them: signing in on
 * another device takes it back from /api/me (`follow`). Loaded on a choice or a change of player
 * only (site.js).
 */
import { call, getPlayer } from './api.js'
import { LANG } from './i18n.js'

const COOKIE = 'pb_lang'
const YEAR_S = 365 * 24 * 3600

/**
 * Keep `code` as this browser's language.
 * @param {string} code
 */
export function remember(code) {
  const secure = location.protocol === 'https:' ? '; Secure' : ''
  document.cookie = `${COOKIE}=${encodeURIComponent(code)}; Path=/; Max-Age=${YEAR_S}; SameSite=Lax${secure}`
}

/**
 * Keep `code` for the signed-in player on the server (nothing for a guest); never throws.
 * @param {string} code
 */
async function keepForPlayer(code) {
  if (getPlayer()) await call('/me/language', { method: 'PUT', body: { language: code } })
}

/**
 * This page was opened from the language menu (its address ends in `?chosen`, which leaves the
 * address): its language is the player's choice, kept here and for a signed-in player.
 */
export async function chosen() {
  history.replaceState(history.state, '', location.pathname + location.hash)
  remember(LANG)
  await keepForPlayer(LANG)
}

/**
 * A player signed in (or made) on this device: their language, from /api/me, kept here, so the
 * site's root and the next visit open in it. The page the player is on stays as it is: it may be
 * saying something (what a sign-in kept, a class joined); its language menu goes elsewhere.
 */
export async function follow() {
  if (!getPlayer()) return
  const me = await call('/me')
  if (me.status !== 200) return
  const { language } = /** @type {{ language?: string | null }} */ (me.data)
  if (language) {
    remember(language)
  } else { // a player with no language yet takes this page's
    remember(LANG)
    await keepForPlayer(LANG)
  }
}
