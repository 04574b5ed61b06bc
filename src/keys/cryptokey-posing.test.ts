// Issue 20: on the WebCrypto backend an object posing as a CryptoKey surfaced as an untyped
// TypeError, and a real e = 3 key whose `algorithm` claimed 65537 was accepted. Here, on both
// backends: posers are ERR_KEY_INVALID, and the exponent and modulus are read from the key itself.
import { webcrypto } from 'node:crypto';
import { afterEach, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { resetCaches } from '../../test/helpers/caches.js';
import { signOAuth } from '../schemes/oauth/sign.js';
import { verifyOAuth } from '../schemes/oauth/verify.js';
import { MemoryNonceStore } from '../stores/memory/index.js';
import { clientAuthorization } from '../../test/helpers/client-sign.js';
import { generateKeyPairSync } from 'node:crypto';
import { importPrivateKey, importPublicKey } from './import.js';
import { refusal } from '../../test/helpers/refusal.js';

vi.mock('../cache/promise.js', async (original) => (await import('../../test/helpers/caches.js')).cacheMock(original));

const RSA = { name: 'RSASSA-PKCS1-v1_5', hash: 'SHA-256' };
const CLAIM = { ...RSA, hash: { name: 'SHA-256' }, modulusLength: 2048, publicExponent: Uint8Array.of(1, 0, 1) };

afterEach(() => resetCaches());

/** An e = 3 pair; `extractable` applies to the private key (WebCrypto makes public keys extractable). */
async function exponent3(extractable: boolean): Promise<CryptoKeyPair> {
  return (await webcrypto.subtle.generateKey(
    { ...RSA, modulusLength: 2048, publicExponent: Uint8Array.of(3) },
    extractable,
    ['sign', 'verify'],
  )) as CryptoKeyPair;
}

const posers: Array<[string, () => object]> = [
  [
    'a plain object tagged CryptoKey',
    () => ({
      [Symbol.toStringTag]: 'CryptoKey',
      type: 'public',
      extractable: true,
      algorithm: CLAIM,
      usages: ['verify', 'sign'],
    }),
  ],
  [
    'an object on CryptoKey.prototype',
    () =>
      Object.create(CryptoKey.prototype, {
        type: { value: 'public' },
        algorithm: { value: CLAIM },
        usages: { value: ['verify', 'sign'] },
      }) as object,
  ],
  ['an instance of a subclass of CryptoKey', () => Object.create(class extends CryptoKey {}.prototype) as object],
];

describe('objects posing as a CryptoKey are ERR_KEY_INVALID, never a TypeError', () => {
  it.each(posers)('%s: importPublicKey and importPrivateKey', async (_what, make) => {
    for (const p of [importPublicKey(make() as CryptoKey), importPrivateKey(make() as CryptoKey)]) {
      expect(await refusal(p)).toMatchObject({ code: 'ERR_KEY_INVALID' });
    }
  });

  it.each(posers)('%s: signOAuth with it as the private key', async (_what, make) => {
    const signing = signOAuth({
      method: 'POST',
      url: 'https://gate.example.com/paynet/api/v2/payout/1',
      params: [],
      consumerKey: 'ck',
      signatureMethod: 'RSA-SHA256',
      privateKey: make() as CryptoKey,
      nonce: 'n',
      timestamp: 1,
    });
    expect(await refusal(signing)).toMatchObject({ code: 'ERR_KEY_INVALID' });
  });
});

describe('verifyOAuth with a poser as the consumer public key', () => {
  const { privateKey } = generateKeyPairSync('rsa', {
    modulusLength: 2048,
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
    publicKeyEncoding: { type: 'spki', format: 'pem' },
  });
  const url = 'https://gate.example.com/paynet/api/v2/payout/1';
  const params: Array<[string, string]> = [['amount', '1.00']];

  it.each(posers)('%s: ERR_KEY_INVALID (500, typed), never a TypeError', async (_what, make) => {
    // Signed with node:crypto, so the signature is well-formed and the key is reached.
    const authorization = clientAuthorization(url, params, {
      method: 'RSA-SHA256',
      consumerKey: 'ck',
      secret: privateKey,
    });
    const verifying = verifyOAuth(
      { method: 'POST', url, params, authorization },
      { credentials: () => ({ publicKey: make() as CryptoKey }), nonceStore: new MemoryNonceStore() },
    );
    expect(await refusal(verifying)).toMatchObject({ code: 'ERR_KEY_INVALID' });
  });
});

describe('a real e = 3 key that claims 65537 is refused: its own parameters are read', () => {
  let extractable: CryptoKeyPair;
  let hidden: CryptoKeyPair;
  beforeAll(async () => {
    [extractable, hidden] = await Promise.all([exponent3(true), exponent3(false)]);
  });

  it('with the claim set on the key object (shadowing the getter): refused, not believed', async () => {
    for (const [key, importKey] of [
      [extractable.publicKey, importPublicKey],
      [hidden.privateKey, importPrivateKey],
    ] as const) {
      const shadowed = Object.create(key, {}) as CryptoKey;
      Object.defineProperty(key, 'algorithm', { value: CLAIM, configurable: true });
      try {
        expect(key.algorithm).toBe(CLAIM);
        expect((await refusal(importKey(key))).code).toBe('ERR_KEY_INVALID');
        expect((await refusal(importKey(shadowed))).code).toBe('ERR_KEY_INVALID');
      } finally {
        delete (key as { algorithm?: unknown }).algorithm;
      }
    }
  });

  it('with the claim written into its algorithm object: the key material says 3 (ERR_KEY_EXPONENT)', async () => {
    for (const [key, importKey] of [
      [extractable.publicKey, importPublicKey],
      [extractable.privateKey, importPrivateKey],
    ] as const) {
      (key.algorithm as unknown as { publicExponent: Uint8Array }).publicExponent = Uint8Array.of(1, 0, 1);
      expect(await refusal(importKey(key))).toMatchObject({
        code: 'ERR_KEY_EXPONENT',
        message: expect.stringMatching(/^RSA public exponent is 3: /),
      });
    }
  });

  it('a non-extractable private key: node:crypto reads its material; WebCrypto hides it', async () => {
    // Unchanged, the slot says 3 on both backends.
    expect((await refusal(importPrivateKey(hidden.privateKey))).code).toBe('ERR_KEY_EXPONENT');
    (hidden.privateKey.algorithm as unknown as { publicExponent: Uint8Array }).publicExponent = Uint8Array.of(1, 0, 1);
    const after = importPrivateKey(hidden.privateKey);
    if (inject('backend') === 'node') expect((await refusal(after)).code).toBe('ERR_KEY_EXPONENT');
    // WebCrypto exports no non-extractable key: its [[algorithm]] slot is all there is (docs/security.md).
    else await expect(after).resolves.toBeDefined();
  });
});

describe('a key object that cannot be read: a rejected promise, never a synchronous throw', () => {
  const unreadable: Array<[string, () => object]> = [
    [
      'a revoked Proxy',
      () => {
        const { proxy, revoke } = Proxy.revocable({}, {});
        revoke();
        return proxy;
      },
    ],
    [
      'a Proxy whose traps throw',
      () =>
        new Proxy(
          {},
          {
            getPrototypeOf: () => {
              throw new Error('trap');
            },
            getOwnPropertyDescriptor: () => {
              throw new Error('trap');
            },
          },
        ),
    ],
  ];

  for (const [name, make] of unreadable) {
    for (const [kind, load] of [
      ['public', importPublicKey],
      ['private', importPrivateKey],
    ] as const) {
      it(`${name} as the ${kind} key: ERR_KEY_INVALID`, async () => {
        let pending: Promise<unknown> | undefined;
        expect(() => {
          pending = load(make() as CryptoKey);
        }).not.toThrow();
        const e = await refusal(pending as Promise<unknown>);
        expect(e.code).toBe('ERR_KEY_INVALID');
        expect(e.message).toBe(`${kind}Key is an object that cannot be read (a revoked or throwing Proxy?)`);
      });
    }
  }
});
