// The Node middleware behind real Express 5, Koa 3, Fastify 5 and plain node:http servers on
// 127.0.0.1: one mount verifies every API request, the route reads the typed result, refusals
// carry the status and the service's error shape (JSON or form after Accept, Allow on 405),
// replays are refused, other paths pass through, onRefused sees every refusal, and the callback
// middleware verifies the service's callbacks. Digests come from node:crypto.
import { createVerifier } from '../verifier/index.js';
import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MemoryNonceStore } from '../stores/memory/index.js';
import { signRequest } from '../request/sign.js';
import {
  createCallbackMiddleware,
  createFastifyCallbackPlugin,
  createFastifyPlugin,
  createKoaCallbackMiddleware,
  createKoaMiddleware,
  createMiddleware,
  verifiedCallbackOf,
  verifiedOf,
  type KoaContextLike,
  type MiddlewareOptions,
  type NodeMiddleware,
} from './index.js';
import { listen } from '../../test/helpers/listen.js';

type Use = (...args: unknown[]) => void;
interface ExpressModule {
  (): ((req: IncomingMessage, res: ServerResponse) => void) & { use: Use; post: Use; get: Use };
  urlencoded(o: { extended: boolean }): unknown;
  raw(o: { type: string }): unknown;
}
interface KoaApp {
  use(fn: (ctx: KoaContextLike & { path: string }, next: () => Promise<unknown>) => unknown): void;
  callback(): (req: IncomingMessage, res: ServerResponse) => void;
}
const express = (await import('express' as string)).default as ExpressModule;
const Koa = (await import('koa' as string)).default as new () => KoaApp;

const LOGIN = 'merchantlogin';
const KEY = 'B17F59B4-A7DC-41B4-8FF9-37D986B43D20';
const sha1 = (s: string) => createHash('sha1').update(s).digest('hex');

const refused: string[] = [];
function options<R>(): MiddlewareOptions<R> {
  return {
    basePath: '/paynet',
    credentials: ({ login, consumerKey, endpointId }) => {
      if (endpointId === '666') throw new Error('database down: secret detail');
      return (login ?? consumerKey) === LOGIN || endpointId === '1111' ? { controlKey: KEY } : undefined;
    },
    nonceStore: new MemoryNonceStore(),
    onRefused: (error) => {
      refused.push((error as { code?: string }).code ?? 'other');
    },
  };
}
const callbackOptions = { controlKey: KEY, onRefused: () => void refused.push('callback') };

