/**
 * The page's elements, for every module that draws: finding them ($, byIds: a view looks its
 * elements up once), making them (el: every text goes in as textContent, never as HTML, so a
 * title like "<img onerror=…>" shows as typed), writing text only when it changed (setText),
 * and the two places every page has for words: the polite aria-live region #announcer
 * (announce) and the shelf of short notes #toasts (toast).
 */

/** @import { Announcer, Child, ElementsById, ElProps } from '../dom_types.js' */

/**
 * The page's element with `id`. Typed as there: the page's template holds every id its modules
 * look up (a module that runs where one may be missing checks for null itself). An element the
 * DOM can't know the kind of is cast where it is used: `/** @type {HTMLInputElement} *\/ ($('name'))`.
 * @param {string} id
 * @returns {HTMLElement}
 */
export const $ = (id) => /** @type {HTMLElement} */ (document.getElementById(id))

/**
 * A view's elements, looked up once: byIds('play-status', 'board') -> { playStatus, board }.
 * @template {string} Id
 * @param {...Id} ids
 * @returns {ElementsById<Id>}
 */
export function byIds(...ids) {
  /** @type {Record<string, HTMLElement>} */
  const out = {}
  for (const id of ids) out[id.replace(/-(\w)/g, (_, c) => c.toUpperCase())] = $(id)
  return /** @type {ElementsById<Id>} */ (out)
}

/**
 * A new element: el('p', { class: 'muted', text: 'Hello' }, child, …). `text` is its
 * textContent, `class` its className, `hidden` and `dataset` what they say, anything else an
 * attribute (true: present and empty; null, undefined or false: left out).
 */
/**
 * @template {keyof HTMLElementTagNameMap} Tag
 * @param {Tag} tag
 * @param {ElProps} [props]
 * @param {...Child} children
 * @returns {HTMLElementTagNameMap[Tag]}
 */
export function el(tag, props = {}, ...children) {
  const node = document.createElement(tag)
  for (const [key, value] of Object.entries(props)) {
    if (value === undefined || value === null || value === false) continue
    // The DOM writes a number's digits itself (text: 3 is "3").
    if (key === 'text') node.textContent = /** @type {string} */ (value)
    else if (key === 'class') node.className = /** @type {string} */ (value)
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

/**
 * Write `text` into `node` only when it differs (a redraw four times a second touches nothing unchanged).
 * @param {Node} node
 * @param {string} text
 */
export function setText(node, text) {
  if (node.textContent !== text) node.textContent = text
}

/**
 * Say `text` through #announcer; the same text twice in a row is still spoken.
 * @param {string} text
 */
export function announce(text) {
  /** @type {Announcer | null} */
  const region = $('announcer')
  if (!region || !text) return
  // Emptying first, then writing on the next frame, makes a repeated message
  // a change the screen reader reads again.
  // The timer is kept on the region, not in this module: a page's bundles may each hold a copy of
  // the module (sitebuild/bundle.py), and every copy must clear the one region's one timer.
  region.textContent = ''
  clearTimeout(region.clearTimer)
  requestAnimationFrame(() => {
    region.textContent = text
    region.clearTimer = setTimeout(() => { region.textContent = '' }, 7000)
  })
}

/**
 * Show `text` briefly at the foot of the screen (in #toasts), and announce it unless `speak` is false.
 * @param {string} text
 * @param {{ ms?: number, speak?: boolean }} [options]
 */
export function toast(text, { ms = 3200, speak = true } = {}) {
  const shelf = $('toasts')
  if (speak) announce(text)
  if (!shelf || !text) return
  const note = document.createElement('div')
  note.className = 'toast'
  note.textContent = text
  shelf.append(note)
  setTimeout(() => {
    note.classList.add('is-leaving')
    setTimeout(() => note.remove(), 300)
  }, ms)
}
