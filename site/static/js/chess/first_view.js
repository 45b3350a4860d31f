/*
 * Runs before the first paint: a classic script in <head> (render-blocking on purpose: a few
 * bytes, fetched beside the stylesheets), not a module. An address that opens a puzzle or a
 * notice (#/daily/…, #/p/…, #/endless/…: what app.js hands to play.js) marks the page
 * `data-opening`, and chess.css then lays out the play view instead of the home view, so the
 * page never paints the home first and replaces it (a layout shift). app.js takes the mark off
 * once the view the address names is shown. docs/site.md, "The first board".
 */
(function () {
  var head = location.hash.replace(/^#\/?/, '').split('/')[0]
  if (head && head !== 'you') document.documentElement.setAttribute('data-opening', '')
})()
