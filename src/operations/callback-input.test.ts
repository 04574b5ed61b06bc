// verifyCallback's input caps (the same as verifyRequest's: 64 KiB, 10,000 pairs, checked before
// decoding) and its handling of pre-decoded input that holds U+FFFD. Digests from node:crypto.
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { httpStatusOf } from '../error-handling.js';
import { BodyTooLargeError, EncodingError, PaysigError } from '../errors.js';
import { verifyCallback } from './callback.js';

const KEY = 'B17F59B4-A7DC-41B4-8FF9-37D986B43D20';
const sha1 = (s: string): string => createHash('sha1').update(s, 'utf8').digest('hex');
const QUERY = `status=approved&orderid=840019&client_orderid=902B4FF5&control=${sha1('approved840019902B4FF5' + KEY)}`;
const LIMIT = 64 * 1024;

async function failure(p: Promise<unknown>): Promise<PaysigError> {
  try {
    await p;
  } catch (e) {
    expect(e).toBeInstanceOf(PaysigError);
    return e as PaysigError;
  }
  throw new Error('expected a rejection');
}

describe('verifyCallback bounds its input', () => {
  // A malformed escape up front: refused for size, so the size was checked before any decoding.
  const huge = 'x=%zz&' + 'pad=' + 'a'.repeat(10 * 1024 * 1024);

  it.each<[string, () => unknown]>([
    ['query string', () => huge],
    ['whole URL string', () => 'https://shop.example/cb?' + huge],
    ['URL', () => new URL('https://shop.example/cb?' + 'pad=' + 'a'.repeat(LIMIT))],
    ['URLSearchParams', () => new URLSearchParams({ pad: 'a'.repeat(LIMIT) })],
    ['record', () => ({ pad: 'a'.repeat(LIMIT) })],
  ])('a %s over 64 KiB is ERR_BODY_TOO_LARGE (413)', async (_what, make) => {
    const e = await failure(verifyCallback(make() as string, KEY));
    expect(e).toBeInstanceOf(BodyTooLargeError);
    expect(e).toMatchObject({ code: 'ERR_BODY_TOO_LARGE', field: 'query', limit: LIMIT });
    expect(httpStatusOf(e)).toBe(413);
  });

  it('counts UTF-8 bytes, not characters', async () => {
    const e = await failure(verifyCallback(QUERY + '&n=' + 'é'.repeat(LIMIT / 2), KEY));
    expect(e.code).toBe('ERR_BODY_TOO_LARGE');
  });

  it('a callback of exactly 64 KiB is read', async () => {
    const padded = QUERY + '&pad=' + 'a'.repeat(LIMIT - QUERY.length - 5);
    expect(padded.length).toBe(LIMIT);
    expect((await verifyCallback(padded, KEY)).status).toBe('approved');
    expect((await verifyCallback(new URLSearchParams(padded.replace('&pad=', '&p=')), KEY)).status).toBe('approved');
  });

  it('more than 10,000 pairs is ERR_ENCODING before decoding; 10,000 are read', async () => {
    const names = (n: number) => Array.from({ length: n }, (_, i) => i.toString(36)).join('&');
    const over = await failure(verifyCallback(names(10_001) + '&%zz', KEY));
    expect(over).toBeInstanceOf(EncodingError);
    expect(over).toMatchObject({ code: 'ERR_ENCODING', field: 'query' });
    expect(over.message).toContain('10000');
    const overParams = await failure(verifyCallback(new URLSearchParams(names(10_001)), KEY));
    expect(overParams.message).toContain('10000');
    expect((await verifyCallback(QUERY + '&' + names(9_996) + '&&&', KEY)).status).toBe('approved');
  });
});

describe('pre-decoded input agrees with the raw query on invalid UTF-8', () => {
  // %FF is not UTF-8: the raw query is refused; URLSearchParams decodes it to U+FFFD.
  const withFFFD = `status=approved&orderid=840019&client_orderid=902B%FF&control=${sha1('approved840019902B\uFFFD' + KEY)}`;

  it('the raw query string is refused', async () => {
    expect((await failure(verifyCallback(withFFFD, KEY))).code).toBe('ERR_ENCODING');
  });

  it('URLSearchParams and records holding U+FFFD are refused too, naming the parameter', async () => {
    const params = new URLSearchParams(withFFFD);
    expect(params.get('client_orderid')).toBe('902B\uFFFD');
    for (const input of [params, Object.fromEntries(params)]) {
      const e = await failure(verifyCallback(input, KEY));
      expect(e).toMatchObject({ code: 'ERR_ENCODING', field: 'client_orderid' });
      expect(httpStatusOf(e)).toBe(400);
    }
  });

  it('a genuine U+FFFD, percent-encoded as UTF-8 in the raw query, verifies', async () => {
    const cb = await verifyCallback(withFFFD.replace('%FF', '%EF%BF%BD'), KEY);
    expect(cb.client_orderid).toBe('902B\uFFFD');
  });
});
