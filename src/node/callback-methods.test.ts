/**
 * Every callback entry point reads a callback from the same place for the same method, and refuses
 * the same requests: the query of a GET or HEAD, the form body of a POST (its `Content-Type`
 * checked as `verifyRequest` checks it), a 405 listing `GET, HEAD, POST` for any other method.
 * The Node middleware (node:http, Express, Koa, Fastify) over real sockets; `withVerifiedCallback`
 * and `verifyCallback(request)` with Fetch requests.
 */
import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { httpStatusOf, isPaysigError } from '../errors/index.js';
import { verifyCallback } from '../request/callback.js';
import { withVerifiedCallback } from '../verifier/fetch.js';
import {
  createCallbackMiddleware,
  createFastifyCallbackPlugin,
  createKoaCallbackMiddleware,
  type KoaContextLike,
  verifiedCallbackOf,
} from './index.js';
import { listen } from '../../test/helpers/listen.js';

type Use = (...args: unknown[]) => void;
const express = (await import('express' as string)).default as () => ((
  req: IncomingMessage,
  res: ServerResponse,
) => void) & { all: Use };
const Koa = (await import('koa' as string)).default as new () => {
  use(fn: (ctx: KoaContextLike, next: () => Promise<unknown>) => unknown): void;
  callback(): (req: IncomingMessage, res: ServerResponse) => void;
};

const KEY = 'B17F59B4-A7DC-41B4-8FF9-37D986B43D20';
const sha1 = (s: string) => createHash('sha1').update(s).digest('hex');
const CALLBACK = `status=approved&orderid=5412&client_orderid=S-1&control=${sha1(`approved5412S-1${KEY}`)}`;
const FORM = 'application/x-www-form-urlencoded';
/** A callback whose order id holds U+FFFD, percent-encoded, with the control digest that matches it. */
const REPLACEMENT = `status=approved&orderid=5412&client_orderid=S%EF%BF%BD1&control=${sha1(`approved5412S\uFFFD1${KEY}`)}`;

/** One request: its method, whether the callback is in the query or the body, and its Content-Type. */
interface Case {
  method: string;
  query: boolean;
  body?: string;
  type?: string;
}
/** What an entry point answered: the status, and the refusal's code and `Allow` (none on success). */
interface Outcome {
  status: number;
  code?: string | undefined;
  allow?: string | undefined;
}

const CASES: Array<[string, Case, Outcome]> = [
  ['a GET: its query', { method: 'GET', query: true }, { status: 200 }],
  ['a HEAD: its query', { method: 'HEAD', query: true }, { status: 200 }],
  ['a POST: its form body', { method: 'POST', query: false, body: CALLBACK, type: FORM }, { status: 200 }],
  [
    'a POST with a UTF-8 charset',
    { method: 'POST', query: false, body: CALLBACK, type: `${FORM}; charset=UTF-8` },
    { status: 200 },
  ],
  [
    'a POST whose body holds U+FFFD (what an encoder writes for a lone surrogate)',
    { method: 'POST', query: false, body: REPLACEMENT, type: FORM },
    { status: 400, code: 'ERR_ENCODING' },
  ],
  [
    'a POST whose body starts like a URL (a form all the same: no status field)',
    { method: 'POST', query: false, body: `https://shop.example/cb?${CALLBACK}`, type: FORM },
    { status: 400, code: 'ERR_MISSING_FIELD' },
  ],
  [
    'a POST of text/plain',
    { method: 'POST', query: false, body: CALLBACK, type: 'text/plain' },
    { status: 400, code: 'ERR_MEDIA_TYPE' },
  ],
  [
    'a POST of JSON, the callback in its query',
    { method: 'POST', query: true, body: '{}', type: 'application/json' },
    { status: 400, code: 'ERR_MEDIA_TYPE' },
  ],
  ...['PUT', 'DELETE', 'PATCH'].map((method): [string, Case, Outcome] => [
    `a ${method}, the callback in its query and body`,
    { method, query: true, body: CALLBACK, type: FORM },
    { status: 405, code: 'ERR_METHOD_NOT_ALLOWED', allow: 'GET, HEAD, POST' },
  ]),
];

