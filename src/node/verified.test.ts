// The middleware's shared part on hand-driven requests (each body emitted when the middleware
// listens for it): which object of a framework holds the Node request for verifiedOf and
// verifiedCallbackOf, and their refusal outside a verified route; which body is verified (the
// stream's flags decide between the stream and a body a parser kept); the request target the
// gates read (Express's originalUrl first); the callback middleware's GET query and POST body;
// Koa contexts without `request`; and the factory each configuration error names. Behind real
// Express and Koa servers: a POST callback, express.raw() before it, and Koa's kept rawBody.
import { createHash } from 'node:crypto';
import { EventEmitter } from 'node:events';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { thrown } from '../../test/helpers/refusal.js';
import { createVerifier } from '../verifier/index.js';
import {
  createCallbackMiddleware,
  createFastifyCallbackPlugin,
  createKoaCallbackMiddleware,
  createKoaMiddleware,
  createMiddleware,
  verifiedCallbackOf,
  verifiedOf,
  type IncomingMessageLike,
  type KoaContextLike,
  type KoaMiddleware,
  type NodeMiddleware,
} from './index.js';
import { listen } from '../../test/helpers/listen.js';

type Use = (...args: unknown[]) => void;
interface ExpressModule {
  (): ((req: IncomingMessage, res: ServerResponse) => void) & { post: Use };
  raw(o: { type: string }): unknown;
}
interface KoaApp {
  use(
    fn: (
      ctx: KoaContextLike & { req: IncomingMessage; request: { rawBody?: unknown } },
      next: () => Promise<unknown>,
    ) => unknown,
  ): void;
  callback(): (req: IncomingMessage, res: ServerResponse) => void;
}
const express = (await import('express' as string)).default as ExpressModule;
const Koa = (await import('koa' as string)).default as new () => KoaApp;

const KEY = 'B17F59B4-A7DC-41B4-8FF9-37D986B43D20';
const sha1 = (s: string) => createHash('sha1').update(s).digest('hex');
const SALE_CONTROL = sha1(`1111902B4FF51042john.smith@gmail.com${KEY}`);
const SALE = `client_orderid=902B4FF5&amount=10.42&currency=EUR&email=john.smith%40gmail.com&control=${SALE_CONTROL}`;
const CALLBACK = `status=approved&orderid=5412&client_orderid=S-1&control=${sha1(`approved5412S-1${KEY}`)}`;
const FORM = 'application/x-www-form-urlencoded';
const bytes = (text: string): Uint8Array => new TextEncoder().encode(text);

const verifier = () =>
  createVerifier({
    basePath: '/paynet',
    credentials: ({ endpointId }) => (endpointId === '1111' ? { controlKey: KEY } : undefined),
  });

type HandInit = Partial<
  Pick<
    HandRequest,
    'method' | 'url' | 'originalUrl' | 'readableEnded' | 'readableDidRead' | 'body' | 'raw' | 'req' | 'sent'
  >
>;

/** A Node request driven by the test: `sent` is emitted as its body once something listens for its end. */
class HandRequest extends EventEmitter implements IncomingMessageLike {
  readonly headers = { host: 'merchant.example', 'content-type': FORM, accept: 'application/vnd.pay+json' };
  method: string | undefined = 'POST';
  url: string | undefined = '/paynet/api/v2/sale/1111';
  originalUrl?: unknown;
  readableEnded?: boolean;
  readableDidRead?: boolean;
  body?: unknown;
  raw?: unknown;
  req?: unknown;
  sent?: string;
  constructor(init: HandInit = {}) {
    super();
    Object.assign(this, init);
  }
  // IncomingMessageLike types listeners by what they are given; EventEmitter's take any[].
  override on(event: string, listener: (...args: never[]) => void): this {
    super.on(event, listener as (...args: unknown[]) => void);
    const sent = this.sent;
    if (event === 'end' && sent !== undefined) {
      process.nextTick(() => {
        this.emit('data', bytes(sent));
        this.emit('end');
      });
    }
    return this;
  }
  override removeListener(event: string, listener: (...args: never[]) => void): this {
    return super.removeListener(event, listener as (...args: unknown[]) => void);
  }
}

type Outcome = { passed: true } | { status: number; body: unknown };

