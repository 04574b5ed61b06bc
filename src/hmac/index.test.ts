// paysig/hmac: the root's signer and verifier with RSA-SHA256 left out. Expected signatures come
// from node:crypto and the published OAuth Core 1.0 example. What the entry's bundle holds is
// checked in bundle.test.ts.
import { createHmac } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { UnsupportedError } from '../errors/index.js';
import { signOAuth as rootSign } from '../schemes/oauth/sign.js';
import { signOAuth, verifyOAuth } from './index.js';

const SRC = join(import.meta.dirname, '..');
const pem = (name: string) => readFileSync(join(SRC, '../vectors/keys', name), 'utf8');

const EXAMPLE = {
  method: 'GET',
  url: 'http://photos.example.net/photos?file=vacation.jpg&size=original',
  params: [] as Array<[string, string]>,
  consumerKey: 'dpf43f3p2l4k3l03',
  consumerSecret: 'kd94hf93k423kf44',
  token: 'nnch734d00sl2jdk',
  tokenSecret: 'pfkkdhi9sl3r4s00',
  signatureMethod: 'HMAC-SHA1' as const,
  timestamp: 1191242096,
  nonce: 'kllo9940pd9333jh',
};

describe('paysig/hmac signOAuth', () => {
  it('reproduces OAuth Core 1.0 Appendix A.5 (tR3+Ty81lMeYAr/Fid0kMTYa/WM=)', async () => {
    const r = await signOAuth(EXAMPLE);
    expect(r.signature).toBe('tR3+Ty81lMeYAr/Fid0kMTYa/WM=');
    const key = 'kd94hf93k423kf44&pfkkdhi9sl3r4s00';
    expect(createHmac('sha1', key).update(r.baseString, 'utf8').digest('base64')).toBe(r.signature);
  });

  it('refuses RSA-SHA256 with an UnsupportedError that names the root entry', async () => {
    const request = {
      ...EXAMPLE,
      signatureMethod: 'RSA-SHA256' as const,
      privateKey: pem('test-only-rsa-2048-pkcs8.pem'),
    };
    const refusal = await signOAuth(request).catch((e: unknown) => e);
    expect(refusal).toBeInstanceOf(UnsupportedError);
    expect((refusal as UnsupportedError).code).toBe('ERR_UNSUPPORTED');
    expect((refusal as UnsupportedError).field).toBe('signatureMethod');
    expect((refusal as Error).message).toContain('use signOAuth and verifyOAuth of the paysig package root');
    // The root entry signs the same request.
    await expect(rootSign(request)).resolves.toHaveProperty('signature');
  });
});

describe('paysig/hmac verifyOAuth', () => {
  const now = EXAMPLE.timestamp + 10;
  const options = {
    credentials: (key: string) =>
      key === EXAMPLE.consumerKey ? { consumerSecret: EXAMPLE.consumerSecret } : undefined,
    now,
    nonceStore: { check: () => Promise.resolve(true) },
  };
  const signed = (auth: string) => ({
    method: 'POST',
    url: 'https://api.example.com/pay',
    params: [],
    authorization: auth,
  });

  it('accepts an HMAC-SHA1 request signed by node:crypto and refuses it tampered', async () => {
    const { token: _t, tokenSecret: _s, ...rest } = EXAMPLE;
    const request = { ...rest, method: 'POST', url: 'https://api.example.com/pay' };
    const { authorization, baseString, signature } = await signOAuth(request);
    expect(createHmac('sha1', `${EXAMPLE.consumerSecret}&`).update(baseString, 'utf8').digest('base64')).toBe(
      signature,
    );
    await expect(verifyOAuth(signed(authorization), options)).resolves.toMatchObject({
      consumerKey: EXAMPLE.consumerKey,
    });
    const tampered = { ...signed(authorization), params: [['amount', '1']] as Array<[string, string]> };
    await expect(verifyOAuth(tampered, options)).rejects.toHaveProperty('code', 'ERR_SIGNATURE_INVALID');
  });

  it('refuses an RSA-SHA256 request before looking up credentials', async () => {
    const { token: _t, tokenSecret: _s, ...rest } = EXAMPLE;
    const { authorization } = await rootSign({
      ...rest,
      method: 'POST',
      url: 'https://api.example.com/pay',
      signatureMethod: 'RSA-SHA256',
      privateKey: pem('test-only-rsa-2048-pkcs8.pem'),
    });
    let looked = false;
    const refusal = await verifyOAuth(signed(authorization), {
      ...options,
      credentials: () => {
        looked = true;
        return { publicKey: pem('test-only-rsa-2048-spki.pem') };
      },
    }).catch((e: unknown) => e);
    expect(refusal).toBeInstanceOf(UnsupportedError);
    expect((refusal as Error).message).toContain('not available in the paysig/hmac entry');
    expect(looked).toBe(false);
  });
});
