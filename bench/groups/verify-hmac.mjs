// verifyOAuth HMAC-SHA1 of the signed 16-field payout (fixed `now`, a no-op nonce store),
// against plain node:crypto parse + rebuild + HMAC + timingSafeEqual.
import { CONSUMER_KEY, CONTROL_KEY, NOW, PAYOUT_PARAMS, PAYOUT_URL } from '../fixtures.mjs';
import { signOAuth, verifyOAuth } from '../reference.mjs';
import { VALID_AND_TAMPERED, refusesTampered } from '../runner.mjs';
import { HMAC_REQUEST } from './sign-hmac.mjs';
import { noopNonceStore } from './nonce.mjs';

export default function verifyHmacGroups(lib) {
  const { authorization, signature } = signOAuth(HMAC_REQUEST);
  const req = { method: 'POST', url: PAYOUT_URL, params: PAYOUT_PARAMS, authorization };
  // The same request with one body value changed: every contender must refuse it.
  const tampered = { ...req, params: PAYOUT_PARAMS.map(([k, v]) => [k, k === 'amount' ? '10.43' : v]) };
  const secrets = new Map([[CONSUMER_KEY, { consumerSecret: CONTROL_KEY }]]);
  const options = { credentials: (key) => secrets.get(key), now: NOW, nonceStore: noopNonceStore() };

  const ref = (r) => verifyOAuth(r, { consumerSecret: CONTROL_KEY, now: NOW });
  const verify = (r) => lib.verifyOAuth(r, options);
  return [
    {
      id: 'verify HMAC-SHA1',
      title: `verifyOAuth HMAC-SHA1, 16-field payout (now fixed, no-op nonce store; signature ${signature.slice(0, 8)}...)`,
      target: { case: 'paysig verifyOAuth', max: 1.0 },
      expected: VALID_AND_TAMPERED,
      cases: [
        {
          name: 'plain node:crypto parse+rebuild+HMAC (reference)',
          ref: true,
          fn: () => ref(req),
          check: () => refusesTampered(ref, req, tampered),
        },
        { name: 'paysig verifyOAuth', fn: () => verify(req), check: () => refusesTampered(verify, req, tampered, lib) },
      ],
    },
  ];
}
