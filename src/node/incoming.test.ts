// The absolute URL of a Node request, and toFetchRequest on hand-made request objects.
import { describe, expect, it } from 'vitest';
import { PaysigError } from '../errors.js';
import { incomingUrl, type IncomingMessageLike } from './incoming.js';
import { toFetchRequest } from '../node.js';

/** A request object with no body stream behind it (only the URL parts are read). */
function req(
  headers: Record<string, string | string[]>,
  extra: Partial<IncomingMessageLike> = {},
): IncomingMessageLike {
  return {
    method: 'POST',
    url: '/paynet/api/v2/sale/1',
    headers,
    on: () => undefined,
    removeListener: () => undefined,
    ...extra,
  };
}

function refusal(f: () => unknown): [string, string | undefined] {
  try {
    f();
  } catch (e) {
    expect(e).toBeInstanceOf(PaysigError);
    return [(e as PaysigError).code, (e as PaysigError).field];
  }
  throw new Error('expected a refusal');
}

describe('incomingUrl', () => {
  it('joins scheme, Host and the request target', () => {
    expect(incomingUrl(req({ host: 'gate.example.com' }), undefined)).toBe(
      'http://gate.example.com/paynet/api/v2/sale/1',
    );
    expect(incomingUrl(req({ host: 'gate.example.com:8443' }, { socket: { encrypted: true } }), undefined)).toBe(
      'https://gate.example.com:8443/paynet/api/v2/sale/1',
    );
    expect(incomingUrl(req({ host: '[::1]:8080' }), { protocol: 'https' })).toBe(
      'https://[::1]:8080/paynet/api/v2/sale/1',
    );
  });

  it("prefers Express's originalUrl (a router mounted on a path rewrites url)", () => {
    expect(
      incomingUrl(
        req({ host: 'h.example' }, { url: '/api/v2/sale/1', originalUrl: '/paynet/api/v2/sale/1' }),
        undefined,
      ),
    ).toBe('http://h.example/paynet/api/v2/sale/1');
  });

  it.each([
    ['missing', {}],
    ['empty', { host: '' }],
    ['with a path', { host: 'a.example/evil' }],
    ['with userinfo', { host: 'user@a.example' }],
    ['with a space', { host: 'a example' }],
    ['with a bad port', { host: 'a.example:80a' }],
  ])('refuses a Host header %s (ERR_INVALID_INPUT, field Host)', (_label, headers) => {
    expect(refusal(() => incomingUrl(req(headers), undefined))).toEqual(['ERR_INVALID_INPUT', 'Host']);
  });

  it('refuses a request target that is not a path', () => {
    expect(refusal(() => incomingUrl(req({ host: 'a.example' }, { url: 'http://b.example/x' }), undefined))).toEqual([
      'ERR_INVALID_INPUT',
      'url',
    ]);
  });

  it('ignores X-Forwarded-* unless trustProxy is on', () => {
    const r = req({
      host: 'internal:3000',
      'x-forwarded-proto': 'https',
      'x-forwarded-host': 'gate.example.com, proxy2',
    });
    expect(incomingUrl(r, undefined)).toBe('http://internal:3000/paynet/api/v2/sale/1');
    expect(incomingUrl(r, { trustProxy: true })).toBe('https://gate.example.com/paynet/api/v2/sale/1');
    expect(incomingUrl(req({ host: 'internal:3000', 'x-forwarded-proto': 'https' }), { trustProxy: true })).toBe(
      'https://internal:3000/paynet/api/v2/sale/1',
    );
    expect(
      refusal(() => incomingUrl(req({ host: 'a.example', 'x-forwarded-proto': 'ftp' }), { trustProxy: true })),
    ).toEqual(['ERR_INVALID_INPUT', 'X-Forwarded-Proto']);
    expect(
      refusal(() => incomingUrl(req({ host: 'a.example', 'x-forwarded-host': 'a.example/x' }), { trustProxy: true })),
    ).toEqual(['ERR_INVALID_INPUT', 'Host']);
  });
});

describe('toFetchRequest', () => {
  it('copies method, URL, headers and an explicit body', async () => {
    const body = new TextEncoder().encode('a=1&b=%20');
    const r = await toFetchRequest(
      req({ host: 'a.example', 'content-type': 'application/x-www-form-urlencoded', 'x-two': ['1', '2'] }),
      { body },
    );
    expect(r.method).toBe('POST');
    expect(r.url).toBe('http://a.example/paynet/api/v2/sale/1');
    expect(r.headers.get('content-type')).toBe('application/x-www-form-urlencoded');
    expect(r.headers.get('x-two')).toBe('1, 2');
    expect(await r.text()).toBe('a=1&b=%20');
  });

  it('applies the cap to an explicit body, and refuses a stream already read', async () => {
    await expect(
      toFetchRequest(req({ host: 'a.example' }), { body: 'x'.repeat(11), maxBodyBytes: 10 }),
    ).rejects.toMatchObject({ code: 'ERR_BODY_TOO_LARGE' });
    await expect(
      toFetchRequest(req({ host: 'a.example' }, { readableEnded: true, body: { a: '1' } })),
    ).rejects.toMatchObject({
      code: 'ERR_BODY_CONSUMED',
      message: expect.stringMatching(/express\.raw/),
    });
    await expect(
      toFetchRequest(req({ host: 'a.example', 'content-length': '11' }), { maxBodyBytes: 10 }),
    ).rejects.toMatchObject({ code: 'ERR_BODY_TOO_LARGE' });
  });

  it('builds no body for GET', async () => {
    const r = await toFetchRequest(req({ host: 'a.example' }, { method: 'GET', readableEnded: true }));
    expect(r.method).toBe('GET');
    expect(r.body).toBeNull();
  });
});
