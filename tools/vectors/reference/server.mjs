// What a plain hand-written Node server does to check one request of the API, for the end-to-end
// benchmark (bench/e2e.mjs): parse the form body with the platform's URLSearchParams, rebuild the
// control input (sale, C-B) or the OAuth base string (payout, HMAC-SHA1) from the plain pieces of
// this folder, digest with node:crypto, compare in constant time. No field rules, no media-type
// checks, no nonce store: the floor a server pays. Lenient where the reference decoders are strict
// (URLSearchParams accepts a malformed %), because a hand-written server would use it.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { control } from './control.mjs';
import { baseString, hmacKey, parseAuthorization } from './oauth.mjs';

/**
 * True when `request` (`{ url, path, headers, body }`: absolute URL, headers by lower-case name,
 * body text) carries a valid control digest (a path with `/sale/`) or OAuth HMAC-SHA1 signature
 * (a path with `/payout/`) under `controlKey`; false for anything else. `now` in seconds.
 */
export function plainVerify(request, { controlKey, now, maxSkewSeconds = 300 }) {
  const form = new URLSearchParams(request.body);
  if (request.path.includes('/sale/')) {
    const endpointId = request.path.slice(request.path.lastIndexOf('/') + 1);
    const fields = { endpointId };
    for (const name of ['client_orderid', 'amount', 'email']) {
      const v = form.get(name);
      if (v !== null) fields[name] = v;
    }
    const received = form.get('control') ?? '';
    const want = control({ formula: 'C-B', fields, controlKey }).control;
    return received.length === want.length && timingSafeEqual(Buffer.from(received), Buffer.from(want));
  }
  if (request.path.includes('/payout/')) {
    const oauth = parseAuthorization(request.headers.authorization ?? '').params;
    delete oauth.realm;
    const ts = Number(oauth.oauth_timestamp);
    if (!Number.isInteger(ts) || Math.abs(now - ts) > maxSkewSeconds) return false;
    const pairs = [];
    for (const [k, v] of form) if (!k.startsWith('oauth_')) pairs.push([k, v]);
    for (const k in oauth) pairs.push([k, oauth[k]]);
    const base = baseString({ method: 'POST', url: request.url, params: pairs }).baseString;
    const want = createHmac('sha1', hmacKey(controlKey, '')).update(base, 'utf8').digest();
    const got = Buffer.from(oauth.oauth_signature ?? '', 'base64');
    return got.length === want.length && timingSafeEqual(got, want);
  }
  return false;
}
