// vectors/rsa-sha256.json: whole RSA-SHA256 requests through signOAuth / verifyOAuth, and keys
// the library must refuse (importPrivateKey and signOAuth). With `internals.rsaSha256Verify` (the
// vitest run on src/) the crypto backend also verifies the vector's signature directly.
import { eq, keyText, need, ok, pairs, rejects, freshStore } from './assert.mjs';

export const topic = 'rsa-sha256';

export async function check(lib, c, ctx) {
  ok(
    typeof c.method === 'string' &&
      typeof c.url === 'string' &&
      c.consumerKey !== undefined &&
      c.nonce !== undefined &&
      c.timestamp !== undefined,
    'an rsa-sha256 case gives method, url, params, consumerKey, nonce and timestamp',
  );
  eq(c.signatureMethod, 'RSA-SHA256', 'signatureMethod of an rsa-sha256 case');
  const sign = need(lib, 'signOAuth');
  const params = pairs(c.params ?? [], 'params');
  const privateKey = keyText(ctx, c.privateKeyFile, 'privateKeyFile');
  const signReq = {
    method: c.method,
    url: c.url,
    params,
    consumerKey: c.consumerKey,
    signatureMethod: 'RSA-SHA256',
    privateKey,
    nonce: c.nonce,
    timestamp: c.timestamp,
  };
  if (c.error !== undefined) {
    await rejects(
      lib,
      c.error,
      () => need(lib, 'importPrivateKey')(privateKey),
      'importPrivateKey ' + c.privateKeyFile,
    );
    return rejects(lib, c.error, () => sign(signReq), 'signOAuth with ' + c.privateKeyFile);
  }
  // The oauth_* parameters the signer adds (RFC 5849 3.4.1.3.1), written here, not read from the library.
  const oauth = [
    ['oauth_consumer_key', c.consumerKey],
    ['oauth_nonce', c.nonce],
    ['oauth_signature_method', 'RSA-SHA256'],
    ['oauth_timestamp', String(c.timestamp)],
    ['oauth_version', '1.0'],
  ];
  eq(
    need(lib, 'signatureBaseString')({ method: c.method, url: c.url, params: [...params, ...oauth] }),
    c.baseString,
    'signatureBaseString',
  );
  const r = await sign(signReq);
  eq(r.baseString, c.baseString, 'signOAuth baseString');
  eq(r.signature, c.signature, 'RSA-SHA256 signature');
  eq(r.oauthParams, { ...Object.fromEntries(oauth), oauth_signature: c.signature }, 'signOAuth oauthParams');
  // Every form of one key (PKCS#1, PKCS#8) gives the same signature for the same request.
  const bits = /rsa-(\d+)/.exec(c.privateKeyFile)?.[1] ?? c.privateKeyFile;
  const memo = `${bits}\n${c.baseString}`;
  const seen = ctx.memo.get(memo);
  if (seen === undefined) ctx.memo.set(memo, { signature: r.signature, file: c.privateKeyFile });
  else eq(r.signature, seen.signature, `signature equals the one made with ${seen.file}`);
  // What was signed verifies with the vector's public key; the same header over another body does not.
  const publicKey = keyText(ctx, c.publicKeyFile, 'publicKeyFile');
  const verify = (body) =>
    need(lib, 'verifyOAuth')(
      { method: c.method, url: c.url, params: body, authorization: r.authorization },
      { credentials: () => ({ publicKey }), now: Number(c.timestamp), nonceStore: freshStore(lib) },
    );
  const v = await verify(params);
  eq([v.consumerKey, v.signatureMethod], [c.consumerKey, 'RSA-SHA256'], 'verifyOAuth consumerKey and signatureMethod');
  await rejects(
    lib,
    'ERR_SIGNATURE_INVALID',
    () => verify([...params, ['extra', '1']]),
    'verifyOAuth over a changed body',
  );
  if (ctx.internals?.rsaSha256Verify !== undefined) {
    eq(
      await ctx.internals.rsaSha256Verify(publicKey, c.signature, c.baseString),
      true,
      "the backend verifies the vector's signature",
    );
    eq(
      await ctx.internals.rsaSha256Verify(publicKey, c.signature, c.baseString + 'x'),
      false,
      'the backend refuses it over another base string',
    );
  }
}
