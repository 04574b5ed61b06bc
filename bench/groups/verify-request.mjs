// verifyRequest end to end on a Fetch Request: a sale (control C-B) and the 16-field payout
// (OAuth HMAC-SHA1). Report only; the reference is the floor every server pays: building the
// Request and reading its body. Each call gets a fresh Request (a body can be read once).
import { CONTROL_KEY, NOW, signedSaleAndPayout } from '../fixtures.mjs';
import { VALID_AND_TAMPERED as OK, refusesTampered } from '../runner.mjs';
import { noopNonceStore } from './nonce.mjs';

const BASE = 'https://sandbox.gateway.example/paynet';

export default async function verifyRequestGroups(lib) {
  const [signedSale, signedPayout] = await signedSaleAndPayout(lib, BASE);
  const options = {
    basePath: '/paynet',
    credentials: () => ({ controlKey: CONTROL_KEY }),
    now: NOW,
    nonceStore: noopNonceStore(),
  };
  const make = (s, body = s.body) => new Request(s.url, { method: 'POST', headers: s.headers, body });
  const groups = [];
  for (const [label, signed] of [
    ['sale (control C-B)', signedSale],
    ['payout (OAuth HMAC-SHA1)', signedPayout],
  ]) {
    const tamperedBody = signed.body.replace('amount=10.42', 'amount=10.43');
    if (tamperedBody === signed.body) throw new Error('bench: could not tamper with the body');
    const verify = (body) => lib.verifyRequest(make(signed, body), options);
    groups.push({
      id: `verifyRequest ${label}`,
      title: `verifyRequest end to end, ${label}, fresh Request each call (report only)`,
      target: null,
      expected: OK,
      cases: [
        {
          name: 'new Request + read body (floor)',
          ref: true,
          fn: () => make(signed).text(),
          check: async () => ((await make(signed).text()) === signed.body ? OK : 'body differs'),
        },
        {
          name: 'paysig verifyRequest',
          fn: () => verify(signed.body),
          check: () => refusesTampered(verify, signed.body, tamperedBody, lib),
        },
      ],
    });
  }
  return groups;
}
