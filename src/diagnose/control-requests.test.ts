// What diagnose() reports for bad options and requests, and for control requests: digests come
// from node:crypto (test/helpers/client-sign.ts), messages and values are written out by hand.
import { describe, expect, it } from 'vitest';
import { clientForm, sha1Hex } from '../../test/helpers/client-sign.js';
import { diagnose, type DiagnoseOptions, type RequestParts } from './index.js';
import type { CredentialsQuery } from '../request/verify.js';

const KEY = 'B17F59B4-A7DC-41B4-8FF9-37D986B43D20';
const HOST = 'https://gate.example.com';
const CT = { 'content-type': 'application/x-www-form-urlencoded' };
const creds = () => ({ controlKey: KEY });
const opts = (extra: Partial<DiagnoseOptions> = {}): DiagnoseOptions => ({ credentials: creds, ...extra });
const post = (path: string, pairs: Array<[string, string]>, headers: Record<string, string> = CT) => ({
  method: 'POST',
  url: HOST + path,
  headers,
  body: clientForm(pairs),
});
const SALE: Array<[string, string]> = [
  ['client_orderid', 'C-1'],
  ['amount', '10.42'],
  ['currency', 'EUR'],
  ['email', 'a@b.example'],
];
const saleDigest = (endpoint: string) => sha1Hex(`${endpoint}C-11042a@b.example${KEY}`);

