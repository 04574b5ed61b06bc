// Reference OAuth 1.0a signing and verification of whole requests (HMAC-SHA1, RSA-SHA256),
// composed from the plain pieces of this folder, on node:crypto.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { Refused } from './percent.mjs';
import { authorizationHeader, baseString, hmacKey, oauthPairs, parseAuthorization } from './oauth.mjs';
import { hmacSha1, rsaSha256Sign, rsaSha256Verify } from './crypto.mjs';

/**
 * Signs a request as paysig's signOAuth takes it (`privateKey`: PEM text or a KeyObject).
 * Returns the base string, the Base64 signature, every oauth_* parameter sent (sorted by name)
 * and the Authorization header (realm first when given, then the order paysig writes).
 * Refuses what paysig must refuse (other methods, small or unusable keys, lone surrogates).
 */
export function signOAuth(c) {
  if (c.signatureMethod !== 'HMAC-SHA1' && c.signatureMethod !== 'RSA-SHA256') throw new Refused('ERR_UNSUPPORTED');
  const oauth = oauthPairs(c);
  const b = baseString({ method: c.method, url: c.url, params: [...c.params, ...oauth] });
  const signature =
    c.signatureMethod === 'HMAC-SHA1'
      ? hmacSha1({ baseString: b.baseString, consumerSecret: c.consumerSecret, tokenSecret: c.tokenSecret ?? '' })
          .signature
      : rsaSha256Sign(b.baseString, c.privateKey);
  const oauthParams = Object.fromEntries(
    [...oauth, ['oauth_signature', signature]].sort((x, y) => (x[0] < y[0] ? -1 : 1)),
  );
  return { baseString: b.baseString, signature, oauthParams, authorization: authorizationHeader(c.realm, oauthParams) };
}

/**
 * Verifies `{ method, url, params, authorization }`: parse the header, check the clock, rebuild
 * the base string (body oauth_* left out, the header's taken), check the signature with
 * `consumerSecret` (HMAC-SHA1, constant-time compare) or `publicKey` (RSA-SHA256). Throws an Error
 * when invalid; returns the consumer key, nonce and timestamp.
 */
export function verifyOAuth(r, { consumerSecret, publicKey, now, maxSkewSeconds = 300 }) {
  const h = parseAuthorization(r.authorization).params;
  delete h.realm;
  const ts = Number(h.oauth_timestamp);
  if (!Number.isInteger(ts) || Math.abs(now - ts) > maxSkewSeconds) throw new Error('stale timestamp');
  const pairs = r.params.filter(([n]) => !n.startsWith('oauth_'));
  for (const k in h) pairs.push([k, h[k]]);
  const base = baseString({ method: r.method, url: r.url, params: pairs }).baseString;
  if (publicKey !== undefined) {
    if (!rsaSha256Verify(base, publicKey, h.oauth_signature)) throw new Error('bad signature');
  } else {
    const want = createHmac('sha1', hmacKey(consumerSecret, '')).update(base, 'utf8').digest();
    const got = Buffer.from(h.oauth_signature, 'base64');
    if (got.length !== want.length || !timingSafeEqual(got, want)) throw new Error('bad signature');
  }
  return { consumerKey: h.oauth_consumer_key, nonce: h.oauth_nonce, timestamp: ts };
}
