/**
 * The input of `verifyCallback` as ordered pairs, in whatever form a server framework hands the
 * callback over, bounded as `verifyRequest` bounds a body (at most {@link DEFAULT_MAX_BODY_BYTES}
 * UTF-8 bytes and {@link MAX_FORM_PAIRS} pairs, refused before any decoding), and decoded as
 * strictly as its form allows. Internal.
 *
 * @module
 */
import { MAX_FORM_PAIRS, parseForm } from '../encoding/form.js';
import { isWellFormed } from '../encoding/well-formed.js';
import { BodyTooLargeError, EncodingError, HttpMethodNotAllowedError, InvalidInputError } from '../errors/index.js';
import { checkContentType, readBody } from './body.js';
import { DEFAULT_MAX_BODY_BYTES, utf8Bytes, utf8LongerThan } from './limits.js';

/**
 * A Node request as the server frameworks hand it over (`http.IncomingMessage`, Express's `req`,
 * Koa's `ctx.req`, Fastify's `request.raw`): `verifyCallback` reads its request target, `req.url`
 * (Express's `originalUrl` when a router is mounted on a path), path and query.
 */
export interface CallbackRequestTarget {
  /** The request target: path and query, as Node gives it (`/cb?status=approved&...`). */
  readonly url?: string | undefined;
  /** Express keeps the unrewritten target here when a router is mounted on a path. */
  readonly originalUrl?: unknown;
  /** HTTP method; the service's callback is a `GET`. */
  readonly method?: string | undefined;
  /** The request headers (only their presence tells a Node request from a query record). */
  readonly headers: object;
}

/**
 * What `verifyCallback` takes: a Node request (its `req.url`), a path and query
 * (`'/cb?status=...'`), a query string (with or without `?`) or a whole URL as a string, a record
 * of strings (Express's `req.query`), `URLSearchParams`, a Fetch `Request` (the query of a `GET`,
 * the form body of a `POST`) or a `URL`. A record's values must be strings at run time.
 */
export type CallbackQuery =
  | string
  | URL
  | URLSearchParams
  | Request
  | CallbackRequestTarget
  | Readonly<Record<string, unknown>>;

const WHAT_TO_PASS =
  "pass the Node request (req) or its path and query (req.url, '/cb?status=...'), a query string, " +
  "Express's req.query, URLSearchParams, a Fetch Request or a URL";

function tooLarge(): never {
  throw new BodyTooLargeError(DEFAULT_MAX_BODY_BYTES, `callback query is larger than ${DEFAULT_MAX_BODY_BYTES} bytes`, {
    field: 'query',
  });
}

function tooManyPairs(): never {
  throw new EncodingError(`callback query has more than ${MAX_FORM_PAIRS} parameters`, { field: 'query' });
}

/** Parses raw query text after checking its size and its number of non-empty `&` segments. */
function parseBounded(text: string): Array<[string, string]> {
  if (utf8LongerThan(text, DEFAULT_MAX_BODY_BYTES)) tooLarge();
  let pairs = 0;
  let inSegment = false;
  for (let i = 0; i < text.length; i++) {
    if (text.charCodeAt(i) === 0x26) inSegment = false;
    else if (!inSegment) {
      inSegment = true;
      if (++pairs > MAX_FORM_PAIRS) tooManyPairs();
    }
  }
  return parseForm(text);
}

/**
 * Refuses U+FFFD in a form that was decoded or normalised before paysig saw it. A lenient
 * decoder (`URLSearchParams`, Node's `querystring`) writes U+FFFD for invalid UTF-8, and the URL
 * parser (`URL`, `Request`, `URLSearchParams`) and `TextEncoder` write it for a lone surrogate,
 * where a raw query string is refused: afterwards the two cannot be told apart.
 */
function refuseReplaced(name: string, value: string, why = DECODED): void {
  if (name.includes('\uFFFD') || value.includes('\uFFFD')) {
    throw new EncodingError(`callback parameter "${name.slice(0, 100)}" holds U+FFFD, ${why}`, {
      field: name.slice(0, 100),
    });
  }
}

/** Why U+FFFD is refused in a form decoded or normalised before paysig saw it. */
const DECODED =
  'what a lenient decoder writes for invalid UTF-8 or a lone surrogate: pass the raw query string (req.url) instead';
/** Why U+FFFD is refused in a form body. */
const IN_BODY = "what an encoder writes for a lone surrogate (in a form body): a callback's fields never hold it";

