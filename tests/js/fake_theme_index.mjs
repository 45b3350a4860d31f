// A small chess bundle with its theme index, in the format the build writes (docs/bundle.md, "The
// theme index"), served by a fetcher as bundle.js asks for it: the Medium band in two shards of
// [id, fen, moves, rating, themes], a theme file for each of `themes`, `retired` ({id: kept twin})
// left out of them.
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_'

/** `n` in `width` characters of the index's alphabet, as the build writes a place or a rating. */
export const enc = (n, width) => Array.from({ length: width }, (_, i) => ALPHABET[(n >> (6 * (width - 1 - i))) & 63]).join('')

export function fakeBundle(shards, themes, { retired = {} } = {}) {
  const rows = shards.flat()
  const files = {
    'index.json': {
      bands: { Medium: { low: 1400, high: 1800, shards: 2, count: rows.length } },
      files: { Medium: ['Medium/0.h.json', 'Medium/1.h.json'] },
      duplicates: retired,
      themes: { format: 1, ratings: { Medium: 'themes/ratings-Medium.h.json' }, files: {}, counts: {} },
    },
    'Medium/0.h.json': shards[0],
    'Medium/1.h.json': shards[1],
    'themes/ratings-Medium.h.json': { sizes: shards.map((s) => s.length), ratings: rows.map((r) => enc(r[3], 2)).join('') },
  }
  for (const theme of themes) {
    const places = rows.map((r, place) => [r, place]).filter(([r]) => !retired[r[0]] && r[4].split(' ').includes(theme))
    files[`themes/${theme}.h.json`] = { theme, bands: { Medium: places.map(([, p]) => enc(p, 3)).join('') } }
    files['index.json'].themes.files[theme] = `themes/${theme}.h.json`
  }
  return async (url) => {
    const name = url.replace('/shards/', '')
    if (!(name in files)) return { ok: false, status: 404, json: async () => null }
    return { ok: true, status: 200, json: async () => structuredClone(files[name]) }
  }
}
