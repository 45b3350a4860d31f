/*
 * Runs before the first paint: a classic script in <head> (render-blocking on purpose: a few
 * bytes, fetched beside the stylesheets), not a module. An address that opens a puzzle or a
 * notice (#/daily/…, #/p/…, #/endless/…: what app.js hands to play.js)
 * - marks the page `data-opening`, and chess.css then lays out the play view instead of the
 *   home view, so the page never paints the home first and replaces it (a layout shift);
 *   app.js takes the mark off once the view the address names is shown;
 * - asks for the play view's modules at once (`modulepreload`, the list the build wrote in
 *   data-modules), instead of a level of imports at a time once app.js has run.
 * docs/site.md, "The first board".
 */
(function () {
  var head = location.hash.replace(/^#\/?/, '').split('/')[0]
  if (!head || head === 'you') return
  document.documentElement.setAttribute('data-opening', '')
  var modules = (document.currentScript.getAttribute('data-modules') || '').split(' ')
  for (var i = 0; i < modules.length; i++) {
    if (!modules[i]) continue
    var link = document.createElement('link')
    link.rel = 'modulepreload'
    link.href = modules[i]
    document.head.appendChild(link)
  }
})()
