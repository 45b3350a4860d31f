/**
 * Reading a server's answer as what it claims to be, never trusting its shape (pure): a game's
 * store keeps only the fields it knows, each checked (chess/store.js, storm/store.js,
 * streak/store.js `summarise`).
 */

/**
 * The answer as an object of fields, or null when it isn't one.
 * @param {unknown} answer
 * @returns {Record<string, unknown> | null}
 */
export function fieldsOf(answer) {
  return answer && typeof answer === 'object' ? /** @type {Record<string, unknown>} */ (answer) : null
}

/**
 * A whole number.
 * @param {unknown} value
 * @returns {value is number}
 */
export const isWhole = (value) => Number.isInteger(value)

/**
 * A finite number.
 * @param {unknown} value
 * @returns {value is number}
 */
export const isNumber = (value) => Number.isFinite(value)
