// The reference pipelines the ratios are measured against: plain, correct, straightforward code
// on node:crypto (and WebCrypto for the web group), written here for the benchmark only.
import { createHmac, sign, verify, timingSafeEqual } from 'node:crypto';

const hexEscape = (c) => '%' + c.charCodeAt(0).toString(16).toUpperCase();

/** RFC 3986 percent-encoding: encodeURIComponent, then the five characters it leaves alone. */
export function rfc3986(s) {
  return encodeURIComponent(s).replace(/[!'()*]/g, hexEscape);
}

function byEncoded(a, b) {
  return a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : a[1] < b[1] ? -1 : a[1] > b[1] ? 1 : 0;
}

/** `scheme://host[:port]/path` per RFC 5849 s3.4.1.2, plus the decoded query pairs. */
function normaliseUrl(url) {
  const u = new URL(url);
  const query = [];
  for (const [k, v] of u.searchParams) query.push([k, v]);
  return { base: `${u.protocol}//${u.host}${u.pathname}`, query };
}

/** RFC 5849 s3.4.1 base string from method, URL and decoded pairs (oauth_* included). */
export function baseString(method, url, pairs) {
  const { base, query } = normaliseUrl(url);
  const enc = [];
  for (const [k, v] of pairs) if (k !== 'oauth_signature') enc.push([rfc3986(k), rfc3986(v)]);
  for (const [k, v] of query) enc.push([rfc3986(k), rfc3986(v)]);
  enc.sort(byEncoded);
  let params = '';
  for (let i = 0; i < enc.length; i++) params += (i ? '&' : '') + enc[i][0] + '=' + enc[i][1];
  return method.toUpperCase() + '&' + rfc3986(base) + '&' + rfc3986(params);
}

function oauthParams(r, method) {
  return {
    oauth_consumer_key: r.consumerKey,
    oauth_nonce: r.nonce,
    oauth_signature_method: method,
    oauth_timestamp: String(r.timestamp),
    oauth_version: '1.0',
  };
}

function header(oauth, signature) {
  let h = 'OAuth ';
  for (const k in oauth) h += k + '="' + rfc3986(oauth[k]) + '", ';
  return h + 'oauth_signature="' + rfc3986(signature) + '"';
}

function signWith(r, method, signer) {
  const oauth = oauthParams(r, method);
  const pairs = [...r.params];
  for (const k in oauth) pairs.push([k, oauth[k]]);
  const base = baseString(r.method, r.url, pairs);
  const signature = signer(base);
  return { authorization: header(oauth, signature), signature, baseString: base };
}

/** HMAC-SHA1 signing: key = enc(consumerSecret) & enc(tokenSecret). */
export function signHmac(r) {
  const key = rfc3986(r.consumerSecret) + '&' + rfc3986(r.tokenSecret ?? '');
  return signWith(r, 'HMAC-SHA1', (base) => createHmac('sha1', key).update(base).digest('base64'));
}

/** RSA-SHA256 signing with an already imported node KeyObject. */
export function signRsa(r, keyObject) {
  return signWith(r, 'RSA-SHA256', (base) => sign('sha256', Buffer.from(base), keyObject).toString('base64'));
}

/** Parses `OAuth k="v", ...` into decoded pairs (realm dropped). */
export function parseAuthorization(value) {
  if (!value.startsWith('OAuth ')) throw new Error('not an OAuth header');
  const out = {};
  for (const part of value.slice(6).split(',')) {
    const s = part.trim();
    const eq = s.indexOf('=');
    if (eq < 0 || s[eq + 1] !== '"' || s[s.length - 1] !== '"') throw new Error('malformed header');
    const k = decodeURIComponent(s.slice(0, eq));
    if (Object.hasOwn(out, k)) throw new Error('duplicate ' + k);
    out[k] = decodeURIComponent(s.slice(eq + 2, -1));
  }
  delete out.realm;
  return out;
}

function collect(r, now, maxSkew) {
  const h = parseAuthorization(r.authorization);
  const ts = Number(h.oauth_timestamp);
  if (!Number.isInteger(ts) || Math.abs(now - ts) > maxSkew) throw new Error('stale timestamp');
  const pairs = [];
  for (const p of r.params) if (!p[0].startsWith('oauth_')) pairs.push(p);
  for (const k in h) pairs.push([k, h[k]]);
  return { h, base: baseString(r.method, r.url, pairs) };
}

/** HMAC-SHA1 verification: parse, rebuild, HMAC, constant-time compare. Throws when invalid. */
export function verifyHmac(r, secret, now, maxSkew = 300) {
  const { h, base } = collect(r, now, maxSkew);
  const want = createHmac('sha1', rfc3986(secret) + '&').update(base).digest();
  const got = Buffer.from(h.oauth_signature, 'base64');
  if (got.length !== want.length || !timingSafeEqual(got, want)) throw new Error('bad signature');
  return { consumerKey: h.oauth_consumer_key, nonce: h.oauth_nonce, timestamp: Number(h.oauth_timestamp) };
}

/** RSA-SHA256 verification with an already imported node KeyObject. Throws when invalid. */
export function verifyRsa(r, keyObject, now, maxSkew = 300) {
  const { h, base } = collect(r, now, maxSkew);
  if (!verify('sha256', Buffer.from(base), keyObject, Buffer.from(h.oauth_signature, 'base64'))) {
    throw new Error('bad signature');
  }
  return { consumerKey: h.oauth_consumer_key, nonce: h.oauth_nonce, timestamp: Number(h.oauth_timestamp) };
}

/** The same HMAC pipeline on WebCrypto, with the key imported once by the caller. */
export async function signHmacWeb(r, cryptoKey) {
  const oauth = oauthParams(r, 'HMAC-SHA1');
  const pairs = [...r.params];
  for (const k in oauth) pairs.push([k, oauth[k]]);
  const base = baseString(r.method, r.url, pairs);
  const mac = new Uint8Array(await crypto.subtle.sign('HMAC', cryptoKey, new TextEncoder().encode(base)));
  let bin = '';
  for (let i = 0; i < mac.length; i++) bin += String.fromCharCode(mac[i]);
  const signature = btoa(bin);
  return { authorization: header(oauth, signature), signature, baseString: base };
}
