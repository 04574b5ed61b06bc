/**
 * Requests for the tests of the OAuth diagnosis, signed without paysig: the RFC 5849 base string
 * written out by hand (encodeURIComponent plus the RFC 3986 fix-ups, pairs sorted by encoded name
 * then value), HMAC-SHA1 and RSA-SHA256 from node:crypto.
 */
import { createHmac, createSign } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { OAuthContext } from '../../src/diagnose/oauth.js';
import type { OneKeyCredentials } from '../../src/diagnose/keys.js';

type Pairs = Array<[string, string]>;

const keys = join(import.meta.dirname, '../../vectors/keys');
export const PRIVATE = readFileSync(join(keys, 'test-only-rsa-2048-pkcs8.pem'), 'utf8');
export const PUBLIC = readFileSync(join(keys, 'test-only-rsa-2048-spki.pem'), 'utf8');
export const KEY = 'B17F59B4-A7DC-41B4-8FF9-37D986B43D20';
export const LOGIN = 'merchant';
export const NOW = 1_700_000_000;
export const PAYOUT = 'https://gate.example.com/paynet/api/v2/payout/1111';

export const pe = (s: string): string =>
  encodeURIComponent(s).replace(/[!'()*]/g, (c) => '%' + c.charCodeAt(0).toString(16).toUpperCase());

/** The base string of a POST to `url` (its query signed too) with `pairs` (body and oauth_*). */
export function baseString(url: string, pairs: Pairs): string {
  const u = new URL(url);
  const all = [...u.searchParams, ...pairs]
    .map(([k, v]) => [pe(k), pe(v)] as const)
    .sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : a[1] < b[1] ? -1 : a[1] > b[1] ? 1 : 0));
  return `POST&${pe(`${u.origin}${u.pathname}`)}&${pe(all.map(([k, v]) => `${k}=${v}`).join('&'))}`;
}

export const hmac = (base: string, key = KEY): string =>
  createHmac('sha1', pe(key) + '&')
    .update(base)
    .digest('base64');
export const rsa = (base: string): string => createSign('RSA-SHA256').update(base).sign(PRIVATE, 'base64');

/** The usual oauth_* parameters; an `undefined` in `change` leaves that one out. */
export function oauthParams(change: Record<string, string | undefined> = {}): Record<string, string> {
  const all: Record<string, string | undefined> = {
    oauth_consumer_key: LOGIN,
    oauth_nonce: 'n+/=1',
    oauth_signature_method: 'HMAC-SHA1',
    oauth_timestamp: String(NOW),
    oauth_version: '1.0',
    ...change,
  };
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(all)) if (v !== undefined) out[k] = v;
  return out;
}

export const header = (oauth: Record<string, string>): string =>
  'OAuth ' +
  Object.entries(oauth)
    .map(([k, v]) => `${k}="${pe(v)}"`)
    .join(', ');

/** The Authorization header of `oauth` signed by `sign` over `pairs` (the body as signed) and `oauth`. */
export function signedHeader(
  oauth: Record<string, string>,
  pairs: Pairs,
  sign: (base: string) => string = hmac,
  url = PAYOUT,
): string {
  return header({ ...oauth, oauth_signature: sign(baseString(url, [...pairs, ...Object.entries(oauth)])) });
}

/** An OAuthContext for diagnoseOAuth: a POST to `url`, `raw` trimmed unless `trimmed` is given. */
export function context(o: {
  authorization: string | null;
  raw?: Pairs;
  trimmed?: Pairs;
  url?: string;
  expectedMethod?: OAuthContext['expectedMethod'];
  creds?: OneKeyCredentials | undefined;
  now?: number;
}): OAuthContext {
  const raw = o.raw ?? [];
  const creds = 'creds' in o ? o.creds : { controlKey: KEY, publicKey: PUBLIC };
  return {
    expectedMethod: o.expectedMethod ?? 'HMAC-SHA1',
    method: 'POST',
    url: o.url ?? PAYOUT,
    authorization: o.authorization,
    raw,
    trimmed: o.trimmed ?? raw.map(([k, v]): [string, string] => [k, v.trim()]),
    now: o.now ?? NOW,
    maxSkewSeconds: 300,
    maxFutureSkewSeconds: 30,
    headers: new Headers(),
    basePath: '',
    lookup: async () => creds,
  };
}
