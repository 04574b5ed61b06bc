// signOAuth HMAC-SHA1 on the 16-field payout, fixed nonce and timestamp, against the plain
// node:crypto pipeline, oauth-1.0a (createHmac as its hash_function) and oauth-sign.
import { createHmac } from 'node:crypto';
import { createRequire } from 'node:module';
import { CONSUMER_KEY, CONTROL_KEY, NONCE, PAYOUT_PARAMS, PAYOUT_URL, TIMESTAMP } from '../fixtures.mjs';
import { signOAuth } from '../reference.mjs';

const require = createRequire(import.meta.url);

/** The payout as signOAuth takes it. */
export const HMAC_REQUEST = Object.freeze({
  method: 'POST',
  url: PAYOUT_URL,
  params: PAYOUT_PARAMS,
  consumerKey: CONSUMER_KEY,
  signatureMethod: 'HMAC-SHA1',
  consumerSecret: CONTROL_KEY,
  nonce: NONCE,
  timestamp: TIMESTAMP,
});

export default function signHmacGroups(lib) {
  const ref = () => signOAuth(HMAC_REQUEST);
  const expected = ref().signature;

  const OAuth = require('oauth-1.0a');
  const o1 = OAuth({
    consumer: { key: CONSUMER_KEY, secret: CONTROL_KEY },
    signature_method: 'HMAC-SHA1',
    hash_function: (base, key) => createHmac('sha1', key).update(base).digest('base64'),
  });
  // Same fixed nonce and timestamp for every contender.
  o1.getNonce = () => NONCE;
  o1.getTimeStamp = () => TIMESTAMP;
  const data = Object.fromEntries(PAYOUT_PARAMS);
  const o1sign = () => {
    const d = o1.authorize({ url: PAYOUT_URL, method: 'POST', data });
    return { header: o1.toHeader(d).Authorization, signature: d.oauth_signature };
  };

  const { hmacsign } = require('oauth-sign');
  const osParams = {
    ...data,
    oauth_consumer_key: CONSUMER_KEY,
    oauth_nonce: NONCE,
    oauth_signature_method: 'HMAC-SHA1',
    oauth_timestamp: String(TIMESTAMP),
    oauth_version: '1.0',
  };
  const ossign = () => hmacsign('POST', PAYOUT_URL, osParams, CONTROL_KEY, '');

  return [
    {
      id: 'sign HMAC-SHA1',
      title: 'signOAuth HMAC-SHA1, 16-field payout (fixed nonce and timestamp)',
      target: { case: 'paysig signOAuth', max: 0.8 },
      expected,
      cases: [
        { name: 'plain node:crypto pipeline (reference)', ref: true, fn: ref, check: () => ref().signature },
        {
          name: 'paysig signOAuth',
          fn: () => lib.signOAuth(HMAC_REQUEST),
          check: async () => (await lib.signOAuth(HMAC_REQUEST)).signature,
        },
        { name: 'oauth-1.0a (createHmac)', peer: true, fn: o1sign, check: () => o1sign().signature },
        { name: 'oauth-sign hmacsign (signature only)', peer: true, fn: ossign, check: ossign },
      ],
    },
  ];
}
