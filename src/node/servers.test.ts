// paysig/node behind real servers on 127.0.0.1: Node http, Express, Fastify and Koa. Each answers
// with the status httpStatusOf gives and the error code (or the operation id), for a valid and a
// tampered request through both paths (verifyIncoming, and toFetchRequest + verifyRequest), a
// body a parser already consumed, the raw-bytes escape hatch, and the streaming size cap.
import { createHash } from 'node:crypto';
import { createServer, request as httpRequest, type IncomingMessage, type ServerResponse } from 'node:http';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { httpStatusOf } from '../errors/handling.js';
import { PaysigError } from '../errors/index.js';
import { MemoryNonceStore } from '../stores/memory/index.js';
import { signRequest } from '../request/sign.js';
import { verifyRequest, type VerifyRequestOptions } from '../request/verify.js';
import { toFetchRequest, verifyIncoming, type IncomingMessageLike, type ToFetchRequestOptions } from './index.js';
import { listen } from '../../test/helpers/listen.js';

// Express and Koa ship no types (and @types/* are not installed): the little used here, typed here.
type Handler = (req: IncomingMessage & { body?: unknown }, res: ExpressResponse, next: () => void) => void;
interface ExpressResponse extends ServerResponse {
  status(code: number): ExpressResponse;
  type(t: string): ExpressResponse;
  send(body: string): ExpressResponse;
}
interface ExpressModule {
  (): ((req: IncomingMessage, res: ServerResponse) => void) & { use(...args: Array<string | Handler>): void };
  urlencoded(o: { extended: boolean }): Handler;
  raw(o: { type: string }): Handler;
}
interface KoaContext {
  req: IncomingMessage;
  status: number;
  type: string;
  body: string;
}
interface KoaApp {
  use(fn: (ctx: KoaContext) => Promise<void>): void;
  callback(): (req: IncomingMessage, res: ServerResponse) => void;
}
const express = (await import('express' as string)).default as ExpressModule;
const Koa = (await import('koa' as string)).default as new () => KoaApp;

const LOGIN = 'merchantlogin';
const CONTROL_KEY = 'B17F59B4-A7DC-41B4-8FF9-37D986B43D20';
const CAP = 2048;

type Path = 'verifyIncoming' | 'toFetchRequest';
const PATHS: Path[] = ['verifyIncoming', 'toFetchRequest'];

function options(): VerifyRequestOptions {
  return {
    basePath: '/paynet',
    credentials: ({ login, consumerKey, endpointId }) =>
      (login ?? consumerKey) === LOGIN || endpointId === '1111' ? { controlKey: CONTROL_KEY } : undefined,
    nonceStore: new MemoryNonceStore(),
    maxBodyBytes: CAP,
  };
}

/** Verifies through one path; answers `[status, code or operation id]`. */
async function outcome(
  path: Path,
  req: IncomingMessageLike,
  extra: ToFetchRequestOptions = {},
): Promise<[number, string]> {
  try {
    const opts = { ...options(), ...extra };
    const verified =
      path === 'verifyIncoming'
        ? await verifyIncoming(req, opts)
        : await verifyRequest(await toFetchRequest(req, { maxBodyBytes: CAP, ...extra }), opts);
    return [200, verified.operation.id];
  } catch (e) {
    return [httpStatusOf(e), e instanceof PaysigError ? e.code : String(e)];
  }
}

/** The sale's control computed here with node:crypto, independently of paysig (formula C-B). */
function independentSale(base: string): { url: string; headers: Record<string, string>; body: string } {
  const control = createHash('sha1')
    .update('1111' + '902B4FF5' + '1042' + 'john.smith@gmail.com' + CONTROL_KEY)
    .digest('hex');
  const body = `client_orderid=902B4FF5&amount=10.42&currency=EUR&email=john.smith%40gmail.com&control=${control}`;
  return {
    url: `${base}/paynet/api/v2/sale/1111`,
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/vnd.pay+json' },
    body,
  };
}

async function signedPayout(base: string): Promise<{ url: string; headers: Record<string, string>; body: string }> {
  const s = await signRequest('payout', {
    baseUrl: `${base}/paynet`,
    endpointId: 1111,
    params: [
      ['client_orderid', '902B4FF5'],
      ['amount', '25.00'],
      ['currency', 'EUR'],
      ['destination-card-no', '4444555566661111'],
    ],
    credentials: { login: LOGIN, controlKey: CONTROL_KEY },
  });
  return { url: s.url, headers: { ...s.headers }, body: s.body };
}

async function send(r: { url: string; headers: Record<string, string>; body: string }): Promise<[number, string]> {
  const res = await fetch(r.url, { method: 'POST', headers: r.headers, body: r.body });
  return [res.status, await res.text()];
}

const tamper = (r: { url: string; headers: Record<string, string>; body: string }, from: string, to: string) => {
  expect(r.body).toContain(from);
  return { ...r, body: r.body.replace(from, to) };
};

