// Built-in checks: signOAuth / verifyOAuth round trips (HMAC-SHA1 and RSA-SHA256, PKCS#1 and
// PKCS#8 keys, SPKI and PKCS#1 public keys), tampering, replay, clock skew, refused keys.
import { percentEncode } from '../../../tools/vectors/reference/percent.mjs';
import { parseAuthorization } from '../../../tools/vectors/reference/oauth.mjs';
import { eq, fail, freshStore, keyText, need, ok, rejects, show } from '../assert.mjs';
import { CONTROL_KEY, NOW, URL_BASE } from './fixtures.mjs';

export const checks = [];
const builtin = (name, fn) => checks.push([name, fn]);

async function verifyWith(lib, signed, req, credentials, extra = {}) {
  return need(lib, 'verifyOAuth')(
    { method: req.method, url: req.url, params: req.params, authorization: signed.authorization, ...extra.request },
    { credentials, now: NOW, nonceStore: extra.store ?? freshStore(lib), ...extra.options },
  );
}

builtin('roundtrip/oauth-hmac-sha1', async (lib) => {
  const sign = need(lib, 'signOAuth');
  const secret = CONTROL_KEY;
  const credentials = (k) => (k === 'merchant login' ? { consumerSecret: secret } : undefined);
  const req = {
    method: 'POST',
    url: URL_BASE + '?q=a+b&q=%21',
    params: [
      ['amount', '10.42'],
      ['a', ''],
      ['c@', 'x'],
      ['c2', 'y'],
      ['emoji', '😀'],
      ['a', 'dup'],
    ],
  };
  const signed = await sign({
    ...req,
    consumerKey: 'merchant login',
    signatureMethod: 'HMAC-SHA1',
    consumerSecret: secret,
    timestamp: NOW,
    nonce: 'nonce-hmac-1',
  });
  const h = parseAuthorization(signed.authorization);
  eq(h.params.oauth_signature, signed.signature, 'header signature = result signature');
  eq(signed.oauthParams.oauth_version, '1.0', 'oauth_version');
  eq(signed.oauthParams.oauth_signature_method, 'HMAC-SHA1', 'oauth_signature_method');
  eq(signed.oauthParams.oauth_consumer_key, 'merchant login', 'oauth_consumer_key');
  const v = await verifyWith(lib, signed, req, credentials);
  eq(v.consumerKey, 'merchant login', 'verified consumerKey');
  eq(v.signatureMethod, 'HMAC-SHA1', 'verified signatureMethod');
  eq(v.timestamp, NOW, 'verified timestamp');
  eq(v.nonce, 'nonce-hmac-1', 'verified nonce');

  // The service's rule: the five oauth_* parameters other than the signature repeated in the body.
  const repeated = Object.entries(signed.oauthParams).filter(([n]) => n !== 'oauth_signature');
  await verifyWith(lib, signed, { ...req, params: [...req.params, ...repeated] }, credentials);

  // Tampering: body value, duplicate removed, method, path, query, signature.
  const tampered = [
    ['body value', { params: [['amount', '10.43'], ...req.params.slice(1)] }],
    ['duplicate dropped', { params: req.params.slice(0, -1) }],
    ['method', { method: 'PUT' }],
    ['path', { url: URL_BASE.replace('1234', '1235') + '?q=a+b&q=%21' }],
    ['query', { url: URL_BASE + '?q=a+b' }],
  ];
  for (const [what, change] of tampered) {
    await rejects(
      lib,
      'ERR_SIGNATURE_INVALID',
      () => verifyWith(lib, signed, { ...req, ...change }, credentials),
      `tampered ${what}`,
    );
  }
  const sig = signed.signature;
  const otherSig = (sig[0] === 'A' ? 'B' : 'A') + sig.slice(1);
  const badHeader = signed.authorization.replace(percentEncode(sig), percentEncode(otherSig));
  ok(badHeader !== signed.authorization, 'the test replaced the signature');
  await rejects(
    lib,
    'ERR_SIGNATURE_INVALID',
    () => verifyWith(lib, { authorization: badHeader }, req, credentials),
    'tampered signature',
  );
  await rejects(
    lib,
    'ERR_SIGNATURE_INVALID',
    () => verifyWith(lib, signed, req, () => ({ consumerSecret: secret + 'x' })),
    'other secret',
  );

  // A body oauth_* value that differs from the header's.
  await rejects(
    lib,
    'ERR_OAUTH_PARAMETER',
    () => verifyWith(lib, signed, { ...req, params: [...req.params, ['oauth_nonce', 'other']] }, credentials),
    'body oauth_nonce differs',
  );

  // Unknown consumer, method not allowed, stale and future timestamps.
  await rejects(
    lib,
    'ERR_OAUTH_UNKNOWN_CONSUMER',
    () => verifyWith(lib, signed, req, () => undefined),
    'unknown consumer',
  );
  await rejects(
    lib,
    'ERR_OAUTH_UNKNOWN_CONSUMER',
    () => verifyWith(lib, signed, req, async () => undefined),
    'unknown consumer (async)',
  );
  await rejects(
    lib,
    'ERR_OAUTH_METHOD_NOT_ALLOWED',
    () => verifyWith(lib, signed, req, () => ({ publicKey: 'unused' })),
    'HMAC for an RSA-only consumer',
  );
  await rejects(
    lib,
    'ERR_OAUTH_TIMESTAMP',
    () => verifyWith(lib, signed, req, credentials, { options: { now: NOW + 301 } }),
    'stale timestamp',
  );
  await rejects(
    lib,
    'ERR_OAUTH_TIMESTAMP',
    () => verifyWith(lib, signed, req, credentials, { options: { now: NOW - 301 } }),
    'future timestamp',
  );
  await verifyWith(lib, signed, req, credentials, { options: { now: NOW + 300 } });
  await rejects(
    lib,
    'ERR_OAUTH_TIMESTAMP',
    () => verifyWith(lib, signed, req, credentials, { options: { now: NOW + 11, maxSkewSeconds: 10 } }),
    'maxSkewSeconds 10',
  );
  await rejects(
    lib,
    'ERR_OAUTH_HEADER_MALFORMED',
    () => verifyWith(lib, { authorization: 'Bearer abc' }, req, credentials),
    'not an OAuth header',
  );
});

