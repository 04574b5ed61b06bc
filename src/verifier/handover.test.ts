// What a verifier hands on: the settings that change a verification (explicit schemes, the
// currency exponent) reach the request checks, a clock that throws rejects the verification,
// legacy options keep their `now`, and the callback wrapper keeps its name and its body limit.
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { signRequest } from '../request/sign.js';
import { MemoryNonceStore } from '../stores/memory/index.js';
import { withVerifiedCallback, withVerifiedRequest } from './fetch.js';
import { createVerifier, type VerifierConfig } from './index.js';

const KEY = 'B17F59B4-A7DC-41B4-8FF9-37D986B43D20';
const sha1 = (s: string) => createHash('sha1').update(s).digest('hex');
const credentials: VerifierConfig['credentials'] = () => ({ controlKey: KEY });

/** A sale to endpoint 1111 whose control digest is SHA-1 of `terms` and the key. */
function sale(terms: string): Request {
  return new Request('https://gate.example.com/api/v2/sale/1111', {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: `client_orderid=902B4FF5&amount=10.42&currency=EUR&email=john.smith%40gmail.com&control=${sha1(terms + KEY)}`,
  });
}
const C_B = '1111902B4FF51042john.smith@gmail.com';

describe('a verifier hands its settings to the request checks', () => {
  it('an explicit scheme replaces the catalog one (sale by C-C)', async () => {
    const byCC = sale('1111902B4FF5john.smith@gmail.com');
    await expect(createVerifier({ credentials, schemes: { sale: 'C-C' } }).verify(byCC)).resolves.toMatchObject({
      operationId: 'sale',
    });
    await expect(
      createVerifier({ credentials }).verify(sale('1111902B4FF5john.smith@gmail.com')),
    ).rejects.toMatchObject({
      code: 'ERR_CONTROL_MISMATCH',
    });
  });

  it('the currency exponent sets the minor units of the digest (3: 10.42 is 10420)', async () => {
    const three = sale('1111902B4FF510420john.smith@gmail.com');
    await expect(createVerifier({ credentials, exponent: 3 }).verify(three)).resolves.toMatchObject({
      operationId: 'sale',
    });
    await expect(createVerifier({ credentials, exponent: 3 }).verify(sale(C_B))).rejects.toMatchObject({
      code: 'ERR_CONTROL_MISMATCH',
    });
    await expect(createVerifier({ credentials }).verify(sale(C_B))).resolves.toMatchObject({ operationId: 'sale' });
  });

  it('a clock that throws rejects the verification with its error', async () => {
    const broken = new Error('clock unavailable');
    const v = createVerifier({
      credentials,
      now: () => {
        throw broken;
      },
    });
    await expect(v.verify(sale(C_B))).rejects.toBe(broken);
  });
});

describe('the Fetch wrappers', () => {
  it('legacy options keep their fixed clock: an OAuth request signed long ago verifies at its own time', async () => {
    const timestamp = 1_600_000_000;
    const signed = await signRequest('payout', {
      baseUrl: 'https://gate.example.com',
      endpointId: 1111,
      params: { client_orderid: 'P-1', amount: '10.00', currency: 'EUR', destination_card_no: '4444555566661111' },
      credentials: { login: 'merchant', controlKey: KEY },
      timestamp,
    });
    const handle = withVerifiedRequest(
      { credentials, nonceStore: new MemoryNonceStore(), now: timestamp } as Parameters<typeof withVerifiedRequest>[0],
      (verified) => new Response(verified.operationId),
    );
    const response = await handle(signed.toRequest());
    expect([response.status, await response.text()]).toEqual([200, 'payout']);
  });

  it('withVerifiedCallback names itself when its options are wrong', () => {
    expect(() => withVerifiedCallback({} as never, () => new Response())).toThrow(
      expect.objectContaining({
        code: 'ERR_CONFIGURATION',
        field: 'controlKey',
        message: 'withVerifiedCallback needs options with a non-empty controlKey',
      }),
    );
  });

  it('withVerifiedCallback refuses a body over its maxBodyBytes (413)', async () => {
    const fields = `status=approved&orderid=5412&client_orderid=S-1&control=${sha1(`approved5412S-1${KEY}`)}`;
    const post = () =>
      new Request('https://shop.example/callback', {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: fields,
      });
    const small = withVerifiedCallback({ controlKey: KEY, maxBodyBytes: 16 }, () => new Response('OK'));
    expect((await small(post())).status).toBe(413);
    const roomy = withVerifiedCallback({ controlKey: KEY, maxBodyBytes: 4096 }, () => new Response('OK'));
    expect((await roomy(post())).status).toBe(200);
  });
});