/** Pairs of a form that the platform normalised (URL, Request): U+FFFD refused in each. */
function normalisedPairs(text: string): Array<[string, string]> {
  const pairs = parseBounded(text);
  for (const [name, value] of pairs) refuseReplaced(name, value);
  return pairs;
}

/** Adds one already-decoded pair: the caps in UTF-8 bytes, no lone surrogate, no U+FFFD. */
function addDecoded(out: Array<[string, string]>, size: { bytes: number }, name: string, value: string): void {
  if (out.length >= MAX_FORM_PAIRS) tooManyPairs();
  // Each pair costs its name, its value, `=` and `&`, counted in UTF-8 bytes as a query string is.
  size.bytes += 2 + utf8Bytes(name, DEFAULT_MAX_BODY_BYTES);
  if (size.bytes > DEFAULT_MAX_BODY_BYTES) tooLarge();
  size.bytes += utf8Bytes(value, DEFAULT_MAX_BODY_BYTES);
  if (size.bytes > DEFAULT_MAX_BODY_BYTES) tooLarge();
  if (!isWellFormed(name) || !isWellFormed(value)) {
    throw new EncodingError(`callback parameter "${name.slice(0, 100)}" holds a lone surrogate and has no UTF-8 form`, {
      field: name.slice(0, 100),
    });
  }
  refuseReplaced(name, value);
  out.push([name, value]);
}

/**
 * The query of a request target such as Node's `req.url`: what follows the first `?` before any
 * `#`, up to that `#`, as the URL parser reads it (Node keeps a fragment a client sent, and a `?`
 * in it starts no query); `''` when the target has none. @internal
 */
export function queryOfTarget(target: string): string {
  const hash = target.indexOf('#');
  const path = hash < 0 ? target : target.slice(0, hash);
  const q = path.indexOf('?');
  return q < 0 ? '' : path.slice(q + 1);
}

/** The start of an absolute http(s) URL (a whole callback URL, or a target in absolute form). */
const ABSOLUTE_URL = /^https?:\/\//i;

/** A query given as text: a whole URL, a path and query, or a query with or without `?`. */
function stringPairs(query: string): Array<[string, string]> {
  if (utf8LongerThan(query, DEFAULT_MAX_BODY_BYTES)) tooLarge();
  if (ABSOLUTE_URL.test(query)) {
    // The URL parser would write a lone surrogate as %EF%BF%BD: refuse it while it can be seen.
    if (!isWellFormed(query)) {
      throw new EncodingError('callback URL holds a lone surrogate and has no UTF-8 form', { field: 'query' });
    }
    let u: URL;
    try {
      u = new URL(query);
    } catch {
      throw new InvalidInputError('callback URL is not a valid URL', { field: 'query' });
    }
    return parseBounded(u.search.slice(1));
  }
  if (query.charCodeAt(0) === 0x2f /* / */) return parseBounded(queryOfTarget(query));
  return parseBounded(query.startsWith('?') ? query.slice(1) : query);
}

/** A record such as Express's `req.query`: every value one string. */
function recordPairs(query: Readonly<Record<string, unknown>>): Array<[string, string]> {
  const out: Array<[string, string]> = [];
  const size = { bytes: 0 };
  for (const name in query) {
    if (!Object.hasOwn(query, name)) continue;
    const v: unknown = query[name];
    if (Array.isArray(v)) {
      throw new InvalidInputError(
        `callback parameter "${name.slice(0, 100)}" has several values (Express's req.query gives an array for a parameter sent twice): a callback sends each parameter once`,
        { field: name.slice(0, 100) },
      );
    }
    if (typeof v !== 'string') {
      throw new InvalidInputError(
        `callback parameter "${name.slice(0, 100)}" must be a string, got ${v === null ? 'null' : typeof v}`,
        { field: name.slice(0, 100) },
      );
    }
    addDecoded(out, size, name, v);
  }
  return out;
}

/**
 * Whether a callback sent with `method` carries its fields in the query, the one rule of every
 * callback entry point: the query of a `GET` or `HEAD` (the service's `server_callback_url` call),
 * else the form body of a `POST` (a browser's form post), in any letter case. Any other method is
 * refused (405).
 * @internal
 */
export function callbackInQuery(method: string): boolean {
  const m = method.toUpperCase();
  if (m === 'GET' || m === 'HEAD') return true;
  if (m === 'POST') return false;
  throw new HttpMethodNotAllowedError(
    'GET, HEAD, POST',
    `a callback comes as a GET (its query) or a POST (its form body), got ${JSON.stringify(method.slice(0, 20))}`,
  );
}

