// vectors/hmac-sha1.json: HMAC-SHA1 of a base string. The public API computes it only through
// signOAuth, so each case is driven through signOAuth when its base string is one signOAuth can
// produce; with `internals.hmacSha1` (the vitest run on src/) every case is also checked directly.
import { hmacKey } from '../../tools/vectors/reference/oauth.mjs';
import { eq, need } from './assert.mjs';

export const topic = 'hmac-sha1';

export async function check(lib, c, ctx) {
  eq(hmacKey(c.consumerSecret, c.tokenSecret), c.key, 'HMAC key per RFC 5849 3.4.2 (reference check of the vector)');
  const encode = need(lib, 'percentEncode');
  eq(encode(c.consumerSecret) + '&' + encode(c.tokenSecret), c.key, "HMAC key from the library's percentEncode");
  let checked = false;
  if (ctx.internals?.hmacSha1 !== undefined) {
    eq(await ctx.internals.hmacSha1(c.key, c.baseString), c.signature, 'HMAC-SHA1 of the crypto backend');
    checked = true;
  }
  const parsed = parseBaseString(c.baseString);
  if (parsed === undefined) {
    if (checked) return;
    ctx.note(
      `hmac-sha1/${c.id}: skipped: its base string lacks an oauth_* parameter signOAuth always sends (e.g. oauth_version), so the public API cannot reproduce it`,
    );
    return 'skip';
  }
  const oauth = Object.fromEntries(parsed.params.filter(([n]) => n.startsWith('oauth_')));
  const r = await need(
    lib,
    'signOAuth',
  )({
    method: parsed.method,
    url: parsed.url,
    params: parsed.params.filter(([n]) => !n.startsWith('oauth_')),
    consumerKey: oauth.oauth_consumer_key,
    signatureMethod: 'HMAC-SHA1',
    consumerSecret: c.consumerSecret,
    ...(oauth.oauth_token !== undefined ? { token: oauth.oauth_token } : {}),
    tokenSecret: c.tokenSecret ?? '',
    nonce: oauth.oauth_nonce,
    timestamp: oauth.oauth_timestamp,
  });
  eq(r.baseString, c.baseString, 'signOAuth baseString');
  eq(r.signature, c.signature, 'HMAC-SHA1 signature');
}

/**
 * Splits an OAuth base string back into method, URL and decoded parameters; undefined when it does
 * not look like one that signOAuth can reproduce (it must carry exactly the oauth_* parameters
 * signOAuth sends: consumer key, nonce, signature method, timestamp, version 1.0, optional token).
 */
function parseBaseString(base) {
  const parts = base.split('&');
  if (parts.length !== 3) return undefined;
  const [method, encUrl, encParams] = parts;
  const url = decodeURIComponent(encUrl);
  const paramString = decodeURIComponent(encParams);
  const params =
    paramString === ''
      ? []
      : paramString.split('&').map((kv) => {
          const eqAt = kv.indexOf('=');
          return [decodeURIComponent(kv.slice(0, eqAt)), decodeURIComponent(kv.slice(eqAt + 1))];
        });
  const names = params
    .filter(([n]) => n.startsWith('oauth_'))
    .map(([n]) => n)
    .sort()
    .join(',');
  const want = 'oauth_consumer_key,oauth_nonce,oauth_signature_method,oauth_timestamp';
  if (names !== want + ',oauth_version' && names !== want + ',oauth_token,oauth_version') return undefined;
  if (
    params.some(
      ([n, v]) => (n === 'oauth_version' && v !== '1.0') || (n === 'oauth_signature_method' && v !== 'HMAC-SHA1'),
    )
  ) {
    return undefined;
  }
  // Query parameters of the URL are not recoverable as such: treat all as body parameters, which
  // is equivalent for the base string as long as the URL has no query.
  if (url.includes('?')) return undefined;
  return { method, url, params };
}
