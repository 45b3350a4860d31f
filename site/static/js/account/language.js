/**
 * The account page's language card (docs/languages.md, "Choosing a language"): the language kept
 * for the player (GET /api/me's `language`), which follows them to every device they sign in on, and
 * a choice of another. Keeping one sends it with PUT /api/me/language, keeps it in this browser's
 * cookie as the language menu does (lib/language.js), and opens this page in it. The languages and
 * their pages are the template's (each option's own name, and its page's address in `data-page`).
 */
import { call, reason } from '../lib/api.js'
import { LANG, t } from '../lib/i18n.js'
import { remember } from '../lib/language.js'
import { $ } from '../lib/dom.js'
/** @import { Answer } from '../answer_types.js' */
/** @import { LanguageKept } from '../api_types.js' */

const choice = /** @type {HTMLSelectElement} */ ($('language-choice'))

/** @param {string} code @returns {HTMLOptionElement | undefined} */
const optionOf = (code) => [...choice.options].find((o) => o.value === code)

/**
 * Say which language is kept for the player (null: none chosen yet, so the page's is theirs).
 * @param {string | null | undefined} code
 */
export function showLanguage(code) {
  const kept = code ? optionOf(code) : undefined
  $('language-kept').textContent = kept
    ? t('Kept for you: {language}.', { language: kept.text })
    : t('None kept yet: choosing one keeps it for you.')
  choice.value = kept ? kept.value : LANG
}

$('language-form').addEventListener('submit', async (event) => {
  event.preventDefault()
  const option = optionOf(choice.value)
  if (!option) return
  const submit = /** @type {HTMLButtonElement} */ ($('language-form').querySelector('button'))
  $('language-error').textContent = ''
  submit.disabled = true
  try {
    const answer = /** @type {Answer<LanguageKept>} */ (await call('/me/language', { method: 'PUT', body: { language: option.value } }))
    if (answer.status !== 200) {
      $('language-error').textContent = reason(answer, t('Your language couldn’t be kept just now. Try again in a moment.'))
      return
    }
    remember(option.value)
    if (option.value === LANG) showLanguage(option.value)
    else location.assign(option.dataset.page || '/')
  } finally {
    submit.disabled = false
  }
})
