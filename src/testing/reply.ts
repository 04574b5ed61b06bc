/**
 * The success bodies the test gateway answers with, in the service's shape: form-encoded by
 * default, JSON when the request's `Accept` negotiates `application/vnd.pay+json` (refusals are
 * `refusalOf`'s, as the middleware answers them). Field names are the
 * service's (public documentation); the gateway's values are made up (see `gateway.ts`).
 *
 * @module
 */
import { formatForm } from '../encoding/form.js';
import type { ResponseFormat } from '../operations/accept.js';
import { ACCEPT, FORM_CONTENT_TYPE } from '../operations/media-types.js';

/** A response of the given fields, in the negotiated format. */
export function reply(
  fields: ReadonlyArray<readonly [string, string]>,
  status: number,
  format: ResponseFormat,
  headers: Record<string, string> = {},
): Response {
  const json = format === 'json';
  const body = json ? JSON.stringify(Object.fromEntries(fields)) : formatForm(fields);
  return new Response(body, { status, headers: { 'Content-Type': json ? ACCEPT : FORM_CONTENT_TYPE, ...headers } });
}

/** A header value of printable ASCII, at most `max` characters: other characters as \uXXXX. */
export function headerText(text: string, max = 2048): string {
  let out = '';
  for (const ch of text) {
    const c = ch.codePointAt(0) ?? 0;
    out += c >= 0x20 && c < 0x7f ? ch : `\\u${c.toString(16).padStart(4, '0')}`;
    if (out.length > max) return `${out.slice(0, max - 3)}...`;
  }
  return out;
}
