/**
 * Whom the signed-in player follows, for another page to offer them something (the live race's "send
 * to the people you follow"): one call of GET /api/follows, read field by field. Only those who share
 * their results now (following not turned off) are listed; there is no one else to list (no search).
 */
import { call as apiCall, reason } from '../lib/api.js'
import { t } from '../lib/i18n.js'

/** @import { SocialCall } from '../friends_types.js' */
/** @import { FollowList } from '../api_types.js' */

/**
 * @param {SocialCall} [call] lib/api.js's, or a test's
 * @returns {Promise<{ ok: true, people: { id: string, name: string, followsYou: boolean }[] } | { ok: false, error: string }>}
 */
export async function peopleYouFollow(call = apiCall) {
  const answer = await call('/follows')
  const list = /** @type {Partial<FollowList> | null} */ (answer.data)
  if (answer.status !== 200 || !list || !Array.isArray(list.follows)) {
    return { ok: false, error: reason(answer, t('The people you follow couldn’t be loaded just now.')) }
  }
  const people = list.follows
    .filter((p) => p && typeof p.id === 'string' && typeof p.name === 'string' && p.sharing)
    .map((p) => ({ id: p.id, name: p.name, followsYou: Boolean(p.follows_you) }))
  return { ok: true, people }
}
