// vectors/oauth-sign.json: whole-request signOAuth (base string, signature, header), and what
// was signed verifies.
import { parseAuthorization } from '../../tools/vectors/reference/oauth.mjs';
import { eq, freshStore, keyText, need, pairs, rejects } from './assert.mjs';

export const topic = 'oauth-sign';

function signInputs(c, ctx) {
  const req = {
    method: c.method,
    url: c.url,
    params: pairs(c.params ?? [], 'params'),
    consumerKey: c.consumerKey,
    signatureMethod: c.signatureMethod,
  };
  for (const k of ['consumerSecret', 'token', 'tokenSecret', 'nonce', 'timestamp', 'realm']) {
    if (c[k] !== undefined) req[k] = c[k];
  }
  if (c.privateKeyFile !== undefined) req.privateKey = keyText(ctx, c.privateKeyFile, 'privateKeyFile');
  return req;
}

export async function check(lib, c, ctx) {
  const req = signInputs(c, ctx);
  const sign = need(lib, 'signOAuth');
  if (c.error !== undefined) return rejects(lib, c.error, () => sign(req), 'signOAuth');
  const r = await sign(req);
  eq(r.baseString, c.baseString, 'baseString');
  eq(r.signature, c.signature, 'signature');
  eq(r.authorization, c.authorization, 'authorization');
  eq(r.oauthParams, c.oauthParams, 'oauthParams');
  // The header read back by the reference's strict parser and by the library's own.
  const header = parseAuthorization(r.authorization);
  eq(header.params, c.authorizationParams, 'authorization parameters (reference parser)');
  const { realm, ...sent } = header.params;
  eq(r.oauthParams, sent, "oauthParams equal the header's oauth_* parameters");
  if (c.realm !== undefined) eq(header.order[0], 'realm', 'realm comes first in the header');
  const { realm: expectedRealm, ...expectedParams } = c.authorizationParams;
  const parsed = need(lib, 'parseAuthorizationHeader')(r.authorization);
  eq({ ...parsed.params }, expectedParams, 'parseAuthorizationHeader params');
  eq(parsed.realm, expectedRealm, 'parseAuthorizationHeader realm');
  // And what was signed verifies.
  const credentials =
    req.signatureMethod === 'HMAC-SHA1'
      ? { consumerSecret: req.consumerSecret }
      : {
          publicKey: keyText(
            ctx,
            c.publicKeyFile ?? String(c.privateKeyFile).replace(/pkcs[18]\.pem$/, 'spki.pem'),
            'publicKeyFile',
          ),
        };
  if (req.signatureMethod === 'RSA-SHA256' || (req.tokenSecret ?? '') === '') {
    await need(lib, 'verifyOAuth')(
      { method: req.method, url: req.url, params: req.params, authorization: r.authorization },
      {
        credentials: (k) => (k === req.consumerKey ? credentials : undefined),
        now: Number(r.oauthParams.oauth_timestamp),
        nonceStore: freshStore(lib),
      },
    );
  }
}
