/**
 * The base string URI of RFC 5849 section 3.4.1.2, and the URL's query string.
 *
 * The path is kept exactly as written (the WHATWG `URL` parser would resolve `.`/`..`, change
 * `\` to `/` and re-escape characters, so the path is read from the raw text). Scheme and host
 * are lower-cased; the host is taken as the `URL` parser gives it, which is what an HTTP client
 * sends in `Host` (lower case, IDNs in punycode); the default port (80 for http, 443 for https)
 * is dropped; userinfo, query and fragment are not part of the base string URI.
 *
 * @module
 */
import { boundedCache } from '../../cache/bounded.js';
import { InvalidInputError } from '../../errors/index.js';
import { percentEncode } from '../../encoding/percent.js';

/** A URL split for signing: its base string URI and its raw query (without `?`, may be empty). */
export interface SplitUrl {
  /** `scheme://host[:port]/path`, normalised per RFC 5849 section 3.4.1.2. */
  readonly baseUri: string;
  /** {@link SplitUrl.baseUri} percent-encoded, as it appears in the signature base string. */
  readonly encodedBaseUri: string;
  /** The raw query string without the leading `?`; `''` when there is none. */
  readonly query: string;
}

/** Bound on the URL length, so hostile input costs bounded work. */
export const MAX_URL_LENGTH = 16_384;

const ORIGIN_CACHE = /* @__PURE__ */ boundedCache<string>(256);
/** Raw `scheme://authority/path` -> [baseUri, encodedBaseUri]: servers see the same URLs again and again. */
const BASE_CACHE = /* @__PURE__ */ boundedCache<readonly [string, string]>(1024);

function bad(rule: string): InvalidInputError {
  return new InvalidInputError(`"url" ${rule}`, { field: 'url' });
}

/** Normalised `scheme://host[:port]` of the raw `scheme://authority` prefix. */
function origin(prefix: string, scheme: 'http' | 'https'): string {
  const hit = ORIGIN_CACHE.get(prefix);
  if (hit !== undefined) return hit;
  let parsed: URL;
  try {
    parsed = new URL(prefix + '/');
  } catch {
    throw bad('has an invalid host or port');
  }
  // A guard for URL parsers that stray from WHATWG: a conforming one (Node, Deno, Bun, browsers)
  // refuses an empty http(s) host, also when IDNA maps the host to nothing.
  if (parsed.hostname === '') throw bad('has an empty host');
  // `URL` drops the port when it is the scheme's default, and `host` is the lower-cased hostname.
  const out = scheme + '://' + parsed.host;
  ORIGIN_CACHE.set(prefix, out);
  return out;
}

/**
 * Percent-encodes the characters of a path that cannot appear in a request line (space,
 * non-ASCII). With the `u` flag a surrogate pair is one match, encoded whole, and a lone
 * surrogate a match of its own, which percentEncode refuses.
 */
function requestPath(path: string): string {
  return path.replace(/[^!-~]/gu, (c) => percentEncode(c));
}

/**
 * Splits an absolute http(s) URL into its RFC 5849 base string URI and its raw query.
 *
 * @throws {@link InvalidInputError} (`ERR_INVALID_INPUT`, field `url`) when the URL is not a
 * string, not absolute, not `http`/`https`, has no host, holds control characters or surrounding
 * whitespace, or is longer than {@link MAX_URL_LENGTH}.
 * @throws {@link EncodingError} for a lone surrogate in the path.
 */
export function splitUrl(url: string): SplitUrl {
  if (typeof url !== 'string') throw bad(`must be a string, got ${url === null ? 'null' : typeof url}`);
  const n = url.length;
  if (n > MAX_URL_LENGTH) throw bad(`is longer than ${MAX_URL_LENGTH} characters`);
  // A loop, not a regular expression: measured, the expression cost a request more.
  for (let i = 0; i < n; i++) {
    const c = url.charCodeAt(i);
    if (c < 0x20 || c === 0x7f) throw bad('must not contain control characters');
  }
  // For "", charCodeAt gives NaN, not a space.
  if (url.charCodeAt(0) === 0x20 || url.charCodeAt(n - 1) === 0x20) {
    throw bad('must not have leading or trailing spaces');
  }
  const colon = url.indexOf(':');
  const schemeRaw = colon > 0 ? url.slice(0, colon).toLowerCase() : '';
  if (schemeRaw !== 'http' && schemeRaw !== 'https') {
    throw bad('must be an absolute http: or https: URL');
  }
  if (url.charCodeAt(colon + 1) !== 0x2f || url.charCodeAt(colon + 2) !== 0x2f) {
    throw bad('must be an absolute URL starting with "http://" or "https://"');
  }
  const authStart = colon + 3;
  let authEnd = authStart;
  while (authEnd < n) {
    const c = url.charCodeAt(authEnd);
    if (c === 0x2f || c === 0x3f || c === 0x23) break; // / ? #
    if (c === 0x5c) throw bad('must not contain "\\" in its authority');
    authEnd++;
  }
  // Drop userinfo: everything up to the last "@" of the authority.
  const at = url.lastIndexOf('@', authEnd - 1);
  const hostStart = at >= authStart ? at + 1 : authStart;
  // An empty authority lands here too: no "@" precedes authStart, whose scheme is http(s).
  if (hostStart === authEnd) throw bad('has an empty host');
  let pathEnd = authEnd;
  while (pathEnd < n) {
    const c = url.charCodeAt(pathEnd);
    if (c === 0x3f || c === 0x23) break;
    pathEnd++;
  }
  let query = '';
  // charCodeAt(n) is NaN, not "?": the end of the URL fails the same test.
  if (url.charCodeAt(pathEnd) === 0x3f) {
    const hash = url.indexOf('#', pathEnd + 1);
    query = url.slice(pathEnd + 1, hash < 0 ? n : hash);
  }
  const cacheKey = schemeRaw + '://' + url.slice(hostStart, pathEnd);
  let hit = BASE_CACHE.get(cacheKey);
  if (hit === undefined) {
    const base = origin(schemeRaw + '://' + url.slice(hostStart, authEnd), schemeRaw);
    const path = pathEnd === authEnd ? '/' : requestPath(url.slice(authEnd, pathEnd));
    hit = [base + path, percentEncode(base + path)] as const;
    BASE_CACHE.set(cacheKey, hit);
  }
  return { baseUri: hit[0], encodedBaseUri: hit[1], query };
}
