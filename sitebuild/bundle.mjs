// The site's ES modules bundled by esbuild's JavaScript API, for sitebuild/bundle.py (which says
// why and how). Reads one JSON object on stdin:
//   { esbuild: the file: URL of node_modules' esbuild, views: { name: [entry paths under src] },
//     shared: [paths under src], runs: [{ src: folder holding static/'s files, out: folder to write
//     to, maps: whether to write source maps, lang: the language's code, PAGE_LANG in the modules }] }
// and for each run writes js/pages/<name>.js for each view, then every module imported with
// import() (and every shared module) bundled at its own path, with a .map beside each when asked.
// Prints the paths each run wrote, as JSON (a list per run). A module's static imports are bundled
// into it; an import() and a shared module stay imports of their own file, by a path relative to
// the file that imports them.
import { readFileSync, writeFileSync, mkdirSync } from 'node:fs'
import path from 'node:path'

const job = JSON.parse(readFileSync(0, 'utf8'))
const { build } = await import(job.esbuild) // node_modules may be anywhere: the build says where
const shared = new Set(job.shared)

/** Bundles the views of the sources in `src` into `out`; the paths written. */
async function bundleAll(srcDir, out, sourcemap, lang) {
  const src = path.resolve(srcDir)
  const wanted = [] // modules to bundle at their own path, in the order first found
  const written = []
  const rel = (file) => path.relative(src, file).split(path.sep).join('/')
  const want = (name) => { if (!wanted.includes(name)) wanted.push(name) }

  /** Keeps import() and shared modules as imports of their own bundled files. */
  function ownFiles(outName) {
    return {
      name: 'own-files',
      setup(b) {
        b.onResolve({ filter: /^\.\.?\// }, (args) => {
          if (args.kind !== 'dynamic-import' && args.kind !== 'import-statement') return undefined
          const target = path.resolve(args.resolveDir, args.path)
          const name = rel(target)
          if (args.kind === 'import-statement' && !shared.has(name)) return undefined
          if (name === outName) return undefined
          want(name)
          let spec = path.relative(path.dirname(path.join(src, outName)), target).split(path.sep).join('/')
          if (!spec.startsWith('.')) spec = './' + spec
          return { path: spec, external: true }
        })
      },
    }
  }

  async function bundle(entry, outName) {
    const outfile = path.join(out, outName)
    await build({
      entryPoints: [path.join(src, entry)], outfile, bundle: true, format: 'esm', minify: true,
      sourcemap, charset: 'utf8', logLevel: 'error', plugins: [ownFiles(outName)],
      define: { PAGE_LANG: JSON.stringify(lang) }, // lib/i18n.js's LANG, decided as the bundle is made
    })
    written.push(outName)
    if (sourcemap) written.push(outName + '.map')
  }

  for (const [name, entries] of Object.entries(job.views)) {
    // The view's one module: its entries in the order the page had their scripts.
    const entry = `js/pages/${name}.js`
    const file = path.join(src, entry)
    mkdirSync(path.dirname(file), { recursive: true })
    writeFileSync(file, entries.map((e) => `import ${JSON.stringify(path.posix.relative('js/pages', e))}\n`).join(''))
    await bundle(entry, entry)
  }
  for (let i = 0; i < wanted.length; i++) await bundle(wanted[i], wanted[i]) // grows while walked
  return written
}

// One run per language: English's sources with their maps, then each language's copy of them
// (its words written in: sitebuild/js_messages.py), without maps (English's map the same code).
const done = []
for (const run of job.runs) done.push(await bundleAll(run.src, run.out, run.maps, run.lang))
process.stdout.write(JSON.stringify(done))
