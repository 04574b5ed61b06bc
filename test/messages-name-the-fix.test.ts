// Issue 21.6: the mistakes users make first, each reproduced the way a user makes it, through the
// public API. Each message names the fix, and a mistake has one code whichever function meets it.
// Requests are signed without paysig where paysig would refuse (test/helpers/client-sign.ts).
import { createPrivateKey, createPublicKey } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  control,
  diagnose,
  MemoryNonceStore,
  signOAuth,
  signRequest,
  verifyOAuth,
  verifyRequest,
} from '../src/index.js';
import { clientAuthorization, clientForm } from './helpers/client-sign.js';

const KEY = 'B17F59B4-A7DC-41B4-8FF9-37D986B43D20';
const keyFile = new URL('../vectors/keys/test-only-rsa-2048-pkcs8.pem', import.meta.url);
const PKCS8 = readFileSync(keyFile, 'utf8');
const SPKI = readFileSync(new URL('../vectors/keys/test-only-rsa-2048-spki.pem', import.meta.url), 'utf8');
const PAYOUT = 'https://gate.example.com/paynet/api/v2/payout/1111';
const BODY: Array<[string, string]> = [
  ['client_orderid', 'P-1'],
  ['amount', '10.00'],
  ['currency', 'EUR'],
];
const SALE = {
  client_orderid: 'S-1',
  order_desc: 'd',
  amount: '10.42',
  currency: 'EUR',
  address1: 'a',
  city: 'c',
  zip_code: 'z',
  country: 'US',
  phone: '1',
  email: 'e@example.com',
  ipaddress: '192.0.2.1',
  cvv2: '123',
  credit_card_number: '4111111111111111',
  card_printed_name: 'N',
  expire_month: '12',
  expire_year: '2030',
};

const caught = async (f: () => unknown): Promise<{ code: string; message: string }> => {
  try {
    await f();
  } catch (e) {
    return e as { code: string; message: string };
  }
  throw new Error('expected a refusal');
};

function payout(timestamp?: number): Request {
  return new Request(PAYOUT, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      authorization: clientAuthorization(PAYOUT, BODY, {
        method: 'HMAC-SHA1',
        consumerKey: 'merchant',
        secret: KEY,
        ...(timestamp !== undefined ? { timestamp } : {}),
      }),
    },
    body: clientForm(BODY),
  });
}

describe('the merchant secret has one name, controlKey, everywhere', () => {
  it('a verifier given the deprecated { consumerSecret } still verifies (OAuth and control operations)', async () => {
    const credentials = () => ({ consumerSecret: KEY });
    const v = await verifyRequest(payout(), { basePath: '/paynet', credentials, nonceStore: new MemoryNonceStore() });
    expect(v.consumerKey).toBe('merchant');
    const sale = await signRequest('sale', {
      baseUrl: 'https://gate.example.com/paynet',
      endpointId: 1111,
      credentials: { login: 'merchant', controlKey: KEY },
      params: SALE,
    });
    const c = await verifyRequest(sale.toRequest(), { basePath: '/paynet', credentials });
    expect(c.operationId).toBe('sale');
  });

  it('verifyOAuth given { controlKey } reads it as the consumer secret', async () => {
    const r = payout();
    const v = await verifyOAuth(
      { method: 'POST', url: PAYOUT, params: BODY, authorization: r.headers.get('authorization')! },
      { credentials: () => ({ controlKey: KEY }), nonceStore: new MemoryNonceStore() },
    );
    expect(v.consumerKey).toBe('merchant');
  });
});

describe('timestamp: Date.now() is milliseconds', () => {
  it('signing refuses it and says seconds', async () => {
    const e = await caught(() =>
      signRequest('payout', {
        baseUrl: 'https://gate.example.com/paynet',
        endpointId: 1111,
        credentials: { login: 'merchant', controlKey: KEY },
        params: { client_orderid: 'P-1', amount: '10.00', currency: 'EUR' },
        timestamp: Date.now(),
      }),
    );
    expect(e.code).toBe('ERR_INVALID_INPUT');
    expect(e.message).toContain('Math.floor(Date.now() / 1000)');
    const o = await caught(() =>
      signOAuth({
        method: 'POST',
        url: PAYOUT,
        params: [],
        consumerKey: 'm',
        signatureMethod: 'HMAC-SHA1',
        consumerSecret: KEY,
        timestamp: String(Date.now()),
      }),
    );
    expect(o.message).toBe(e.message);
  });

  it('the verifier says "milliseconds? send seconds", not NTP; diagnose too', async () => {
    const options = {
      basePath: '/paynet',
      credentials: () => ({ controlKey: KEY }),
      nonceStore: new MemoryNonceStore(),
    };
    const e = await caught(() => verifyRequest(payout(Date.now()), options));
    expect(e.code).toBe('ERR_OAUTH_TIMESTAMP');
    expect(e.message).toContain('milliseconds? send seconds');
    expect(e.message).not.toContain('NTP');
    const d = await diagnose(payout(Date.now()), options);
    expect(d.hints.find((h) => h.id === 'stale-timestamp')?.message).toContain('milliseconds? send seconds');
  });
});

describe('base URL and base path', () => {
  it('signRequest refuses a baseUrl that ends with /api/v2 instead of building /api/v2/api/v2', async () => {
    const e = await caught(() =>
      signRequest('payout', {
        baseUrl: 'https://gate.example.com/paynet/api/v2',
        endpointId: 1111,
        credentials: { login: 'merchant', controlKey: KEY },
        params: { client_orderid: 'P-1', amount: '10.00', currency: 'EUR' },
      }),
    );
    expect(e.code).toBe('ERR_INVALID_INPUT');
    expect(e.message).toContain('"https://gate.example.com/paynet"');
  });

  it("a missing basePath names basePath: '/paynet'", async () => {
    const e = await caught(() => verifyRequest(payout(), { credentials: () => ({ controlKey: KEY }) }));
    expect(e.code).toBe('ERR_UNKNOWN_OPERATION');
    expect(e.message).toContain("pass basePath: '/paynet'");
  });
});

