// Generator topic oauth-verify-negative.json: requests verifyOAuth must refuse, one fault each, and valid baselines.
// Interface: see generate.mjs.
import { baseStringNaive, compute, hmacNaive, oauthSignNaive, pe, vectorFile } from '../support.mjs';
import { CB_KEY, PAYOUT_URL, signInput } from '../requests.mjs';

export async function generate() {
  const NOW = 1700000000;
  const credentials = {
    merchantlogin: { consumerSecret: CB_KEY },
    rsamerchant: { publicKeyFile: 'test-only-rsa-2048-spki.pem' },
  };
  const base = {
    method: 'POST',
    url: PAYOUT_URL,
    params: [
      ['client_orderid', 'inv-0001'],
      ['amount', '10.42'],
      ['currency', 'EUR'],
    ],
    consumerKey: 'merchantlogin',
    signatureMethod: 'HMAC-SHA1',
    consumerSecret: CB_KEY,
    timestamp: NOW,
  };
  const { consumerSecret, ...unsigned } = base;
  const rsa = {
    ...unsigned,
    url: 'https://sandbox.example.com/api/v4/payout-check/1234',
    consumerKey: 'rsamerchant',
    signatureMethod: 'RSA-SHA256',
    privateKeyFile: 'test-only-rsa-2048-pkcs8.pem',
  };
  // Each spec: the request to sign, then a mutation of the signed request (header pairs, body).
  // biome-ignore format: a table, one case per line
  const specs = [
    ['valid-hmac', 'baseline: a valid HMAC-SHA1 request is accepted', base, null, null],
    ['valid-rsa', 'baseline: a valid RSA-SHA256 request is accepted', rsa, null, null],
    ['valid-body-repeats-oauth', 'the five oauth_* parameters repeated in the body with the same values are accepted and counted once', base, null, (r) => { r.params.push(...r.oauth.filter(([n]) => n !== 'oauth_signature')); }],
    ['valid-with-realm', 'a realm in the header is accepted and takes no part in the signature', base, null, (r) => { r.authorization = r.authorization.replace('OAuth ', 'OAuth realm="Payouts", '); }],
    ['valid-scheme-lower-case', 'the auth-scheme is case-insensitive: "oauth" is accepted', base, null, (r) => { r.authorization = r.authorization.replace('OAuth ', 'oauth '); }],
    ['valid-timestamp-window-edge-past', 'a timestamp exactly maxSkewSeconds old is accepted (at most 300 s)', { ...base, timestamp: NOW - 300 }, null, null],
    ['valid-timestamp-window-edge-future', 'a timestamp exactly maxSkewSeconds ahead is accepted', { ...base, timestamp: NOW + 300 }, null, null],
    ['header-wrong-scheme', 'not an OAuth header', base, 'ERR_OAUTH_HEADER_MALFORMED', (r) => { r.authorization = 'Basic bWVyY2hhbnQ6c2VjcmV0'; }],
    ['header-unquoted-value', 'a value without double quotes', base, 'ERR_OAUTH_HEADER_MALFORMED', (r) => { r.authorization = r.authorization.replace(/oauth_version="1.0"/, 'oauth_version=1.0'); }],
    ['header-trailing-garbage', 'text after the last pair', base, 'ERR_OAUTH_HEADER_MALFORMED', (r) => { r.authorization += ', garbage'; }],
    ['header-unterminated-quote', 'a quoted value that never ends', base, 'ERR_OAUTH_HEADER_MALFORMED', (r) => { r.authorization = r.authorization.slice(0, -1); }],
    ['header-duplicate-nonce', 'oauth_nonce twice in the header (even with the same value)', base, 'ERR_OAUTH_HEADER_MALFORMED', (r) => { r.oauth.push(r.oauth.find(([n]) => n === 'oauth_nonce')); }],
    ['header-duplicate-signature', 'oauth_signature twice in the header', base, 'ERR_OAUTH_HEADER_MALFORMED', (r) => { r.oauth.push(r.oauth.find(([n]) => n === 'oauth_signature')); }],
    ['header-unknown-parameter', 'a header parameter that is neither realm nor oauth_*', base, 'ERR_OAUTH_HEADER_MALFORMED', (r) => { r.oauth.push(['foo', 'bar']); }],
    ...['oauth_consumer_key', 'oauth_nonce', 'oauth_signature', 'oauth_signature_method', 'oauth_timestamp'].map((p) => [`missing-${p.replace(/_/g, '-')}`, `${p} is missing from the header`, base, 'ERR_OAUTH_PARAMETER', (r) => { r.oauth = r.oauth.filter(([n]) => n !== p); }]),
    ['empty-nonce', 'an empty oauth_nonce', base, 'ERR_OAUTH_PARAMETER', (r) => { setOauth(r, 'oauth_nonce', ''); }],
    ['signature-not-base64', 'an oauth_signature that is not padded Base64', base, 'ERR_OAUTH_PARAMETER', (r) => { setOauth(r, 'oauth_signature', 'not*base64'); }],
    ['version-2-0', 'oauth_version other than 1.0', { ...base, version: '2.0' }, 'ERR_OAUTH_PARAMETER', null],
    ['timestamp-not-digits', 'oauth_timestamp that is not a decimal integer', base, 'ERR_OAUTH_PARAMETER', (r) => { setOauth(r, 'oauth_timestamp', '17e8'); }],
    ['unsupported-plaintext', 'PLAINTEXT is not supported', { ...base, signatureMethod: 'PLAINTEXT' }, 'ERR_UNSUPPORTED', null],
    ['unsupported-hmac-sha256', 'HMAC-SHA256 is not supported', { ...base, signatureMethod: 'HMAC-SHA256' }, 'ERR_UNSUPPORTED', null],
    ['timestamp-stale', 'a correctly signed request 301 s older than now (window 300 s)', { ...base, timestamp: NOW - 301 }, 'ERR_OAUTH_TIMESTAMP', null],
    ['timestamp-future', 'a correctly signed request 301 s ahead of now', { ...base, timestamp: NOW + 301 }, 'ERR_OAUTH_TIMESTAMP', null],
    ['wrong-signature', 'one character of the signature changed', base, 'ERR_SIGNATURE_INVALID', (r) => { const s = getOauth(r, 'oauth_signature'); setOauth(r, 'oauth_signature', (s[0] === 'A' ? 'B' : 'A') + s.slice(1)); }],
    ['other-secret', 'signed with another control key', { ...base, consumerSecret: 'not-the-key' }, 'ERR_SIGNATURE_INVALID', null],
    ['tampered-body', 'a body value changed after signing', base, 'ERR_SIGNATURE_INVALID', (r) => { r.params[1] = ['amount', '1042.00']; }],
    ['tampered-url', 'the endpoint id in the path changed after signing', base, 'ERR_SIGNATURE_INVALID', (r) => { r.url = r.url.replace('/1234', '/1235'); }],
    ['rsa-wrong-signature', 'an RSA-SHA256 signature of another request', rsa, 'ERR_SIGNATURE_INVALID', (r) => { r.params[1] = ['amount', '99.99']; }],
    ['body-oauth-differs', 'the body repeats oauth_nonce with another value', base, 'ERR_OAUTH_PARAMETER', (r) => { r.params.push(['oauth_nonce', 'other']); }],
    ['body-oauth-signature', 'oauth_signature in the body', base, 'ERR_OAUTH_PARAMETER', (r) => { r.params.push(['oauth_signature', getOauth(r, 'oauth_signature')]); }],
    ['unknown-consumer', 'a consumer key the verifier does not know', { ...base, consumerKey: 'stranger' }, 'ERR_OAUTH_UNKNOWN_CONSUMER', null],
    ['hmac-for-rsa-only-consumer', 'HMAC-SHA1 from a consumer that has only a public key', { ...base, consumerKey: 'rsamerchant' }, 'ERR_OAUTH_METHOD_NOT_ALLOWED', null],
    ['rsa-for-hmac-only-consumer', 'RSA-SHA256 from a consumer that has only a control key', { ...rsa, consumerKey: 'merchantlogin' }, 'ERR_OAUTH_METHOD_NOT_ALLOWED', null],
  ];
  // Signatures for every spec, by both oracles. PLAINTEXT / HMAC-SHA256 / version 2.0 are signed
  // as HMAC-SHA1 over the parameters they carry (the verifier must refuse them before that matters).
  const toSign = specs.map(([id, , req]) => ({
    ...req,
    nonce: `nonce-${id}`,
    signatureMethod: req.signatureMethod === 'RSA-SHA256' ? 'RSA-SHA256' : 'HMAC-SHA1',
    params: req.params.map((p) => [...p]),
  }));
  const results = compute(toSign, { task: () => 'oauthSign', fns: { oauthSign: oauthSignNaive }, py: signInput });
  const cases = specs.map(([id, description, req, error, mutate], i) => {
    const signed = results[i].ok;
    const oauth = [
      ['oauth_consumer_key', req.consumerKey],
      ['oauth_nonce', `nonce-${id}`],
      ['oauth_signature', signed.signature],
      ['oauth_signature_method', req.signatureMethod],
      ['oauth_timestamp', String(req.timestamp)],
      ['oauth_version', req.version ?? '1.0'],
    ];
    if (req.version !== undefined) {
      // sign again with the version actually sent, so only the version is wrong
      const again = baseStringNaive({
        method: req.method,
        url: req.url,
        params: [...req.params, ...oauth.filter(([n]) => n !== 'oauth_signature')],
      });
      oauth[2][1] = hmacNaive({
        baseString: again.baseString,
        consumerSecret: req.consumerSecret,
        tokenSecret: '',
      }).signature;
    }
    const r = { url: req.url, params: req.params.map((p) => [...p]), oauth, authorization: renderHeader(oauth) };
    if (mutate) {
      const before = r.authorization;
      const oauthBefore = JSON.stringify(r.oauth);
      mutate(r);
      if (r.authorization === before && JSON.stringify(r.oauth) !== oauthBefore)
        r.authorization = renderHeader(r.oauth);
    }
    const c = {
      id,
      description,
      source: error ? 'R-5849-3.2; S-OAUTH-VALUES' : 'R-5849-3.2',
      request: { method: req.method, url: r.url, params: r.params, authorization: r.authorization },
      credentials,
      now: NOW,
      maxSkewSeconds: 300,
    };
    if (error) c.error = error;
    else
      c.result = {
        consumerKey: req.consumerKey,
        signatureMethod: req.signatureMethod,
        timestamp: req.timestamp,
        nonce: `nonce-${id}`,
      };
    return c;
  });
  return vectorFile(
    'oauth-verify-negative',
    "Requests verifyOAuth must refuse, each with the error code, plus valid baselines (with `result`). Every refused request has exactly one fault: its other parts, including the signature where it can be computed, are valid. credentials maps consumer keys to a control key (HMAC-SHA1) or a public key file (RSA-SHA256); `now` is the verifier's clock in seconds; use a fresh nonce store per case.",
    cases,
  );
}

function getOauth(r, name) {
  return r.oauth.find(([n]) => n === name)[1];
}
function setOauth(r, name, value) {
  r.oauth.find(([n]) => n === name)[1] = value;
}
function renderHeader(pairs) {
  return 'OAuth ' + pairs.map(([n, v]) => `${n}="${pe(v)}"`).join(', ');
}
