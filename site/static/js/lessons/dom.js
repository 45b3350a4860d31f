/**
 * Building the lesson pages' DOM from a teacher's texts. Every text goes in as
 * textContent, never as HTML: a title like "<img onerror=…>" shows as typed.
 *
 *   el('p', { class: 'muted', text: 'Hello' }, child, …) -> the element
 */

export function el(tag, props = {}, ...children) {
  const node = document.createElement(tag)
  for (const [key, value] of Object.entries(props)) {
    if (value === undefined || value === null || value === false) continue
    if (key === 'text') node.textContent = value
    else if (key === 'class') node.className = value
    else if (key === 'hidden') node.hidden = Boolean(value)
    else if (key === 'dataset') Object.assign(node.dataset, value)
    else node.setAttribute(key, value === true ? '' : String(value))
  }
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue
    node.append(typeof child === 'string' ? document.createTextNode(child) : child)
  }
  return node
}

export const $ = (id) => document.getElementById(id)

/** "1 puzzle", "3 puzzles". */
export function plural(n, word) {
  return `${n} ${word}${n === 1 ? '' : 's'}`
}

/** A date-time stamp ("2026-11-02T12:00:00Z") as "2 Nov 2026". */
export function shortDate(stamp) {
  const date = new Date(stamp)
  if (Number.isNaN(date.getTime())) return ''
  return date.toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric' })
}

/** Copy `text` to the clipboard; true when it worked. */
export async function copyText(text) {
  try {
    await navigator.clipboard.writeText(text)
    return true
  } catch {
    return false
  }
}
