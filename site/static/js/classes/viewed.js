/**
 * A student's dashboard and history, as their teacher sees them: the dashboard and history pages
 * with ?class=<id>&student=<id> read the student's figures from the class's routes
 * (GET /api/classes/<id>/students/<id>/dashboard and …/history: the same figures and lines the
 * student reads of their own) instead of the player's own. Only the class's teacher may read them;
 * anyone else, or a student who left the class or was removed, gets the server's plain 404 words.
 *
 *   const viewed = viewedOf(location.search)   // null on the player's own pages
 *   await viewed.describe()                    // { name, className } from the class, or {}
 */
import { t } from '../lib/i18n.js'
import { call } from '../lib/api.js'

/** @import { ClassCall, ClassOut, Viewed, ViewedWho } from '../classes_types.js' */

/** @type {ClassCall} */
const request = call // lib/api.js's, as the class pages send it

const CLASS_ID = /^[A-Za-z0-9_-]{16}$/
const PLAYER_ID = /^[0-9a-f]{16}$/

/**
 * The student being viewed from `search` (location.search): { classId, studentId, … } with their
 * API paths and page links, or null when the address names no class and student. A malformed id is
 * still returned (its reads answer 404 in the server's words), so a broken link says so.
 * @param {string} search
 * @returns {Viewed | null}
 */
export function viewedOf(search) {
  const params = new URLSearchParams(search)
  const classId = params.get('class')
  const studentId = params.get('student')
  if (classId === null && studentId === null) return null
  const c = encodeURIComponent(classId || '')
  const s = encodeURIComponent(studentId || '')
  const base = `/classes/${c}/students/${s}`
  return {
    classId: classId || '',
    studentId: studentId || '',
    wellFormed: CLASS_ID.test(classId || '') && PLAYER_ID.test(studentId || ''),
    dashboardPath: (days) => `${base}/dashboard?days=${days}`,
    historyPath: (query) => base + '/history' + (query ? '?' + query : ''),
    page: (name) => `/${name}/?class=${c}&student=${s}`,
    classPage: `/classes/class/?id=${c}`,
    assignPage: (theme) => `/classes/class/?id=${c}&assign=${encodeURIComponent(theme)}`,
    async describe() {
      if (!this.wellFormed) return {}
      const got = await request(`/classes/${c}`)
      const klass = got.status === 200 ? /** @type {ClassOut | null} */ (got.data) : null
      if (!klass || klass.role !== 'teacher') return {}
      const student = (klass.students || []).find((m) => m.id === studentId)
      return { className: klass.name, name: student ? student.name : undefined }
    },
  }
}

/**
 * The page's lede to the teacher: `lede` (a sentence about the student), then the class's.
 * @param {ViewedWho} who
 * @param {string} lede
 */
export function viewedLede(who, lede) {
  return who.className ? lede + ' ' + t('You see this as their teacher in {name}.', { name: who.className }) : lede
}

/**
 * One of two whole sentences: `named` with the student's {name} when the class names them, else
 * `unnamed` (about "this student"). Each language writes its own: no possessive glued on a name.
 * @param {ViewedWho} who
 * @param {(name: string) => string} named
 * @param {() => string} unnamed
 */
export function aboutStudent(who, named, unnamed) {
  return who.name ? named(who.name) : unnamed()
}
