// verifyCallback's input caps (the same as verifyRequest's: 64 KiB, 10,000 pairs, checked before
// decoding) and its handling of pre-decoded input that holds U+FFFD. Digests from node:crypto.
import { createHash } from 'node:crypto';
import { describe, expect, it, vi } from 'vitest';
import { httpStatusOf } from '../errors/handling.js';
import { BodyTooLargeError, EncodingError, InvalidInputError } from '../errors/index.js';
import { callbackPairs } from './callback-input.js';
import { verifyCallback } from './callback.js';
import { refusal } from '../../test/helpers/refusal.js';

const KEY = 'B17F59B4-A7DC-41B4-8FF9-37D986B43D20';
const sha1 = (s: string): string => createHash('sha1').update(s, 'utf8').digest('hex');
const QUERY = `status=approved&orderid=840019&client_orderid=902B4FF5&control=${sha1('approved840019902B4FF5' + KEY)}`;
const LIMIT = 64 * 1024;

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
    const e = await refusal(verifyCallback(make() as string, KEY));
    expect(e).toBeInstanceOf(BodyTooLargeError);
    expect(e).toMatchObject({ code: 'ERR_BODY_TOO_LARGE', field: 'query', limit: LIMIT });
    expect(httpStatusOf(e)).toBe(413);
  });

  it('counts UTF-8 bytes, not characters', async () => {
    const e = await refusal(verifyCallback(QUERY + '&n=' + 'é'.repeat(LIMIT / 2), KEY));
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
    const over = await refusal(verifyCallback(names(10_001) + '&%zz', KEY));
    expect(over).toBeInstanceOf(EncodingError);
    expect(over).toMatchObject({ code: 'ERR_ENCODING', field: 'query' });
    expect(over.message).toContain('10000');
    const overParams = await refusal(verifyCallback(new URLSearchParams(names(10_001)), KEY));
    expect(overParams.message).toContain('10000');
    expect((await verifyCallback(QUERY + '&' + names(9_996) + '&&&', KEY)).status).toBe('approved');
  });
});

describe('pre-decoded input agrees with the raw query on invalid UTF-8', () => {
  // %FF is not UTF-8: the raw query is refused; URLSearchParams decodes it to U+FFFD.
  const withFFFD = `status=approved&orderid=840019&client_orderid=902B%FF&control=${sha1('approved840019902B\uFFFD' + KEY)}`;

  it('the raw query string is refused', async () => {
    expect((await refusal(verifyCallback(withFFFD, KEY))).code).toBe('ERR_ENCODING');
  });

  it('URLSearchParams and records holding U+FFFD are refused too, naming the parameter', async () => {
    const params = new URLSearchParams(withFFFD);
    expect(params.get('client_orderid')).toBe('902B\uFFFD');
    for (const input of [params, Object.fromEntries(params)]) {
      const e = await refusal(verifyCallback(input, KEY));
      expect(e).toMatchObject({ code: 'ERR_ENCODING', field: 'client_orderid' });
      expect(httpStatusOf(e)).toBe(400);
    }
  });

  it('a genuine U+FFFD, percent-encoded as UTF-8 in the raw query, verifies', async () => {
    const cb = await verifyCallback(withFFFD.replace('%FF', '%EF%BF%BD'), KEY);
    expect(cb.client_orderid).toBe('902B\uFFFD');
  });
});

