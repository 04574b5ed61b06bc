/**
 * `application/x-www-form-urlencoded` as ordered pairs: duplicates kept, order kept. Decoding
 * reads `+` as a space and is strict about escapes (see {@link percentDecode}); encoding uses
 * {@link percentEncode}, so it never writes `+` and escapes `! * ' ( )` as RFC 5849 needs.
 *
 * @module
 */
import { EncodingError } from '../errors/index.js';
import { percentDecode, percentEncode } from './percent.js';

/** One parameter: name and value, decoded. */
export type Pair = readonly [name: string, value: string];

/** Bound on the number of pairs one body may hold, so hostile input costs bounded work. */
export const MAX_FORM_PAIRS = 10_000;

function decodeComponent(s: string): string {
  return percentDecode(s.indexOf('+') < 0 ? s : s.replace(/\+/g, ' '));
}

/**
 * Parses a form body (or a URL query without its `?`) into ordered pairs. Empty segments
 * (`a=1&&b=2`) are skipped; a segment without `=` is a name with an empty value.
 *
 * @throws {@link EncodingError} for malformed escapes or invalid UTF-8, and when there are more
 * than `maxPairs` pairs (default {@link MAX_FORM_PAIRS}).
 */
export function parseForm(body: string, maxPairs: number = MAX_FORM_PAIRS): Array<[string, string]> {
  const out: Array<[string, string]> = [];
  if (body.length === 0) return out;
  let start = 0;
  const n = body.length;
  // Next "=" at or after `start`; searched again only once passed, so the work stays linear.
  let eq = -2;
  while (start <= n) {
    let end = body.indexOf('&', start);
    if (end < 0) end = n;
    if (end > start) {
      if (out.length >= maxPairs) throw new EncodingError(`form body has more than ${maxPairs} parameters`);
      if (eq !== -1 && eq < start) eq = body.indexOf('=', start);
      if (eq < 0 || eq > end) out.push([decodeComponent(body.slice(start, end)), '']);
      else out.push([decodeComponent(body.slice(start, eq)), decodeComponent(body.slice(eq + 1, end))]);
    }
    start = end + 1;
  }
  return out;
}

/** Encodes ordered pairs as a form body: `name=value` joined by `&`, RFC 3986 escapes. */
export function formatForm(pairs: Iterable<Pair>): string {
  let out = '';
  for (const [name, value] of pairs) {
    if (out.length > 0) out += '&';
    out += percentEncode(name) + '=' + percentEncode(value);
  }
  return out;
}
