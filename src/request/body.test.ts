// The body reader and the Content-Type check of verifyRequest, called directly: the bounds at
// exactly the limit, a Content-Length that is not a plain decimal, a body already read, a request
// without a body, and each Content-Type form RFC 9110 allows (spaces, quoted charset, other
// parameters) against the ones it does not.
import { describe, expect, it } from 'vitest';
import { checkContentType, readBody } from './body.js';
import { refusal, thrown } from '../../test/helpers/refusal.js';

const URL_ = 'https://gate.example.com/paynet/api/v2/status/1111';
const FORM = 'application/x-www-form-urlencoded';

function post(body: string | null, headers: Record<string, string> = {}): Request {
  return new Request(URL_, { method: 'POST', headers, ...(body !== null ? { body } : {}) });
}

/** A body stream that yields `chunks` as given, whatever they are. */
function streamOf(chunks: readonly unknown[]): ReadableStream<unknown> {
  return new ReadableStream<unknown>({
    start(c) {
      for (const chunk of chunks) c.enqueue(chunk);
      c.close();
    },
  });
}

describe('readBody', () => {
  it('reads a body of exactly the limit, counted or declared; one byte more is ERR_BODY_TOO_LARGE', async () => {
    expect(await readBody(post('abcde'), 5)).toBe('abcde');
    expect(await readBody(post('abcde', { 'content-length': '5' }), 5)).toBe('abcde');
    const counted = await refusal(readBody(post('abcdef'), 5));
    expect(counted).toMatchObject({ code: 'ERR_BODY_TOO_LARGE', limit: 5 });
    const declared = await refusal(readBody(post('abc', { 'content-length': '6' }), 5));
    expect(declared).toMatchObject({ code: 'ERR_BODY_TOO_LARGE', limit: 5 });
  });

  it('a declared length with surrounding whitespace other than HTTP whitespace still counts', async () => {
    // Headers keep U+000B; String.prototype.trim (like Number) strips it.
    const e = await refusal(readBody(post('abc', { 'content-length': '\u000b70000' }), 65_536));
    expect(e.code).toBe('ERR_BODY_TOO_LARGE');
  });

  it('a Content-Length that is not plain decimal digits is ignored, and the body is counted', async () => {
    // Number() reads each of these as more than the limit; the header is not a valid length.
    for (const value of ['1e9', '+70000', '0x1FFFF', '70000x']) {
      expect(await readBody(post('abc', { 'content-length': value }), 65_536)).toBe('abc');
    }
  });

  it('a request without a body reads as empty', async () => {
    expect(await readBody(post(null), 10)).toBe('');
  });

  it('a body already read is ERR_BODY_CONSUMED, telling the caller to clone', async () => {
    const r = post('a=1');
    await r.text();
    const e = await refusal(readBody(r, 10));
    expect(e).toMatchObject({ code: 'ERR_BODY_CONSUMED', field: 'body' });
    expect(e.message).toMatch(/already read.*request\.clone\(\)/);
  });

  it('joins a body that arrives in several chunks', async () => {
    const enc = new TextEncoder();
    const parts = ['a=1', '&b=caf', '\u00e9'].map((s) => enc.encode(s));
    const stream = new ReadableStream<Uint8Array>({
      start(c) {
        for (const p of parts) c.enqueue(p);
        c.close();
      },
    });
    const r = new Request(URL_, { method: 'POST', body: stream, duplex: 'half' } as RequestInit);
    expect(await readBody(r, 100)).toBe('a=1&b=caf\u00e9');
  });

  it('reads a body that arrives in one chunk as the bytes of that chunk (a view into a larger buffer)', async () => {
    const bytes = new TextEncoder().encode('xxa=1&b=caf\u00e9yy');
    const r = new Request(URL_, {
      method: 'POST',
      body: streamOf([bytes.subarray(2, bytes.length - 2)]),
      duplex: 'half',
    } as RequestInit);
    expect(await readBody(r, 100)).toBe('a=1&b=caf\u00e9');
  });

  it.each<[string, unknown]>([
    ['an ArrayBuffer', new TextEncoder().encode('a=1').buffer],
    ['a string', 'a=1'],
    ['a DataView', new DataView(new ArrayBuffer(3))],
  ])(
    'refuses a stream chunk that is %s, as the platform does (ERR_CONFIGURATION: the server, not the client)',
    async (_what, chunk) => {
      // A string has no byteLength: counted as bytes, it would have slipped past the size cap.
      for (const chunks of [[chunk], [new Uint8Array(1), chunk, new Uint8Array(1)]]) {
        const r = new Request(URL_, { method: 'POST', body: streamOf(chunks), duplex: 'half' } as RequestInit);
        const e = await refusal(readBody(r, 100));
        expect(e).toMatchObject({ code: 'ERR_CONFIGURATION', field: 'body' });
        expect(e.message).toBe('the request body stream yielded a chunk that is not a Uint8Array');
      }
    },
  );
});

describe('checkContentType', () => {
  it.each([
    FORM,
    'Application/X-WWW-Form-URLEncoded',
    `${FORM} ; charset=UTF-8`,
    `${FORM};charset=utf-8`,
    `${FORM}; charset=utf8`,
    `${FORM}; charset="UTF-8"`,
    `${FORM}; CHARSET = utf-8`,
    `${FORM}; foo=bar`,
    `${FORM}; charsetx`,
    `${FORM}; =latin1`,
  ])('accepts %j', (value) => {
    expect(() => checkContentType(value)).not.toThrow();
  });

  it('a missing Content-Type is ERR_MEDIA_TYPE naming the media type', () => {
    const e = thrown(() => checkContentType(null));
    expect(e).toMatchObject({ code: 'ERR_MEDIA_TYPE', field: 'Content-Type' });
    expect(e.message).toBe(`missing Content-Type: the body must be ${FORM}`);
  });

  it.each(['text/plain', 'application/json', `${FORM}x`, `x${FORM}`])('refuses the media type %j', (value) => {
    const e = thrown(() => checkContentType(value));
    expect(e).toMatchObject({ code: 'ERR_MEDIA_TYPE', field: 'Content-Type' });
    expect(e.message).toBe(`Content-Type must be ${FORM}`);
  });

  it.each([
    'latin1',
    'utf-16',
    '"latin1"',
    // a quote pair that is not the whole value is not quoting
    'utf"-8"',
    '"utf-"8',
    '""',
  ])('refuses the charset %j', (charset) => {
    const e = thrown(() => checkContentType(`${FORM}; charset=${charset}`));
    expect(e).toMatchObject({ code: 'ERR_MEDIA_TYPE', field: 'Content-Type' });
    expect(e.message).toBe('Content-Type charset must be UTF-8');
  });
});
