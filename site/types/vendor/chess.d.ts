// The vendored chess.js (copied by the site build to js/vendor/chess.js) has npm's types.
export * from 'chess.js'
