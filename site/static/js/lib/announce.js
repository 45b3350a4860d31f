/**
 * announce and toast now live in lib/dom.js; this name stays for the modules that still import
 * it (to go once they import lib/dom.js).
 */
export { announce, toast } from './dom.js'
