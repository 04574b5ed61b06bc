// verifyCallback takes the callback in the form each server framework hands it over (a Node
// request, its path and query, a query string, Express's req.query, URLSearchParams, a Fetch
// Request, a URL), refuses anything else saying what to pass, counts its caps in UTF-8 bytes in
// every form, and refuses a lone surrogate in every form. Digests from node:crypto.
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { verifyCallback } from './callback.js';
import { refusal } from '../../test/helpers/refusal.js';

const KEY = 'B17F59B4-A7DC-41B4-8FF9-37D986B43D20';
const sha1 = (s: string): string => createHash('sha1').update(s, 'utf8').digest('hex');
const CONTROL = sha1('approved840019902B4FF5' + KEY);
const QUERY = `status=approved&orderid=840019&client_orderid=902B4FF5&control=${CONTROL}`;
const RECORD = { status: 'approved', orderid: '840019', client_orderid: '902B4FF5', control: CONTROL };
const LIMIT = 64 * 1024;

/** A Node request as node:http, Express or Koa's ctx.req hands it over (no body is read). */
const nodeRequest = (url: string, extra: Record<string, unknown> = {}) => ({
  method: 'GET',
  url,
  headers: { host: 'shop.example' },
  on: () => undefined,
  ...extra,
});

describe('verifyCallback reads the forms server frameworks hand over', () => {
  it.each<[string, () => unknown]>([
    ['a Node request (req.url is a path and query)', () => nodeRequest(`/cb?${QUERY}`)],
    [
      'an Express request mounted on a path (req.originalUrl)',
      () => nodeRequest(`/?${QUERY}`, { originalUrl: `/shop/cb?${QUERY}` }),
    ],
    ['a path and query string (req.url)', () => `/cb?${QUERY}`],
    ['a path and query with a fragment', () => `/cb?${QUERY}#top`],
    ['a query string', () => QUERY],
    ['a query string with ?', () => `?${QUERY}`],
    ['a whole URL string', () => `https://shop.example/cb?${QUERY}`],
    ["Express's req.query (a record)", () => ({ ...RECORD })],
    ["node:querystring's record (null prototype)", () => Object.assign(Object.create(null) as object, RECORD)],
    ['URLSearchParams', () => new URLSearchParams(QUERY)],
    ['a URL', () => new URL(`https://shop.example/cb?${QUERY}`)],
    ['a Fetch Request (GET)', () => new Request(`https://shop.example/cb?${QUERY}`)],
    [
      'a Fetch Request (POST form body)',
      () =>
        new Request('https://shop.example/cb', {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: QUERY,
        }),
    ],
  ])('%s', async (_what, make) => {
    const cb = await verifyCallback(make() as string, KEY);
    expect(cb).toMatchObject({ status: 'approved', orderid: '840019', client_orderid: '902B4FF5', final: true });
  });

  it('a path without a query has no parameters: status is missing (not "/cb?status")', async () => {
    expect(await refusal(verifyCallback('/cb', KEY))).toMatchObject({ code: 'ERR_MISSING_FIELD', field: 'status' });
    const e = await refusal(verifyCallback(`/cb?${QUERY.replace(CONTROL, '0'.repeat(40))}`, KEY));
    expect(e.code).toBe('ERR_CONTROL_MISMATCH');
  });

  it("refuses an array value in a record (Express's req.query for a repeated parameter), naming it", async () => {
    const e = await refusal(verifyCallback({ ...RECORD, status: ['approved', 'declined'] }, KEY));
    expect(e).toMatchObject({ code: 'ERR_INVALID_INPUT', field: 'status' });
    expect(e.message).toBe(
      `callback parameter "status" has several values (Express's req.query gives an array for a parameter sent twice): a callback sends each parameter once`,
    );
  });

  it('refuses a Node request that is not a GET, saying to use toFetchRequest', async () => {
    const e = await refusal(verifyCallback(nodeRequest(`/cb?${QUERY}`, { method: 'POST' }), KEY));
    expect(e).toMatchObject({ code: 'ERR_INVALID_INPUT', field: 'query' });
    expect(e.message).toMatch(/toFetchRequest\(req\)` from paysig\/node$/);
  });

  it('refuses a POST Request whose body is not a form', async () => {
    const r = new Request('https://shop.example/cb', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect(await refusal(verifyCallback(r, KEY))).toMatchObject({ code: 'ERR_MEDIA_TYPE' });
  });
});

describe('caps in UTF-8 bytes in every form (issue 20: 180 KB of UTF-8 against a 64 KiB cap)', () => {
  // 60,000 UTF-16 units, 180,000 UTF-8 bytes: under the cap in units, far over it in bytes.
  const wide = '€'.repeat(60_000);

  it.each<[string, () => unknown]>([
    ['URLSearchParams value', () => new URLSearchParams({ ...RECORD, memo: wide })],
    ['record value', () => ({ ...RECORD, memo: wide })],
    ['record name', () => ({ ...RECORD, [wide]: 'x' })],
    [
      'URLSearchParams of astral characters (4 bytes, 2 units each)',
      () => new URLSearchParams({ memo: '😀'.repeat(20_000) }),
    ],
  ])('%s is ERR_BODY_TOO_LARGE', async (_what, make) => {
    expect(await refusal(verifyCallback(make() as URLSearchParams, KEY))).toMatchObject({
      code: 'ERR_BODY_TOO_LARGE',
      field: 'query',
    });
  });

  it('a record of exactly 64 KiB of UTF-8 is read, one byte more is refused', async () => {
    // Each pair counts name + value + 2 ("=" and "&"), as the query string it came from.
    const used = Object.entries(RECORD).reduce((n, [k, v]) => n + k.length + v.length + 2, 0);
    const room = LIMIT - used - 'memo'.length - 2;
    const fits = { ...RECORD, memo: 'é'.repeat(room / 2) };
    expect((await verifyCallback(fits, KEY)).params['memo']).toHaveLength(room / 2);
    const over = { ...RECORD, memo: 'é'.repeat(room / 2) + 'a' };
    expect((await refusal(verifyCallback(over, KEY))).code).toBe('ERR_BODY_TOO_LARGE');
  });
});

describe('a lone surrogate is refused in every form (ERR_ENCODING)', () => {
  it.each<[string, () => unknown]>([
    ['query string', () => `${QUERY}&memo=\uD800`],
    ['path and query', () => `/cb?${QUERY}&memo=a\uDC00`],
    ['whole URL string', () => `https://shop.example/cb?${QUERY}&memo=\uD800`],
    ['Node request', () => nodeRequest(`/cb?${QUERY}&memo=\uD800`)],
    ['record value', () => ({ ...RECORD, memo: 'x\uD800' })],
    ['record name', () => ({ ...RECORD, ['\uDFFFm']: 'x' })],
    // The platform turned these into U+FFFD (%EF%BF%BD) when the object was built: refused as such.
    ['URLSearchParams', () => new URLSearchParams({ ...RECORD, memo: '\uD800' })],
    ['URL', () => new URL(`https://shop.example/cb?${QUERY}&memo=\uD800`)],
    ['Request (GET)', () => new Request(`https://shop.example/cb?${QUERY}&memo=\uD800`)],
    [
      'Request (POST body)',
      () =>
        new Request('https://shop.example/cb', {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: `${QUERY}&memo=\uD800`,
        }),
    ],
  ])('%s', async (_what, make) => {
    expect((await refusal(verifyCallback(make() as string, KEY))).code).toBe('ERR_ENCODING');
  });
});
