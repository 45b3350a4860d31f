// lib/i18n.js: a message's values filled in, and a count's form by the language's rule (English's
// two written ones, or a translation's forms by CLDR category, as the build writes them).
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { t, tn, number, dayWords, href, LANG } from '../../site/static/js/lib/i18n.js'

test('unbundled, the modules speak English at the root', () => {
  assert.equal(LANG, 'en')
  assert.equal(href('/chain/'), '/chain/')
})

test('values are filled in by name, a name without one left as it is', () => {
  assert.equal(t('Solved in {time}', { time: '0:42' }), 'Solved in 0:42')
  assert.equal(t('{a} and {b}', { a: 1 }), '1 and {b}')
  assert.equal(t('No values'), 'No values')
})

test("English's two forms: one for 1, the other otherwise, the count written in", () => {
  assert.equal(tn('{n} puzzle', '{n} puzzles', 1), '1 puzzle')
  assert.equal(tn('{n} puzzle', '{n} puzzles', 0), '0 puzzles')
  assert.equal(tn('{n} puzzle', '{n} puzzles', 1234), '1,234 puzzles')
})

test("a translation's forms by CLDR category, picked by Intl.PluralRules", () => {
  // As the build writes Russian's into its bundles; here the rule is English's (LANG), so 'one'
  // for 1 and 'other' for the rest, and a category the forms lack falls back to 'other'.
  const forms = { one: '{n} задача', few: '{n} задачи', many: '{n} задач', other: '{n} задачи' }
  assert.equal(tn(forms, '', 1), '1 задача')
  assert.equal(tn(forms, '', 5), '5 задачи')
  assert.equal(tn({ one: 'un', many: 'beaucoup' }, '', 7), 'beaucoup', 'the last form when none fits')
})

test('numbers and days through Intl', () => {
  assert.equal(number(12345), '12,345')
  assert.equal(dayWords('2025-10-19', { weekday: 'long', day: 'numeric', month: 'long' }), 'Sunday, October 19')
})
