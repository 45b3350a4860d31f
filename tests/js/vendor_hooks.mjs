// Module hooks for node --test: the browser's modules import their libraries
// from the built site's vendor folder (site/static/js/vendor/, filled by the
// site build from node_modules). Under node that folder doesn't exist, so this
// maps each vendored file to the npm file the build copies.
//
//   import { register } from 'node:module';
//   register('./vendor_hooks.mjs', import.meta.url);
//   const rules = await import('../../site/static/js/chess/rules.js');
import { fileURLToPath, pathToFileURL } from 'node:url';
import path from 'node:path';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const vendorDir = pathToFileURL(path.join(root, 'site/static/js/vendor/')).href;

// vendored name -> file under node_modules (the same list the site build copies)
const VENDORED = {
  'chess.js': 'chess.js/dist/esm/chess.js',
  'ts-fsrs.js': 'ts-fsrs/dist/index.mjs',
};

export async function resolve(specifier, context, nextResolve) {
  const relative = specifier.startsWith('./') || specifier.startsWith('../');
  if (relative && context.parentURL) {
    const url = new URL(specifier, context.parentURL).href;
    const name = url.startsWith(vendorDir) ? url.slice(vendorDir.length) : null;
    if (name && Object.hasOwn(VENDORED, name)) {
      return { url: pathToFileURL(path.join(root, 'node_modules', VENDORED[name])).href, shortCircuit: true };
    }
  }
  return nextResolve(specifier, context);
}
