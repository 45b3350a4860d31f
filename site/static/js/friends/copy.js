/**
 * Copy a read-only link's text (a follow link, a club's join link): to the clipboard, else selected in
 * its box to copy by hand; said either way.
 */
import { toast } from '../lib/dom.js'
import { t } from '../lib/i18n.js'

/**
 * @param {HTMLInputElement} input
 * @param {string} words what is said once it is copied
 */
export async function copyText(input, words) {
  try {
    await navigator.clipboard.writeText(input.value)
    toast(words)
  } catch {
    input.select()
    toast(t('Copy the selected link.'))
  }
}
