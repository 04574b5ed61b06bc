// signatureBaseString with 5 to 10000 parameters: growth, against the plain reference pipeline.
import { CONSUMER_KEY, NONCE, PAYOUT_URL, TIMESTAMP, manyParams } from '../fixtures.mjs';
import { baseString } from '../reference.mjs';

export const SIZES = [5, 20, 100, 1000, 10000];

export default function baseStringGroups(lib, { quick }) {
  const oauth = [
    ['oauth_consumer_key', CONSUMER_KEY],
    ['oauth_nonce', NONCE],
    ['oauth_signature_method', 'HMAC-SHA1'],
    ['oauth_timestamp', String(TIMESTAMP)],
    ['oauth_version', '1.0'],
  ];
  return (quick ? [5, 100, 1000] : SIZES).map((n) => ({
    id: `base string n=${n}`,
    title: `signatureBaseString, ${n} parameters`,
    target: null,
    size: n,
    prepare() {
      // n parameters in all: the five oauth_* ones and n - 5 body fields.
      const params = [...manyParams(n - 5, n), ...oauth];
      const req = { method: 'POST', url: PAYOUT_URL, params };
      const ref = () => baseString({ method: 'POST', url: PAYOUT_URL, params }).baseString;
      return {
        expected: ref(),
        cases: [
          { name: 'plain pipeline (reference)', ref: true, fn: ref, check: ref },
          {
            name: 'paysig signatureBaseString',
            fn: () => lib.signatureBaseString(req),
            check: () => lib.signatureBaseString(req),
          },
        ],
      };
    },
  }));
}