describe('callback input: exact bounds and messages', () => {
  const RECORD = Object.fromEntries(new URLSearchParams(QUERY)) as Record<string, string>;
  // Pre-decoded input is counted as name + value + 2 ('=' and '&') per pair.
  const counted = (r: Record<string, string>) =>
    Object.entries(r).reduce((n, [k, v]) => n + k.length + v.length + 2, 0);

  it('says how large a callback may be', async () => {
    const e = await refusal(verifyCallback('pad=' + 'a'.repeat(LIMIT), KEY));
    expect(e.message).toBe('callback query is larger than 65536 bytes');
  });

  it('pre-decoded input of exactly 64 KiB (counted with its separators) is read; one more is refused', async () => {
    const pad = 'a'.repeat(LIMIT - counted(RECORD) - 'pad'.length - 2);
    const exact = { ...RECORD, pad };
    expect(counted(exact)).toBe(LIMIT);
    expect((await verifyCallback(exact, KEY)).status).toBe('approved');
    expect((await verifyCallback(new URLSearchParams(exact), KEY)).status).toBe('approved');
    for (const over of [{ ...RECORD, pad: pad + 'a' }, new URLSearchParams({ ...RECORD, pad: pad + 'a' })]) {
      expect((await refusal(verifyCallback(over, KEY))).code).toBe('ERR_BODY_TOO_LARGE');
    }
    // A single pair: its name, value and two separators count.
    const single = await refusal(verifyCallback({ p: 'a'.repeat(LIMIT - 2) }, KEY));
    expect(single.code).toBe('ERR_BODY_TOO_LARGE');
  });

  it('exactly 10,001 non-empty segments are refused before decoding', async () => {
    const text = Array.from({ length: 10_001 }, (_, i) => i.toString(36)).join('&');
    const e = await refusal(verifyCallback(text, KEY));
    expect(e).toMatchObject({ code: 'ERR_ENCODING', field: 'query' });
    expect(e.message).toBe('callback query has more than 10000 parameters');
  });

  it('a whole URL over 64 KiB is refused for its size even when its query is small', async () => {
    const e = await refusal(verifyCallback(`https://shop.example/${'p'.repeat(LIMIT)}?${QUERY}`, KEY));
    expect(e).toMatchObject({ code: 'ERR_BODY_TOO_LARGE', field: 'query' });
  });

  it('reads http and https URLs in any case, and a query whose values hold a URL', async () => {
    for (const url of [`http://shop.example/cb?${QUERY}`, `HTTPS://shop.example/cb?${QUERY}`]) {
      expect((await verifyCallback(url, KEY)).orderid).toBe('840019');
    }
    const cb = await verifyCallback(`${QUERY}&return=https://shop.example/r`, KEY);
    expect(cb.params['return']).toBe('https://shop.example/r');
  });

  it('a string that starts like a URL but does not parse is ERR_INVALID_INPUT', async () => {
    const e = await refusal(verifyCallback(`https://[shop/cb?${QUERY}`, KEY));
    expect(e).toMatchObject({ code: 'ERR_INVALID_INPUT', field: 'query' });
    expect(e.message).toBe('callback URL is not a valid URL');
  });

  it('pre-decoded input yields exactly its own pairs', async () => {
    for (const input of [new URLSearchParams(QUERY), RECORD]) {
      const cb = await verifyCallback(input, KEY);
      expect(Object.keys(cb.params)).toEqual(['status', 'orderid', 'client_orderid', 'control']);
    }
  });

  it("a record's inherited properties are not read", async () => {
    const record = Object.assign(Object.create({ type: 'refund', amount: '999.00' }) as object, RECORD);
    const cb = await verifyCallback(record as Record<string, string>, KEY);
    expect(cb.type).toBeUndefined();
    expect(cb.amount).toBeUndefined();
    expect(Object.keys(cb.params)).toEqual(['status', 'orderid', 'client_orderid', 'control']);
  });

  it('a record value that is not a string is ERR_INVALID_INPUT naming it', async () => {
    const e = await refusal(verifyCallback({ ...RECORD, amount: 10 } as unknown as Record<string, string>, KEY));
    expect(e).toMatchObject({ code: 'ERR_INVALID_INPUT', field: 'amount' });
    expect(e.message).toBe('callback parameter "amount" must be a string, got number');
    const long = 'n'.repeat(100) + 'TAIL';
    const l = await refusal(verifyCallback({ ...RECORD, [long]: null } as unknown as Record<string, string>, KEY));
    expect(l.message).toBe(`callback parameter "${'n'.repeat(100)}" must be a string, got null`);
  });

  it.each([
    [null, 'null'],
    [undefined, 'undefined'],
    [42, 'number'],
    [true, 'boolean'],
    [['status=approved'], 'a Array'],
    [new Map([['status', 'approved']]), 'a Map'],
  ])('an input of another type (%j) is ERR_INVALID_INPUT on query, saying what to pass', async (q, got) => {
    const e = await refusal(verifyCallback(q as unknown as string, KEY));
    expect(e).toMatchObject({ code: 'ERR_INVALID_INPUT', field: 'query' });
    expect(e.message).toBe(
      `verifyCallback cannot read ${got}: pass the Node request (req) or its path and query (req.url, '/cb?status=...'), a query string, Express's req.query, URLSearchParams, a Fetch Request or a URL`,
    );
  });

  it('U+FFFD in a long pre-decoded name shows 100 characters of it, and says what to pass instead', async () => {
    const long = 'n'.repeat(100) + 'TAIL';
    const e = await refusal(verifyCallback({ ...RECORD, [long]: 'x\uFFFD' }, KEY));
    expect(e).toMatchObject({ code: 'ERR_ENCODING', field: 'n'.repeat(100) });
    expect(e.message).toBe(
      `callback parameter "${'n'.repeat(100)}" holds U+FFFD, what a lenient decoder writes for invalid UTF-8 or a lone surrogate: pass the raw query string (req.url) instead`,
    );
  });
});

