// Key rotation on verifyRequest and diagnose: a request signed with the old key and one signed
// with the new key both verify while both are listed, the result names the key, and with only
// the new key listed the old one is refused. Control, HMAC-SHA1 and RSA-SHA256, on both backends
// (vitest runs this file in the web and node projects).
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { diagnose } from '../diagnose/index.js';
import { verifyOAuth } from '../schemes/oauth/verify.js';
import { MemoryNonceStore } from '../stores/memory/index.js';
import { signRequest } from './sign.js';
import { verifyRequest, type VerifyCredentials } from './verify.js';

const LOGIN = 'merchantlogin';
const OLD = 'OLD-KEY-5A1F';
const NEW = 'NEW-KEY-9C2E';
const BASE = 'https://gate.example.com/paynet/';
const pem = (name: string) => readFileSync(join(import.meta.dirname, '../../vectors/keys', name), 'utf8');
const OLD_RSA = { privateKey: pem('test-only-rsa-2048-pkcs8.pem'), publicKey: pem('test-only-rsa-2048-spki.pem') };
const NEW_RSA = { privateKey: pem('test-only-rsa-4096-pkcs8.pem'), publicKey: pem('test-only-rsa-4096-spki.pem') };
const SALE = { client_orderid: '902B4FF5', amount: '10.42', currency: 'EUR', email: 'john.smith@gmail.com' };
const PAYOUT = { client_orderid: 'P-1', amount: '10.00', currency: 'EUR' };
const CARD_REF = {
  client_orderid: 'A-17',
  credit_card_number: '4111111111111111',
  expire_month: '12',
  expire_year: '2030',
};

const BOTH: VerifyCredentials = {
  controlKey: [
    { id: '2026-11', key: NEW },
    { id: '2026-05', key: OLD },
  ],
  publicKey: [
    { id: 'rsa-new', key: NEW_RSA.publicKey },
    { id: 'rsa-old', key: OLD_RSA.publicKey },
  ],
};
const NEW_ONLY: VerifyCredentials = {
  controlKey: [{ id: '2026-11', key: NEW }],
  publicKey: [{ key: NEW_RSA.publicKey }],
};

function options(creds: VerifyCredentials) {
  return { basePath: '/paynet', credentials: () => creds, nonceStore: new MemoryNonceStore() };
}

/** A C-B sale whose control digest is computed with node:crypto and `key`. */
function sale(key: string): Request {
  const control = createHash('sha1').update(`1111${SALE.client_orderid}1042${SALE.email}${key}`).digest('hex');
  return new Request(`${BASE}api/v2/sale/1111`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ ...SALE, control }).toString(),
  });
}

async function payout(key: string): Promise<Request> {
  const s = await signRequest('payout', {
    baseUrl: BASE,
    endpointId: 1111,
    params: PAYOUT,
    credentials: { login: LOGIN, controlKey: key },
  });
  return s.toRequest();
}

async function cardRef(privateKey: string): Promise<Request> {
  const s = await signRequest('create-card-ref-v4', {
    baseUrl: BASE,
    endpointId: 1111,
    params: CARD_REF,
    credentials: { login: LOGIN, privateKey },
  });
  return s.toRequest();
}

const cases = [
  ['control (C-B)', () => sale(OLD), () => sale(NEW), 'ERR_CONTROL_MISMATCH', ['2026-05', '2026-11']],
  ['HMAC-SHA1', () => payout(OLD), () => payout(NEW), 'ERR_SIGNATURE_INVALID', ['2026-05', '2026-11']],
  [
    'RSA-SHA256',
    () => cardRef(OLD_RSA.privateKey),
    () => cardRef(NEW_RSA.privateKey),
    'ERR_SIGNATURE_INVALID',
    ['rsa-old', 'rsa-new'],
  ],
] as const;

