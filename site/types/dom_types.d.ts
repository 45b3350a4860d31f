// What lib/dom.js's helpers take and give: the shapes a view's elements and new elements come in.

/** An element id as byIds names it: 'play-status' -> 'playStatus' (each "-x" becomes "X"). */
export type CamelCase<S extends string> = S extends `${infer Head}-${infer Tail}`
  ? `${Head}${Capitalize<CamelCase<Tail>>}`
  : S

/** byIds's answer for `Id`s: each element by its id in camelCase. */
export type ElementsById<Id extends string> = { [K in Id as CamelCase<K>]: HTMLElement }

/** An attribute's value for el(): true is present and empty; null, undefined and false leave it out. */
export type AttrValue = string | number | boolean | null | undefined

/** el()'s props: `text` its textContent, `class` its className, `hidden`, `dataset`, and any attribute. */
export interface ElProps {
  text?: string | number | null | false
  class?: string | null | false
  hidden?: boolean | null
  dataset?: Record<string, string>
  [attribute: string]: AttrValue | Record<string, string>
}

/** What el() appends: a node, a string as a text node; null, undefined and false are skipped. */
export type Child = Node | string | null | undefined | false

/** #announcer, which keeps its own timer (every copy of lib/dom.js a page's bundles hold clears the one). */
export interface Announcer extends HTMLElement {
  clearTimer?: ReturnType<typeof setTimeout>
}
