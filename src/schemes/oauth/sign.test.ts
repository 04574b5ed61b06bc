import { createHmac, sign as nodeSign, verify as nodeVerify } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseAuthorizationHeader } from './header.js';
import { oauthBodyParams, signOAuth } from './sign.js';

const keys = join(import.meta.dirname, '../../../vectors/keys');
const pem = (name: string) => readFileSync(join(keys, name), 'utf8');
const hmacB64 = (key: string, data: string) => createHmac('sha1', key).update(data, 'utf8').digest('base64');

describe('signOAuth HMAC-SHA1', () => {
  it('reproduces OAuth Core 1.0 Appendix A.5 (tR3+Ty81lMeYAr/Fid0kMTYa/WM=)', async () => {
    const r = await signOAuth({
      method: 'GET',
      url: 'http://photos.example.net/photos?file=vacation.jpg&size=original',
      params: [],
      consumerKey: 'dpf43f3p2l4k3l03',
      consumerSecret: 'kd94hf93k423kf44',
      token: 'nnch734d00sl2jdk',
      tokenSecret: 'pfkkdhi9sl3r4s00',
      signatureMethod: 'HMAC-SHA1',
      timestamp: 1191242096,
      nonce: 'kllo9940pd9333jh',
    });
    expect(r.baseString).toBe(
      'GET&http%3A%2F%2Fphotos.example.net%2Fphotos&file%3Dvacation.jpg%26oauth_consumer_key%3Ddpf43f3p2l4k3l03%26oauth_nonce%3Dkllo9940pd9333jh%26oauth_signature_method%3DHMAC-SHA1%26oauth_timestamp%3D1191242096%26oauth_token%3Dnnch734d00sl2jdk%26oauth_version%3D1.0%26size%3Doriginal',
    );
    expect(r.signature).toBe('tR3+Ty81lMeYAr/Fid0kMTYa/WM=');
    expect(r.authorization).toBe(
      'OAuth oauth_consumer_key="dpf43f3p2l4k3l03", oauth_nonce="kllo9940pd9333jh", oauth_signature_method="HMAC-SHA1", oauth_timestamp="1191242096", oauth_token="nnch734d00sl2jdk", oauth_version="1.0", oauth_signature="tR3%2BTy81lMeYAr%2FFid0kMTYa%2FWM%3D"',
    );
    expect(r.oauthParams).toEqual({
      oauth_consumer_key: 'dpf43f3p2l4k3l03',
      oauth_nonce: 'kllo9940pd9333jh',
      oauth_signature_method: 'HMAC-SHA1',
      oauth_timestamp: '1191242096',
      oauth_token: 'nnch734d00sl2jdk',
      oauth_version: '1.0',
      oauth_signature: 'tR3+Ty81lMeYAr/Fid0kMTYa/WM=',
    });
  });

  it('signs the RFC 5849 section 3.4.1 request like node:crypto createHmac (the RFC prints an erratum)', async () => {
    const r = await signOAuth({
      method: 'POST',
      url: 'http://example.com/request?b5=%3D%253D&a3=a&c%40=&a2=r%20b',
      params: [
        ['c2', ''],
        ['a3', '2 q'],
      ],
      consumerKey: '9djdj82h48djs9d2',
      consumerSecret: 'j49sk3j29djd',
      token: 'kkk9d7dh3k39sjv7',
      tokenSecret: 'dh893hdasih9',
      signatureMethod: 'HMAC-SHA1',
      timestamp: '137131201',
      nonce: '7d8f3e4a',
      realm: 'Example',
    });
    const base =
      'POST&http%3A%2F%2Fexample.com%2Frequest&a2%3Dr%2520b%26a3%3D2%2520q%26a3%3Da%26b5%3D%253D%25253D%26c%2540%3D%26c2%3D%26oauth_consumer_key%3D9djdj82h48djs9d2%26oauth_nonce%3D7d8f3e4a%26oauth_signature_method%3DHMAC-SHA1%26oauth_timestamp%3D137131201%26oauth_token%3Dkkk9d7dh3k39sjv7%26oauth_version%3D1.0';
    expect(r.baseString).toBe(base);
    expect(r.signature).toBe(hmacB64('j49sk3j29djd&dh893hdasih9', base));
    expect(r.authorization.startsWith('OAuth realm="Example", oauth_consumer_key="9djdj82h48djs9d2", ')).toBe(true);
  });

  it("the service's example: control key + '&', body repeats counted once", async () => {
    const params: Array<[string, string]> = [
      ['client-order-id', '1234567890'],
      ['sending-card-ref-id', '7654321'],
    ];
    const common = {
      method: 'POST',
      url: 'https://sandbox.example.com/paynet/api/v2/pan-eligibility/send/1234',
      consumerKey: 'merchantlogin',
      consumerSecret: 'B17F59B4-A7DC-41B4-8FF9-37D4E3E4C2F6',
      signatureMethod: 'HMAC-SHA1' as const,
      nonce: 'y3qlvMPky7g',
      timestamp: 1669966913,
    };
    const r = await signOAuth({ ...common, params });
    const published =
      'client-order-id=1234567890&oauth_consumer_key=merchantlogin&oauth_nonce=y3qlvMPky7g&oauth_signature_method=HMAC-SHA1&oauth_timestamp=1669966913&oauth_version=1.0&sending-card-ref-id=7654321';
    const base = `POST&${encodeURIComponent(common.url)}&${encodeURIComponent(published)}`;
    expect(r.baseString).toBe(base);
    expect(r.signature).toBe(hmacB64('B17F59B4-A7DC-41B4-8FF9-37D4E3E4C2F6&', base));
    const body = oauthBodyParams(r);
    expect(body).toEqual([
      ['oauth_consumer_key', 'merchantlogin'],
      ['oauth_nonce', 'y3qlvMPky7g'],
      ['oauth_signature_method', 'HMAC-SHA1'],
      ['oauth_timestamp', '1669966913'],
      ['oauth_version', '1.0'],
    ]);
    const again = await signOAuth({ ...common, params: [...params, ...body] });
    expect(again.signature).toBe(r.signature);
  });

  it('percent-encodes the secrets in the key (RFC 5849 section 3.4.2)', async () => {
    const r = await signOAuth({
      method: 'POST',
      url: 'https://h/',
      params: [],
      consumerKey: 'k',
      consumerSecret: 'a&b c',
      tokenSecret: '~%',
      signatureMethod: 'HMAC-SHA1',
      nonce: 'n',
      timestamp: 1,
    });
    expect(r.signature).toBe(hmacB64('a%26b%20c&~%25', r.baseString));
  });

  it('defaults: 128-bit hex nonce (fresh each time), timestamp now, oauth_version 1.0', async () => {
    const before = Math.floor(Date.now() / 1000);
    const req = {
      method: 'POST',
      url: 'https://h/',
      params: [],
      consumerKey: 'k',
      consumerSecret: 's',
      signatureMethod: 'HMAC-SHA1' as const,
    };
    const a = await signOAuth(req);
    const b = await signOAuth(req);
    expect(a.oauthParams['oauth_nonce']).toMatch(/^[0-9a-f]{32}$/);
    expect(a.oauthParams['oauth_nonce']).not.toBe(b.oauthParams['oauth_nonce']);
    const ts = Number(a.oauthParams['oauth_timestamp']);
    expect(ts).toBeGreaterThanOrEqual(before);
    expect(ts).toBeLessThanOrEqual(Math.floor(Date.now() / 1000));
    expect(a.oauthParams['oauth_version']).toBe('1.0');
    expect(parseAuthorizationHeader(a.authorization).params).toEqual(a.oauthParams);
  });

  it('default nonces stay distinct 128-bit hex across pool refills', async () => {
    const req = {
      method: 'POST',
      url: 'https://h/',
      params: [],
      consumerKey: 'k',
      consumerSecret: 's',
      signatureMethod: 'HMAC-SHA1' as const,
    };
    const nonces = new Set<string>();
    for (let i = 0; i < 600; i++) nonces.add((await signOAuth(req)).oauthParams['oauth_nonce']!);
    expect(nonces.size).toBe(600);
    for (const n of nonces) expect(n).toMatch(/^[0-9a-f]{32}$/);
  });
});

