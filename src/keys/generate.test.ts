import { createPrivateKey, createPublicKey, sign as nodeSign, verify as nodeVerify } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, inject, it, vi } from 'vitest';
import * as backend from '#crypto';
import { generateKeyPair } from './generate.js';
import { importPrivateKey, importPublicKey } from './import.js';

const KEYS = new URL('../../vectors/keys/', import.meta.url);
const derOf = (name: string, type: 'pkcs8' | 'spki') => {
  const pem = readFileSync(new URL(`test-only-${name}.pem`, KEYS), 'utf8');
  const key = type === 'pkcs8' ? createPrivateKey(pem) : createPublicKey(pem);
  return new Uint8Array(key.export({ type, format: 'der' }));
};

afterEach(() => vi.restoreAllMocks());

describe('generateKeyPair', () => {
  it('makes a 2048-bit pair whose four PEMs node:crypto reads as one key', async () => {
    const pair = await generateKeyPair({ bits: 2048 });
    for (const pem of Object.values(pair)) {
      expect(pem).toMatch(
        /^-----BEGIN [A-Z ]+-----\n([A-Za-z0-9+/=]{64}\n)*[A-Za-z0-9+/=]{1,64}\n-----END [A-Z ]+-----\n$/,
      );
    }
    expect(pair.privateKeyPkcs8).toMatch(/^-----BEGIN PRIVATE KEY-----\n/);
    expect(pair.privateKeyPkcs1).toMatch(/^-----BEGIN RSA PRIVATE KEY-----\n/);
    expect(pair.publicKeySpki).toMatch(/^-----BEGIN PUBLIC KEY-----\n/);
    expect(pair.publicKeyPkcs1).toMatch(/^-----BEGIN RSA PUBLIC KEY-----\n/);

    const priv8 = createPrivateKey(pair.privateKeyPkcs8);
    const priv1 = createPrivateKey(pair.privateKeyPkcs1);
    const pubS = createPublicKey(pair.publicKeySpki);
    const pub1 = createPublicKey(pair.publicKeyPkcs1);
    expect(priv8.asymmetricKeyDetails).toEqual({ modulusLength: 2048, publicExponent: 65537n });
    const spkiHex = createPublicKey(priv8).export({ type: 'spki', format: 'der' }).toString('hex');
    for (const k of [createPublicKey(priv1), pubS, pub1])
      expect(k.export({ type: 'spki', format: 'der' }).toString('hex')).toBe(spkiHex);
    // node reads the PKCS#1 PEM as exactly the PKCS#1 export of the PKCS#8 key
    expect(priv1.export({ type: 'pkcs8', format: 'pem' })).toBe(pair.privateKeyPkcs8);
    expect(priv8.export({ type: 'pkcs1', format: 'pem' })).toBe(pair.privateKeyPkcs1);
    expect(pubS.export({ type: 'pkcs1', format: 'pem' })).toBe(pair.publicKeyPkcs1);

    // round trip through paysig's import, sign and verify, checked against node:crypto
    const data = 'round trip \u00e9';
    for (const privPem of [pair.privateKeyPkcs8, pair.privateKeyPkcs1]) {
      const sig = await backend.rsaSha256Sign(await importPrivateKey(privPem), data);
      expect(Buffer.from(sig).equals(nodeSign('sha256', Buffer.from(data), priv8))).toBe(true);
      for (const pubPem of [pair.publicKeySpki, pair.publicKeyPkcs1]) {
        expect(await backend.rsaSha256Verify(await importPublicKey(pubPem), sig, data)).toBe(true);
        expect(nodeVerify('sha256', Buffer.from(data), createPublicKey(pubPem), sig)).toBe(true);
      }
    }
  });

  it('defaults to 4096 bits', async () => {
    const fake = { pkcs8: derOf('rsa-4096-pkcs8', 'pkcs8'), spki: derOf('rsa-4096-spki', 'spki') };
    const spy = vi.spyOn(backend, 'generateRsaKeyPair').mockResolvedValue(fake);
    const pair = await generateKeyPair();
    expect(spy).toHaveBeenCalledWith(4096);
    expect(pair.privateKeyPkcs1).toBe(readFileSync(new URL('test-only-rsa-4096-pkcs1.pem', KEYS), 'utf8'));
    expect(pair.publicKeyPkcs1).toBe(readFileSync(new URL('test-only-rsa-4096-pkcs1-public.pem', KEYS), 'utf8'));
    await generateKeyPair({});
    expect(spy).toHaveBeenLastCalledWith(4096);
  });

  it('refuses small, odd and huge sizes before generating anything', async () => {
    const spy = vi.spyOn(backend, 'generateRsaKeyPair');
    const cases: Array<[number, string]> = [
      [1024, 'ERR_KEY_TOO_SMALL'],
      [2040, 'ERR_KEY_TOO_SMALL'],
      [0, 'ERR_KEY_TOO_SMALL'],
      [-4096, 'ERR_KEY_TOO_SMALL'],
      [2049, 'ERR_INVALID_INPUT'],
      [3000.5, 'ERR_INVALID_INPUT'],
      [Number.NaN, 'ERR_INVALID_INPUT'],
      [Infinity, 'ERR_INVALID_INPUT'],
      [8200, 'ERR_INVALID_INPUT'],
      [16392, 'ERR_INVALID_INPUT'],
      ['4096' as unknown as number, 'ERR_INVALID_INPUT'],
    ];
    for (const [bits, code] of cases) {
      await expect(generateKeyPair({ bits }), String(bits)).rejects.toMatchObject({ code });
    }
    expect(spy).not.toHaveBeenCalled();
  });

  it('says which size is wrong, naming the field bits', async () => {
    const spy = vi.spyOn(backend, 'generateRsaKeyPair');
    for (const bits of [3000.5, Number.NaN, '4096' as unknown as number]) {
      await expect(generateKeyPair({ bits }), String(bits)).rejects.toMatchObject({
        code: 'ERR_INVALID_INPUT',
        field: 'bits',
        message: 'bits must be an integer number of bits',
      });
    }
    for (const bits of [2049, 8200]) {
      await expect(generateKeyPair({ bits }), String(bits)).rejects.toMatchObject({
        code: 'ERR_INVALID_INPUT',
        field: 'bits',
        message: `bits must be a multiple of 8 from 2048 to 8192, got ${bits}`,
      });
    }
    expect(spy).not.toHaveBeenCalled();
  });

  it('accepts 8192 bits, the largest size', async () => {
    const fake = { pkcs8: derOf('rsa-8192-pkcs8', 'pkcs8'), spki: derOf('rsa-8192-spki', 'spki') };
    const spy = vi.spyOn(backend, 'generateRsaKeyPair').mockResolvedValue(fake);
    const pair = await generateKeyPair({ bits: 8192 });
    expect(spy).toHaveBeenCalledWith(8192);
    expect(pair.publicKeySpki).toBe(readFileSync(new URL('test-only-rsa-8192-spki.pem', KEYS), 'utf8'));
  });

  it('wraps a backend failure in a KeyError that names the size and keeps the cause', async () => {
    const cause = new Error('no entropy');
    vi.spyOn(backend, 'generateRsaKeyPair').mockRejectedValue(cause);
    const err = await generateKeyPair({ bits: 2048 }).catch((e: unknown) => e);
    expect(err).toMatchObject({
      code: 'ERR_KEY_INVALID',
      message: `RSA key generation (2048 bits) failed in the ${inject('backend')} crypto backend`,
    });
    expect((err as Error).cause).toBe(cause);
  });
});