describe('keys in the wrong form', () => {
  const sign = (privateKey: unknown) =>
    caught(() =>
      signRequest('create-card-ref-v4', {
        baseUrl: 'https://gate.example.com/paynet',
        endpointId: 1111,
        credentials: { login: 'merchant', privateKey: privateKey as string },
        params: {
          client_orderid: 'A-1',
          credit_card_number: '4111111111111111',
          expire_month: '12',
          expire_year: '2030',
        },
      }),
    );

  it('a PKCS#8 key under BEGIN RSA PRIVATE KEY says so', async () => {
    const e = await sign(PKCS8.replace(/PRIVATE KEY/g, 'RSA PRIVATE KEY'));
    expect(e.code).toBe('ERR_KEY_INVALID');
    expect(e.message).toContain('says BEGIN RSA PRIVATE KEY but holds a PKCS#8 key');
    expect(e.message).toContain('"PRIVATE KEY"');
  });

  it('a Buffer from readFileSync says to pass text', async () => {
    const e = await sign(readFileSync(keyFile));
    expect(e.code).toBe('ERR_KEY_INVALID');
    expect(e.message).toContain('.toString()');
  });

  it('a Node KeyObject says to export it as PEM', async () => {
    expect((await sign(createPrivateKey(PKCS8))).message).toContain("key.export({ format: 'pem', type: 'pkcs8' })");
  });

  it('an ssh-rsa public key is recognised and refused, naming ssh-keygen, not guessed to be a control key', async () => {
    const jwk = createPublicKey(SPKI).export({ format: 'jwk' });
    const mpint = (b64url: string) => {
      let b = Buffer.from(b64url, 'base64url');
      if (b[0]! & 0x80) b = Buffer.concat([Buffer.from([0]), b]);
      return b;
    };
    const field = (b: Buffer) => Buffer.concat([Buffer.from([0, 0, b.length >> 8, b.length & 0xff]), b]);
    const wire = Buffer.concat([field(Buffer.from('ssh-rsa')), field(mpint(jwk.e!)), field(mpint(jwk.n!))]);
    const ssh = `ssh-rsa ${wire.toString('base64')} merchant@example`;
    const v4 = await signedV4();
    const options = withPublicKey(ssh);
    const e = await caught(() => verifyRequest(v4.toRequest(), options));
    expect(e.code).toBe('ERR_KEY_INVALID');
    expect(e.message).toContain('ssh-keygen -e -m PKCS8');
    const d = await diagnose(v4.toRequest(), options);
    const hint = d.hints.find((h) => h.id === 'wrong-key-form')?.message;
    expect(hint).toContain('ssh-keygen -e -m PKCS8');
    expect(hint).not.toContain('control key');
  });

  it.each([
    [
      'ssh-ed25519',
      'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIOMqqnkVzrm0SdG6UOoqKLsabgH5C9okWi0dh2l9GKJl merchant@example',
    ],
    ['ecdsa-sha2-nistp256', 'ecdsa-sha2-nistp256 AAAAE2VjZHNhLXNoYTItbmlzdHAyNTYAAAAIbmlzdHAyNTY= merchant@example'],
  ])(
    'an OpenSSH %s public key: diagnose names it as a key that is not RSA, not as a control key',
    async (type, ssh) => {
      const v4 = await signedV4();
      const options = withPublicKey(ssh);
      const e = await caught(() => verifyRequest(v4.toRequest(), options));
      expect(e.code).toBe('ERR_KEY_INVALID');
      const d = await diagnose(v4.toRequest(), options);
      expect(d.hints.find((h) => h.id === 'wrong-key-form')?.message).toBe(
        `the public key configured for this merchant is an OpenSSH ${type} key, not RSA: RSA-SHA256 needs the merchant's RSA public key (BEGIN PUBLIC KEY, 2048 bits or more)`,
      );
    },
  );
});

/** A create-card-ref-v4 request signed with RSA-SHA256 (PKCS8). */
function signedV4() {
  return signRequest('create-card-ref-v4', {
    baseUrl: 'https://gate.example.com/paynet',
    endpointId: 1111,
    credentials: { login: 'merchant', privateKey: PKCS8 },
    params: { client_orderid: 'A-1', credit_card_number: '4111111111111111', expire_month: '12', expire_year: '2030' },
  });
}

/** Verify options whose merchant has `publicKey` configured. */
function withPublicKey(publicKey: string) {
  return { basePath: '/paynet', credentials: () => ({ publicKey }), nonceStore: new MemoryNonceStore() };
}

describe('an amount given as a number', () => {
  it('control() and signRequest answer with the same code and message', async () => {
    const c = await caught(() =>
      control('C-B', { endpointId: 1111, client_orderid: 'S-1', amount: 10.42 as never, email: 'e' } as never, KEY),
    );
    const s = await caught(() =>
      signRequest('sale', {
        baseUrl: 'https://gate.example.com/paynet',
        endpointId: 1111,
        credentials: { login: 'merchant', controlKey: KEY },
        params: { ...SALE, amount: 10.42 as never },
      }),
    );
    expect(c.code).toBe('ERR_INVALID_AMOUNT');
    expect(s.code).toBe('ERR_INVALID_AMOUNT');
    expect(s.message).toBe(c.message);
    expect(c.message).toContain('pass a decimal string such as "10.42"');
  });
});