describe('signOAuth RSA-SHA256', () => {
  const spki = pem('test-only-rsa-2048-spki.pem');
  it.each(['test-only-rsa-2048-pkcs8.pem', 'test-only-rsa-2048-pkcs1.pem'])(
    'signs like node:crypto with %s',
    async (file) => {
      const key = pem(file);
      const r = await signOAuth({
        method: 'POST',
        url: 'https://api.example.com/v4/transfer/9',
        params: [['amount', '1.00']],
        consumerKey: 'merchantlogin',
        signatureMethod: 'RSA-SHA256',
        privateKey: key,
        nonce: 'abc',
        timestamp: 1700000000,
      });
      expect(r.signature).toBe(nodeSign('sha256', Buffer.from(r.baseString, 'utf8'), key).toString('base64'));
      expect(nodeVerify('sha256', Buffer.from(r.baseString, 'utf8'), spki, Buffer.from(r.signature, 'base64'))).toBe(
        true,
      );
      expect(r.oauthParams['oauth_signature_method']).toBe('RSA-SHA256');
    },
  );
  it('refuses a 1024-bit key with ERR_KEY_TOO_SMALL', async () => {
    await expect(
      signOAuth({
        method: 'POST',
        url: 'https://h/',
        params: [],
        consumerKey: 'k',
        signatureMethod: 'RSA-SHA256',
        privateKey: pem('test-only-rsa-1024-pkcs8.pem'),
      }),
    ).rejects.toMatchObject({ code: 'ERR_KEY_TOO_SMALL' });
  });
});

