// vectors/oauth-verify-negative.json: requests verifyOAuth must refuse (one fault each), and
// valid baselines that verify once and are then a replay.
import { eq, freshStore, keyText, need, ok, pairs, rejects } from './assert.mjs';

export const topic = 'oauth-verify-negative';

export async function check(lib, c, ctx) {
  const creds = c.credentials ?? {};
  const credentials = (k) => {
    if (!Object.hasOwn(creds, k)) return undefined;
    const found = creds[k];
    const out = {};
    if (found.consumerSecret !== undefined) out.consumerSecret = found.consumerSecret;
    if (found.publicKeyFile !== undefined) out.publicKey = keyText(ctx, found.publicKeyFile, 'publicKeyFile');
    return out;
  };
  const options = { credentials, nonceStore: freshStore(lib) };
  if (c.now !== undefined) options.now = c.now;
  // A vector's maxSkewSeconds is the allowed distance either way (vectors/README.md): paysig
  // takes the future bound as its own option (maxFutureSkewSeconds, default 30).
  if (c.maxSkewSeconds !== undefined) {
    options.maxSkewSeconds = c.maxSkewSeconds;
    options.maxFutureSkewSeconds = c.maxSkewSeconds;
  }
  const rq = c.request;
  const request = {
    method: rq.method,
    url: rq.url,
    params: pairs(rq.params ?? [], 'params'),
    authorization: rq.authorization,
  };
  const verify = need(lib, 'verifyOAuth');
  if (c.error !== undefined) return rejects(lib, c.error, () => verify(request, options), 'verifyOAuth');
  ok(c.result !== undefined, 'a case needs "error" or "result"');
  eq(await verify(request, options), c.result, 'verifyOAuth result');
  // Same request again, same store: a replay.
  await rejects(lib, 'ERR_OAUTH_NONCE_REPLAYED', () => verify(request, options), 'verifyOAuth replayed');
}