describe('diagnose: refusing bad options and requests', () => {
  const fn = Object.assign(() => undefined, { credentials: creds });
  it.each([
    ['null options', null, 'credentials', 'diagnose needs options with a credentials function'],
    ['a function as options', fn, 'credentials', 'diagnose needs options with a credentials function'],
    ['a basePath number', { basePath: 5 }, 'basePath', '"basePath" must be a string'],
    ['a url number', { url: 5 }, 'url', '"url" must be a string'],
    ['now NaN', { now: Number.NaN }, 'now', '"now" must be a finite number of seconds'],
    ['now Infinity', { now: Infinity }, 'now', '"now" must be a finite number of seconds'],
    ['now text', { now: '5' }, 'now', '"now" must be a finite number of seconds'],
    ['a negative skew', { maxSkewSeconds: -1 }, 'maxSkewSeconds', '"maxSkewSeconds" must be a non-negative number'],
    ['skew NaN', { maxSkewSeconds: Number.NaN }, 'maxSkewSeconds', '"maxSkewSeconds" must be a non-negative number'],
    ['skew Infinity', { maxSkewSeconds: Infinity }, 'maxSkewSeconds', '"maxSkewSeconds" must be a non-negative number'],
    ['skew text', { maxSkewSeconds: '5' }, 'maxSkewSeconds', '"maxSkewSeconds" must be a non-negative number'],
    [
      'a negative future skew',
      { maxFutureSkewSeconds: -1 },
      'maxFutureSkewSeconds',
      '"maxFutureSkewSeconds" must be a non-negative number',
    ],
    [
      'future skew NaN',
      { maxFutureSkewSeconds: Number.NaN },
      'maxFutureSkewSeconds',
      '"maxFutureSkewSeconds" must be a non-negative number',
    ],
    [
      'future skew text',
      { maxFutureSkewSeconds: '5' },
      'maxFutureSkewSeconds',
      '"maxFutureSkewSeconds" must be a non-negative number',
    ],
    ['a negative body cap', { maxBodyBytes: -1 }, 'maxBodyBytes', '"maxBodyBytes" must be a non-negative integer'],
    ['a fractional body cap', { maxBodyBytes: 1.5 }, 'maxBodyBytes', '"maxBodyBytes" must be a non-negative integer'],
    ['a body cap as text', { maxBodyBytes: '10' }, 'maxBodyBytes', '"maxBodyBytes" must be a non-negative integer'],
    ['null schemes', { schemes: null }, 'schemes', '"schemes" must be an object'],
    ['schemes as text', { schemes: 'C-B' }, 'schemes', '"schemes" must be an object'],
  ])('refuses %s with ERR_INVALID_INPUT naming the field', async (_, extra, field, message) => {
    const options = (extra === null || typeof extra === 'function' ? extra : opts(extra as object)) as DiagnoseOptions;
    const e = await diagnose(post('/api/v2/sale/1', SALE), options).catch((x: unknown) => x);
    expect(e).toMatchObject({ name: 'InvalidInputError', code: 'ERR_INVALID_INPUT', field, message });
  });

  const REQUEST = 'diagnose takes a Request or { method, url, headers?, body? } with string method and url';
  it.each([
    ['null', null, 'request', REQUEST],
    ['text', 'POST /api/v2/sale/1', 'request', REQUEST],
    [
      'a function',
      Object.assign(() => undefined, { method: 'POST', url: `${HOST}/api/v2/sale/1` }),
      'request',
      REQUEST,
    ],
    ['a number method', { method: 5, url: `${HOST}/api/v2/sale/1` }, 'request', REQUEST],
    ['a number url', { method: 'POST', url: 5 }, 'request', REQUEST],
    ['a number body', { method: 'POST', url: `${HOST}/api/v2/sale/1`, body: 5 }, 'body', '"body" must be a string'],
  ])('refuses a request given as %s', async (_, request, field, message) => {
    const e = await diagnose(request as RequestParts, opts()).catch((x: unknown) => x);
    expect(e).toMatchObject({ name: 'InvalidInputError', code: 'ERR_INVALID_INPUT', field, message });
  });

  it('counts the body cap in UTF-8 bytes and says which cap it passed', async () => {
    const parts = Object.assign(Object.create(null) as object, post('/api/v2/sale/1', [['e', '\u00e9'.repeat(6)]]));
    const big = await diagnose(parts as RequestParts, opts({ maxBodyBytes: 19 }));
    // e=%C3%A9... is ASCII: 2 + 6 * 6 = 38 bytes as sent.
    expect(big).toStrictEqual({
      valid: false,
      request: { method: 'POST', url: `${HOST}/api/v2/sale/1` },
      problem: 'request body is larger than 19 bytes',
      hints: [],
    });
    const raw = { method: 'POST', url: `${HOST}/api/v2/sale/1`, headers: CT, body: '\u00e9'.repeat(6) };
    expect((await diagnose(raw, opts({ maxBodyBytes: 11 }))).problem).toBe('request body is larger than 11 bytes');
    expect((await diagnose(raw, opts({ maxBodyBytes: 12 }))).problem ?? '').not.toContain('larger');
    expect((await diagnose(post('/api/v2/sale/1', SALE), opts({ maxBodyBytes: 0 }))).problem).toBe(
      'request body is larger than 0 bytes',
    );
  });

  it('reports unreadable headers, an unreadable body stream and a request that is no Fetch Request', async () => {
    const headers = await diagnose({ ...post('/api/v2/sale/1', SALE), headers: { 'bad name': 'x' } }, opts());
    expect(headers).toMatchObject({ valid: false, problem: 'the request headers are malformed', hints: [] });
    const body = new ReadableStream({ pull: (c) => c.error(new Error('connection reset')) });
    const init = { method: 'POST', headers: CT, body, duplex: 'half' } as RequestInit;
    const stream = await diagnose(new Request(`${HOST}/api/v2/sale/1`, init), opts());
    expect(stream).toMatchObject({ valid: false, problem: 'the request body cannot be read' });
    expect(stream.request).toStrictEqual({ method: 'POST', url: `${HOST}/api/v2/sale/1` });
    const method = await diagnose({ ...post('/api/v2/sale/1111', SALE), method: 'BAD METHOD' }, opts());
    const error = { code: 'ERR_INVALID_INPUT', status: 400 };
    const rebuilt = 'the request cannot be rebuilt as a Fetch Request (method or URL)';
    expect(method).toMatchObject({ valid: false, error: { ...error, message: rebuilt } });
    expect(method.operation).toMatchObject({ id: 'sale', endpointId: '1111' });
    const url = await diagnose({ ...post('', SALE), url: 'gate.example.com/api/v2/sale/1' }, opts());
    expect(url).toMatchObject({ error, problem: 'the request URL is not an absolute URL' });
    expect(url.hints).toEqual([]);
  });

  it('passes errors of the credentials function and of the schemes through unchanged', async () => {
    const request = post('/api/v2/sale/1111', [...SALE, ['control', saleDigest('1111')]]);
    for (const boom of [new Error('database down'), new TypeError('fetch failed')]) {
      const throwing = opts({
        credentials: () => {
          throw boom;
        },
      });
      await expect(diagnose(request, throwing)).rejects.toBe(boom);
    }
    const getter = new TypeError('row not loaded');
    const lazy = opts({
      credentials: () => ({
        get controlKey(): string {
          throw getter;
        },
      }),
    });
    await expect(diagnose(request, lazy)).rejects.toBe(getter);
    const odd = new RangeError('no schemes today');
    const throwingSchemes = Object.defineProperty({}, 'sale', {
      enumerable: true,
      get() {
        throw odd;
      },
    });
    await expect(diagnose({ ...request, method: 'GET', body: '' }, opts({ schemes: throwingSchemes }))).rejects.toBe(
      odd,
    );
    // The diagnosis itself falls back to 2 digits when the exponent function throws; the
    // verification lets the error through.
    const capture = post('/api/v2/capture/1', [
      ['login', 'merchant'],
      ['client_orderid', 'C-1'],
      ['orderid', '9'],
      ['amount', '10.00'],
      ['currency', 'XXX'],
      ['control', sha1Hex(`merchantC-191000XXX${KEY}`)],
    ]);
    const unknown = new RangeError('unknown currency XXX');
    const exponent = () => {
      throw unknown;
    };
    await expect(diagnose(capture, opts({ exponent }))).rejects.toBe(unknown);
  });
});