type Sent = { url: string; headers: Record<string, string>; body?: string; method?: string };
function sale(base: string, endpoint = '1111', accept = 'application/vnd.pay+json'): Sent {
  const control = sha1(`${endpoint}902B4FF51042john.smith@gmail.com${KEY}`);
  return {
    url: `${base}/paynet/api/v2/sale/${endpoint}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept },
    body: `client_orderid=902B4FF5&amount=10.42&currency=EUR&email=john.smith%40gmail.com&control=${control}`,
  };
}
async function payout(base: string): Promise<Sent> {
  const s = await signRequest('payout', {
    baseUrl: `${base}/paynet`,
    endpointId: 1111,
    params: { client_orderid: 'P-1', amount: '25.00', currency: 'EUR' },
    credentials: { login: LOGIN, controlKey: KEY },
  });
  return { url: s.url, headers: { ...s.headers }, body: s.body };
}
async function send(r: Sent) {
  const res = await fetch(r.url, {
    method: r.method ?? 'POST',
    headers: r.headers,
    ...(r.body !== undefined ? { body: r.body } : {}),
  });
  return {
    status: res.status,
    type: res.headers.get('content-type'),
    allow: res.headers.get('allow'),
    text: await res.text(),
  };
}
const callbackUrl = (base: string, status: string) =>
  `${base}/callback?status=${status}&orderid=5412&client_orderid=S-1&control=${sha1(`approved5412S-1${KEY}`)}`;

const answer = (v: ReturnType<typeof verifiedOf>) =>
  JSON.stringify({ operation: v.operationId, order: v.fields['client_orderid'], key: v.matchedKey.index });

const FRAMEWORKS: Array<{ name: string; start(): Promise<{ base: string; close(): Promise<void> }> }> = [
  {
    name: 'Express',
    start: () => {
      const app = express();
      app.use(createMiddleware(options()));
      app.post('/paynet/api/*path', (req: IncomingMessage & { paysig?: unknown }, res: ServerResponse) => {
        expect(req.paysig).toBe(verifiedOf(req));
        res.end(answer(verifiedOf(req)));
      });
      app.get('/health', (_req: unknown, res: ServerResponse) => res.end('up'));
      app.get('/callback', createCallbackMiddleware(callbackOptions), (req: IncomingMessage, res: ServerResponse) =>
        res.end(`OK ${verifiedCallbackOf(req).status}`),
      );
      return listen(createServer(app));
    },
  },
  {
    name: 'node:http',
    start: () => {
      const mw: NodeMiddleware = createMiddleware(options());
      const cb = createCallbackMiddleware(callbackOptions);
      return listen(
        createServer((req, res) => {
          if (req.url?.startsWith('/callback'))
            return cb(req, res, () => res.end(`OK ${verifiedCallbackOf(req).status}`));
          mw(req, res, () => res.end(req.url === '/health' ? 'up' : answer(verifiedOf(req))));
        }),
      );
    },
  },
  {
    name: 'Koa',
    start: () => {
      const app = new Koa();
      const cb = createKoaCallbackMiddleware(callbackOptions);
      app.use((ctx, next) =>
        ctx.path === '/callback' ? cb(ctx, async () => (ctx.body = `OK ${verifiedCallbackOf(ctx).status}`)) : next(),
      );
      app.use(createKoaMiddleware(options()));
      app.use((ctx) => {
        if (ctx.path === '/health') ctx.body = 'up';
        else {
          expect(ctx.state['paysig']).toBe(verifiedOf(ctx));
          ctx.body = answer(verifiedOf(ctx));
        }
      });
      return listen(createServer(app.callback()));
    },
  },
  {
    name: 'Fastify',
    start: async () => {
      const app = Fastify({ forceCloseConnections: true });
      await app.register(createFastifyPlugin(options()));
      app.post('/paynet/api/*', async (request) => answer(verifiedOf(request)));
      app.get('/health', async () => 'up');
      await app.register(async (scope) => {
        await scope.register(createFastifyCallbackPlugin(callbackOptions));
        scope.get('/callback', async (request) => `OK ${verifiedCallbackOf(request).status}`);
      });
      const base = await app.listen({ port: 0, host: '127.0.0.1' });
      return { base, close: () => app.close() };
    },
  },
];

describe.each(FRAMEWORKS)('$name', (f) => {
  let server: { base: string; close(): Promise<void> };
  beforeAll(async () => {
    server = await f.start();
  });
  afterAll(() => server.close());

  it('verifies a valid request and hands the typed result to the route', async () => {
    const r = await send(sale(server.base));
    expect([r.status, JSON.parse(r.text)]).toEqual([200, { operation: 'sale', order: '902B4FF5', key: 0 }]);
  });

  it('refuses a tampered request with 403 and the error shape in JSON, or form after Accept */*', async () => {
    refused.length = 0;
    const t = sale(server.base);
    const json = await send({ ...t, body: String(t.body).replace('amount=10.42', 'amount=10.43') });
    expect([json.status, json.type]).toEqual([403, 'application/vnd.pay+json; charset=utf-8']);
    expect(JSON.parse(json.text)).toEqual({
      type: 'error',
      'error-message': 'control digest does not match formula C-B',
      'error-code': 'ERR_CONTROL_MISMATCH',
    });
    const f2 = sale(server.base, '1111', '*/*');
    const form = await send({ ...f2, body: String(f2.body).replace('amount=10.42', 'amount=10.43') });
    expect([form.status, form.type]).toEqual([403, 'application/x-www-form-urlencoded; charset=utf-8']);
    expect(form.text).toBe(
      'type=error&error-message=control%20digest%20does%20not%20match%20formula%20C-B&error-code=ERR_CONTROL_MISMATCH',
    );
    expect(refused).toEqual(['ERR_CONTROL_MISMATCH', 'ERR_CONTROL_MISMATCH']);
  });

  it('refuses a replayed OAuth request; a validation failure is a validation-error', async () => {
    const p = await payout(server.base);
    expect((await send(p)).status).toBe(200);
    const again = await send(p);
    expect([again.status, JSON.parse(again.text)['error-code']]).toEqual([403, 'ERR_OAUTH_NONCE_REPLAYED']);
    const bad = await send({ ...sale(server.base), body: 'client_orderid=1' });
    expect([bad.status, JSON.parse(bad.text).type]).toEqual([400, 'validation-error']);
  });

  it('answers another method with 405 and Allow: POST; other paths pass through', async () => {
    const get = await send({
      url: `${server.base}/paynet/api/v2/sale/1111`,
      headers: { accept: 'application/vnd.pay+json' },
      method: 'GET',
    });
    expect([get.status, get.allow, JSON.parse(get.text)['error-code']]).toEqual([
      405,
      'POST',
      'ERR_METHOD_NOT_ALLOWED',
    ]);
    expect((await send({ url: `${server.base}/health`, headers: {}, method: 'GET' })).text).toBe('up');
  });

  it('answers a failing credentials callback with 500 and no detail, and reports it', async () => {
    refused.length = 0;
    const r = await send(sale(server.base, '666'));
    expect([r.status, JSON.parse(r.text)]).toEqual([
      500,
      { type: 'error', 'error-message': 'internal error', 'error-code': 'ERR_INTERNAL' },
    ]);
    expect(refused).toEqual(['other']);
  });

  it('verifies a callback and refuses a tampered one', async () => {
    const ok = await send({ url: callbackUrl(server.base, 'approved'), headers: {}, method: 'GET' });
    expect([ok.status, ok.text]).toEqual([200, 'OK approved']);
    const bad = await send({ url: callbackUrl(server.base, 'declined'), headers: {}, method: 'GET' });
    expect([bad.status, bad.text]).toEqual([403, expect.stringContaining('error-code=ERR_CONTROL_MISMATCH')]);
  });
});

describe('Express with a body parser in front', () => {
  it('refuses after express.urlencoded() (ERR_BODY_CONSUMED) and verifies the bytes kept by express.raw()', async () => {
    const parsed = express();
    const logged: unknown[] = [];
    parsed.use(express.urlencoded({ extended: false }));
    parsed.use(createMiddleware(createVerifier({ ...options(), onRefused: (e) => void logged.push(e) })));
    parsed.post('/paynet/api/*path', (req: IncomingMessage, res: ServerResponse) => res.end(answer(verifiedOf(req))));
    const raw = express();
    raw.use(express.raw({ type: 'application/x-www-form-urlencoded' }));
    raw.use(createMiddleware(options()));
    raw.post('/paynet/api/*path', (req: IncomingMessage, res: ServerResponse) => res.end(answer(verifiedOf(req))));
    const a = await listen(createServer(parsed));
    const b = await listen(createServer(raw));
    try {
      const r = await send(sale(a.base));
      // The server's set-up is at fault: a generic 500 to the client, the code in the server's log.
      expect([r.status, JSON.parse(r.text)['error-code']]).toEqual([500, 'ERR_INTERNAL']);
      expect(logged).toEqual([expect.objectContaining({ code: 'ERR_BODY_CONSUMED' })]);
      const ok = await send(sale(b.base));
      expect([ok.status, JSON.parse(ok.text).operation]).toEqual([200, 'sale']);
    } finally {
      await a.close();
      await b.close();
    }
  });

  it('verifiedOf outside a verified request is ERR_CONFIGURATION', () => {
    expect(() => verifiedOf({})).toThrow(expect.objectContaining({ code: 'ERR_CONFIGURATION' }));
  });

  it('a middleware without credentials, or a callback one without a control key, fails when created', () => {
    const bad = <R>() => ({}) as MiddlewareOptions<R>;
    const refusal = expect.objectContaining({ code: 'ERR_CONFIGURATION', field: 'credentials' });
    expect(() => createMiddleware(bad())).toThrow(refusal);
    expect(() => createKoaMiddleware(bad())).toThrow(refusal);
    expect(() => createFastifyPlugin(bad())).toThrow(refusal);
    for (const create of [createCallbackMiddleware, createKoaCallbackMiddleware, createFastifyCallbackPlugin])
      expect(() => create({ controlKey: '' })).toThrow(
        expect.objectContaining({ code: 'ERR_CONFIGURATION', field: 'controlKey' }),
      );
  });
});