/** Runs an Express-style middleware on `req`: it passed the request on, or answered (status and JSON body). */
function run(mw: NodeMiddleware, req: HandRequest): Promise<Outcome> {
  return new Promise((resolve, reject) => {
    const res = {
      statusCode: 200,
      setHeader: () => undefined,
      end: (body: string) => resolve({ status: res.statusCode, body: JSON.parse(body) }),
    };
    mw(req, res, (error?: unknown) => (error === undefined ? resolve({ passed: true }) : reject(error)));
  });
}

/** A Koa context without `request` (KoaContextLike makes it optional) around `req`. */
function koaContext(req: HandRequest): KoaContextLike {
  return { req, state: {}, status: 404, body: undefined, set: () => undefined };
}

/** Runs a Koa middleware: it called next, or answered (status and JSON body). */
async function runKoa(mw: KoaMiddleware, ctx: KoaContextLike): Promise<Outcome> {
  let passed = false;
  await mw(ctx, async () => {
    passed = true;
  });
  return passed ? { passed } : { status: ctx.status, body: JSON.parse(String(ctx.body)) };
}

const refusalBody = (code: string, message: string, type = 'error') => ({
  type,
  'error-message': message,
  'error-code': code,
});

describe('verifiedOf and verifiedCallbackOf', () => {
  it.each([
    ['an object', {}],
    ['a holder whose raw is null', { raw: null }],
    ['a holder whose req is null', { req: null }],
    ['a holder whose raw and req are null', { raw: null, req: null }],
  ])('refuse %s that no middleware verified (ERR_CONFIGURATION, field request)', (_label, holder) => {
    const noRequest = thrown(() => verifiedOf(holder));
    expect([noRequest.code, noRequest.field, noRequest.message]).toEqual([
      'ERR_CONFIGURATION',
      'request',
      'no verified request here: mount the paysig middleware before this route',
    ]);
    const noCallback = thrown(() => verifiedCallbackOf(holder));
    expect([noCallback.code, noCallback.field, noCallback.message]).toEqual([
      'ERR_CONFIGURATION',
      'request',
      'no verified callback here: mount the paysig callback middleware before this route',
    ]);
  });

  it("find the result on the Node request: a holder's raw or req, or the holder itself when they are null", async () => {
    const req = new HandRequest({ sent: SALE, raw: null, req: null });
    expect(await run(createMiddleware(verifier()), req)).toEqual({ passed: true });
    const verified = verifiedOf(req);
    expect([verified.operationId, verified.fields['amount']]).toEqual(['sale', '10.42']);
    expect(verifiedOf({ raw: req })).toBe(verified);
    expect(verifiedOf({ req })).toBe(verified);
    expect(verifiedOf({ raw: null, req })).toBe(verified);

    const callback = new HandRequest({ method: 'GET', url: `/callback?${CALLBACK}`, raw: null, req: null });
    expect(await run(createCallbackMiddleware({ controlKey: KEY }), callback)).toEqual({ passed: true });
    expect(verifiedCallbackOf(callback).status).toBe('approved');
    expect(verifiedCallbackOf({ raw: null, req: callback })).toBe(verifiedCallbackOf(callback));
  });
});

describe('the body the middleware verifies', () => {
  const tampered = SALE.replace('amount=10.42', 'amount=10.43');

  it('reads the stream when nothing has read it, whatever req.body holds', async () => {
    const req = new HandRequest({ readableEnded: false, readableDidRead: false, body: tampered, sent: SALE });
    expect(await run(createMiddleware(verifier()), req)).toEqual({ passed: true });
    expect(verifiedOf(req).fields['amount']).toBe('10.42');
  });

  it.each([
    ['bytes kept from a stream read to its end (readableEnded alone)', { readableEnded: true, body: bytes(SALE) }],
    ['text kept from a stream read from (readableDidRead alone)', { readableDidRead: true, body: SALE }],
    [
      'bytes kept from a stream both flags mark read',
      { readableEnded: true, readableDidRead: true, body: bytes(SALE) },
    ],
  ])('verifies the %s', async (_label, init) => {
    const req = new HandRequest(init);
    expect(await run(createMiddleware(verifier()), req)).toEqual({ passed: true });
    expect(verifiedOf(req).fields['amount']).toBe('10.42');
    const refused = new HandRequest({ ...init, body: typeof init.body === 'string' ? tampered : bytes(tampered) });
    expect(await run(createMiddleware(verifier()), refused)).toEqual({
      status: 403,
      body: refusalBody('ERR_CONTROL_MISMATCH', 'control digest does not match formula C-B'),
    });
  });
});

