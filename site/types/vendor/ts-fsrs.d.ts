// The vendored ts-fsrs (copied by the site build to js/vendor/ts-fsrs.js) has npm's types.
export * from 'ts-fsrs'
