/**
 * What the class page's views share of the page: an element of the template, of the kind it is
 * there (checked, so a view's fields are typed as what they are), and saving a file the page made
 * (the results' and the heatmap's CSV).
 */
import { el } from '../lib/dom.js'

/**
 * The template's element `id`, which is a `kind` (HTMLInputElement, …); an Error when it isn't
 * (the template and its view disagree).
 * @template {HTMLElement} T
 * @param {string} id
 * @param {{ new (): T, prototype: T }} kind
 * @returns {T}
 */
export function element(id, kind) {
  const node = document.getElementById(id)
  if (!(node instanceof kind)) throw new Error(`#${id} is not the ${kind.name} the class page's view expects`)
  return node
}

/**
 * Save `parts` (a file's text) as a file named `name`, as a download.
 * @param {BlobPart[]} parts
 * @param {string} name
 */
export function saveFile(parts, name) {
  const blob = new Blob(parts, { type: 'text/csv;charset=utf-8' })
  const link = el('a', { href: URL.createObjectURL(blob), download: name })
  document.body.append(link)
  link.click()
  link.remove()
  setTimeout(() => URL.revokeObjectURL(link.getAttribute('href') || ''), 10_000)
}
