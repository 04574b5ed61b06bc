import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { SaleParams } from '../catalog/params.js';
import { signRequest } from './sign.js';
import { verifyRequest } from './verify.js';

const KEY = 'B17F59B4-A7DC-41B4-8FF9-37D986B43D20';
const creds = { login: 'merchant', controlKey: KEY };
/** Java-style trim, written independently: strip code units up to U+0020 at both ends. */
const jtrim = (v: string): string => v.replace(/^[\u0000-\u0020]+|[\u0000-\u0020]+$/g, '');
const pad = fc.constantFrom('', ' ', '\t', '\r\n', '\u00a0', '\u3000');
const text = fc
  .tuple(pad, fc.string({ unit: 'grapheme', minLength: 1, maxLength: 12 }), pad)
  .map(([a, b, c]) => a + b + c)
  .filter((s) => jtrim(s) !== '');
const name = fc
  .stringMatching(/^[a-z][a-z0-9_-]{0,10}$/)
  .filter((n) => !['control', 'login', 'amount', 'currency', 'email', 'client_orderid'].includes(n));

describe('signRequest / verifyRequest round trip (property)', () => {
  it('any field values: the body decodes to the trimmed values, the digest is SHA-1 of the formula, and verification passes', async () => {
    await fc.assert(
      fc.asyncProperty(
        text,
        text,
        fc.bigInt({ min: 0n, max: 10n ** 12n }),
        fc.uniqueArray(fc.tuple(name, text), { selector: (p) => p[0], maxLength: 4 }),
        async (orderId, email, cents, extras) => {
          const amount = `${cents / 100n}.${String(cents % 100n).padStart(2, '0')}`;
          const params: SaleParams = { client_orderid: orderId, amount, currency: 'EUR', email };
          for (const [k, v] of extras) params[k] = v;
          const s = await signRequest('sale', {
            baseUrl: 'https://h.example',
            endpointId: 42,
            params,
            credentials: creds,
          });
          const decoded = s.body.split('&').map((kv) => kv.split('=').map(decodeURIComponent));
          expect(s.body).not.toMatch(/[+!'()*]/);
          expect(Object.fromEntries(decoded.slice(0, -1))).toEqual(
            Object.fromEntries(Object.entries(params).map(([k, v]) => [k, jtrim(String(v))])),
          );
          const expected = createHash('sha1')
            .update(`42${jtrim(orderId)}${cents}${jtrim(email)}${KEY}`, 'utf8')
            .digest('hex');
          expect(s.control).toBe(expected);
          const ok = await verifyRequest(s.toRequest(), { credentials: () => ({ controlKey: KEY }) });
          expect(ok.operation.id).toBe('sale');
        },
      ),
      { numRuns: 150 },
    );
  });
});