describe('diagnose: control requests', () => {
  it('finds the operation without a basePath and shows it with its name; looks the merchant up once', async () => {
    const queries: CredentialsQuery[] = [];
    const credentials = (who: CredentialsQuery) => {
      queries.push(who);
      return { controlKey: KEY };
    };
    const d = await diagnose(post('/api/v2/sale/1111', [...SALE, ['control', saleDigest('1111')]]), { credentials });
    expect(d.valid).toBe(true);
    expect(Object.keys(d).sort()).toEqual(['control', 'hints', 'operation', 'request', 'scheme', 'valid']);
    expect(d.request).toStrictEqual({ method: 'POST', url: `${HOST}/api/v2/sale/1111` });
    expect(d.operation).toStrictEqual({
      id: 'sale',
      name: 'SALE',
      path: '/api/v2/sale/{endpointId}',
      endpointId: '1111',
    });
    expect(d.control?.expected).toBe(saleDigest('1111'));
    expect(queries).toHaveLength(1);
    expect(Object.keys(queries[0]!).sort()).toEqual(['endpointId', 'operation']);
    expect(queries[0]!.operation.id).toBe('sale');
    // When the verification stops before its lookup (no Content-Type), the diagnosis asks alone.
    queries.length = 0;
    await diagnose(post('/api/v2/sale/1111', SALE, {}), { credentials });
    expect(queries.map((q) => Object.keys(q).sort())).toEqual([['endpointId', 'operation']]);
  });

  it('shows an operation without a name, and a group path with its group id only', async () => {
    const form = await diagnose(post('/api/v2/transfer-form/1111', [...SALE, ['control', saleDigest('1111')]]), opts());
    expect(form.valid).toBe(true);
    expect(form.operation).toStrictEqual({
      id: 'transfer-form',
      path: '/api/v2/transfer-form/{endpointId}',
      endpointId: '1111',
    });
    const group = await diagnose(post('/api/v2/sale/group/77', [...SALE, ['control', saleDigest('77')]]), opts());
    expect(group.valid).toBe(true);
    expect(group.operation).toStrictEqual({
      id: 'sale',
      name: 'SALE',
      path: '/api/v2/sale/{endpointId}',
      endpointGroupId: '77',
    });
    expect(group.control?.expected).toBe(saleDigest('77'));
  });

  it('names the path and the basePath when no operation matches (the path cut at 200 characters)', async () => {
    const refund = await diagnose(post('/paynet/api/v2/refund/1', SALE), opts({ basePath: '/paynet' }));
    expect(refund.problem).toBe('no operation at path "/paynet/api/v2/refund/1" (basePath "/paynet")');
    expect(refund).toMatchObject({ valid: false, hints: [], request: { method: 'POST' } });
    const long = `/api/${'x'.repeat(300)}`;
    const shown = `/api/${'x'.repeat(195)}`;
    const d = await diagnose(post(long, SALE), opts());
    expect(d.problem).toBe(`no operation at path "${shown}" (basePath "")`);
  });

  it('names the basePath under which the path is an operation\'s, "" included', async () => {
    const d = await diagnose(post('/api/v2/sale/1111', SALE), opts({ basePath: '/paynet' }));
    expect(d.problem).toBe('no operation at path "/api/v2/sale/1111" (basePath "/paynet")');
    expect(d.hints).toEqual([
      { id: 'base-path', message: `the path is an operation's under basePath "": pass basePath: ''` },
    ]);
  });

  it('recognises /api/vN twice in the path: names the prefix, the base URL to use and the path meant', async () => {
    const doubled = (prefix: string, basePath: string, path: string) => ({
      id: 'base-path',
      message: `the path has ${prefix} twice: the client's base URL already ends in ${prefix} and it appended the operation's path (${prefix}/...) again. Its base URL must stop before ${prefix} (https://host${basePath}); the path is then ${JSON.stringify(path)}`,
    });
    const v2 = await diagnose(post('/api/v2/api/v2/sale/1111', SALE), opts());
    expect(v2.problem).toBe('no operation at path "/api/v2/api/v2/sale/1111" (basePath "")');
    expect(v2.hints).toEqual([doubled('/api/v2', '', '/api/v2/sale/1111')]);
    const v4 = await diagnose(post('/paynet/api/v4/api/v4/create-card-ref/1111', SALE), opts({ basePath: '/paynet' }));
    expect(v4.hints).toEqual([doubled('/api/v4', '/paynet', '/paynet/api/v4/create-card-ref/1111')]);
    // A base path that is itself an /api/vN of two digits, given twice: the prefix is named whole.
    const v10 = await diagnose(post('/api/v10/api/v10/api/v2/sale/1111', SALE), opts({ basePath: '/api/v10' }));
    expect(v10.hints).toEqual([doubled('/api/v10', '/api/v10', '/api/v10/api/v2/sale/1111')]);
    // A base path that looks like an API version, then /api/v2 twice: the doubled prefix is named.
    const v1 = await diagnose(post('/api/v1/api/v2/api/v2/sale/1111', SALE), opts({ basePath: '/api/v1' }));
    expect(v1.hints).toEqual([doubled('/api/v2', '/api/v1', '/api/v1/api/v2/sale/1111')]);
    // The path meant is cut at 200 characters, as the path is: /api/v2/sale/ (13) and 187 digits.
    const long = await diagnose(post(`/api/v2/api/v2/sale/${'7'.repeat(300)}`, SALE), opts());
    expect(long.hints).toEqual([doubled('/api/v2', '', `/api/v2/sale/${'7'.repeat(187)}`)]);
  });

  it("gives the verifier's refusal cut at 1,000 characters", async () => {
    const basePath = `/${'p'.repeat(1500)}`;
    const d = await diagnose(post('/api/v2/sale/1111', SALE), opts({ basePath }));
    const refusal = `no operation at path "/api/v2/sale/1111" under basePath "${basePath}": the path is an operation's without a prefix, so drop basePath (or mount the route under it)`;
    expect(refusal.length).toBeGreaterThan(1000);
    expect(d.error).toEqual({ code: 'ERR_UNKNOWN_OPERATION', status: 404, message: refusal.slice(0, 1000) });
  });

  it('takes the login from the first non-empty login field and asks for that merchant', async () => {
    const digest = sha1Hex(`merchantS-1${KEY}`);
    const queries: CredentialsQuery[] = [];
    const credentials = (who: CredentialsQuery) => {
      queries.push(who);
      const known = who.login === 'merchant' && who.endpointId === '1111' && who.operation.id === 'status';
      return known ? { controlKey: KEY } : undefined;
    };
    const body: Array<[string, string]> = [
      ['client_orderid', 'S-1'],
      ['login', ' '],
      ['login', 'merchant'],
      ['control', digest],
    ];
    const d = await diagnose(post('/api/v2/status/1111', body), { credentials });
    expect(d.problem).toBeUndefined();
    expect(d.control?.expected).toBe(digest);
    expect(queries.at(-1)).toMatchObject({ login: 'merchant', endpointId: '1111' });
    const single = await diagnose(post('/api/v2/status/1111', [body[0]!, body[2]!, body[3]!]), { credentials });
    expect(single.valid).toBe(true);
    expect(Object.keys(single).sort()).toEqual(['control', 'hints', 'operation', 'request', 'scheme', 'valid']);
  });

  it('takes credentials of null (a JavaScript caller) for an unknown merchant', async () => {
    const request = post('/api/v2/sale/1111', [...SALE, ['control', saleDigest('1111')]]);
    const d = await diagnose(request, opts({ credentials: () => null as unknown as undefined }));
    expect(d.error?.code).toBe('ERR_UNKNOWN_MERCHANT');
    expect(d.problem).toBe('no control key for this merchant: the expected digest cannot be computed');
    expect(d.control?.expected).toBeUndefined();
  });

  it('with a list of control keys: reports each key and shows the work of the one that matches', async () => {
    const listed = opts({ credentials: () => ({ controlKey: [{ key: 'OLD-KEY-5A1F' }, { key: KEY }] }) });
    const d = await diagnose(post('/api/v2/sale/1111', [...SALE, ['control', saleDigest('1111')]]), listed);
    expect(d.valid).toBe(true);
    // Keys listed without an id are reported without one.
    expect(d.keys).toStrictEqual([
      { index: 0, matches: false },
      { index: 1, matches: true },
    ]);
    expect(d.control?.expected).toBe(saleDigest('1111'));
    // Without a control field no key matches.
    const unsigned = await diagnose(post('/api/v2/sale/1111', SALE), listed);
    expect(unsigned.keys).toStrictEqual([
      { index: 0, matches: false },
      { index: 1, matches: false },
    ]);
  });

  it('a malformed list of control keys: the refusal says why, the diagnosis tries no key', async () => {
    const malformed = opts({ credentials: () => ({ controlKey: [{ id: 'new', key: '' }] }) });
    const d = await diagnose(post('/api/v2/sale/1111', [...SALE, ['control', saleDigest('1111')]]), malformed);
    expect(d.error).toMatchObject({
      code: 'ERR_CONFIGURATION',
      message: '"controlKey" entry 0 must be { id?, key } with a non-empty key',
    });
    expect(d.keys).toEqual([]);
    expect(d.problem).toBe('no control key for this merchant: the expected digest cannot be computed');
    expect(d.control?.expected).toBeUndefined();
  });

  it('computes no digest for a login formula without a login, whatever credentials would say', async () => {
    const d = await diagnose(post('/api/v2/status/1111', [['client_orderid', 'S-1']]), opts());
    expect(d.problem).toBe('no control key for this merchant: the expected digest cannot be computed');
    expect(d.control?.expected).toBeUndefined();
  });

  it("converts the amount with the currency's exponent, and with 2 when the exponent function throws", async () => {
    const body: Array<[string, string]> = [
      ['login', 'merchant'],
      ['client_orderid', 'C-1'],
      ['orderid', '9'],
      ['amount', '1000'],
      ['currency', 'JPY'],
    ];
    const digest = sha1Hex(`merchantC-191000JPY${KEY}`);
    const exponent = (currency: string) => (currency === 'JPY' ? 0 : 2);
    const d = await diagnose(post('/api/v2/capture/1', [...body, ['control', digest]]), opts({ exponent }));
    expect(d.valid).toBe(true);
    expect(d.control?.terms.find((t) => t.name === 'amount')?.value).toBe('1000');
    expect(d.hints).toEqual([]);
    const failing = () => {
      throw new Error('no such currency');
    };
    // Without a Content-Type the verification stops before it asks for the exponent.
    const f = await diagnose(post('/api/v2/capture/1', body, {}), opts({ exponent: failing }));
    expect(f.error?.code).toBe('ERR_MEDIA_TYPE');
    expect(f.control?.terms.find((t) => t.name === 'amount')?.value).toBe('100000');
    // 0.29 * 100 is 28.999999999999996 in binary floating point: a client that truncates sends 28.
    const float = [...SALE.filter(([k]) => k !== 'amount'), ['amount', '0.29']] as Array<[string, string]>;
    float.push(['control', sha1Hex(`1111C-128a@b.example${KEY}`)]);
    const g = await diagnose(post('/api/v2/sale/1111', float, {}), opts({ exponent: failing }));
    expect(g.hints.map((h) => h.message)).toEqual([
      expect.stringContaining('the amount multiplied in floating point and truncated (0.29 -> 28)'),
    ]);
  });

  it('applies an explicit scheme to an operation without a published one', async () => {
    const request = post('/api/v2/payment-form/1111', [...SALE, ['control', saleDigest('1111')]]);
    const d = await diagnose(request, opts({ schemes: { 'payment-form': 'C-B' } }));
    expect(d).toMatchObject({ valid: true, scheme: 'C-B' });
    const none = await diagnose(request, opts({ schemes: {} }));
    expect(none.problem).toContain('operation "payment-form" has no published integrity scheme');
  });
});
