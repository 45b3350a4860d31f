/**
 * Sheets: <dialog class="sheet"> elements (the `sheet` macro in
 * templates/_macros.html) shown as a modal card on a laptop and a sheet from
 * the bottom on a phone.
 *
 * openSheet(idOrElement) shows one modally; closeSheet closes it,
 * closeAllSheets every open one. Buttons with `data-close` inside a sheet
 * close it, as do Escape and a click on the backdrop. The document hears `sheet:open` and `sheet:close` (the chess
 * clock stops while any sheet is open). anySheetOpen() says if one is.
 */

/**
 * A sheet (a <dialog class="sheet">), or null when its id is not on the page.
 * @param {string | HTMLElement} sheet a sheet or its id
 * @returns {HTMLDialogElement | null}
 */
function resolve(sheet) {
  return /** @type {HTMLDialogElement | null} */ (typeof sheet === 'string' ? document.getElementById(sheet) : sheet)
}

export function anySheetOpen() {
  return document.querySelector('dialog.sheet[open]') !== null
}

/** @param {string | HTMLElement} sheet */
export function openSheet(sheet) {
  const el = resolve(sheet)
  if (!el || el.open) return el
  wire(el)
  el.showModal()
  document.dispatchEvent(new CustomEvent('sheet:open', { detail: { id: el.id } }))
  return el
}

/**
 * @param {string | HTMLElement} sheet
 * @param {string} [value] its returnValue
 */
export function closeSheet(sheet, value = '') {
  const el = resolve(sheet)
  if (el && el.open) el.close(value)
}

/** Close every open sheet (leaving a view). */
export function closeAllSheets() {
  for (const sheet of document.querySelectorAll('dialog.sheet[open]')) closeSheet(/** @type {HTMLDialogElement} */ (sheet))
}

/** @param {HTMLDialogElement} el */
function wire(el) {
  if (el.dataset.wired) return
  el.dataset.wired = '1'
  el.addEventListener('click', (event) => {
    if (event.target === el) el.close('backdrop') // a click outside the card
    const closer = /** @type {HTMLElement | null} */ (/** @type {Element} */ (event.target).closest('[data-close]'))
    if (closer && el.contains(closer)) el.close(closer.dataset.close || 'close')
  })
  el.addEventListener('close', () => {
    document.dispatchEvent(new CustomEvent('sheet:close', { detail: { id: el.id, value: el.returnValue } }))
  })
}
