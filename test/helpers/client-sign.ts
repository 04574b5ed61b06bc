/**
 * Signs requests the way the service's published clients do, without paysig: node:crypto for
 * SHA-1, HMAC-SHA1 and RSA-SHA256, RFC 5849 encoding written out here, and bodies encoded as PHP
 * `http_build_query`, Ruby `URI.encode_www_form` and Python `urlencode` do (space as `+`). An
 * independent reference for tests of the verifier.
 */
import { createHash, createHmac, createSign, randomBytes } from 'node:crypto';

/** RFC 3986 unreserved kept, every other UTF-8 byte as %XX (uppercase). */
export function rfc3986(value: string): string {
  return encodeURIComponent(value).replace(/[!'()*]/g, (c) => '%' + c.charCodeAt(0).toString(16).toUpperCase());
}

/** A form body as the published clients write it: RFC 1738 style, space as `+`. */
export function clientForm(pairs: ReadonlyArray<readonly [string, string]>): string {
  const enc = (s: string) => rfc3986(s).replace(/%20/g, '+');
  return pairs.map(([k, v]) => `${enc(k)}=${enc(v)}`).join('&');
}

export const sha1Hex = (s: string): string => createHash('sha1').update(s, 'utf8').digest('hex');

export interface ClientOAuth {
  method: 'HMAC-SHA1' | 'RSA-SHA256';
  consumerKey: string;
  secret: string; // control key (HMAC) or PKCS#8 PEM private key (RSA)
  timestamp?: number;
}

/**
 * The `Authorization` header for a POST to `url` (its query is signed) with body `pairs`:
 * base string per RFC 5849 section 3.4.1 (parameters sorted by encoded name, then value).
 */
export function clientAuthorization(
  url: string,
  pairs: ReadonlyArray<readonly [string, string]>,
  o: ClientOAuth,
): string {
  const u = new URL(url);
  const oauth: Array<[string, string]> = [
    ['oauth_consumer_key', o.consumerKey],
    ['oauth_nonce', randomBytes(12).toString('hex')],
    ['oauth_signature_method', o.method],
    ['oauth_timestamp', String(o.timestamp ?? Math.floor(Date.now() / 1000))],
    ['oauth_version', '1.0'],
  ];
  const query = [...u.searchParams];
  const all = [...query, ...pairs, ...oauth].map(([k, v]) => [rfc3986(k), rfc3986(v)] as const);
  all.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : a[1] < b[1] ? -1 : a[1] > b[1] ? 1 : 0));
  const normalized = all.map(([k, v]) => `${k}=${v}`).join('&');
  const baseUri = `${u.protocol}//${u.host}${u.pathname}`;
  const base = ['POST', rfc3986(baseUri), rfc3986(normalized)].join('&');
  const signature =
    o.method === 'HMAC-SHA1'
      ? createHmac('sha1', `${rfc3986(o.secret)}&`)
          .update(base, 'utf8')
          .digest('base64')
      : createSign('sha256').update(base, 'utf8').sign(o.secret, 'base64');
  const header: Array<[string, string]> = [...oauth, ['oauth_signature', signature]];
  return 'OAuth ' + header.map(([k, v]) => `${k}="${rfc3986(v)}"`).join(', ');
}
