/**
 * Tables that change their CSS display on a phone (a board's rows drawn as
 * two lines, a field table stacked) lose their table semantics in some
 * browsers' accessibility trees. Giving every part its table role explicitly
 * keeps them tables to a screen reader, whatever CSS does.
 *
 *   keepTableRoles(table)   table, rowgroup, row, columnheader/rowheader, cell
 *   keepAllTableRoles(root) the same for every table[data-reflow] in root
 */

/** @type {Record<string, string>} */
const ROLES = { THEAD: 'rowgroup', TBODY: 'rowgroup', TFOOT: 'rowgroup', TR: 'row', TD: 'cell' }

/** @param {HTMLTableCellElement} th */
function headerRole(th) {
  if (th.scope === 'row') return 'rowheader'
  if (th.scope === 'col' || th.closest('thead')) return 'columnheader'
  return th.cellIndex === 0 ? 'rowheader' : 'columnheader'
}

/**
 * @template {HTMLElement} T
 * @param {T} table a table (any element drawn as one)
 * @returns {T}
 */
export function keepTableRoles(table) {
  table.setAttribute('role', 'table')
  for (const part of table.querySelectorAll('thead, tbody, tfoot, tr, th, td')) {
    if (part.closest('table') !== /** @type {HTMLElement} */ (table)) continue // a table inside a cell keeps its own
    part.setAttribute('role', part.tagName === 'TH' ? headerRole(/** @type {HTMLTableCellElement} */ (part)) : ROLES[part.tagName])
  }
  return table
}

/** @param {ParentNode} [root] */
export function keepAllTableRoles(root = document) {
  for (const table of root.querySelectorAll('table[data-reflow]')) keepTableRoles(/** @type {HTMLTableElement} */ (table))
}
