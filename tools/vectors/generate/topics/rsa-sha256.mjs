// Generator topic rsa-sha256.json: whole RSA-SHA256 requests, and keys that must be refused.
// Interface: see generate.mjs.
import { assemble, compute, keyPath, mustEqual, oauthSignNaive, resultOf, vectorFile } from '../support.mjs';
import { A5_URL, PAN_BODY, PAN_URL, bases, signInput } from '../requests.mjs';

/** A whole RSA-SHA256 request (rsa-sha256.json): the base string and its signature. */
function rsaRequestNaive(c) {
  if (c.signatureMethod !== 'RSA-SHA256') throw new Error('rsa-sha256.json holds RSA-SHA256 requests only');
  const { baseString, signature } = oauthSignNaive(c);
  return { baseString, signature };
}

export async function generate() {
  const BASES = bases();
  // Every case is a whole RSA-SHA256 OAuth request as signOAuth takes it (no token: the service
  // uses none). Both oracles build the base string (the JS reference and oauthlib, as for
  // base-string.json), then sign it (node:crypto and `openssl dgst -sha256 -sign`, which must also
  // verify it with publicKeyFile). The refused keys sign the pan-eligibility request.
  const pan = {
    method: 'POST',
    url: PAN_URL,
    params: PAN_BODY,
    consumerKey: 'merchantlogin',
    nonce: 'y3qlvMPky7g',
    timestamp: 1669966913,
  };
  // OAuth Core 1.0 A.5's GET request (query parameters in the URL), without its token
  const a5 = {
    method: 'GET',
    url: A5_URL,
    params: [],
    consumerKey: 'dpf43f3p2l4k3l03',
    nonce: 'kllo9940pd9333jh',
    timestamp: 1191242096,
  };
  // the request of base-string.json's unicode-values case: 2, 3 and 4 byte UTF-8 in a value
  const unicode = {
    method: 'POST',
    url: 'https://example.com/p',
    params: [['name', 'Zoë €5 😀']],
    consumerKey: 'ck',
    nonce: 'n',
    timestamp: 1,
  };
  const r = (id, description, req, privateKeyFile, publicKeyFile, expectError) => ({
    id,
    description,
    source: expectError ? 'S-RSA-MIN-2048; D-RSA-KEYS' : 'R-5849-3.4.3; R-8017; S-RSA-SHA256',
    method: req.method,
    url: req.url,
    params: req.params,
    consumerKey: req.consumerKey,
    nonce: req.nonce,
    timestamp: req.timestamp,
    signatureMethod: 'RSA-SHA256',
    privateKeyFile,
    publicKeyFile,
    ...(expectError ? { expectError } : {}),
  });
  // biome-ignore format: a table, one case per line
  const defs = [
    r('rsa-2048-pkcs1-pan', 'the published pan-eligibility request signed with RSA-SHA256, 2048-bit key, PKCS#1 PEM', pan, 'test-only-rsa-2048-pkcs1.pem', 'test-only-rsa-2048-spki.pem'),
    r('rsa-2048-pkcs8-pan', 'the same request with the same 2048-bit key in PKCS#8 PEM gives the same signature', pan, 'test-only-rsa-2048-pkcs8.pem', 'test-only-rsa-2048-pkcs1-public.pem'),
    r('rsa-4096-pkcs1-pan', "the same request with a 4096-bit key (what the service's key generation produces), PKCS#1 PEM", pan, 'test-only-rsa-4096-pkcs1.pem', 'test-only-rsa-4096-pkcs1-public.pem'),
    r('rsa-4096-pkcs8-pan', 'the same request with the same 4096-bit key in PKCS#8 PEM', pan, 'test-only-rsa-4096-pkcs8.pem', 'test-only-rsa-4096-spki.pem'),
    r('rsa-2048-pkcs8-a5', "OAuth Core 1.0 A.5's GET request (query parameters in the URL take part), without its token, 2048-bit key", a5, 'test-only-rsa-2048-pkcs8.pem', 'test-only-rsa-2048-spki.pem'),
    r('rsa-2048-pkcs8-unicode', 'a body value with 2, 3 and 4 byte UTF-8 characters, 2048-bit key', unicode, 'test-only-rsa-2048-pkcs8.pem', 'test-only-rsa-2048-spki.pem'),
    r('rsa-2048-pkcs8-consumer-key-needs-encoding', 'the pan-eligibility request with a consumer key holding a space and @ (percent-encoded once in the base string)', { ...pan, consumerKey: 'merchant login@shop' }, 'test-only-rsa-2048-pkcs8.pem', 'test-only-rsa-2048-spki.pem'),
    r('rsa-1024-pkcs1-refused', 'a 1024-bit key (PKCS#1) is refused: at least 2048 bits', pan, 'test-only-rsa-1024-pkcs1.pem', 'test-only-rsa-1024-spki.pem', 'ERR_KEY_TOO_SMALL'),
    r('rsa-1024-pkcs8-refused', 'a 1024-bit key (PKCS#8) is refused: at least 2048 bits', pan, 'test-only-rsa-1024-pkcs8.pem', 'test-only-rsa-1024-spki.pem', 'ERR_KEY_TOO_SMALL'),
    r('ec-key-refused', 'an EC P-256 key is not an RSA key', pan, 'test-only-ec-p256-pkcs8.pem', 'test-only-ec-p256-spki.pem', 'ERR_KEY_INVALID'),
    r('encrypted-pkcs1-refused', 'an encrypted PKCS#1 PEM (Proc-Type: 4,ENCRYPTED) is refused', pan, 'test-only-rsa-2048-encrypted-pkcs1.pem', 'test-only-rsa-2048-spki.pem', 'ERR_KEY_INVALID'),
    r('encrypted-pkcs8-refused', 'an ENCRYPTED PRIVATE KEY PEM is refused', pan, 'test-only-rsa-2048-encrypted-pkcs8.pem', 'test-only-rsa-2048-spki.pem', 'ERR_KEY_INVALID'),
  ];
  const results = compute(defs, {
    task: () => 'rsaRequest',
    fns: { rsaRequest: rsaRequestNaive },
    py: (d) => ({ ...signInput(d), ...(d.expectError ? {} : { publicKeyPath: keyPath(d.publicKeyFile) }) }),
  });
  const at = (id) => resultOf(defs, results, id);
  for (const d of defs) {
    if (d.expectError) continue;
    const base = at(d.id).baseString;
    if (!base.includes('%26oauth_signature_method%3DRSA-SHA256%26'))
      throw new Error(`${d.id}: the base string does not name RSA-SHA256`);
  }
  // the published parameter string, with the method named RSA-SHA256 instead of HMAC-SHA1
  mustEqual(
    'pan-eligibility request under RSA-SHA256',
    at('rsa-2048-pkcs1-pan').baseString,
    BASES.pan.replace('%3DHMAC-SHA1%26', '%3DRSA-SHA256%26'),
  );
  for (const bits of [2048, 4096]) {
    const [pkcs1, pkcs8] = [at(`rsa-${bits}-pkcs1-pan`), at(`rsa-${bits}-pkcs8-pan`)];
    mustEqual(`PKCS#1 and PKCS#8 give one signature (${bits})`, pkcs1.signature, pkcs8.signature);
  }
  return vectorFile(
    'rsa-sha256',
    'OAuth 1.0a RSA-SHA256 of the service: RSASSA-PKCS1-v1_5 with SHA-256 over the UTF-8 signature base string, Base64 output. Inputs are a whole request as signOAuth takes it: method, url (its query takes part), params (decoded body pairs), consumerKey, nonce, timestamp, signatureMethod (always RSA-SHA256), privateKeyFile and the publicKeyFile that verifies the signature (files in vectors/keys/, test-only keys). The signer adds oauth_consumer_key, oauth_nonce, oauth_signature_method, oauth_timestamp and oauth_version=1.0 (no token). Expected: baseString (built as in base-string.json, with oauth_signature_method=RSA-SHA256) and signature; or `error` for a key that must be refused. The signature is deterministic, so the PKCS#1 and PKCS#8 forms of one key give the same value.',
    assemble(defs, results, (ok) => ({ baseString: ok.baseString, signature: ok.signature })),
  );
}
