// signOAuth HMAC-SHA1 on the 16-field payout, fixed nonce and timestamp, against the plain
// node:crypto pipeline, oauth-1.0a (createHmac as its hash_function) and oauth-sign.
import { createHmac } from 'node:crypto';
import { CONTROL_KEY, PAYOUT_PARAMS, PAYOUT_URL, payoutRequest } from '../fixtures.mjs';
import { peers } from '../peers.mjs';
import { signOAuth } from '../reference.mjs';

/** The payout as signOAuth takes it. */
export const HMAC_REQUEST = Object.freeze(payoutRequest(PAYOUT_PARAMS));

export default function signHmacGroups(lib) {
  const ref = () => signOAuth(HMAC_REQUEST);
  const expected = ref().signature;

  const hash = (base, key) => createHmac('sha1', key).update(base).digest('base64');
  const { oauth1, authorize, oauthSign, params } = peers('HMAC-SHA1', CONTROL_KEY, hash);
  const o1sign = () => {
    const d = authorize();
    return { header: oauth1.toHeader(d).Authorization, signature: d.oauth_signature };
  };
  const ossign = () => oauthSign.hmacsign('POST', PAYOUT_URL, params, CONTROL_KEY, '');

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
