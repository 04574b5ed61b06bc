/**
 * The `Accept` header of a request to the API: content negotiation as RFC 9110 section 12.5.1
 * defines it, over the two response formats the service has (`application/vnd.pay+json` and the
 * form-encoded default), or the specification's strict rule. Plain strings in, a format out, so
 * any transport can use it. Internal.
 *
 * @module
 */
import { ConfigurationError, MediaTypeError, NotAcceptableError } from '../errors/index.js';
import { ACCEPT, FORM_CONTENT_TYPE } from './media-types.js';

/**
 * How `verifyRequest` reads `Accept`. `'negotiate'` (default): RFC 9110 content negotiation, so
 * the any-type range (star, slash, star) that curl, Net::HTTP and Python requests send, and a
 * missing header, are accepted.
 * `'strict'`: the specification's rule, only `application/vnd.pay+json`.
 *
 * @example
 * ```ts
 * // A test double that holds clients to the specification's letter:
 * await createVerifier({ credentials, accept: 'strict' }).verify(request); // curl's any-type Accept: ERR_MEDIA_TYPE
 * ```
 */
export type AcceptMode = 'negotiate' | 'strict';

/**
 * The response format the client asked for: `'json'` (`application/vnd.pay+json`) or `'form'`
 * (`application/x-www-form-urlencoded`, the service's default).
 *
 * @example
 * ```ts
 * const { responseFormat } = await verifier.verify(request);
 * return responseFormat === 'json'
 *   ? new Response(JSON.stringify(reply), { headers: { 'Content-Type': 'application/vnd.pay+json' } })
 *   : new Response(formatForm(Object.entries(reply)), { headers: { 'Content-Type': 'application/x-www-form-urlencoded' } });
 * ```
 */
export type ResponseFormat = 'json' | 'form';

/** Longest `Accept` value read, in characters; a longer one is refused (`ERR_MEDIA_TYPE`). */
export const MAX_ACCEPT_LENGTH = 4096;

/** Most media ranges read from one `Accept`; more are refused (`ERR_MEDIA_TYPE`). */
export const MAX_ACCEPT_RANGES = 64;

/** One well-formed media range: lower-cased type and subtype, weight in thousandths (0 to 1000), position in the header. */
interface MediaRange {
  readonly type: string;
  readonly subtype: string;
  readonly q: number;
  readonly at: number;
}

/** How a response type fares: weight, specificity of the deciding range (-1: none), its position. */
interface Weight {
  readonly q: number;
  readonly specificity: number;
  readonly at: number;
}

const TOKEN = "[!#$%&'*+.^_`|~0-9A-Za-z-]+";
const RANGE = new RegExp(`^[ \\t]*(${TOKEN})/(${TOKEN})[ \\t]*`);
const PARAM = new RegExp(`;[ \\t]*(?:(${TOKEN})[ \\t]*=[ \\t]*(${TOKEN}|"(?:[^"\\\\]|\\\\.)*"))?[ \\t]*`, 'y');
const QVALUE = /^(?:0(?:\.[0-9]{0,3})?|1(?:\.0{0,3})?)$/;

/** Splits a list at the commas outside quoted strings; empty elements are dropped (RFC 9110 section 5.6.1). */
function elements(value: string): string[] {
  const out: string[] = [];
  let start = 0;
  let quoted = false;
  const push = (end: number): void => {
    const e = value.slice(start, end);
    if (e.trim() === '') return;
    if (out.length >= MAX_ACCEPT_RANGES) {
      throw new MediaTypeError(`Accept lists more than ${MAX_ACCEPT_RANGES} media ranges`, { field: 'Accept' });
    }
    out.push(e);
  };
  for (let i = 0; i < value.length; i++) {
    const c = value.charCodeAt(i);
    if (quoted) {
      if (c === 0x5c) i++;
      else if (c === 0x22) quoted = false;
    } else if (c === 0x22) quoted = true;
    else if (c === 0x2c) {
      push(i);
      start = i + 1;
    }
  }
  push(value.length);
  return out;
}

/** One element as a media range, or undefined when it is malformed (it is then ignored). */
function mediaRange(element: string, at: number): MediaRange | undefined {
  const m = RANGE.exec(element);
  if (m === null) return undefined;
  const type = m[1]!.toLowerCase();
  const subtype = m[2]!.toLowerCase();
  if (type === '*' && subtype !== '*') return undefined;
  let q: number | undefined;
  PARAM.lastIndex = m[0].length;
  while (PARAM.lastIndex < element.length) {
    const p = PARAM.exec(element);
    if (p === null) return undefined;
    if (p[1] === undefined || p[1].toLowerCase() !== 'q') continue;
    // Parameters after the weight (RFC 7231's accept-ext) are ignored; a second q is malformed.
    // PARAM captures a value whenever it captures a name.
    if (q !== undefined || !QVALUE.test(p[2]!)) return undefined;
    q = Math.round(Number(p[2]) * 1000);
  }
  return { type, subtype, q: q ?? 1000, at };
}

/**
 * The weight of `type/subtype` under RFC 9110's precedence (the most specific matching range
 * decides; of equally specific ranges the highest weight), and that specificity: 2 for an exact
 * range, 1 for `type/*`, 0 for `*\/*`. A type no range matches has weight 0. Parameters other
 * than `q` do not restrict a range.
 */
