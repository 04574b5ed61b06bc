// The minimal hand-written check of one request, the second reference of bench/e2e.mjs: what a
// server that knows its one operation writes by hand (parse the form, recompute, compare), with
// none of the reference pipeline's generality (vectors/reference/server.mjs) or paysig's refusals.
// sale: control C-B = sha1(endpointId + client_orderid + amount in cents + email + key);
// payout: OAuth 1.0a HMAC-SHA1 over the body fields and the header's oauth_* parameters.
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

const enc = (s) => encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

function same(a, b) {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** True when the request (`path`, `headers`, form `body`, full `url`) carries a valid signature. */
export function minimalVerify({ url, path, headers, body }, { controlKey }) {
  const form = new URLSearchParams(body);
  const auth = headers.authorization ?? headers.get?.('authorization');
  if (auth === undefined || auth === null) {
    const endpointId = path.slice(path.lastIndexOf('/') + 1);
    const cents = (form.get('amount') ?? '').replace('.', '');
    const text = endpointId + form.get('client_orderid') + cents + form.get('email') + controlKey;
    return same(createHash('sha1').update(text).digest('hex'), form.get('control') ?? '');
  }
  const oauth = {};
  for (const m of auth.matchAll(/(\w+)="([^"]*)"/g)) oauth[m[1]] = decodeURIComponent(m[2]);
  const pairs = [];
  for (const [k, v] of form) if (!k.startsWith('oauth_')) pairs.push([enc(k), enc(v)]);
  for (const k in oauth) if (k !== 'oauth_signature' && k !== 'realm') pairs.push([enc(k), enc(oauth[k])]);
  pairs.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : a[1] < b[1] ? -1 : a[1] > b[1] ? 1 : 0));
  const u = new URL(url);
  const base = `POST&${enc(`${u.protocol}//${u.host}${u.pathname}`)}&${enc(pairs.map((p) => `${p[0]}=${p[1]}`).join('&'))}`;
  const expected = createHmac('sha1', `${enc(controlKey)}&`)
    .update(base)
    .digest('base64');
  return same(expected, oauth.oauth_signature ?? '');
}