describe('signOAuth input validation', () => {
  const ok = {
    method: 'POST',
    url: 'https://h/',
    params: [] as Array<[string, string]>,
    consumerKey: 'k',
    consumerSecret: 's',
    signatureMethod: 'HMAC-SHA1' as const,
  };
  it.each<[string, Record<string, unknown>, string]>([
    ['unknown method', { signatureMethod: 'PLAINTEXT' }, 'ERR_UNSUPPORTED'],
    ['empty consumerKey', { consumerKey: '' }, 'ERR_INVALID_INPUT'],
    ['HMAC without consumerSecret', { consumerSecret: undefined }, 'ERR_INVALID_INPUT'],
    ['HMAC with empty consumerSecret', { consumerSecret: '' }, 'ERR_INVALID_INPUT'],
    ['RSA without privateKey', { signatureMethod: 'RSA-SHA256' }, 'ERR_INVALID_INPUT'],
    ['negative timestamp', { timestamp: -1 }, 'ERR_INVALID_INPUT'],
    ['fractional timestamp', { timestamp: 1.5 }, 'ERR_INVALID_INPUT'],
    ['non-digit timestamp', { timestamp: '12a' }, 'ERR_INVALID_INPUT'],
    ['empty nonce', { nonce: '' }, 'ERR_INVALID_INPUT'],
    ['bad HTTP method', { method: 'GET POST' }, 'ERR_INVALID_INPUT'],
    ['relative URL', { url: '/x' }, 'ERR_INVALID_INPUT'],
    ['body oauth_signature', { params: [['oauth_signature', 'x']] }, 'ERR_INVALID_INPUT'],
    ['body repeat that differs', { nonce: 'n', params: [['oauth_nonce', 'other']] }, 'ERR_INVALID_INPUT'],
    ['lone surrogate', { params: [['a', '\uDC00']] }, 'ERR_ENCODING'],
  ])('refuses %s with %s', async (_, change, code) => {
    await expect(signOAuth({ ...ok, ...change } as never)).rejects.toMatchObject({ code });
  });
  it('never puts the secret in an error message', async () => {
    const secret = 'SUPER-SECRET-CONTROL-KEY';
    const err = await signOAuth({ ...ok, consumerSecret: secret, url: 'ftp://x/' }).catch((e: unknown) => e);
    expect(String((err as Error).message)).not.toContain(secret);
  });
});
