/**
 * The path and query of a request URL as the WHATWG `URL` parser gives them, with a small cache:
 * a server sees the same few URLs again and again, and parsing one costs more than a lookup.
 * Internal.
 *
 * @module
 */
import { boundedCache } from '../cache/bounded.js';
import { InvalidInputError } from '../errors/index.js';

/** What the verifier reads of the URL. */
export interface PathAndQuery {
  /** `URL.pathname`. */
  readonly pathname: string;
  /** `URL.search` (with its `?`, or `''`). */
  readonly search: string;
}

const CACHE = /* @__PURE__ */ boundedCache<PathAndQuery>(256);
/** Longer URLs are parsed every time (and not kept). */
const CACHE_KEY_MAX = 2048;

/** @throws {@link InvalidInputError} (field `url`) when `url` is not an absolute URL. */
export function pathAndQuery(url: string): PathAndQuery {
  const hit = CACHE.get(url);
  if (hit !== undefined) return hit;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new InvalidInputError('the request URL is not an absolute URL', { field: 'url' });
  }
  const out: PathAndQuery = Object.freeze({ pathname: parsed.pathname, search: parsed.search });
  if (url.length <= CACHE_KEY_MAX) {
    CACHE.set(url, out);
  }
  return out;
}
