// Independent checks of what the signer examples print, with node:crypto and a small RFC 5849
// base string written here from the RFC (not paysig's): the control digest, the HMAC-SHA1 and the
// RSA-SHA256 signatures.
import { createHash, createHmac, verify } from 'node:crypto';

/** Raw HTTP/1.1 text -> { method, url, headers: Map (lower-case names), body }. */
export function parseHttp(text) {
  const split = text.indexOf('\r\n\r\n');
  if (split < 0) throw new Error('no blank line between head and body');
  const [requestLine, ...lines] = text.slice(0, split).split('\r\n');
  const m = /^([A-Z]+) (\/\S*) HTTP\/1\.1$/.exec(requestLine);
  if (m === null) throw new Error(`bad request line ${JSON.stringify(requestLine)}`);
  const headers = new Map(
    lines.map((l) => [l.slice(0, l.indexOf(':')).toLowerCase(), l.slice(l.indexOf(':') + 1).trim()]),
  );
  return { method: m[1], url: `https://${headers.get('host')}${m[2]}`, headers, body: text.slice(split + 4) };
}

const rfc3986 = (s) =>
  encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
const formPairs = (body) =>
  body
    .split('&')
    .filter(Boolean)
    .map((p) => {
      const eq = p.indexOf('=');
      const dec = (s) => decodeURIComponent(s.replace(/\+/g, ' '));
      return eq < 0 ? [dec(p), ''] : [dec(p.slice(0, eq)), dec(p.slice(eq + 1))];
    });

export const sha1Hex = (s) => createHash('sha1').update(s, 'utf8').digest('hex');

/** The body's `control` field. */
export function controlOf(req) {
  return formPairs(req.body).find(([k]) => k === 'control')?.[1];
}

/** The OAuth header's parameters, decoded. */
function oauthHeader(req) {
  const value = req.headers.get('authorization') ?? '';
  if (!value.startsWith('OAuth ')) throw new Error('no OAuth Authorization header');
  return Object.fromEntries(
    [...value.slice(6).matchAll(/([a-z_]+)="([^"]*)"/g)].map(([, k, v]) => [k, decodeURIComponent(v)]),
  );
}

/** RFC 5849 s3.4.1: the body's non-oauth fields and the header's oauth_* (signature and realm left out). */
function baseString(req, oauth) {
  const u = new URL(req.url);
  const pairs = formPairs(req.body).filter(([k]) => !k.startsWith('oauth_'));
  for (const [k, v] of Object.entries(oauth)) if (k !== 'oauth_signature' && k !== 'realm') pairs.push([k, v]);
  const encoded = pairs
    .map(([k, v]) => [rfc3986(k), rfc3986(v)])
    .sort(([a, x], [b, y]) => (a < b ? -1 : a > b ? 1 : x < y ? -1 : x > y ? 1 : 0));
  const normalized = encoded.map(([k, v]) => `${k}=${v}`).join('&');
  return [req.method, rfc3986(`${u.protocol}//${u.host.toLowerCase()}${u.pathname}`), rfc3986(normalized)].join('&');
}

/** True when the request's HMAC-SHA1 signature is right for the control key. */
export function hmacSignatureOk(req, controlKey) {
  const oauth = oauthHeader(req);
  if (oauth.oauth_signature_method !== 'HMAC-SHA1') return false;
  const expected = createHmac('sha1', `${rfc3986(controlKey)}&`)
    .update(baseString(req, oauth))
    .digest('base64');
  return expected === oauth.oauth_signature;
}

/** True when the request's RSA-SHA256 signature verifies with the public key. */
export function rsaSignatureOk(req, publicKeyPem) {
  const oauth = oauthHeader(req);
  if (oauth.oauth_signature_method !== 'RSA-SHA256') return false;
  return verify(
    'sha256',
    Buffer.from(baseString(req, oauth)),
    publicKeyPem,
    Buffer.from(oauth.oauth_signature, 'base64'),
  );
}
