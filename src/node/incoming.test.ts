// The absolute URL of a Node request, and toFetchRequest on hand-made request objects.
import { describe, expect, it } from 'vitest';
import { PaysigError } from '../errors/index.js';
import { incomingUrl, type IncomingMessageLike } from './incoming.js';
import { toFetchRequest } from './index.js';

/** A request object with no body stream behind it (only the URL parts are read). */
function req(
  headers: Record<string, string | readonly string[]>,
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
  it('answers a repeat of the last request from memory, and checks anything that differs from it', () => {
    const ok = req({ host: 'gate.example.com' });
    expect(incomingUrl(ok, undefined)).toBe('http://gate.example.com/paynet/api/v2/sale/1');
    expect(incomingUrl(ok, undefined)).toBe('http://gate.example.com/paynet/api/v2/sale/1');
    // Same target, another host: checked, and refused when it is not a host.
    expect(refusal(() => incomingUrl(req({ host: 'gate.example.com/x' }), undefined))).toEqual([
      'ERR_INVALID_INPUT',
      'Host',
    ]);
    expect(refusal(() => incomingUrl(req({}), undefined))).toEqual(['ERR_INVALID_INPUT', 'Host']);
    // Same host and target, another scheme or target: a new URL.
    expect(incomingUrl(ok, undefined)).toBe('http://gate.example.com/paynet/api/v2/sale/1');
    expect(incomingUrl(ok, { protocol: 'https' })).toBe('https://gate.example.com/paynet/api/v2/sale/1');
    expect(incomingUrl(req({ host: 'gate.example.com' }, { url: '/paynet/api/v2/sale/2' }), undefined)).toBe(
      'http://gate.example.com/paynet/api/v2/sale/2',
    );
    expect(refusal(() => incomingUrl(req({ host: 'gate.example.com' }, { url: 'sale' }), undefined))).toEqual([
      'ERR_INVALID_INPUT',
      'url',
    ]);
  });

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
      'x-forwarded-host': 'gate.example.com',
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

/** The message of the error `f` throws. */
function messageOf(f: () => unknown): string {
  try {
    f();
  } catch (e) {
    expect(e).toBeInstanceOf(PaysigError);
    return (e as PaysigError).message;
  }
  throw new Error('expected a refusal');
}

describe('incomingUrl: header values as Node gives them', () => {
  it('takes the first of repeated values, and trims each value', () => {
    expect(incomingUrl(req({ host: ['a.example', 'b.example'] }), undefined)).toBe(
      'http://a.example/paynet/api/v2/sale/1',
    );
    expect(incomingUrl(req({ host: ' \ta.example:8080  ' }), undefined)).toBe(
      'http://a.example:8080/paynet/api/v2/sale/1',
    );
  });

  it.each([
    ['missing', {}],
    ['empty', { host: '' }],
    ['blank', { host: '   ' }],
    ['an empty list', { host: [] }],
  ])('says there is no Host header when it is %s', (_label, headers) => {
    expect(messageOf(() => incomingUrl(req(headers), undefined))).toBe(
      'the request has no Host header, so its absolute URL is unknown (HTTP/1.1 requires Host)',
    );
  });

  it('quotes an invalid Host (its first 100 characters) in the message', () => {
    expect(messageOf(() => incomingUrl(req({ host: 'a.example/evil' }), undefined))).toBe(
      'the Host header "a.example/evil" is not a host name with an optional port',
    );
    expect(messageOf(() => incomingUrl(req({ host: `${'b'.repeat(150)}/x` }), undefined))).toBe(
      `the Host header "${'b'.repeat(100)}" is not a host name with an optional port`,
    );
  });

  it('accepts a Host of up to 300 characters and refuses a longer one', () => {
    const host = `${'h'.repeat(294)}:65535`;
    expect(host.length).toBe(300);
    expect(incomingUrl(req({ host }), undefined)).toBe(`http://${host}/paynet/api/v2/sale/1`);
    expect(refusal(() => incomingUrl(req({ host: `h${host}` }), undefined))).toEqual(['ERR_INVALID_INPUT', 'Host']);
  });

  it('refuses a request with no target, and says the target must be a path', () => {
    expect(refusal(() => incomingUrl(req({ host: 'a.example' }, { url: undefined }), undefined))).toEqual([
      'ERR_INVALID_INPUT',
      'url',
    ]);
    expect(messageOf(() => incomingUrl(req({ host: 'a.example' }, { url: '*' }), undefined))).toBe(
      'the request target must be a path starting with "/"',
    );
  });

  it('reads https only from a socket whose encrypted is true', () => {
    expect(incomingUrl(req({ host: 'a.example' }, { socket: null }), undefined)).toBe(
      'http://a.example/paynet/api/v2/sale/1',
    );
    expect(incomingUrl(req({ host: 'a.example' }, { socket: { encrypted: 'yes' } }), undefined)).toBe(
      'http://a.example/paynet/api/v2/sale/1',
    );
  });
});

describe('incomingUrl: X-Forwarded-* with trustProxy', () => {
  const trust = { trustProxy: true };

  it('takes the last entry of each list (the one the proxy wrote), trimmed, and any case of the scheme', () => {
    const r = req({
      host: 'internal:3000',
      'x-forwarded-proto': 'http , HTTPS ',
      'x-forwarded-host': 'evil.example , gate.example.com ',
    });
    expect(incomingUrl(r, trust)).toBe('https://gate.example.com/paynet/api/v2/sale/1');
  });

  it('lets X-Forwarded-Proto: http override a TLS socket', () => {
    const r = req({ host: 'a.example', 'x-forwarded-proto': 'http' }, { socket: { encrypted: true } });
    expect(incomingUrl(r, trust)).toBe('http://a.example/paynet/api/v2/sale/1');
  });

  it('treats an empty last entry as absent', () => {
    const r = req(
      { host: 'internal:3000', 'x-forwarded-proto': 'https, ', 'x-forwarded-host': 'gate.example.com , ' },
      { socket: { encrypted: true } },
    );
    expect(incomingUrl(r, trust)).toBe('https://internal:3000/paynet/api/v2/sale/1');
  });

  it('refuses another scheme and says which ones it takes', () => {
    expect(messageOf(() => incomingUrl(req({ host: 'a.example', 'x-forwarded-proto': 'wss' }), trust))).toBe(
      'X-Forwarded-Proto must be http or https',
    );
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

  it('builds no body for GET, HEAD or a request without a method (taken as GET), and reads none', async () => {
    for (const method of ['GET', 'HEAD', undefined]) {
      const r = await toFetchRequest(req({ host: 'a.example' }, { method, readableEnded: true }));
      expect(r.method).toBe(method ?? 'GET');
      expect(r.body).toBeNull();
    }
  });

  it('skips a header whose value is undefined', async () => {
    const headers = { host: 'a.example', 'x-gone': undefined, 'x-kept': 'yes' } as unknown as Record<string, string>;
    const r = await toFetchRequest(req(headers), { body: '' });
    expect(r.headers.has('x-gone')).toBe(false);
    expect(r.headers.get('x-kept')).toBe('yes');
  });

  it('gives the Request only the bytes of a view into a larger buffer', async () => {
    const pool = new TextEncoder().encode('other=1&a=1&b=2&other=2');
    const r = await toFetchRequest(req({ host: 'a.example' }), { body: pool.subarray(8, 15) });
    pool.fill(0x7a);
    expect(await r.text()).toBe('a=1&b=2');
  });

  it('takes an explicit body in a SharedArrayBuffer, which a Request refuses, as a copy of its bytes', async () => {
    const shared = new Uint8Array(new SharedArrayBuffer(7));
    shared.set(new TextEncoder().encode('a=1&b=2'));
    const r = await toFetchRequest(req({ host: 'a.example' }), { body: shared });
    shared.fill(0x7a);
    expect(await r.text()).toBe('a=1&b=2');
  });

  it('refuses a body option that is not bytes or text', async () => {
    await expect(toFetchRequest(req({ host: 'a.example' }), { body: 42 as never })).rejects.toMatchObject({
      code: 'ERR_INVALID_INPUT',
      field: 'body',
    });
  });
});
