/* Puzzle Book's service worker, written by the site build (site/templates/sw.js).
 *
 * Immutable files (/static/<hash>/..., hashed shards) come from the cache
 * first; pages, daily files and the bundle's index from the network first,
 * falling back to the cache offline (a page not kept: offline.html, which says
 * so). /api is never touched. On install it
 * fetches the pages, the static files, the index and one shard per band, so
 * Endless and any started puzzle play offline; on install and on every visit
 * of the home page, today's daily files too (keepToday). */
const VERSION = {{ version | tojson }}
const CACHE = 'puzzlebook-' + VERSION
// The pages and bundles precached are those of the language of the page that installed the worker
// (docs/languages.md): the build lists English's (at the root, in js/); a language's are the same
// under its prefix (puzzlebook.languages: /es, /pt-br) and in its own folder of bundles (js-es/).
const PREFIXES = {{ prefixes | tojson }}
const STATIC_JS = {{ (static_prefix ~ 'js/') | tojson }}
const PAGES = new Set({{ pages | tojson }})
const PRECACHE = {{ precache | tojson }}

/** A path's language prefix ('' for English's, at the root). */
function prefixOf(path) {
  return PREFIXES.find((prefix) => path === prefix || path.startsWith(prefix + '/')) || ''
}

/** English's page or bundle `url` in the language of `prefix`. */
function inLanguage(url, prefix) {
  if (!prefix) return url
  if (url.startsWith(STATIC_JS)) return STATIC_JS.slice(0, -1) + prefix.replace('/', '-') + url.slice(STATIC_JS.length - 1)
  return PAGES.has(url) ? prefix + url : url
}

/** The language of the page that registered the worker, from its address. */
async function installersPrefix() {
  const [page] = await self.clients.matchAll({ type: 'window', includeUncontrolled: true })
  return page ? prefixOf(new URL(page.url).pathname) : ''
}
// Files fetched at once on install: the whole list in one go was a burst of some 150 requests,
// which a phone's connection and cores share with whatever the page does next.
const AT_ONCE = 4

self.addEventListener('install', (event) => {
  event.waitUntil((async () => {
    const cache = await caches.open(CACHE)
    const prefix = await installersPrefix().catch(() => '')
    const queue = PRECACHE.map((url) => inLanguage(url, prefix))
    const fetchNext = async () => {
      while (queue.length) {
        // One failed file must not stop the rest: each is fetched on its own.
        await cache.add(new Request(queue.shift(), { cache: 'reload' })).catch(() => {})
      }
    }
    await Promise.all(Array.from({ length: AT_ONCE }, fetchNext))
    await keepToday().catch(() => {})
    await self.skipWaiting()
  })())
})

self.addEventListener('activate', (event) => {
  event.waitUntil((async () => {
    const names = await caches.keys()
    const mine = await caches.open(CACHE)
    for (const name of names) {
      if (name === CACHE || !name.startsWith('puzzlebook-')) continue
      // Carry over shards and pages fetched under the old version, then drop it.
      const old = await caches.open(name)
      for (const request of await old.keys()) {
        if (new URL(request.url).pathname.startsWith('/shards/') && !(await mine.match(request))) {
          const response = await old.match(request)
          if (response) await mine.put(request, response)
        }
      }
      await caches.delete(name)
    }
    await self.clients.claim()
  })())
})

/**
 * Today's daily files (for each game the last day /daily/index.json lists that is not after the
 * player's own date: the index may list a day that has begun in an earlier zone), in the cache. The
 * home page shows today's Chain and Storm but never asks for their files, so without this Chain
 * didn't open offline after a home visit. A file already kept is not asked for again.
 */
async function keepToday() {
  const cache = await caches.open(CACHE)
  const res = await fetch('/daily/index.json', { cache: 'no-cache' })
  if (!res.ok) return
  await cache.put('/daily/index.json', res.clone())
  const index = await res.json()
  // The player's date, as lib/dates.js playerDay writes it (this worker imports no modules).
  const now = new Date()
  const pad = (n, width = 2) => String(n).padStart(width, '0')
  const mine = `${pad(now.getFullYear(), 4)}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`
  for (const [game, days] of Object.entries(index)) {
    const today = Array.isArray(days) ? days.filter((day) => typeof day === 'string' && day <= mine).at(-1) : null
    if (typeof today !== 'string' || !/^[a-z]+$/.test(game)) continue
    const url = `/daily/${game}/${today}.json`
    if (await cache.match(url)) continue
    const file = await fetch(url)
    if (file.ok) await cache.put(url, file)
  }
}

function immutable(path) {
  return path.startsWith('/static/') || (/^\/shards\/.+\.[0-9a-f]{12}\.json$/).test(path)
}

async function cacheFirst(request) {
  const cache = await caches.open(CACHE)
  const hit = await cache.match(request)
  if (hit) return hit
  const response = await fetch(request)
  if (response.ok) cache.put(request, response.clone())
  return response
}

async function networkFirst(request, fallback) {
  const cache = await caches.open(CACHE)
  try {
    const response = await fetch(request)
    if (response.ok) cache.put(request, response.clone())
    return response
  } catch (error) {
    const hit = await cache.match(request, { ignoreSearch: true })
    if (hit) return hit
    if (fallback) {
      const page = await cache.match(fallback)
      if (page) return page
    }
    throw error
  }
}

self.addEventListener('fetch', (event) => {
  const request = event.request
  if (request.method !== 'GET') return
  const url = new URL(request.url)
  if (url.origin !== self.location.origin || url.pathname.startsWith('/api/')) return
  if (immutable(url.pathname)) {
    event.respondWith(cacheFirst(request))
  } else {
    // A page never kept here (History, Account: kept once visited online) says it isn't available
    // offline, under its own address: never the home page in its place (issue 40).
    const prefix = prefixOf(url.pathname)
    event.respondWith(networkFirst(request, request.mode === 'navigate' ? prefix + '/offline.html' : null))
    // A visit of the home page (online) keeps today's files for offline play, after the page.
    if (request.mode === 'navigate' && url.pathname === prefix + '/') event.waitUntil(keepToday().catch(() => {}))
  }
})