builtin('roundtrip/oauth-replay', async (lib) => {
  const credentials = () => ({ consumerSecret: CONTROL_KEY });
  const req = { method: 'POST', url: URL_BASE, params: [['client_orderid', 'replay']] };
  const nonce = `replay-${Math.floor(Math.random() * 1e15)}`;
  const signed = await need(
    lib,
    'signOAuth',
  )({ ...req, consumerKey: 'm', signatureMethod: 'HMAC-SHA1', consumerSecret: CONTROL_KEY, timestamp: NOW, nonce });
  if (typeof lib.MemoryNonceStore === 'function') {
    const store = new lib.MemoryNonceStore();
    await verifyWith(lib, signed, req, credentials, { store });
    await rejects(
      lib,
      'ERR_OAUTH_NONCE_REPLAYED',
      () => verifyWith(lib, signed, req, credentials, { store }),
      'replay, explicit MemoryNonceStore',
    );
    // A bad signature must not burn a nonce.
    const store2 = new lib.MemoryNonceStore();
    await rejects(
      lib,
      'ERR_SIGNATURE_INVALID',
      () => verifyWith(lib, signed, { ...req, params: [['client_orderid', 'x']] }, credentials, { store: store2 }),
      'tampered',
    );
    await verifyWith(lib, signed, req, credentials, { store: store2 });
  }
  // No store behind the caller's back: without a nonceStore the verifier refuses to run (the
  // server's mistake), or, if it keeps a store of its own, refuses the replay. Never twice accepted.
  const verify = need(lib, 'verifyOAuth');
  const r = { ...req, authorization: signed.authorization };
  let first;
  try {
    first = await verify(r, { credentials, now: NOW });
  } catch (e) {
    if (!(e instanceof lib.PaysigError)) fail(`verifyOAuth without a nonceStore: non-PaysigError ${show(e)}`);
    first = e;
  }
  if (!(first instanceof lib.PaysigError)) {
    await rejects(
      lib,
      'ERR_OAUTH_NONCE_REPLAYED',
      () => verify(r, { credentials, now: NOW }),
      'replay, no store given',
    );
  }
  // Random nonces differ and are unreserved characters only.
  const a = await need(
    lib,
    'signOAuth',
  )({ ...req, consumerKey: 'm', signatureMethod: 'HMAC-SHA1', consumerSecret: CONTROL_KEY });
  const b = await need(
    lib,
    'signOAuth',
  )({ ...req, consumerKey: 'm', signatureMethod: 'HMAC-SHA1', consumerSecret: CONTROL_KEY });
  ok(a.oauthParams.oauth_nonce !== b.oauthParams.oauth_nonce, 'two default nonces differ');
  ok(
    /^[A-Za-z0-9\-._~]{16,}$/.test(a.oauthParams.oauth_nonce),
    `default nonce is long and unreserved: ${show(a.oauthParams.oauth_nonce)}`,
  );
  const ts = Number(a.oauthParams.oauth_timestamp);
  ok(Math.abs(ts - Date.now() / 1000) < 120, `default timestamp is now: ${ts}`);
});

