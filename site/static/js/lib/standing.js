import { t } from './i18n.js'

/**
 * Where a result stands on a board, in words: what a board row, the boards page's own line and a
 * game's result sheet all say of the `place`, `about` and `top` the API and places.js give
 * (docs/api.md, "A post's place"): "#8", "about #3975" (known within 1%), "top 2%" (a board too big
 * to read whole), or null when it isn't known yet (the board had no snapshot when it was posted).
 * @param {{ place?: number | null, about?: boolean | null, top?: number | null }} [standing]
 * @returns {string | null}
 */
export function placeText({ place, about, top } = {}) {
  if (Number.isInteger(place)) return about ? t('about #{place}', { place: String(place) }) : `#${place}`
  if (Number.isInteger(top)) return t('top {n}%', { n: String(top) })
  return null
}