/**
 * Streams `total` bytes in 512-byte chunks without Content-Length and never ends the body: the
 * answer can only come from a server that stopped reading at the cap.
 */
function streamLarge(url: string, total: number): Promise<[number, string]> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      url,
      {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/vnd.pay+json' },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (text += c));
        res.on('end', () => {
          req.destroy();
          resolve([res.statusCode ?? 0, text]);
        });
      },
    );
    req.on('error', () => undefined);
    setTimeout(() => reject(new Error('no answer before the body ended: the server kept reading')), 5000).unref();
    let sent = 0;
    const pump = (): void => {
      while (sent < total) {
        sent += 512;
        if (!req.write('a'.repeat(512))) return void req.once('drain', pump);
      }
    };
    pump();
  });
}

interface Harness {
  name: string;
  start(path: Path): Promise<{ base: string; close(): Promise<void> }>;
}

function reply(res: ServerResponse, [status, text]: [number, string]): void {
  res.writeHead(status, { 'content-type': 'text/plain' }).end(text);
}

const HARNESSES: Harness[] = [
  {
    name: 'node:http',
    start: (path) =>
      listen(createServer((req: IncomingMessage, res) => void outcome(path, req).then((o) => reply(res, o)))),
  },
  {
    name: 'Express (router mounted on /paynet)',
    start: (path) => {
      const app = express();
      app.use('/paynet', (req, res) => void outcome(path, req).then(([s, t]) => res.status(s).type('text').send(t)));
      return listen(createServer(app));
    },
  },
  {
    name: 'Fastify (form parser that leaves the stream unread)',
    start: async (path) => {
      const app = Fastify({ forceCloseConnections: true });
      app.addContentTypeParser('application/x-www-form-urlencoded', (_req, _payload, done) => done(null));
      app.post('/paynet/*', async (request, res) => {
        const [s, t] = await outcome(path, request.raw);
        return res.code(s).type('text/plain').send(t);
      });
      const base = await app.listen({ port: 0, host: '127.0.0.1' });
      return { base, close: () => app.close() };
    },
  },
  {
    name: 'Koa',
    start: (path) => {
      const app = new Koa();
      app.use(async (ctx) => {
        const [s, t] = await outcome(path, ctx.req);
        ctx.status = s;
        ctx.type = 'text/plain';
        ctx.body = t;
      });
      return listen(createServer(app.callback()));
    },
  },
];

describe.each(HARNESSES)('$name', (h) => {
  describe.each(PATHS)('through %s', (path) => {
    let server: { base: string; close(): Promise<void> };
    beforeAll(async () => {
      server = await h.start(path);
    });
    afterAll(() => server.close());

    it('accepts a valid control request and refuses it tampered', async () => {
      const sale = independentSale(server.base);
      expect(await send(sale)).toEqual([200, 'sale']);
      expect(await send(tamper(sale, 'amount=10.42', 'amount=10.43'))).toEqual([403, 'ERR_CONTROL_MISMATCH']);
    });

    it('accepts a valid OAuth request and refuses it tampered', async () => {
      const payout = await signedPayout(server.base);
      expect(await send(payout)).toEqual([200, 'payout']);
      expect(await send(tamper(await signedPayout(server.base), 'amount=25.00', 'amount=26.00'))).toEqual([
        403,
        'ERR_SIGNATURE_INVALID',
      ]);
    });

    it('stops reading a streamed body over the cap (413)', async () => {
      const sale = independentSale(server.base);
      expect(await streamLarge(sale.url, 8 * 1024)).toEqual([413, 'ERR_BODY_TOO_LARGE']);
    });
  });
});

describe('a body a parser has consumed', () => {
  it.each(PATHS)('is refused with ERR_BODY_CONSUMED after express.urlencoded() (%s)', async (path) => {
    const app = express();
    app.use(express.urlencoded({ extended: false }));
    app.use((req, res) => void outcome(path, req).then(([s, t]) => res.status(s).type('text').send(t)));
    const server = await listen(createServer(app));
    try {
      expect(await send(independentSale(server.base))).toEqual([500, 'ERR_BODY_CONSUMED']);
    } finally {
      await server.close();
    }
  });

  it.each(PATHS)('verifies the raw bytes passed as `body` after express.raw() (%s)', async (path) => {
    const app = express();
    app.use(express.raw({ type: 'application/x-www-form-urlencoded' }));
    app.use(
      (req, res) =>
        void outcome(path, req, { body: req.body as Uint8Array }).then(([s, t]) => res.status(s).type('text').send(t)),
    );
    const server = await listen(createServer(app));
    try {
      const sale = independentSale(server.base);
      expect(await send(sale)).toEqual([200, 'sale']);
      expect(await send(tamper(sale, 'amount=10.42', 'amount=10.43'))).toEqual([403, 'ERR_CONTROL_MISMATCH']);
    } finally {
      await server.close();
    }
  });
});