/**
 * The pairs of a callback's form body, its bytes decoded strictly (invalid UTF-8 refused, as
 * `verifyRequest` reads a body), parsed as a form whatever it starts with (a body is never a URL).
 * U+FFFD is refused in it as in a Fetch `Request`'s: an encoder writes it for a lone surrogate, and
 * a body built from such a string (`new Request(url, { body })`) cannot be told from one that
 * sent U+FFFD. @internal
 */
export function formBodyPairs(text: string): Array<[string, string]> {
  const pairs = parseBounded(text);
  for (const [name, value] of pairs) refuseReplaced(name, value, IN_BODY);
  return pairs;
}

/**
 * A Fetch `Request`: the query of a `GET` (or `HEAD`), the form body of a `POST`, read up to
 * `maxBodyBytes` (`withVerifiedCallback`'s option). @internal
 */
export async function requestPairs(
  request: Request,
  maxBodyBytes = DEFAULT_MAX_BODY_BYTES,
): Promise<Array<[string, string]>> {
  if (callbackInQuery(request.method)) return normalisedPairs(new URL(request.url).search.slice(1));
  checkContentType(request.headers.get('content-type'));
  return formBodyPairs(await readBody(request, maxBodyBytes));
}

function isRequestTarget(query: object): query is CallbackRequestTarget {
  const q = query as Partial<Record<'headers' | 'url', unknown>>;
  return typeof q.headers === 'object' && q.headers !== null && (typeof q.url === 'string' || q.url === undefined);
}

/** A Node request: the query of its request target. */
function targetPairs(req: CallbackRequestTarget): Array<[string, string]> {
  const method = req.method ?? 'GET';
  if (method !== 'GET' && method !== 'HEAD') {
    throw new InvalidInputError(
      `verifyCallback reads a Node request's query (req.url), and this is a ${String(method).slice(0, 10)}: for a callback in a form body pass \`await toFetchRequest(req)\` from paysig/node`,
      { field: 'query' },
    );
  }
  const target = typeof req.originalUrl === 'string' ? req.originalUrl : req.url;
  // Origin form (`/cb?...`), or absolute form (`http://shop.example/cb?...`, as sent to a proxy).
  if (typeof target !== 'string' || (target.charCodeAt(0) !== 0x2f && !ABSOLUTE_URL.test(target))) {
    throw new InvalidInputError(`the Node request has no request target (req.url): ${WHAT_TO_PASS}`, {
      field: 'query',
    });
  }
  return stringPairs(target);
}

function describeValue(query: unknown): string {
  if (query === null) return 'null';
  if (typeof query !== 'object') return typeof query;
  const name = (query as { constructor?: { name?: unknown } }).constructor?.name;
  return typeof name === 'string' && name !== 'Object' ? `a ${name.slice(0, 40)}` : 'an object';
}

/**
 * The callback's parameters as ordered pairs.
 *
 * @throws {@link BodyTooLargeError} (field `query`) over 64 KiB of UTF-8; {@link EncodingError}
 *   over 10,000 pairs, for malformed escapes, invalid UTF-8 or a lone surrogate, and for U+FFFD in
 *   input decoded or normalised before paysig saw it; {@link InvalidInputError} for an input of
 *   another type, an array or other non-string record value, or a Node request that is no `GET`.
 */
export async function callbackPairs(query: CallbackQuery): Promise<Array<[string, string]>> {
  if (typeof query === 'string') return stringPairs(query);
  if (query instanceof URL) return normalisedPairs(query.search.slice(1));
  if (query instanceof URLSearchParams) {
    const out: Array<[string, string]> = [];
    const size = { bytes: 0 };
    for (const [name, value] of query) addDecoded(out, size, name, value);
    return out;
  }
  if (typeof Request === 'function' && query instanceof Request) return requestPairs(query);
  // A record is a plain object; an iterable (Array, Map, Set, Headers, FormData) is none.
  if (query !== null && typeof query === 'object' && !(Symbol.iterator in query)) {
    if (isRequestTarget(query)) return targetPairs(query);
    return recordPairs(query as Readonly<Record<string, unknown>>);
  }
  throw new InvalidInputError(`verifyCallback cannot read ${describeValue(query)}: ${WHAT_TO_PASS}`, {
    field: 'query',
  });
}
