// Generator topic oauth-sign.json: whole-request OAuth signing (base string, signature, header).
// Interface: see generate.mjs.
import {
  assemble,
  attempt,
  compute,
  headerOf,
  mustEqual,
  oauthSignNaive,
  pe,
  resultOf,
  vectorFile,
} from '../support.mjs';
import {
  A5_URL,
  CB_KEY,
  PAN_BODY,
  PAN_NORMALIZED,
  PAN_URL,
  PAYOUT_URL,
  V4_BODY,
  V4_URL,
  signInput,
} from '../requests.mjs';

export async function generate() {
  const s = (id, description, source, req, expectError) => ({ id, description, source, ...req, expectError });
  const hm = { method: 'POST', consumerKey: 'merchantlogin', signatureMethod: 'HMAC-SHA1', consumerSecret: CB_KEY };
  const rs = {
    method: 'POST',
    url: V4_URL,
    params: V4_BODY,
    consumerKey: 'merchantlogin',
    signatureMethod: 'RSA-SHA256',
    nonce: 'v4nonce0001',
    timestamp: 1700000000,
  };
  // biome-ignore format: a table, one case per line
  const defs = [
    s('service-pan-eligibility-hmac', 'the published pan-eligibility example, signed with a control key (HMAC-SHA1, no realm)', 'D-PAN-EXAMPLE; D-HMAC-KEY', { ...hm, url: PAN_URL, params: PAN_BODY, nonce: 'y3qlvMPky7g', timestamp: 1669966913 }),
    s('payout-hmac-with-realm', 'v2 payout with a realm: realm goes first in the header and never into the base string', 'S-OAUTH-HEADER; R-5849-3.5.1', { ...hm, url: PAYOUT_URL, params: [['client_orderid', 'inv-0001'], ['amount', '10.42'], ['currency', 'EUR']], nonce: 'abc123XYZ', timestamp: 1700000000, realm: 'Payout API' }),
    s('payout-hmac-hard-body', "body with spaces, +, ! * ' ( ), non-BMP text, empty value and a duplicate name", 'P-TRAP', { ...hm, url: PAYOUT_URL, params: [['order_desc', "Gift (2x) + card! * 'wow'"], ['note', 'Zoë 😀'], ['empty', ''], ['tag', 'b'], ['tag', 'a']], nonce: 'n-0002', timestamp: '1700000001' }),
    s('payout-hmac-query', 'URL query parameters take part; timestamp given as a string', 'R-5849-3.4.1.3.1', { ...hm, url: 'https://sandbox.example.com:443/api/v2/payout/1234?lang=en&x=a+b', params: [['client_orderid', 'inv-0003']], nonce: 'n-0003', timestamp: '1700000002' }),
    s('oauth-core-a-5-with-token', 'OAuth Core 1.0 A.5 through the whole signer (token and token secret): signature tR3+Ty81lMeYAr/Fid0kMTYa/WM=', 'R-OAUTH-CORE-A.5', { method: 'GET', url: A5_URL, params: [], consumerKey: 'dpf43f3p2l4k3l03', signatureMethod: 'HMAC-SHA1', consumerSecret: 'kd94hf93k423kf44', token: 'nnch734d00sl2jdk', tokenSecret: 'pfkkdhi9sl3r4s00', nonce: 'kllo9940pd9333jh', timestamp: 1191242096 }),
    s('hmac-consumer-key-needs-encoding', 'a consumer key with a space and @, a nonce with + and /: each oauth_* value is percent-encoded once in the base string and in the header', 'P-TRAP; R-5849-3.6', { ...hm, consumerKey: 'merchant login@shop', url: PAYOUT_URL, params: [['client_orderid', 'inv-0005'], ['amount', '4.35'], ['currency', 'EUR']], nonce: 'n+1/2 x', timestamp: 1700000005 }),
    s('rsa-consumer-key-needs-encoding', 'RSA-SHA256 with a consumer key holding a space and @: percent-encoded once', 'P-TRAP; R-5849-3.6', { ...rs, consumerKey: 'shop@example.com ltd', privateKeyFile: 'test-only-rsa-2048-pkcs8.pem' }),
    s('v4-transfer-rsa-2048-pkcs1', "v4 transfer with the example's fields, RSA-SHA256, 2048-bit PKCS#1 key", 'S-OAUTH-USERS; S-RSA-SHA256', { ...rs, privateKeyFile: 'test-only-rsa-2048-pkcs1.pem' }),
    s('v4-transfer-rsa-2048-pkcs8', 'the same request with the PKCS#8 form of the key: same signature', 'S-OAUTH-USERS; S-RSA-SHA256', { ...rs, privateKeyFile: 'test-only-rsa-2048-pkcs8.pem' }),
    s('v4-transfer-rsa-4096-pkcs8', 'the same request with a 4096-bit PKCS#8 key and a realm', 'S-OAUTH-USERS; S-RSA-SHA256', { ...rs, privateKeyFile: 'test-only-rsa-4096-pkcs8.pem', realm: 'v4' }),
    s('unknown-signature-method', 'PLAINTEXT is not a method the service uses', 'S-OAUTH-USERS; S-RSA-SHA256', { ...hm, url: PAYOUT_URL, params: [], nonce: 'n', timestamp: 1700000000, signatureMethod: 'PLAINTEXT' }, 'ERR_UNSUPPORTED'),
    s('rsa-key-too-small', 'RSA-SHA256 with a 1024-bit key is refused', 'S-RSA-MIN-2048', { ...rs, privateKeyFile: 'test-only-rsa-1024-pkcs8.pem' }, 'ERR_KEY_TOO_SMALL'),
    s('lone-surrogate-in-body', 'a body value with a lone surrogate has no UTF-8 form', 'R-5849-3.6', { ...hm, url: PAYOUT_URL, params: [['x', 'a\ud800']], nonce: 'n', timestamp: 1700000000 }, 'ERR_ENCODING'),
  ];
  const positives = defs.filter((d) => !d.expectError);
  const results = compute(positives, { task: () => 'oauthSign', fns: { oauthSign: oauthSignNaive }, py: signInput });
  // negatives: the naive reference must refuse them with the code the case names
  for (const d of defs.filter((x) => x.expectError)) {
    const r = attempt(oauthSignNaive, d);
    if (r.error !== d.expectError) throw new Error(`${d.id}: reference gives ${JSON.stringify(r)}`);
  }
  mustEqual(
    'A.5 signature through the signer',
    resultOf(positives, results, 'oauth-core-a-5-with-token').signature,
    'tR3+Ty81lMeYAr/Fid0kMTYa/WM=',
  );
  mustEqual(
    'PKCS#1 vs PKCS#8 in the signer',
    resultOf(positives, results, 'v4-transfer-rsa-2048-pkcs1').signature,
    resultOf(positives, results, 'v4-transfer-rsa-2048-pkcs8').signature,
  );
  mustEqual(
    'published parameter string in the signer',
    resultOf(positives, results, 'service-pan-eligibility-hmac').baseString.split('&')[2],
    pe(PAN_NORMALIZED),
  );
  let k = 0;
  const all = defs.map((d) => (d.expectError ? { error: d.expectError } : results[k++]));
  return vectorFile(
    'oauth-sign',
    'Whole-request OAuth 1.0a signing (signOAuth of paysig): fixed nonce and timestamp; oauth_version is always "1.0". `authorizationParams` holds the Authorization header\'s parameters decoded (realm first when given); `authorization` is one exact rendering, the one paysig writes: realm first when given, then oauth_consumer_key, oauth_nonce, oauth_signature_method, oauth_timestamp, oauth_token (when given), oauth_version, oauth_signature; every value percent-encoded; joined by ", ". RFC 5849 leaves the order free: compare parsed headers unless you write the same order. `oauthParams` is every oauth_* parameter sent, decoded, with the signature.',
    assemble(defs, all, (ok, d) => {
      const authorizationParams = {};
      if (d.realm !== undefined) authorizationParams.realm = d.realm;
      Object.assign(authorizationParams, ok.oauthParams);
      return {
        baseString: ok.baseString,
        signature: ok.signature,
        oauthParams: ok.oauthParams,
        authorizationParams,
        authorization: headerOf(d.realm, ok.oauthParams),
      };
    }),
  );
}
