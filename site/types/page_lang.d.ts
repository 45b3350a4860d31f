// The page's language, a constant the build writes into each language's bundles (esbuild's define:
// sitebuild/bundle.mjs), so English's bundles keep none of another language's code. Undefined where
// the modules run unbundled (node --test): lib/i18n.js reads it as English then.
declare const PAGE_LANG: string | undefined
