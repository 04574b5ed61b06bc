/**
 * The raw-HTTP parser of the signature debugger: the one `paysig diagnose` uses
 * (src/cli/raw-http.ts, whose comment gives the Content-Length rule), bundled into the page,
 * failing with a plain Error whose message the page shows. Pure, no network.
 */
import { type RawRequest, parseRawHttp } from '../../src/cli/raw-http.js';

/**
 * Parses a raw HTTP request: request line, headers, blank line, body. The URL is rebuilt from an
 * origin-form target and the Host header with `defaultScheme` (the service is reached over https);
 * an absolute-form target is kept. `warning` says when Content-Length disagrees with the body.
 *
 * @throws Error with a message for a person when the request line, a header or the target is malformed.
 */
export const parseHttp = (text: string, defaultScheme: 'https' | 'http' = 'https'): RawRequest =>
  parseRawHttp(text, (message) => new Error(message), defaultScheme);
