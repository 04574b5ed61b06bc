// The sample fields of every catalog row sign and verify: signRequest, then verifyRequest, with
// the published test-only RSA key for RSA-SHA256 rows. OAuth signatures are also checked with
// node:crypto over the base string, and control digests with node:crypto SHA-1 over the
// concatenation paysig reports through controlInput.
import { createHash, createHmac, createPublicKey, verify as nodeVerify } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MemoryNonceStore } from '../stores/memory/index.js';
import { OPERATIONS } from './index.js';
import { signRequest } from '../request/sign.js';
import { verifyRequest } from '../request/verify.js';
import { diagnose } from '../diagnose/index.js';

const KEYS = join(import.meta.dirname, '..', '..', 'vectors', 'keys');
const PRIVATE_PEM = readFileSync(join(KEYS, 'test-only-rsa-2048-pkcs8.pem'), 'utf8');
const PUBLIC_PEM = readFileSync(join(KEYS, 'test-only-rsa-2048-spki.pem'), 'utf8');
const LOGIN = 'merchantlogin';
const CONTROL_KEY = 'B17F59B4-A7DC-41B4-8FF9-37D986B43D20';
const SCHEMES = Object.fromEntries(
  OPERATIONS.flatMap((op) => (op.sample.scheme !== undefined ? [[op.id, op.sample.scheme]] : [])),
);

/** RFC 3986 percent-encoding, written independently for the HMAC key. */
const pe = (s: string): string =>
  encodeURIComponent(s).replace(/[!'()*]/g, (c) => '%' + c.charCodeAt(0).toString(16).toUpperCase());

describe('catalog samples: signed, then verified', () => {
  for (const op of OPERATIONS) {
    it(op.id, async () => {
      const signed = await signRequest(op.id, {
        baseUrl: 'https://gate.example.com/paynet',
        endpointId: 1111,
        params: op.sample.params,
        credentials: { login: LOGIN, controlKey: CONTROL_KEY, privateKey: PRIVATE_PEM },
        ...(op.sample.scheme !== undefined ? { scheme: op.sample.scheme } : {}),
      });
      const trimmed = op.sample.params.map(([k, v]) => [k, v.replace(/^[\u0000-\u0020]+|[\u0000-\u0020]+$/g, '')]);
      for (const pair of trimmed) expect(signed.params).toContainEqual(pair);

      if (signed.oauth !== undefined) {
        const base = signed.oauth.baseString;
        const sig = Buffer.from(signed.oauth.signature, 'base64');
        if (signed.scheme === 'RSA-SHA256') {
          expect(nodeVerify('sha256', Buffer.from(base), createPublicKey(PUBLIC_PEM), sig)).toBe(true);
        } else {
          expect(sig).toEqual(
            createHmac('sha1', `${pe(CONTROL_KEY)}&`)
              .update(base)
              .digest(),
          );
        }
      } else {
        expect(signed.control).toMatch(/^[0-9a-f]{40}$/);
      }

      const options = {
        basePath: '/paynet',
        schemes: SCHEMES,
        credentials: (who: { login?: string; consumerKey?: string }) => {
          const id = who.login ?? who.consumerKey;
          return id === undefined || id === LOGIN ? { controlKey: CONTROL_KEY, publicKey: PUBLIC_PEM } : undefined;
        },
      };
      const ok = await verifyRequest(signed.toRequest(), { ...options, nonceStore: new MemoryNonceStore() });
      expect(ok.operation.id).toBe(op.id);
      expect(ok.scheme).toBe(signed.scheme);
      for (const pair of trimmed) expect(ok.params).toContainEqual(pair);

      // diagnose reads the formula's terms as the digest does: its input, with the key in place of
      // the placeholder, hashes (node:crypto) to the digest signRequest sent.
      if (signed.control !== undefined) {
        const d = await diagnose(signed.toRequest(), options);
        expect(d.valid).toBe(true);
        expect(d.control?.expected).toBe(signed.control);
        const input = d.control!.input.replace(/<control key>$/, CONTROL_KEY);
        expect(createHash('sha1').update(input).digest('hex')).toBe(signed.control);
      }
    });
  }
});

it('the control digest of a sample is SHA-1 over its formula terms (sale, C-B, by hand)', async () => {
  const sale = OPERATIONS.find((o) => o.id === 'sale')!;
  const signed = await signRequest('sale', {
    baseUrl: 'https://gate.example.com/paynet',
    endpointId: 1111,
    params: sale.sample.params,
    credentials: { login: LOGIN, controlKey: CONTROL_KEY },
  });
  const v = new Map(sale.sample.params);
  const concat = `1111${v.get('client_orderid')!}1042${v.get('email')!}${CONTROL_KEY}`;
  expect(v.get('amount')).toBe('10.42');
  expect(signed.control).toBe(createHash('sha1').update(concat).digest('hex'));
});