describe.each(cases)('key rotation: %s', (_name, signedOld, signedNew, refusal, [oldId, newId]) => {
  it('verifies a request signed with the old key and one signed with the new, naming the key', async () => {
    const old = await verifyRequest(await signedOld(), options(BOTH));
    expect(old.matchedKey).toEqual({ index: 1, id: oldId });
    const fresh = await verifyRequest(await signedNew(), options(BOTH));
    expect(fresh.matchedKey).toEqual({ index: 0, id: newId });
  });

  it('refuses the old key once only the new one is listed', async () => {
    await expect(verifyRequest(await signedOld(), options(NEW_ONLY))).rejects.toMatchObject({ code: refusal });
    const fresh = await verifyRequest(await signedNew(), options(NEW_ONLY));
    expect(fresh.matchedKey.index).toBe(0);
  });

  it('diagnose() reports each key tried and shows the work of the one that matches', async () => {
    const d = await diagnose(await signedOld(), options(BOTH));
    expect(d.valid).toBe(true);
    expect(d.keys).toEqual([
      { index: 0, id: newId, matches: false },
      { index: 1, id: oldId, matches: true },
    ]);
    const refused = await diagnose(await signedOld(), options(NEW_ONLY));
    expect(refused.valid).toBe(false);
    expect(refused.keys?.map((k) => k.matches)).toEqual([false]);
  });
});

describe('key lists', () => {
  it('a bare key reports index 0 and no id', async () => {
    const r = await verifyRequest(sale(OLD), options({ controlKey: OLD }));
    expect(r.matchedKey).toEqual({ index: 0 });
  });

  it('a bare key reports index 0 and no id for HMAC-SHA1 and RSA-SHA256 too', async () => {
    const hmac = await verifyRequest(await payout(OLD), options({ controlKey: OLD }));
    expect(hmac.matchedKey).toEqual({ index: 0 });
    const rsa = await verifyRequest(await cardRef(OLD_RSA.privateKey), options({ publicKey: OLD_RSA.publicKey }));
    expect(rsa.matchedKey).toEqual({ index: 0 });
  });

  it('more than four keys is ERR_CONFIGURATION naming the credential', async () => {
    const five = [NEW, 'k2', 'k3', 'k4', OLD].map((key) => ({ key }));
    await expect(verifyRequest(sale(OLD), options({ controlKey: five }))).rejects.toMatchObject({
      code: 'ERR_CONFIGURATION',
      field: 'controlKey',
    });
    const four = five.slice(1);
    await expect(verifyRequest(sale(OLD), options({ controlKey: four }))).resolves.toMatchObject({
      matchedKey: { index: 3 },
    });
  });

  it('an entry without a usable key, or a bad id, is ERR_CONFIGURATION', async () => {
    for (const controlKey of [[{ key: '' }], [{ key: NEW, id: '' }], [{ key: NEW, id: 'x'.repeat(65) }], [null]]) {
      await expect(
        verifyRequest(sale(OLD), options({ controlKey } as unknown as VerifyCredentials)),
      ).rejects.toMatchObject({ code: 'ERR_CONFIGURATION', field: 'controlKey' });
    }
  });

  it('an empty list is no key: the merchant is unknown', async () => {
    await expect(verifyRequest(sale(OLD), options({ controlKey: [] }))).rejects.toMatchObject({
      code: 'ERR_UNKNOWN_MERCHANT',
    });
  });

  it('HMAC-SHA1 tries every listed secret, in any position', async () => {
    const v = await verifyRequest(
      await payout(OLD),
      options({ controlKey: [{ key: NEW }, { key: 'k' }, { key: OLD }] }),
    );
    expect(v.matchedKey).toEqual({ index: 2 });
  });

  it('verifyOAuth names the key only when keys are listed (a bare key keeps the four-field result)', async () => {
    const r = await payout(OLD);
    const request = {
      method: 'POST',
      url: r.url,
      params: [...new URLSearchParams(await r.clone().text())],
      authorization: r.headers.get('authorization') ?? '',
    };
    const listed = await verifyOAuth(request, {
      credentials: () => ({
        consumerSecret: [
          { id: 'new', key: NEW },
          { id: 'old', key: OLD },
        ],
      }),
      nonceStore: new MemoryNonceStore(),
    });
    expect(listed.matchedKey).toEqual({ index: 1, id: 'old' });
    const bare = await verifyOAuth(request, {
      credentials: () => ({ consumerSecret: OLD }),
      nonceStore: new MemoryNonceStore(),
    });
    expect(Object.keys(bare).sort()).toEqual(['consumerKey', 'nonce', 'signatureMethod', 'timestamp']);
  });
});
