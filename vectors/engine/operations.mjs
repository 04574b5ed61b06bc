// vectors/operations.json: whole requests through signRequest, then verifyRequest on what it
// made and on the golden request as the vector writes it.
import { eq, freshStore, keyText, need, ok, pairs, platformSha1Hex, rejects } from './assert.mjs';

export const topic = 'operations';

/** Control-formula fields read back from a signed form body (for checking `concatenation`). */
function controlFieldsFromBody(pairsList, where) {
  const f = {};
  const map = { 'client-order-id': 'client_orderid' };
  const known = [
    'login',
    'client_orderid',
    'orderid',
    'amount',
    'currency',
    'email',
    'cardrefid',
    'status',
    'source-card-ref-id',
    'destination-card-ref-id',
  ];
  for (const [n, v] of pairsList) {
    const name = map[n] ?? n;
    if (known.includes(name) && f[name] === undefined) f[name] = v;
  }
  if (where.endpointGroupId !== undefined) f.endpointGroupId = where.endpointGroupId;
  else if (where.endpointId !== undefined) f.endpointId = where.endpointId;
  return f;
}

export async function check(lib, c, ctx) {
  const signRequest = need(lib, 'signRequest');
  const creds = { ...(c.credentials ?? {}) };
  const publicKey = creds.publicKeyFile !== undefined ? keyText(ctx, creds.publicKeyFile, 'publicKeyFile') : undefined;
  if (creds.privateKeyFile !== undefined) creds.privateKey = keyText(ctx, creds.privateKeyFile, 'privateKeyFile');
  delete creds.privateKeyFile;
  delete creds.publicKeyFile;
  const opts = { baseUrl: c.baseUrl, params: pairs(c.params ?? [], 'params'), credentials: creds };
  for (const k of [
    'endpointId',
    'endpointGroupId',
    'scheme',
    'nonce',
    'timestamp',
    'realm',
    'exponent',
    'repeatOAuthInBody',
  ]) {
    if (c[k] !== undefined) opts[k] = c[k];
  }
  if (c.error !== undefined)
    return rejects(lib, c.error, () => signRequest(c.operation, opts), `signRequest(${c.operation})`);
  const signed = await signRequest(c.operation, opts);
  eq(signed.method, c.method, 'method');
  eq(signed.url, c.url, 'url');
  eq({ ...signed.headers }, c.headers, 'headers');
  eq(signed.body, c.body, 'body');
  eq(signed.scheme, c.signedWith, 'scheme used');
  if (c.control !== undefined) {
    eq(
      await platformSha1Hex(c.concatenation),
      c.control,
      "SHA-1 of the vector's concatenation (WebCrypto, checks the vector)",
    );
    eq(signed.control, c.control, 'control');
    const fields = controlFieldsFromBody(need(lib, 'parseForm')(c.body), c);
    const options = c.exponent !== undefined ? { exponent: c.exponent } : undefined;
    eq(
      need(lib, 'controlInput')(signed.scheme, fields, options) + creds.controlKey,
      c.concatenation,
      'controlInput of the body + controlKey',
    );
  } else {
    eq(signed.oauth?.baseString, c.baseString, 'oauth base string');
    eq(signed.oauth?.signature, c.signature, 'oauth signature');
  }
  // What signRequest made, verifyRequest accepts, once.
  const verifyRequest = need(lib, 'verifyRequest');
  const vopts = (nonceStore) => ({
    basePath: new URL(c.baseUrl).pathname.replace(/\/+$/, ''),
    credentials: () => ({
      ...(creds.controlKey !== undefined ? { controlKey: creds.controlKey } : {}),
      ...(publicKey !== undefined ? { publicKey } : {}),
    }),
    nonceStore,
    ...(c.timestamp !== undefined ? { now: Number(c.timestamp) } : {}),
    ...(c.scheme !== undefined ? { schemes: { [c.operation]: c.scheme } } : {}),
    ...(c.exponent !== undefined ? { exponent: c.exponent } : {}),
  });
  const fromSigner = vopts(freshStore(lib));
  const request = signed.toRequest();
  eq(
    (await verifyRequest(request.clone(), fromSigner)).operation?.id,
    c.operation,
    'verifyRequest found the operation',
  );
  if (signed.oauth !== undefined)
    await rejects(
      lib,
      'ERR_OAUTH_NONCE_REPLAYED',
      () => verifyRequest(request.clone(), fromSigner),
      'verifyRequest replayed',
    );
  // The golden request exactly as the vector writes it verifies too, once.
  const golden = () => new Request(c.url, { method: c.method, headers: c.headers, body: c.body });
  const fromVector = vopts(freshStore(lib));
  const v = await verifyRequest(golden(), fromVector);
  eq(v.scheme, c.signedWith, 'verifyRequest(golden request) scheme');
  eq(v.params, lib.parseForm(c.body), 'verifyRequest(golden request) params');
  if (c.signature !== undefined)
    await rejects(
      lib,
      'ERR_OAUTH_NONCE_REPLAYED',
      () => verifyRequest(golden(), fromVector),
      'golden request replayed',
    );
}

/** Checks over the whole file. */
export const fileChecks = [
  [
    'every catalog row has a positive case',
    async (lib, cases) => {
      const catalog = need(lib, 'OPERATIONS');
      const rows = Array.isArray(catalog) ? catalog : Object.values(catalog);
      ok(rows.length > 0, 'the operation catalog is exported and not empty');
      for (const row of rows)
        ok(
          cases.some((c) => c.operation === row.id && c.error === undefined),
          `no positive case for ${row.id}`,
        );
    },
  ],
];
