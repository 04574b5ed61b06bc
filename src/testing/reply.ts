/**
 * The success bodies the test gateway answers with, in the service's shape: form-encoded by
 * default, JSON when the request's `Accept` negotiates `application/vnd.pay+json` (refusals are
 * `refusalOf`'s, as the middleware answers them). Field names are the
 * service's (public documentation); the gateway's values are made up (see `gateway.ts`).
 *
 * @module
 */
import { randomBytes } from '#crypto';
import { formatForm } from '../encoding/form.js';
import type { ResponseFormat } from '../request/accept.js';
import { ACCEPT, FORM_CONTENT_TYPE } from '../request/media-types.js';

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

/**
 * A header value of printable ASCII, at most `max` characters: every other UTF-16 code unit as
 * \uXXXX (four hex digits, so a character above U+FFFF is its surrogate pair, as in JSON).
 */
export function headerText(text: string, max = 2048): string {
  let out = '';
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    out += c >= 0x20 && c < 0x7f ? text[i] : `\\u${c.toString(16).padStart(4, '0')}`;
    if (out.length > max) return `${out.slice(0, max - 3)}...`;
  }
  return out;
}

const TYPES: Readonly<Record<string, string>> = {
  status: 'status-response',
  'status-v4': 'status-response',
  'get-card-info': 'get-card-info-response',
  'create-card-ref': 'create-card-ref-response',
  'create-card-ref-v4': 'create-card-ref-response',
};

/** True for `localhost`, `127.0.0.0/8` and `[::1]`: the hosts the gateway calls by default. */
export function loopback(hostname: string): boolean {
  return hostname === 'localhost' || hostname === '[::1]' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(hostname);
}

function randomHex(bytes: number): string {
  return [...randomBytes(bytes)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

/** What the gateway knows of an accepted request, for its answer. */
export interface Accepted {
  readonly operationId: string;
  readonly status: string;
  readonly order: string;
  readonly merchantOrderId: string;
  readonly endpoint: string | undefined;
}

/**
 * The success fields, named as the service's public documentation names them; the values are
 * made up: `paynet-order-id` is the gateway's counter, `serial-number` random hex, `card-ref-id`
 * `test-card-ref-<n>`.
 */
export function successFields(a: Accepted): Array<[string, string]> {
  const fields: Array<[string, string]> = [
    ['type', TYPES[a.operationId] ?? 'async-response'],
    ['status', a.status],
    ['paynet-order-id', a.order],
    ['merchant-order-id', a.merchantOrderId],
    ['serial-number', randomHex(16)],
  ];
  if (a.endpoint !== undefined) fields.push(['end-point-id', a.endpoint]);
  if (TYPES[a.operationId] === 'create-card-ref-response') fields.push(['card-ref-id', `test-card-ref-${a.order}`]);
  return fields;
}