describe('the request target the middleware checks', () => {
  it('refuses a "." or ".." segment in originalUrl (404) even when the rewritten url has none', async () => {
    const req = new HandRequest({
      originalUrl: '/paynet/api/v2/../v2/sale/1111',
      url: '/api/v2/sale/1111',
      sent: SALE,
    });
    expect(await run(createMiddleware(verifier()), req)).toEqual({
      status: 404,
      body: refusalBody(
        'ERR_UNKNOWN_OPERATION',
        'the request path "/paynet/api/v2/../v2/sale/1111" has a "." or ".." segment or a backslash: a router reads it as written, the verifier resolved, so it addresses no operation',
      ),
    });
  });
});

describe('the callback middleware on hand-driven requests', () => {
  const missingStatus = {
    status: 400,
    body: refusalBody('ERR_MISSING_FIELD', 'callback needs the parameter "status"', 'validation-error'),
  };

  it.each<[string, HandInit, 'approved' | typeof missingStatus]>([
    ['a GET', { method: 'GET', url: `/callback?${CALLBACK}` }, 'approved'],
    ['a request without a method (a GET)', { method: undefined, url: `/callback?${CALLBACK}` }, 'approved'],
    [
      "Express's originalUrl rather than the rewritten url",
      { method: 'GET', originalUrl: `/hooks/callback?${CALLBACK}`, url: '/callback' },
      'approved',
    ],
    ['a target without a leading slash', { method: 'GET', url: `callback?${CALLBACK}` }, 'approved'],
    ['a target that starts with "?"', { method: 'GET', url: `?${CALLBACK}` }, 'approved'],
    [
      'a GET with a fragment after its query (the query ends there)',
      { method: 'GET', url: `/callback?${CALLBACK}#f` },
      'approved',
    ],
    [
      'a GET whose only `?` is in a fragment (no query)',
      { method: 'GET', url: `/callback#f?${CALLBACK}` },
      missingStatus,
    ],
    ['a GET whose target is only a fragment (no query)', { method: 'GET', url: `#f?${CALLBACK}` }, missingStatus],
    ['a target without "?" (no query at all)', { method: 'GET', url: CALLBACK }, missingStatus],
    ['a POST (its form body, not its query)', { method: 'POST', url: '/callback', sent: CALLBACK }, 'approved'],
    ['a lower-case post (its form body)', { method: 'post', url: '/callback', sent: CALLBACK }, 'approved'],
    [
      'a POST with the callback in its query only',
      { method: 'POST', url: `/callback?${CALLBACK}`, sent: '' },
      missingStatus,
    ],
  ])('reads the callback of %s', async (_label, init, expected) => {
    const req = new HandRequest(init);
    const outcome = await run(createCallbackMiddleware({ controlKey: KEY }), req);
    if (expected === 'approved') {
      expect(outcome).toEqual({ passed: true });
      expect([verifiedCallbackOf(req).status, verifiedCallbackOf(req).client_orderid]).toEqual(['approved', 'S-1']);
    } else expect(outcome).toEqual(expected);
  });

  it('accepts a POST body of exactly maxBodyBytes and refuses one byte more, read from the stream or kept', async () => {
    const cap = bytes(CALLBACK).byteLength;
    const tooLarge = {
      status: 413,
      body: refusalBody('ERR_BODY_TOO_LARGE', `request body is larger than ${cap - 1} bytes`),
    };
    const post = (init: HandInit) => new HandRequest({ method: 'POST', url: '/callback', ...init });
    const streamed = { sent: CALLBACK };
    const kept = { readableEnded: true, readableDidRead: true, body: bytes(CALLBACK) };
    for (const init of [streamed, kept]) {
      expect(await run(createCallbackMiddleware({ controlKey: KEY, maxBodyBytes: cap }), post(init))).toEqual({
        passed: true,
      });
      expect(await run(createCallbackMiddleware({ controlKey: KEY, maxBodyBytes: cap - 1 }), post(init))).toEqual(
        tooLarge,
      );
    }
  });
});

