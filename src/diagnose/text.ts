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

/** True when the UTF-8 length of `text` exceeds `max` bytes (counted without allocating). */
export function longerThan(text: string, max: number): boolean {
  if (text.length > max) return true;
  let bytes = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x80) bytes += 1;
    else if (c < 0x800) bytes += 2;
    else if (c >= 0xd800 && c <= 0xdbff && (text.charCodeAt(i + 1) & 0xfc00) === 0xdc00) {
      bytes += 4;
      i++;
    } else bytes += 3;
    if (bytes > max) return true;
  }
  return false;
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
