// verifyIncoming (a Node request, no Fetch Request) and verifyRequest (a Fetch Request built here
// from the same method, URL, headers and bytes) share one core: for a table of valid and invalid
// requests they must give the same result or the same error code and field.
import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PaysigError } from '../errors/index.js';
import { signRequest } from '../request/sign.js';
import { verifyRequest, type VerifiedRequest, type VerifyRequestOptions } from '../request/verify.js';
import { verifyIncoming } from './index.js';

const LOGIN = 'merchantlogin';
const CONTROL_KEY = 'B17F59B4-A7DC-41B4-8FF9-37D986B43D20';

const options = (): VerifyRequestOptions => ({
  basePath: '/paynet',
  credentials: ({ login, consumerKey, endpointId }) =>
    (login ?? consumerKey) === LOGIN || endpointId === '1111' ? { controlKey: CONTROL_KEY } : undefined,
  nonceStore: { check: () => Promise.resolve(true) },
  maxBodyBytes: 4096,
});

/** A result as comparable data: the operation by id, or the error's code and field. */
function summary(r: VerifiedRequest): unknown {
  return { ...r, operation: r.operation.id };
}
const failure = (e: unknown) => (e instanceof PaysigError ? { code: e.code, field: e.field } : { thrown: String(e) });

let server: Server;
let base = '';
beforeAll(async () => {
  server = createServer((req, res) => {
    verifyIncoming(req, options()).then(
      (r) => res.end(JSON.stringify(summary(r))),
      (e) => res.end(JSON.stringify(failure(e))),
    );
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(
  () =>
    new Promise<void>((r) => {
      server.close(() => r());
      server.closeAllConnections();
    }),
);

interface Case {
  method: string;
  path: string;
  headers: Record<string, string>;
  body: Uint8Array;
}

function viaNode(c: Case): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      base + c.path,
      { method: c.method, headers: { ...c.headers, 'content-length': String(c.body.byteLength) } },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (d: string) => (text += d));
        res.on('end', () => resolve(JSON.parse(text)));
      },
    );
    req.on('error', reject);
    req.end(c.body);
  });
}

function viaFetch(c: Case): Promise<unknown> {
  const headers = { ...c.headers, host: new URL(base).host, 'content-length': String(c.body.byteLength) };
  const init: RequestInit = { method: c.method, headers };
  if (c.method !== 'GET' && c.method !== 'HEAD') init.body = c.body.slice();
  return verifyRequest(new Request(base + c.path, init), options()).then(
    (r) => JSON.parse(JSON.stringify(summary(r))),
    failure,
  );
}

const enc = (s: string) => new TextEncoder().encode(s);
const SALE = [
  ['client_orderid', '902B4FF5'],
  ['amount', '10.42'],
  ['currency', 'EUR'],
  ['email', 'john.smith@gmail.com'],
] as Array<[string, string]>;

async function signed(op: 'sale' | 'payout', params = SALE, endpointId = 1111): Promise<Case> {
  const s = await signRequest(op, {
    baseUrl: `${base}/paynet`,
    endpointId,
    params,
    credentials: { login: LOGIN, controlKey: CONTROL_KEY },
  });
  const headers: Record<string, string> = {};
  for (const [k, v] of Object.entries(s.headers)) headers[k.toLowerCase()] = v;
  return { method: 'POST', path: new URL(s.url).pathname + new URL(s.url).search, headers, body: enc(s.body) };
}

const edit = (c: Case, f: (body: string) => string): Case => ({ ...c, body: enc(f(new TextDecoder().decode(c.body))) });

const CASES: Array<[string, () => Promise<Case>]> = [
  ['valid control (sale)', () => signed('sale')],
  ['valid OAuth (payout)', () => signed('payout')],
  ['tampered control', async () => edit(await signed('sale'), (b) => b.replace('10.42', '10.43'))],
  ['tampered OAuth', async () => edit(await signed('payout'), (b) => b.replace('10.42', '10.43'))],
  ['GET', async () => ({ ...(await signed('sale')), method: 'GET', body: new Uint8Array(0) })],
  ['unknown path', async () => ({ ...(await signed('sale')), path: '/paynet/api/v2/nothing/1111' })],
  [
    'wrong Content-Type',
    async () => {
      const c = await signed('sale');
      return { ...c, headers: { ...c.headers, 'content-type': 'text/plain' } };
    },
  ],
  [
    'Accept excluding both formats',
    async () => {
      const c = await signed('sale');
      return { ...c, headers: { ...c.headers, accept: 'text/html' } };
    },
  ],
  [
    'no Accept',
    async () => {
      const c = await signed('sale');
      const { accept: _, ...h } = c.headers;
      return { ...c, headers: h };
    },
  ],
  ['body over the cap', async () => edit(await signed('sale'), (b) => b + '&pad=' + 'x'.repeat(5000))],
  [
    'invalid UTF-8',
    async () => {
      const c = await signed('sale');
      return { ...c, body: new Uint8Array([...c.body, 0x26, 0x61, 0x3d, 0xff]) };
    },
  ],
  ['malformed escape', async () => edit(await signed('sale'), (b) => b + '&a=%zz')],
  ['missing control', async () => edit(await signed('sale'), (b) => b.replace(/&control=[0-9a-f]+/, ''))],
  ['duplicate field', async () => edit(await signed('sale'), (b) => b + '&email=x%40y.example')],
  ['unknown merchant', () => signed('sale', SALE, 9999)],
  [
    'OAuth without Authorization',
    async () => {
      const c = await signed('payout');
      const { authorization: _, ...h } = c.headers;
      return { ...c, headers: h };
    },
  ],
  [
    'OAuth with a query that was not signed',
    async () => {
      const c = await signed('payout');
      return { ...c, path: c.path + '?extra=1' };
    },
  ],
];

describe('verifyIncoming and verifyRequest agree', () => {
  it.each(CASES)('%s', async (_label, make) => {
    const c = await make();
    const [node, fetched] = [await viaNode(c), await viaFetch(c)];
    expect(node).toEqual(fetched);
  });

  it('the table covers accepted and refused requests', async () => {
    const outcomes = await Promise.all(CASES.map(async ([, make]) => viaFetch(await make())));
    const codes = outcomes.map((o) => (o as { code?: string }).code ?? 'ok');
    expect(codes.filter((c) => c === 'ok').length).toBeGreaterThanOrEqual(3);
    expect(new Set(codes).size).toBeGreaterThanOrEqual(12);
  });
});