describe('Koa', () => {
  it('verifies a request whose context has no `request` (KoaContextLike makes it optional)', async () => {
    const ctx = koaContext(new HandRequest({ sent: SALE }));
    expect(await runKoa(createKoaMiddleware(verifier()), ctx)).toEqual({ passed: true });
    expect(verifiedOf(ctx).fields['amount']).toBe('10.42');
    expect(ctx.state['paysig']).toBe(verifiedOf(ctx));
  });

  it('verifies a callback whose context has no `request`, and puts it on ctx.state.paysigCallback', async () => {
    const ctx = koaContext(new HandRequest({ method: 'GET', url: `/callback?${CALLBACK}` }));
    expect(await runKoa(createKoaCallbackMiddleware({ controlKey: KEY }), ctx)).toEqual({ passed: true });
    expect(verifiedCallbackOf(ctx).status).toBe('approved');
    expect(ctx.state['paysigCallback']).toBe(verifiedCallbackOf(ctx));
  });

  it('verifies the text a body parser kept on ctx.request.rawBody (a real Koa server)', async () => {
    const app = new Koa();
    // What koa-bodyparser does: read the whole stream, keep its text on ctx.request.rawBody.
    app.use(async (ctx, next) => {
      let text = '';
      for await (const chunk of ctx.req) text += String(chunk);
      ctx.request.rawBody = text;
      await next();
    });
    app.use(createKoaMiddleware(verifier()));
    app.use((ctx) => {
      ctx.body = JSON.stringify({ operation: verifiedOf(ctx).operationId, amount: verifiedOf(ctx).fields['amount'] });
    });
    const server = await listen(createServer(app.callback()));
    try {
      const post = (body: string) =>
        fetch(`${server.base}/paynet/api/v2/sale/1111`, {
          method: 'POST',
          headers: { 'content-type': FORM, accept: 'application/vnd.pay+json' },
          body,
        });
      const ok = await post(SALE);
      expect([ok.status, await ok.json()]).toEqual([200, { operation: 'sale', amount: '10.42' }]);
      const bad = await post(SALE.replace('amount=10.42', 'amount=10.43'));
      expect([bad.status, (await bad.json())['error-code']]).toEqual([403, 'ERR_CONTROL_MISMATCH']);
    } finally {
      await server.close();
    }
  });
});

describe('the callback middleware behind Express', () => {
  it("verifies a POST callback's form body, from the stream or as express.raw() kept it", async () => {
    const app = express();
    const answer = (req: IncomingMessage, res: ServerResponse) => res.end(`OK ${verifiedCallbackOf(req).status}`);
    app.post('/callback', createCallbackMiddleware({ controlKey: KEY }), answer);
    app.post('/raw/callback', express.raw({ type: FORM }), createCallbackMiddleware({ controlKey: KEY }), answer);
    const server = await listen(createServer(app));
    try {
      for (const path of ['/callback', '/raw/callback']) {
        const post = (body: string) =>
          fetch(`${server.base}${path}`, { method: 'POST', headers: { 'content-type': FORM }, body });
        const ok = await post(CALLBACK);
        expect([path, ok.status, await ok.text()]).toEqual([path, 200, 'OK approved']);
        const bad = await post(CALLBACK.replace('status=approved', 'status=declined'));
        expect([path, bad.status, await bad.text()]).toEqual([
          path,
          403,
          'type=error&error-message=control%20digest%20does%20not%20match%20formula%20CALLBACK&error-code=ERR_CONTROL_MISMATCH',
        ]);
      }
    } finally {
      await server.close();
    }
  });
});

describe('configuration errors name the factory', () => {
  it.each([
    ['createCallbackMiddleware', () => createCallbackMiddleware({ controlKey: '' })],
    ['createKoaCallbackMiddleware', () => createKoaCallbackMiddleware({ controlKey: '' })],
    ['createFastifyCallbackPlugin', () => createFastifyCallbackPlugin({ controlKey: '' })],
  ])('%s without a control key', (name, create) => {
    const e = thrown(create);
    expect([e.code, e.field, e.message]).toEqual([
      'ERR_CONFIGURATION',
      'controlKey',
      `${name} needs options with a non-empty controlKey`,
    ]);
  });
});
