/**
 * The curl parser of the signature debugger: the one `paysig diagnose` uses (src/cli/curl.ts),
 * bundled into the page, failing with a plain Error whose message the page shows. Pure, no network.
 */
import { type CurlRequest, parseCurl as parse, shellWords as words } from '../../src/cli/curl.js';

const pageError = (message: string): Error => new Error(message);

/** Splits a shell command line into words, as a POSIX shell would (no expansion). */
export const shellWords = (line: string): string[] => words(line, pageError);

/** Parses `curl ...` into method, URL, headers and body. */
export const parseCurl = (command: string): CurlRequest => parse(command, pageError);
