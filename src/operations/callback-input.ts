/**
 * The input of `verifyCallback` as ordered pairs, bounded as `verifyRequest` bounds a body (at
 * most {@link DEFAULT_MAX_BODY_BYTES} bytes and {@link MAX_FORM_PAIRS} pairs, refused before any
 * decoding), and decoded as strictly whatever form it arrives in. Internal.
 *
 * @module
 */
import { MAX_FORM_PAIRS, parseForm } from '../encoding/form.js';
import { BodyTooLargeError, EncodingError, InvalidInputError } from '../errors/index.js';
import { DEFAULT_MAX_BODY_BYTES, utf8LongerThan } from './limits.js';

/** What `verifyCallback` takes: a `URL`, `URLSearchParams`, query string (or whole URL) or record of strings. */
export type CallbackQuery = URL | URLSearchParams | string | Readonly<Record<string, string>>;

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
 * Adds one already-decoded pair, enforcing the same caps. A decoder that meets invalid UTF-8
 * (`URLSearchParams`, Node's `querystring`) writes U+FFFD where a raw query string is refused;
 * after decoding the two cannot be told apart, so U+FFFD is refused here, and a callback that
 * really carries one must be passed as a string or `URL`.
 */
function addDecoded(out: Array<[string, string]>, size: { bytes: number }, name: string, value: string): void {
  if (out.length >= MAX_FORM_PAIRS) tooManyPairs();
  size.bytes += name.length + value.length + 2;
  if (size.bytes > DEFAULT_MAX_BODY_BYTES) tooLarge();
  if (name.includes('\uFFFD') || value.includes('\uFFFD')) {
    throw new EncodingError(
      `callback parameter "${name.slice(0, 100)}" holds U+FFFD, what a lenient decoder writes for invalid UTF-8: pass the raw query string or URL instead`,
      { field: name.slice(0, 100) },
    );
  }
  out.push([name, value]);
}

/**
 * The callback's parameters as ordered pairs.
 *
 * @throws {@link BodyTooLargeError} (field `query`) over 64 KiB; {@link EncodingError} over
 *   10,000 pairs, for malformed escapes or invalid UTF-8, and for U+FFFD in pre-decoded input;
 *   {@link InvalidInputError} for an input of another type or a non-string record value.
 */
export function callbackPairs(query: CallbackQuery): Array<[string, string]> {
  if (query instanceof URL) return parseBounded(query.search.slice(1));
  if (typeof query === 'string') {
    if (utf8LongerThan(query, DEFAULT_MAX_BODY_BYTES)) tooLarge();
    if (/^https?:\/\//i.test(query)) {
      let u: URL;
      try {
        u = new URL(query);
      } catch {
        throw new InvalidInputError('callback URL is not a valid URL', { field: 'query' });
      }
      return parseBounded(u.search.slice(1));
    }
    return parseBounded(query.startsWith('?') ? query.slice(1) : query);
  }
  const out: Array<[string, string]> = [];
  const size = { bytes: 0 };
  if (query instanceof URLSearchParams) {
    for (const [name, value] of query) addDecoded(out, size, name, value);
    return out;
  }
  if (query !== null && typeof query === 'object') {
    for (const name in query) {
      if (!Object.hasOwn(query, name)) continue;
      const v: unknown = query[name];
      if (typeof v !== 'string')
        throw new InvalidInputError(`callback parameter "${name.slice(0, 100)}" must be a string`, { field: name });
      addDecoded(out, size, name, v);
    }
    return out;
  }
  throw new InvalidInputError('callback query must be a URL, URLSearchParams, query string or record', {
    field: 'query',
  });
}
