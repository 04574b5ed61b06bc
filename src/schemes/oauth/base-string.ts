/**
 * The signature base string of RFC 5849 section 3.4.1: `METHOD&pe(baseUri)&pe(parameters)`.
 *
 * Parameters (RFC 5849 section 3.4.1.3): the URL's query, decoded as
 * `application/x-www-form-urlencoded` (`+` is a space), plus the given pairs (decoded form body
 * and `oauth_*` parameters), minus every `oauth_signature`. Each name and value is
 * percent-encoded once, the pairs are sorted by encoded name and then encoded value in byte
 * order, duplicates are kept, and they are joined as `name=value` with `&`.
 *
 * @module
 */
import { InvalidInputError } from '../../errors/index.js';
import { percentEncode, percentEncodeTwice } from '../../encoding/percent.js';
import { parseForm } from '../../encoding/form.js';
import { splitUrl } from './url.js';

/** The request parts {@link signatureBaseString} reads. */
export interface BaseStringRequest {
  /** HTTP method, any case (an RFC 9110 token); upper-cased in the output. */
  method: string;
  /** Absolute http(s) URL; its query parameters take part; fragment and userinfo are dropped. */
  url: string;
  /** Decoded form-body and `oauth_*` parameters; `oauth_signature`, if present, is left out. */
  params: ReadonlyArray<readonly [string, string]>;
}

/** Bound on the number of parameters signed, so hostile input costs bounded work. */
export const MAX_PARAMS = 10_000;

// RFC 9110 tchar: ! # $ % & ' * + - . ^ _ ` | ~ DIGIT ALPHA
const NOT_TCHAR = /[^!#$%&'*+\-.^_`|~0-9A-Za-z]/;

/** Validates an HTTP method (a token) and upper-cases it. @internal */
export function normalizeMethod(method: string): string {
  if (typeof method !== 'string') {
    throw new InvalidInputError(`"method" must be a string, got ${method === null ? 'null' : typeof method}`, {
      field: 'method',
    });
  }
  if (method.length === 0 || method.length > 64) {
    throw new InvalidInputError('"method" must be an HTTP token of 1 to 64 characters', { field: 'method' });
  }
  if (NOT_TCHAR.test(method)) {
    throw new InvalidInputError('"method" must be an HTTP token (letters, digits and !#$%&\'*+-.^_`|~)', {
      field: 'method',
    });
  }
  return method.toUpperCase();
}

/**
 * The normalised parameter string (RFC 5849 section 3.4.1.3.2) of the query pairs and the
 * given pairs, `oauth_signature` left out, already percent-encoded for the base string (its
 * second encoding: the once-encoded text holds only `[A-Za-z0-9._~%-]`, `=` and `&`, so only
 * those three characters change). @internal
 *
 * Order (section 3.4.1.3.2): by encoded name, then by encoded value, in byte order. The
 * twice-encoded strings compare as the once-encoded ones do (the second encoding only turns `%`
 * into `%25`, so at the first difference the same two characters still meet), and their
 * characters are ASCII, where UTF-16 order is byte order. Each parameter is a pair of encoded
 * strings sorted by a comparator that reads two flat strings and allocates nothing, and the
 * output is built once by concatenation, as in the first release. (Sorting `name NUL value` keys
 * with the default sort and then joining and replacing the NULs, as 0.1.0 did, copied every
 * parameter three times and was slower at every size, most on long non-ASCII values.)
 */
export function encodedParameters(query: string, params: ReadonlyArray<readonly [string, string]>): string {
  if (!Array.isArray(params))
    throw new InvalidInputError('"params" must be an array of [name, value] pairs', { field: 'params' });
  // No call for an empty query: measured, the call alone left the loops below slower to run
  // (V8 optimised this function worse with parseForm's empty result flowing into it).
  const fromQuery = query.length === 0 ? [] : parseForm(query, MAX_PARAMS);
  if (fromQuery.length + params.length > MAX_PARAMS) {
    throw new InvalidInputError(`more than ${MAX_PARAMS} parameters`, { field: 'params' });
  }
  const pairs: Array<readonly [string, string]> = [];
  for (const p of fromQuery) pushPair(pairs, p[0], p[1]);
  for (const p of params) {
    if (!Array.isArray(p)) throw notPairs();
    pushPair(pairs, p[0], p[1]);
  }
  pairs.sort(byEncoded);
  // The second encoding of the joined string turns its "=" into %3D and its "&" into %26.
  let out = '';
  for (let i = 0; i < pairs.length; i++) {
    const e = pairs[i]!;
    out += (i === 0 ? '' : '%26') + e[0] + '%3D' + e[1];
  }
  return out;
}

/**
 * Adds one parameter, encoded for the base string, unless it is `oauth_signature`. The query's
 * pairs are strings by construction (parseForm); the given ones are checked here. A small
 * function of its own: with the checks and the encoding inline, the loops of
 * {@link encodedParameters} ran about a fifth more instructions per request (callgrind, 16-field
 * non-ASCII payout).
 */
function pushPair(out: Array<readonly [string, string]>, name: unknown, value: unknown): void {
  if (typeof name !== 'string' || typeof value !== 'string') throw notPairs();
  if (name !== 'oauth_signature') out.push([percentEncodeTwice(name), percentEncodeTwice(value)]);
}

function notPairs(): InvalidInputError {
  return new InvalidInputError('"params" must be [name, value] pairs of strings', { field: 'params' });
}

/** By encoded name, then by encoded value: two flat strings compared, nothing allocated. */
function byEncoded(a: readonly [string, string], b: readonly [string, string]): number {
  const x = a[0];
  const y = b[0];
  if (x !== y) return x < y ? -1 : 1;
  return a[1] < b[1] ? -1 : a[1] > b[1] ? 1 : 0;
}

/** Base string from a normalised method, an encoded base URI and encoded parameters. @internal */
export function joinBaseString(method: string, encodedBaseUri: string, encodedParams: string): string {
  return percentEncode(method) + '&' + encodedBaseUri + '&' + encodedParams;
}

/**
 * The RFC 5849 section 3.4.1 signature base string of a request.
 *
 * @example
 * ```ts
 * signatureBaseString({
 *   method: 'post',
 *   url: 'https://api.example.com/payout/42',
 *   params: [['client-order-id', '1'], ['oauth_consumer_key', 'login']],
 * });
 * // "POST&https%3A%2F%2Fapi.example.com%2Fpayout%2F42&client-order-id%3D1%26oauth_consumer_key%3Dlogin"
 * ```
 * @throws {@link InvalidInputError} for a bad method, URL or parameter list.
 * @throws {@link EncodingError} for a lone surrogate or a malformed escape in the query.
 */
export function signatureBaseString(request: BaseStringRequest): string {
  if (request === null || typeof request !== 'object') {
    throw new InvalidInputError('request must be an object with method, url and params', { field: 'request' });
  }
  const method = normalizeMethod(request.method);
  const { encodedBaseUri, query } = splitUrl(request.url);
  return joinBaseString(method, encodedBaseUri, encodedParameters(query, request.params));
}