/** The outcome of a Fetch `Response` (a HEAD's has no body: its status says it all). */
async function outcomeOf(res: Response, method: string): Promise<Outcome> {
  if (res.status === 200 || method === 'HEAD') {
    await res.arrayBuffer();
    return res.status === 200 ? { status: 200 } : { status: res.status, allow: res.headers.get('allow') ?? undefined };
  }
  const body = (await res.json()) as Record<string, string>;
  return { status: res.status, code: body['error-code'], allow: res.headers.get('allow') ?? undefined };
}

const expectedOf = (c: Case, o: Outcome): Outcome =>
  c.method === 'HEAD' && o.status !== 200 ? { status: o.status, allow: o.allow } : o;

const requestOf = (base: string, c: Case) =>
  new Request(`${base}/callback${c.query ? `?${CALLBACK}` : ''}`, {
    method: c.method,
    headers: { accept: 'application/vnd.pay+json', ...(c.type !== undefined ? { 'content-type': c.type } : {}) },
    ...(c.body !== undefined ? { body: c.body } : {}),
  });

const ok = (status: string) => `OK ${status}`;

const SERVERS: Array<{ name: string; start(): Promise<{ base: string; close(): Promise<void> }> }> = [
  {
    name: 'node:http',
    start: () => {
      const cb = createCallbackMiddleware({ controlKey: KEY });
      return listen(createServer((req, res) => cb(req, res, () => res.end(ok(verifiedCallbackOf(req).status)))));
    },
  },
  {
    name: 'Express',
    start: () => {
      const app = express();
      app.all('/callback', createCallbackMiddleware({ controlKey: KEY }), (req: IncomingMessage, res: ServerResponse) =>
        res.end(ok(verifiedCallbackOf(req).status)),
      );
      return listen(createServer(app));
    },
  },
  {
    name: 'Koa',
    start: () => {
      const app = new Koa();
      app.use(createKoaCallbackMiddleware({ controlKey: KEY }));
      app.use((ctx) => {
        (ctx as { body?: unknown }).body = ok(verifiedCallbackOf(ctx).status);
      });
      return listen(createServer(app.callback()));
    },
  },
  {
    name: 'Fastify',
    start: async () => {
      const app = Fastify({ forceCloseConnections: true });
      await app.register(async (scope) => {
        await scope.register(createFastifyCallbackPlugin({ controlKey: KEY }));
        scope.all('/callback', async (request) => ok(verifiedCallbackOf(request).status));
      });
      const base = await app.listen({ port: 0, host: '127.0.0.1' });
      return { base, close: () => app.close() };
    },
  },
];

const FETCH: Array<{ name: string; handle(request: Request): Promise<Response> }> = [
  {
    name: 'withVerifiedCallback',
    handle: withVerifiedCallback({ controlKey: KEY }, async (callback) => new Response(ok(callback.status))),
  },
  {
    name: 'verifyCallback(request)',
    handle: async (request) => {
      try {
        return new Response(ok((await verifyCallback(request, KEY)).status));
      } catch (e) {
        if (!isPaysigError(e)) throw e;
        const allow = 'allow' in e && typeof e.allow === 'string' ? { allow: e.allow } : undefined;
        return Response.json(
          { 'error-code': e.code },
          { status: httpStatusOf(e), ...(allow ? { headers: allow } : {}) },
        );
      }
    },
  },
];

describe.each(SERVERS)('the callback middleware on $name', ({ start }) => {
  let server: { base: string; close(): Promise<void> };
  beforeAll(async () => {
    server = await start();
  });
  afterAll(() => server.close());

  it.each(CASES)('answers %s', async (_label, c, expected) => {
    const request = requestOf(server.base, c);
    expect(await outcomeOf(await fetch(request), c.method)).toEqual(expectedOf(c, expected));
  });
});

describe.each(FETCH)('$name', ({ handle }) => {
  it.each(CASES)('answers %s', async (_label, c, expected) => {
    expect(await outcomeOf(await handle(requestOf('http://merchant.example', c)), c.method)).toEqual(
      expectedOf(c, expected),
    );
  });
});