builtin('roundtrip/oauth-rsa-sha256', async (lib, ctx) => {
  const sign = need(lib, 'signOAuth');
  const k = (f) => keyText(ctx, f, 'key');
  const pkcs1 = k('test-only-rsa-2048-pkcs1.pem');
  const pkcs8 = k('test-only-rsa-2048-pkcs8.pem');
  const req = {
    method: 'POST',
    url: 'https://sandbox.example.com/paynet/api/v4/create-card-ref/77',
    params: [
      ['client_orderid', 'rsa-1'],
      ['name', "Zoë O'Brien"],
    ],
  };
  const base = { ...req, consumerKey: 'merchant', signatureMethod: 'RSA-SHA256', timestamp: NOW, nonce: 'rsa-nonce' };
  const s1 = await sign({ ...base, privateKey: pkcs1 });
  const s8 = await sign({ ...base, privateKey: pkcs8 });
  eq(s1.signature, s8.signature, 'PKCS#1 and PKCS#8 forms of one key sign alike (RSASSA-PKCS1-v1_5 is deterministic)');
  eq(s1.oauthParams.oauth_signature_method, 'RSA-SHA256', 'oauth_signature_method');
  ok(/^[A-Za-z0-9+/]{342}==$/.test(s1.signature), 'a 2048-bit signature is 256 bytes of Base64');
  for (const pub of ['test-only-rsa-2048-spki.pem', 'test-only-rsa-2048-pkcs1-public.pem']) {
    const publicKey = k(pub);
    const v = await verifyWith(lib, s1, req, (c) => (c === 'merchant' ? { publicKey } : undefined));
    eq(v.signatureMethod, 'RSA-SHA256', 'verified method');
    await rejects(
      lib,
      'ERR_SIGNATURE_INVALID',
      () =>
        verifyWith(lib, s1, { ...req, params: [['client_orderid', 'rsa-2'], req.params[1]] }, () => ({ publicKey })),
      `tampered, ${pub}`,
    );
  }
  const other = k('test-only-rsa-4096-spki.pem');
  await rejects(
    lib,
    'ERR_SIGNATURE_INVALID',
    () => verifyWith(lib, s1, req, () => ({ publicKey: other })),
    'verified with another key',
  );
  await rejects(
    lib,
    'ERR_OAUTH_METHOD_NOT_ALLOWED',
    () => verifyWith(lib, s1, req, () => ({ consumerSecret: 'x' })),
    'RSA for an HMAC-only consumer',
  );
  await rejects(
    lib,
    'ERR_KEY_TOO_SMALL',
    () => sign({ ...base, privateKey: k('test-only-rsa-1024-pkcs1.pem') }),
    '1024-bit PKCS#1 key',
  );
  await rejects(
    lib,
    'ERR_KEY_TOO_SMALL',
    () => sign({ ...base, privateKey: k('test-only-rsa-1024-pkcs8.pem') }),
    '1024-bit PKCS#8 key',
  );
  await rejects(
    lib,
    'ERR_KEY_INVALID',
    () => sign({ ...base, privateKey: k('test-only-ec-p256-pkcs8.pem') }),
    'EC key',
  );
  await rejects(
    lib,
    'ERR_KEY_INVALID',
    () => sign({ ...base, privateKey: k('test-only-rsa-2048-encrypted-pkcs8.pem') }),
    'encrypted PKCS#8',
  );
  await rejects(
    lib,
    'ERR_KEY_INVALID',
    () => sign({ ...base, privateKey: k('test-only-rsa-2048-encrypted-pkcs1.pem') }),
    'encrypted PKCS#1',
  );
  await rejects(
    lib,
    'ERR_KEY_INVALID',
    () => sign({ ...base, privateKey: k('test-only-rsa-2048-spki.pem') }),
    'public key given to sign',
  );
  await rejects(
    lib,
    'ERR_KEY_TOO_SMALL',
    () => verifyWith(lib, s1, req, () => ({ publicKey: k('test-only-rsa-1024-spki.pem') })),
    '1024-bit public key',
  );
});

builtin('roundtrip/oauth-sign-input-errors', async (lib) => {
  const sign = need(lib, 'signOAuth');
  const base = {
    method: 'POST',
    url: URL_BASE,
    params: [],
    consumerKey: 'm',
    signatureMethod: 'HMAC-SHA1',
    consumerSecret: 's',
    nonce: 'n',
    timestamp: NOW,
  };
  await rejects(lib, 'ERR_UNSUPPORTED', () => sign({ ...base, signatureMethod: 'PLAINTEXT' }), 'PLAINTEXT');
  await rejects(lib, 'ERR_INVALID_INPUT', () => sign({ ...base, url: '/relative' }), 'relative URL');
  await rejects(lib, 'ERR_ENCODING', () => sign({ ...base, params: [['a', '\udc00']] }), 'lone surrogate in a value');
});