function weightOf(ranges: readonly MediaRange[], type: string, subtype: string): Weight {
  let best: Weight = { q: 0, specificity: -1, at: -1 };
  for (const r of ranges) {
    const specificity =
      r.type === '*' ? 0 : r.type !== type ? -1 : r.subtype === '*' ? 1 : r.subtype === subtype ? 2 : -1;
    if (specificity < 0 || specificity < best.specificity) continue;
    if (specificity > best.specificity || r.q > best.q) best = { q: r.q, specificity, at: r.at };
  }
  return best;
}

/** `json` or `form` by weight, then specificity, then the earlier deciding range; one range deciding both (a wildcard): `form`. */
function preferred(json: Weight, form: Weight): ResponseFormat {
  if (json.q > form.q) return 'json';
  if (json.q < form.q) return 'form';
  if (json.specificity > form.specificity) return 'json';
  if (json.specificity < form.specificity) return 'form';
  return json.at < form.at ? 'json' : 'form';
}

const [JSON_TYPE, JSON_SUBTYPE] = ACCEPT.split('/') as [string, string];
const [FORM_TYPE, FORM_SUBTYPE] = FORM_CONTENT_TYPE.split('/') as [string, string];

function quote(value: string): string {
  return JSON.stringify(value.length > 100 ? `${value.slice(0, 100)}...` : value);
}

/**
 * Checks verifyRequest's `accept` option, with the other options and before the request is read:
 * a typo such as `'Strict'` from plain JavaScript must not fall back to negotiation.
 *
 * @throws {@link ConfigurationError} (field `accept`) for anything but `'negotiate'`, `'strict'`
 *   or `undefined`.
 */
export function assertAcceptMode(mode: unknown): asserts mode is AcceptMode | undefined {
  if (mode !== undefined && mode !== 'negotiate' && mode !== 'strict') {
    throw new ConfigurationError(
      `verifyRequest option "accept" must be 'negotiate' or 'strict', got ${quote(String(mode))}`,
      { field: 'accept' },
    );
  }
}

/**
 * Reads a request's `Accept` header (`null` when absent) and returns the response format the
 * client asked for, or throws.
 *
 * `'negotiate'` (the default, also when `mode` is left out): a missing header, or one without
 * any well-formed media range, asks for `form`. Otherwise each format takes the weight of the
 * most specific range that matches it; both at 0 is {@link NotAcceptableError}. The format
 * with the higher weight wins; on equal weights the one decided by the more specific range
 * (`application/vnd.pay+json, *\/*` is `json`), then the one whose range comes first in the
 * header; when one wildcard decides both (`*\/*`, `application/*`), `form`, the service's
 * default. Parameters other than `q` do not restrict a range. A malformed element (bad syntax,
 * a `q` that is not an RFC qvalue such as `q=2` or `q=0.5555`) is ignored.
 *
 * `'strict'`: the header must be present and every element must be `application/vnd.pay+json`
 * with a non-zero weight; otherwise {@link MediaTypeError}, as the specification's validation
 * rule says (400). The format is then `json`.
 *
 * @throws {@link MediaTypeError} for a header over {@link MAX_ACCEPT_LENGTH} characters or
 *   {@link MAX_ACCEPT_RANGES} ranges, and for a strict refusal.
 */
export function negotiateAccept(value: string | null | undefined, mode?: AcceptMode): ResponseFormat {
  // The one media type of the API, alone (what paysig's signer sends): json in both modes.
  if (value === ACCEPT) return 'json';
  if (value !== null && value !== undefined && value.length > MAX_ACCEPT_LENGTH) {
    throw new MediaTypeError(`Accept is longer than ${MAX_ACCEPT_LENGTH} characters`, { field: 'Accept' });
  }
  if (mode === 'strict') {
    const strictRule = `verifyRequest option accept: 'strict' requires Accept: ${ACCEPT} (the default, accept: 'negotiate', also accepts */*)`;
    if (value === null || value === undefined)
      throw new MediaTypeError(`missing Accept: ${strictRule}`, { field: 'Accept' });
    const list = elements(value);
    const ok =
      list.length > 0 &&
      list.every((e) => {
        const r = mediaRange(e, 0);
        return r !== undefined && r.type === JSON_TYPE && r.subtype === JSON_SUBTYPE && r.q > 0;
      });
    if (!ok) throw new MediaTypeError(`Accept ${quote(value)} refused: ${strictRule}`, { field: 'Accept' });
    return 'json';
  }
  if (value === null || value === undefined) return 'form';
  const ranges: MediaRange[] = [];
  const list = elements(value);
  for (const [i, element] of list.entries()) {
    const r = mediaRange(element, i);
    if (r !== undefined) ranges.push(r);
  }
  if (ranges.length === 0) return 'form';
  const json = weightOf(ranges, JSON_TYPE, JSON_SUBTYPE);
  const form = weightOf(ranges, FORM_TYPE, FORM_SUBTYPE);
  if (json.q === 0 && form.q === 0) {
    throw new NotAcceptableError(
      `Accept ${quote(value)} excludes both response formats: send Accept: ${ACCEPT} (JSON), ${FORM_CONTENT_TYPE} (form) or */*`,
    );
  }
  return preferred(json, form);
}
