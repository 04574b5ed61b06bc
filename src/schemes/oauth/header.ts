/**
 * The OAuth 1.0a `Authorization` header (RFC 5849 section 3.5.1): building and strict parsing.
 *
 * Built as `OAuth realm="...", name="value", ...` with every value (the realm too)
 * percent-encoded, so no value can hold a quote or a backslash. Parsing accepts exactly that
 * shape: scheme `OAuth` in any case, then whitespace, then `name="value"` pairs separated by
 * commas with optional spaces or tabs around them; names are `realm` or `oauth_` followed by
 * letters, digits or `_`, each at most once; values are strictly percent-decoded. It runs in one
 * linear pass with no regular expression, and refuses headers over {@link MAX_HEADER_LENGTH}.
 *
 * @module
 */
import { OAuthHeaderError, PaysigError } from '../../errors/index.js';
import { percentDecode, percentEncode } from '../../encoding/percent.js';

/** The longest `Authorization` value the parser reads (8 KiB). */
export const MAX_HEADER_LENGTH = 8192;

/** A parsed OAuth `Authorization` header. */
export interface OAuthHeader {
  /** The `realm`, decoded, when present. It never takes part in the signature. */
  realm?: string;
  /** Every `oauth_*` parameter, decoded, by name. */
  params: Record<string, string>;
}

/**
 * Builds an `Authorization` header value: `OAuth `, then `realm="..."` when given, then each
 * pair as `name="percent-encoded value"`, joined by `, `.
 *
 * @example
 * ```ts
 * buildAuthorizationHeader([['oauth_consumer_key', 'login'], ['oauth_signature', 'a+b=']]);
 * // 'OAuth oauth_consumer_key="login", oauth_signature="a%2Bb%3D"'
 * ```
 * @throws {@link EncodingError} for a lone surrogate in a value.
 */
export function buildAuthorizationHeader(params: Iterable<readonly [string, string]>, realm?: string): string {
  let out = 'OAuth ';
  let first = true;
  if (realm !== undefined) {
    out += 'realm="' + percentEncode(realm) + '"';
    first = false;
  }
  for (const [name, value] of params) {
    if (!first) out += ', ';
    out += percentEncode(name) + '="' + percentEncode(value) + '"';
    first = false;
  }
  return out;
}

function isOws(c: number): boolean {
  return c === 0x20 || c === 0x09;
}

function isNameChar(c: number): boolean {
  return (c >= 0x61 && c <= 0x7a) || (c >= 0x41 && c <= 0x5a) || (c >= 0x30 && c <= 0x39) || c === 0x5f;
}

function malformed(rule: string, at?: number): OAuthHeaderError {
  return new OAuthHeaderError(
    at === undefined ? `Authorization header ${rule}` : `Authorization header ${rule} at offset ${at}`,
  );
}

/**
 * Parses an OAuth `Authorization` header value strictly.
 *
 * @example
 * ```ts
 * parseAuthorizationHeader('OAuth realm="Example", oauth_nonce="a%20b"');
 * // { realm: 'Example', params: { oauth_nonce: 'a b' } }
 * ```
 * @throws {@link OAuthHeaderError} (`ERR_OAUTH_HEADER_MALFORMED`) for anything else: another
 * scheme, a missing quote or comma, an unknown or repeated name, a bad escape, trailing text, or
 * a header longer than {@link MAX_HEADER_LENGTH}.
 */
export function parseAuthorizationHeader(header: string): OAuthHeader {
  if (typeof header !== 'string') throw malformed(`must be a string, got ${header === null ? 'null' : typeof header}`);
  const n = header.length;
  if (n > MAX_HEADER_LENGTH) throw malformed(`is longer than ${MAX_HEADER_LENGTH} characters`);
  let i = 0;
  while (i < n && isOws(header.charCodeAt(i))) i++;
  if (header.slice(i, i + 5).toLowerCase() !== 'oauth') throw malformed('does not use the "OAuth" scheme');
  i += 5;
  // charCodeAt(n) is NaN, not whitespace: the end of the header fails the same test.
  if (!isOws(header.charCodeAt(i))) throw malformed('needs whitespace after "OAuth" and at least one parameter');
  while (i < n && isOws(header.charCodeAt(i))) i++;
  if (i >= n) throw malformed('has no parameters');

  const params: Record<string, string> = {};
  let realm: string | undefined;
  for (;;) {
    // name
    const nameStart = i;
    while (i < n && isNameChar(header.charCodeAt(i))) i++;
    const name = header.slice(nameStart, i);
    if (name.length === 0) throw malformed('expects a parameter name', nameStart);
    if (name !== 'realm' && !(name.length > 6 && name.startsWith('oauth_'))) {
      throw malformed(`has parameter "${name}"; only "realm" and "oauth_*" are allowed`, nameStart);
    }
    if (header.charCodeAt(i) !== 0x3d || header.charCodeAt(i + 1) !== 0x22) {
      throw malformed(`expects ="..." after "${name}"`, i);
    }
    i += 2;
    const valueStart = i;
    while (i < n) {
      const c = header.charCodeAt(i);
      if (c === 0x22) break;
      if (c === 0x5c || c < 0x20 || c === 0x7f) throw malformed(`has a backslash or control character in "${name}"`, i);
      i++;
    }
    if (i >= n) throw malformed(`has an unterminated quoted value for "${name}"`, valueStart - 1);
    let value: string;
    try {
      value = percentDecode(header.slice(valueStart, i));
    } catch (e) {
      throw new OAuthHeaderError(`Authorization header value of "${name}" is not validly percent-encoded`, {
        cause: e instanceof PaysigError ? e : undefined,
      });
    }
    i++; // closing quote
    if (name === 'realm') {
      if (realm !== undefined) throw malformed('repeats "realm"', nameStart);
      realm = value;
    } else {
      if (Object.hasOwn(params, name)) throw malformed(`repeats "${name}"`, nameStart);
      params[name] = value;
    }
    // separator: OWS "," OWS, or OWS then end
    while (i < n && isOws(header.charCodeAt(i))) i++;
    if (i >= n) break;
    if (header.charCodeAt(i) !== 0x2c) throw malformed('expects "," between parameters', i);
    i++;
    while (i < n && isOws(header.charCodeAt(i))) i++;
    if (i >= n) throw malformed('ends with a trailing ","');
  }
  return realm === undefined ? { params } : { realm, params };
}
