/**
 * The themes page's "Make your own mix": the view. It looks its elements up once, draws
 * everything from the controller (chess/mix_ctrl.js) in redraw(), and sends the player's
 * intents back. It writes no storage.
 */
import { byIds, el, setText, toast } from '../lib/dom.js'
import { t, tn, href } from '../lib/i18n.js'
/** @import { MixCtrl } from './mix_ctrl.js' */
/** @import { Difficulty, MixUi, SavedMix } from '../chess_types.js' */
/**
 * The view's elements, each of its kind.
 * @typedef {{ mixCard: HTMLDetailsElement, mixForm: HTMLFormElement, mixLow: HTMLInputElement, mixHigh: HTMLInputElement,
 *   mixStep: HTMLSelectElement, mixCount: HTMLElement, mixMessage: HTMLElement, mixPlay: HTMLAnchorElement,
 *   mixName: HTMLInputElement, mixLink: HTMLInputElement, mixCopy: HTMLButtonElement, mixSaved: HTMLElement,
 *   mixSavedBox: HTMLElement, mixShared: HTMLElement, mixSharedName: HTMLElement, mixSharedWhat: HTMLElement,
 *   mixSharedCount: HTMLElement, mixSharedPlay: HTMLAnchorElement }} MixElements
 */

/** @implements {MixUi} */
export class MixView {
  constructor() {
    this.el = /** @type {MixElements} */ (byIds('mix-card', 'mix-form', 'mix-low', 'mix-high', 'mix-step', 'mix-count', 'mix-message',
      'mix-play', 'mix-name', 'mix-link', 'mix-copy', 'mix-saved', 'mix-saved-box',
      'mix-shared', 'mix-shared-name', 'mix-shared-what', 'mix-shared-count', 'mix-shared-play'))
    /** @type {MixCtrl | null} */
    this.ctrl = null
  }

  /**
   * Draw `ctrl` and send it what the player does.
   * @param {MixCtrl} ctrl
   */
  attach(ctrl) {
    this.ctrl = ctrl
    const { el: e } = this
    e.mixForm.addEventListener('change', (event) => {
      const t = /** @type {HTMLInputElement} */ (event.target) // a box, a radio or the step's select
      if (t.name === 'mix-theme') ctrl.toggleTheme(t.value, t.checked)
      else if (t.name === 'mix-kind') ctrl.setKind(t.value)
      else if (t === /** @type {HTMLElement} */ (e.mixStep)) ctrl.setStep(/** @type {Difficulty} */ (t.value))
    })
    e.mixForm.addEventListener('input', (event) => {
      if (event.target === e.mixLow || event.target === e.mixHigh) ctrl.setRange(e.mixLow.value, e.mixHigh.value)
      else if (event.target === e.mixName) ctrl.setName(e.mixName.value)
    })
    e.mixForm.addEventListener('submit', (event) => {
      event.preventDefault()
      ctrl.save()
    })
    e.mixCard.addEventListener('toggle', () => ctrl.setOpen(e.mixCard.open))
    e.mixCopy.addEventListener('click', async () => {
      try {
        await navigator.clipboard.writeText(e.mixLink.value)
        toast(t('Link to the mix copied.'))
      } catch {
        e.mixLink.select()
        toast(t('Copy the selected link.'))
      }
    })
    e.mixSaved.addEventListener('click', (event) => {
      const button = /** @type {HTMLElement | null} */ (/** @type {Element} */ (event.target).closest('button[data-action]'))
      if (!button) return
      const mix = ctrl.saved().find((m) => m.name === button.dataset.name)
      if (!mix) return
      if (button.dataset.action === 'delete') {
        ctrl.remove(mix.name)
        e.mixName.focus()
      } else {
        ctrl.load(mix)
        e.mixName.focus()
      }
    })
    this.redraw()
  }

  /**
   * Said once a mix is kept.
   * @param {string} name
   */
  saved(name) {
    toast(t('Saved “{name}”.', { name }))
  }

