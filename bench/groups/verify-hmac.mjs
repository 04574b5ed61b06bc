// verifyOAuth HMAC-SHA1 of the signed 16-field payout (fixed `now`, a no-op nonce store),
// against plain node:crypto parse + rebuild + HMAC + timingSafeEqual.
import { CONSUMER_KEY, CONTROL_KEY, NOW, PAYOUT_PARAMS, PAYOUT_URL } from '../fixtures.mjs';
import { signOAuth, verifyOAuth } from '../reference.mjs';
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
  const refCheck = () => {
    const ok = ref(req).consumerKey === CONSUMER_KEY;
    let refused = false;
    try {
      ref(tampered);
    } catch {
      refused = true;
    }
    return ok && refused ? 'valid accepted, tampered refused' : 'wrong';
  };
  const paysigCheck = async () => {
    const ok = (await lib.verifyOAuth(req, options)).consumerKey === CONSUMER_KEY;
    const refused = await lib.verifyOAuth(tampered, options).then(
      () => false,
      (e) => e instanceof lib.PaysigError,
    );
    return ok && refused ? 'valid accepted, tampered refused' : 'wrong';
  };
  return [
    {
      id: 'verify HMAC-SHA1',
      title: `verifyOAuth HMAC-SHA1, 16-field payout (now fixed, no-op nonce store; signature ${signature.slice(0, 8)}...)`,
      target: { case: 'paysig verifyOAuth', max: 1.0 },
      expected: 'valid accepted, tampered refused',
      cases: [
        { name: 'plain node:crypto parse+rebuild+HMAC (reference)', ref: true, fn: () => ref(req), check: refCheck },
        { name: 'paysig verifyOAuth', fn: () => lib.verifyOAuth(req, options), check: paysigCheck },
      ],
    },
  ];
}
