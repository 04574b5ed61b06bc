// Each vitest project aliases `#crypto` to one backend (vitest.config.ts); these tests pin that the
// alias took effect, so every other test really runs once per backend.
import { webcrypto } from 'node:crypto';
import { afterEach, describe, expect, expectTypeOf, inject, it, vi } from 'vitest';
import * as backend from '#crypto';
import { control, cryptoBackendName, PaysigError, UnsupportedError } from '../src/index.js';
import type { CryptoBackend } from '../src/crypto/backend.js';
import type * as nodeBackend from '../src/crypto/node.js';
import * as web from '../src/crypto/web.js';

/** `true` when module `M` exports exactly the members of CryptoBackend, with their types. */
type Conforms<M> = M extends CryptoBackend
  ? [Exclude<keyof M, keyof CryptoBackend>] extends [never]
    ? true
    : false
  : false;
type Assert<T extends true> = T;
/**
 * Compile-time proof (under `npm run typecheck`) that both backends export exactly CryptoBackend:
 * a type error here means web.ts or node.ts lacks a function, has an extra export, or another signature.
 */
type BackendsConform = [Assert<Conforms<typeof web>>, Assert<Conforms<typeof nodeBackend>>];

declare module 'vitest' {
  // biome-ignore lint/suspicious/noExportsInTest: a module augmentation (the vitest context type), not a test export
  export interface ProvidedContext {
    /** The backend the project aliases `#crypto` to. */
    backend: 'web' | 'node';
  }
}

describe('the crypto backend of this vitest project', () => {
  it('both backends export exactly the CryptoBackend functions (checked by the type checker)', () => {
    expectTypeOf<BackendsConform>().toEqualTypeOf<[true, true]>();
    expect(Object.keys(web).sort()).toEqual(Object.keys(backend).sort());
  });

  it('is the one vitest.config.ts aliases #crypto to', () => {
    expect(cryptoBackendName()).toBe(inject('backend'));
    expect(backend.backendName()).toBe(inject('backend'));
  });

  it('is what control() calls', async () => {
    const spy = vi.spyOn(backend, 'sha1Hex');
    await control('C-B', { endpointId: 1111, client_orderid: '902B4FF5', amount: '10.42', email: 'a@b.c' }, 'k');
    expect(spy).toHaveBeenCalledTimes(1);
    spy.mockRestore();
  });
});

describe('the WebCrypto backend without WebCrypto', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('refuses with UnsupportedError (ERR_UNSUPPORTED), not a bare Error', async () => {
    vi.stubGlobal('crypto', undefined);
    const err = await web.sha1Hex('x').then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(UnsupportedError);
    expect(err).toBeInstanceOf(PaysigError);
    expect(err).toMatchObject({ code: 'ERR_UNSUPPORTED', message: expect.stringContaining('WebCrypto') });
    await expect(web.hmacSha1('k', 'd')).rejects.toBeInstanceOf(UnsupportedError);
    expect(() => web.randomBytes(4)).toThrow(UnsupportedError);
  });

  it('works again once WebCrypto is there', async () => {
    vi.stubGlobal('crypto', webcrypto);
    expect(await web.sha1Hex('abc')).toBe('a9993e364706816aba3e25717850c26c9cd0d89d');
  });
});

describe('keys the WebCrypto backend imports', () => {
  it('are not extractable: paysig never exports a key it was given', async () => {
    const { generateKeyPairSync } = await import('node:crypto');
    const pair = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const pkcs8 = new Uint8Array(pair.privateKey.export({ type: 'pkcs8', format: 'der' }));
    const spki = new Uint8Array(pair.publicKey.export({ type: 'spki', format: 'der' }));
    const priv = (await web.importPrivateKey(pkcs8)) as unknown as CryptoKey;
    const pub = (await web.importPublicKey(spki)) as unknown as CryptoKey;
    expect([priv.type, priv.extractable, priv.usages]).toEqual(['private', false, ['sign']]);
    expect([pub.type, pub.extractable, pub.usages]).toEqual(['public', false, ['verify']]);
    await expect(webcrypto.subtle.exportKey('spki', pub as never)).rejects.toThrow();
  });
});
