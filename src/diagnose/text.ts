/**
 * Small text helpers of {@link diagnose}: the first difference of two strings, the request parts, and
 * a bounded UTF-8 length check. Internal.
 *
 * @module
 */
import type { DiagnosisDifference } from './diagnosis.js';

const BEFORE = 10;
const WIDTH = 40;

/** The first difference of `expected` and `received`, or undefined when they are equal. */
export function firstDifference(
  what: DiagnosisDifference['what'],
  expected: string,
  received: string,
): DiagnosisDifference | undefined {
  const n = Math.min(expected.length, received.length);
  let i = 0;
  while (i < n && expected.charCodeAt(i) === received.charCodeAt(i)) i++;
  if (i === n && expected.length === received.length) return undefined;
  const from = Math.max(0, i - BEFORE);
  return { what, index: i, expected: expected.slice(from, from + WIDTH), received: received.slice(from, from + WIDTH) };
}

/** A request taken apart: method, URL, headers and the body as text. */
export interface ReadRequest {
  readonly method: string;
  readonly url: string;
  readonly headers: Headers;
  readonly body: string;
}

/** Longest URL and method a diagnosis shows whole. */
const SHOWN_URL = 2048;
const SHOWN_METHOD = 32;

/**
 * Method and URL as a diagnosis shows them: whole when short, else cut (with `…`) and marked, so
 * that a 10 MB path costs a diagnosis 2 KiB, not 10 MB.
 */
export function shownRequest(
  method: string,
  url: string,
): { readonly method: string; readonly url: string; readonly cut?: true } {
  if (method.length <= SHOWN_METHOD && url.length <= SHOWN_URL) return { method, url };
  const cut = (s: string, n: number) => (s.length > n ? s.slice(0, n) + '…' : s);
  return { method: cut(method, SHOWN_METHOD), url: cut(url, SHOWN_URL), cut: true };
}