describe('callback input: each form read exactly, and refused with exact messages', () => {
  const RECORD = Object.fromEntries(new URLSearchParams(QUERY)) as Record<string, string>;
  const counted = (r: Record<string, string>) =>
    Object.entries(r).reduce((n, [k, v]) => n + k.length + v.length + 2, 0);
  const LONG = 'n'.repeat(100) + 'TAIL';
  const WHAT_TO_PASS =
    "pass the Node request (req) or its path and query (req.url, '/cb?status=...'), a query string, Express's req.query, URLSearchParams, a Fetch Request or a URL";
  /** A Node request as node:http hands it over (no body is read). */
  const nodeRequest = (extra: Record<string, unknown>) => ({ headers: { host: 'shop.example' }, ...extra });

  it('pre-decoded input whose last name reaches exactly 64 KiB, with an empty value, is read', async () => {
    const exact = { ...RECORD, ['p'.repeat(LIMIT - counted(RECORD) - 2)]: '' };
    expect(counted(exact)).toBe(LIMIT);
    expect((await verifyCallback(exact, KEY)).status).toBe('approved');
    expect((await verifyCallback(new URLSearchParams(exact), KEY)).status).toBe('approved');
  });

  it('a lone surrogate in a record is ERR_ENCODING naming 100 characters of the parameter', async () => {
    for (const record of [
      { ...RECORD, [LONG]: 'x\uD800' },
      { ...RECORD, [`${LONG}\uDC00`]: 'x' },
    ]) {
      const e = await refusal(verifyCallback(record, KEY));
      expect(e).toBeInstanceOf(EncodingError);
      expect(e).toMatchObject({ code: 'ERR_ENCODING', field: 'n'.repeat(100) });
      expect(e.message).toBe(`callback parameter "${'n'.repeat(100)}" holds a lone surrogate and has no UTF-8 form`);
    }
  });

  it('a lone surrogate in a whole URL string is ERR_ENCODING on query, before the URL parser sees it', async () => {
    const e = await refusal(verifyCallback(`https://shop.example/cb?${QUERY}&memo=\uD800`, KEY));
    expect(e).toBeInstanceOf(EncodingError);
    expect(e).toMatchObject({ code: 'ERR_ENCODING', field: 'query' });
    expect(e.message).toBe('callback URL holds a lone surrogate and has no UTF-8 form');
  });

  it('a path and query is read as the URL parser reads it: a `?` after `#` starts no query, and the query ends at `#`', async () => {
    expect(await callbackPairs('/cb#f?status=approved&a=1')).toEqual([]);
    expect(await callbackPairs('/cb?status=approved#f?a=1')).toEqual([['status', 'approved']]);
    expect(await callbackPairs('https://shop.example/cb#f?status=approved')).toEqual([]);
    expect((await verifyCallback(`/cb?${QUERY}#frag`, KEY)).status).toBe('approved');
  });

  it('a Node request whose req.url holds http:// but does not start with it is still no request target', async () => {
    const e = await refusal(
      verifyCallback(nodeRequest({ method: 'GET', url: `cb?next=http://shop.example&${QUERY}` }), KEY),
    );
    expect(e).toMatchObject({ code: 'ERR_INVALID_INPUT', field: 'query' });
    expect(e.message).toBe(`the Node request has no request target (req.url): ${WHAT_TO_PASS}`);
  });

  it('a Node request whose req.url is in absolute form (as sent to a proxy) is read from its query', async () => {
    for (const url of [`http://shop.example/cb?${QUERY}`, `HTTPS://shop.example:8443/cb?${QUERY}#f`]) {
      expect((await verifyCallback(nodeRequest({ method: 'GET', url }), KEY)).client_orderid).toBe('902B4FF5');
    }
  });

  it('a path without `?` has no pairs, even when it holds `&` and `=`', async () => {
    expect(await callbackPairs('/cb')).toEqual([]);
    expect(await callbackPairs('/cb&status=approved')).toEqual([]);
    const e = await refusal(verifyCallback(`/cb&${QUERY}`, KEY));
    expect(e).toMatchObject({ code: 'ERR_MISSING_FIELD', field: 'status' });
  });

  it('an array or non-string value under a long name is ERR_INVALID_INPUT naming 100 characters of it', async () => {
    const several = await refusal(verifyCallback({ ...RECORD, [LONG]: ['a', 'b'] }, KEY));
    expect(several).toBeInstanceOf(InvalidInputError);
    expect(several).toMatchObject({ code: 'ERR_INVALID_INPUT', field: 'n'.repeat(100) });
    expect(several.message).toBe(
      `callback parameter "${'n'.repeat(100)}" has several values (Express's req.query gives an array for a parameter sent twice): a callback sends each parameter once`,
    );
    const nonString = await refusal(verifyCallback({ ...RECORD, [LONG]: 7 }, KEY));
    expect(nonString).toMatchObject({ code: 'ERR_INVALID_INPUT', field: 'n'.repeat(100) });
    expect(nonString.message).toBe(`callback parameter "${'n'.repeat(100)}" must be a string, got number`);
  });

  it('a Fetch Request of method HEAD is read from its query, as a GET', async () => {
    const cb = await verifyCallback(new Request(`https://shop.example/cb?${QUERY}`, { method: 'HEAD' }), KEY);
    expect(cb).toMatchObject({ status: 'approved', orderid: '840019', client_orderid: '902B4FF5' });
  });

  it('a Node request without a method, or of method HEAD, is read from its req.url', async () => {
    for (const req of [nodeRequest({ url: `/cb?${QUERY}` }), nodeRequest({ method: 'HEAD', url: `/cb?${QUERY}` })]) {
      const cb = await verifyCallback(req, KEY);
      expect(cb).toMatchObject({ status: 'approved', orderid: '840019', client_orderid: '902B4FF5' });
    }
  });

  it("a Node request's req.originalUrl is read in place of its req.url", async () => {
    const req = nodeRequest({ method: 'GET', url: '/', originalUrl: `/shop/cb?${QUERY}` });
    expect((await verifyCallback(req, KEY)).client_orderid).toBe('902B4FF5');
  });

  it('a Node request of another method is refused showing 10 characters of the method', async () => {
    const e = await refusal(verifyCallback(nodeRequest({ method: 'M'.repeat(10) + 'TAIL', url: `/cb?${QUERY}` }), KEY));
    expect(e).toMatchObject({ code: 'ERR_INVALID_INPUT', field: 'query' });
    expect(e.message).toBe(
      `verifyCallback reads a Node request's query (req.url), and this is a ${'M'.repeat(10)}: for a callback in a form body pass \`await toFetchRequest(req)\` from paysig/node`,
    );
  });

  it.each<[string, Record<string, unknown>]>([
    ['no req.url', { method: 'GET' }],
    ['an empty req.url', { method: 'GET', url: '' }],
    ['a req.url that is no path', { method: 'GET', url: `cb?${QUERY}` }],
  ])('a Node request with %s is ERR_INVALID_INPUT on query, saying what to pass', async (_what, extra) => {
    const e = await refusal(verifyCallback(nodeRequest(extra), KEY));
    expect(e).toBeInstanceOf(InvalidInputError);
    expect(e).toMatchObject({ code: 'ERR_INVALID_INPUT', field: 'query' });
    expect(e.message).toBe(`the Node request has no request target (req.url): ${WHAT_TO_PASS}`);
  });

  it('a record with headers that are null or a url that is no string is a record, not a Node request', async () => {
    const nullHeaders = await refusal(verifyCallback({ url: `/cb?${QUERY}`, headers: null }, KEY));
    expect(nullHeaders).toMatchObject({ code: 'ERR_INVALID_INPUT', field: 'headers' });
    expect(nullHeaders.message).toBe('callback parameter "headers" must be a string, got null');
    const numberUrl = await refusal(verifyCallback({ headers: {}, url: 42 }, KEY));
    expect(numberUrl).toMatchObject({ code: 'ERR_INVALID_INPUT', field: 'headers' });
    expect(numberUrl.message).toBe('callback parameter "headers" must be a string, got object');
  });

  it.each<[string, string, () => object]>([
    [
      'object without a prototype',
      'an object',
      () => Object.assign(Object.create(null) as object, { [Symbol.iterator]: () => [][Symbol.iterator]() }),
    ],
    ['plain object', 'an object', () => ({ [Symbol.iterator]: () => [][Symbol.iterator]() })],
    [
      'object of a class with a long name',
      `a ${'L'.repeat(40)}`,
      () => {
        class Pairs extends Set<string> {}
        Object.defineProperty(Pairs, 'name', { value: 'L'.repeat(40) + 'TAIL' });
        return new Pairs();
      },
    ],
  ])('an iterable %s is ERR_INVALID_INPUT naming it as "%s"', async (_what, named, make) => {
    const e = await refusal(verifyCallback(make() as Record<string, string>, KEY));
    expect(e).toMatchObject({ code: 'ERR_INVALID_INPUT', field: 'query' });
    expect(e.message).toBe(`verifyCallback cannot read ${named}: ${WHAT_TO_PASS}`);
  });

  it('a runtime without a global Request still reads a record and a Node request', async () => {
    vi.stubGlobal('Request', undefined);
    try {
      expect((await verifyCallback({ ...RECORD }, KEY)).status).toBe('approved');
      expect((await verifyCallback(nodeRequest({ url: `/cb?${QUERY}` }), KEY)).status).toBe('approved');
    } finally {
      vi.unstubAllGlobals();
    }
    expect(typeof Request).toBe('function');
  });
});