  redraw() {
    const ctrl = this.ctrl
    if (!ctrl) return
    const e = this.el
    if (ctrl.open && !e.mixCard.open) e.mixCard.open = true
    for (const box of /** @type {NodeListOf<HTMLInputElement>} */ (e.mixForm.querySelectorAll('input[name="mix-theme"]'))) box.checked = ctrl.themes.includes(box.value)
    for (const radio of /** @type {NodeListOf<HTMLInputElement>} */ (e.mixForm.querySelectorAll('input[name="mix-kind"]'))) radio.checked = radio.value === ctrl.kind
    const ranged = ctrl.kind === 'range'
    e.mixLow.disabled = !ranged
    e.mixHigh.disabled = !ranged
    e.mixStep.disabled = ranged
    // Only what the controller changed is written back, so the field being typed in keeps its caret.
    if (e.mixLow.value !== ctrl.rangeText[0]) e.mixLow.value = ctrl.rangeText[0]
    if (e.mixHigh.value !== ctrl.rangeText[1]) e.mixHigh.value = ctrl.rangeText[1]
    if (e.mixStep.value !== ctrl.step) e.mixStep.value = ctrl.step
    if (e.mixName.value !== ctrl.name) e.mixName.value = ctrl.name
    setText(e.mixCount, ctrl.countWords())
    setText(e.mixMessage, ctrl.message)
    e.mixMessage.hidden = !ctrl.message
    const href = ctrl.playHref()
    e.mixPlay.hidden = !href
    if (href) e.mixPlay.href = href
    e.mixLink.value = ctrl.shareLink(location.origin)
    e.mixCopy.disabled = !e.mixLink.value
    this.drawShared(ctrl, href)
    this.drawSaved(ctrl.saved())
  }

  /**
   * A mix opened from its shared link: its name, its themes and level, the count and Play, at the
   * card's top (the form's own count and Play are below the list of every theme).
   * @param {MixCtrl} ctrl
   * @param {string | null} href
   */
  drawShared(ctrl, href) {
    const e = this.el
    const mix = ctrl.shared ? ctrl.current().mix : undefined
    e.mixShared.hidden = !mix || !href
    if (!mix || !href) return
    const names = mix.themes.map((key) => this.themeName(key))
    setText(e.mixSharedName, mix.name || tn('A mix of {n} theme', 'A mix of {n} themes', names.length))
    setText(e.mixSharedWhat, names.join(', ')) // the level is the count's words
    setText(e.mixSharedCount, ctrl.countWords())
    e.mixSharedPlay.href = href
  }

  /**
   * A theme's name as the form's box for it says it.
   * @param {string} key
   */
  themeName(key) {
    const box = this.el.mixForm.querySelector(`input[name="mix-theme"][value="${CSS.escape(key)}"]`)
    return box?.parentElement?.textContent?.trim() || key
  }

  /** @param {SavedMix[]} mixes */
  drawSaved(mixes) {
    const e = this.el
    e.mixSavedBox.hidden = !mixes.length
    const key = JSON.stringify(mixes.map((m) => m.path))
    if (e.mixSaved.dataset.drawn === key) return
    e.mixSaved.dataset.drawn = key
    e.mixSaved.replaceChildren(...mixes.map((mix) => el('li', { class: 'mix-saved-item' },
      el('span', { class: 'mix-saved-name', text: mix.name }),
      el('span', { class: 'muted', text: tn('{n} theme, {level}', '{n} themes, {level}', mix.themes.length, { level: mix.words }) }),
      el('span', { class: 'mix-saved-actions' },
        el('a', { class: 'button button-primary', href: `${href('/')}#/mix/${mix.path}`, 'aria-label': t('Play {name}', { name: mix.name }), text: t('Play') }),
        el('button', { class: 'button', type: 'button', dataset: { action: 'edit', name: mix.name }, 'aria-label': t('Edit {name}', { name: mix.name }), text: t('Edit') }),
        el('button', { class: 'button button-quiet', type: 'button', dataset: { action: 'delete', name: mix.name }, 'aria-label': t('Delete {name}', { name: mix.name }), text: t('Delete') })))))
  }
}
