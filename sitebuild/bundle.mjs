// The site's ES modules bundled by esbuild's JavaScript API, for sitebuild/bundle.py (which says
// why and how). Reads one JSON object on stdin:
//   { esbuild: the file: URL of node_modules' esbuild, src: folder holding static/'s files, out: folder to write to,
//     views: { name: [entry paths under src] }, shared: [paths under src] }
// and writes js/pages/<name>.js for each view, then every module imported with import() (and
// every shared module) bundled at its own path, each with a .map beside it. Prints the paths
// written as JSON. A module's static imports are bundled into it; an import() and a shared module
// stay imports of their own file, by a path relative to the file that imports them.
import { readFileSync, writeFileSync, mkdirSync } from 'node:fs'
import path from 'node:path'

const job = JSON.parse(readFileSync(0, 'utf8'))
const { build } = await import(job.esbuild) // node_modules may be anywhere: the build says where
const src = path.resolve(job.src)
const shared = new Set(job.shared)
const wanted = [] // modules to bundle at their own path, in the order first found
const written = []

const rel = (file) => path.relative(src, file).split(path.sep).join('/')

function want(name) {
  if (!wanted.includes(name)) wanted.push(name)
}

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
  const outfile = path.join(job.out, outName)
  await build({
    entryPoints: [path.join(src, entry)], outfile, bundle: true, format: 'esm', minify: true,
    sourcemap: true, charset: 'utf8', logLevel: 'error', plugins: [ownFiles(outName)],
  })
  written.push(outName, outName + '.map')
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
process.stdout.write(JSON.stringify(written))
