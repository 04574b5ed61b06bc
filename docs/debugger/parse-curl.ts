/**
 * The curl parser of the signature debugger: the one `paysig diagnose` uses (src/cli/curl.ts),
 * bundled into the page. Pure, no network.
 */
export { parseCurl, shellWords } from '../../src/cli/curl.js';
