// The callback snippets of docs/verifying.md ("Callbacks") and of the README, run as written on a real node:http
// server, a real Express 5 app and a Fetch Request: a valid callback is 200 and recorded, a
// tampered one is refused. Digests from node:crypto. If one fails, fix the docs or the code.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { httpStatusOf, verifyCallback } from '../src/index.js';

// Express ships no types (and @types/express is not installed): the little used here, typed here.
type ExpressRequest = IncomingMessage & { query: Record<string, string | string[] | undefined> };
type ExpressResponse = ServerResponse & { send(body: string): void; sendStatus(code: number): void };
type Route = (req: ExpressRequest, res: ExpressResponse) => Promise<void>;
interface ExpressModule {
  (): ((req: IncomingMessage, res: ServerResponse) => void) & { use(path: string, router: unknown): void };
  Router(): { get(path: string, handler: Route): void };
}
const express = (await import('express' as string)).default as ExpressModule;

const controlKey = 'B17F59B4-A7DC-41B4-8FF9-37D986B43D20';
const sha1 = (s: string): string => createHash('sha1').update(s, 'utf8').digest('hex');
const QUERY = `status=approved&orderid=4242&client_orderid=902B4FF5&amount=10.42&control=${sha1('approved4242902B4FF5' + controlKey)}`;
const TAMPERED = QUERY.replace('status=approved', 'status=declined');

let recorded: string[] = [];
const recordOutcome = async (orderid: string, clientOrderid: string, status: string) => {
  recorded.push(`${orderid} ${clientOrderid} ${status}`);
};

let server: Server | undefined;
afterEach(async () => {
  recorded = [];
  server?.closeAllConnections();
  await new Promise((r) => (server === undefined ? r(undefined) : server.close(r)));
  server = undefined;
});

/** Starts `s` on a loopback port; returns its base URL. */
async function listen(s: Server): Promise<string> {
  server = s;
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  return `http://127.0.0.1:${(s.address() as AddressInfo).port}`;
}

describe('docs/verifying.md: callbacks as each server hands them over', () => {
  it('the snippets are the ones in the page', () => {
    const doc = readFileSync(new URL('../docs/verifying.md', import.meta.url), 'utf8');
    expect(doc).toContain('const callback = await verifyCallback(req, controlKey); // rejects: ERR_CONTROL_MISMATCH');
    expect(doc).toContain(
      'const callback = await verifyCallback(req, controlKey); // or verifyCallback(req.query, controlKey)',
    );
    expect(doc).toContain('const callback = await verifyCallback(request, controlKey);');
    const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8');
    expect(readme).toContain('const callback = await verifyCallback(req, controlKey);');
    expect(readme).not.toContain('verifyCallback(new URL(req.url)');
  });

  it('node:http: verifyCallback(req, controlKey)', async () => {
    const base = await listen(
      createServer(async (req, res) => {
        try {
          const callback = await verifyCallback(req, controlKey); // rejects: ERR_CONTROL_MISMATCH
          if (callback.final) await recordOutcome(callback.orderid, callback.client_orderid, callback.status);
          res.end('OK');
        } catch (error) {
          res.writeHead(httpStatusOf(error)).end();
        }
      }),
    );
    expect((await fetch(`${base}/cb?${QUERY}`)).status).toBe(200);
    expect((await fetch(`${base}/cb?${TAMPERED}`)).status).toBe(403);
    expect(recorded).toEqual(['4242 902B4FF5 approved']);
  });

  it.each(['req', 'req.query'])('Express 5 on a mounted router: verifyCallback(%s, controlKey)', async (form) => {
    const app = express();
    const router = express.Router();
    router.get('/callback', async (req, res) => {
      try {
        const callback = await verifyCallback(form === 'req' ? req : req.query, controlKey);
        if (callback.final) await recordOutcome(callback.orderid, callback.client_orderid, callback.status);
        res.send('OK');
      } catch (error) {
        res.sendStatus(httpStatusOf(error));
      }
    });
    app.use('/shop', router);
    const base = await listen(createServer(app));
    expect((await fetch(`${base}/shop/callback?${QUERY}`)).status).toBe(200);
    expect((await fetch(`${base}/shop/callback?${TAMPERED}`)).status).toBe(403);
    // Express's req.query gives an array for a parameter sent twice: refused (400), never guessed.
    expect((await fetch(`${base}/shop/callback?${QUERY}&status=declined`)).status).toBe(400);
    expect(recorded).toEqual(['4242 902B4FF5 approved']);
  });

  it('Fetch: verifyCallback(request, controlKey)', async () => {
    const handle = async (request: Request): Promise<Response> => {
      const callback = await verifyCallback(request, controlKey);
      if (callback.final) await recordOutcome(callback.orderid, callback.client_orderid, callback.status);
      return new Response('OK', { status: 200 });
    };
    expect((await handle(new Request(`https://shop.example/cb?${QUERY}`))).status).toBe(200);
    await expect(handle(new Request(`https://shop.example/cb?${TAMPERED}`))).rejects.toMatchObject({
      code: 'ERR_CONTROL_MISMATCH',
    });
    expect(recorded).toEqual(['4242 902B4FF5 approved']);
  });
});

describe('README: the callback lines of Verifying, in a node:http handler', () => {
  const controlKeyOfReadme = controlKey;
  it('verifyCallback checks the CALLBACK digest of the service callback, given the Node request', async () => {
    const controlKey = controlKeyOfReadme;
    const digest = sha1('approved' + '4242' + '902B4FF5' + controlKey);
    const target = `/callback?status=approved&orderid=4242&client_orderid=902B4FF5&merchant_order=902B4FF5&amount=10.42&type=sale&control=${digest}`;
    const marked: Array<[string, string]> = [];
    const markOrder = (order: string, status: string) => marked.push([order, status]);
    const seen: Array<{ amount?: string } | { code: string }> = [];

    // The README's lines, in a node:http handler: `req` is what Node hands over.
    const server = createServer(async (req, res) => {
      try {
        const callback = await verifyCallback(req, controlKey);
        if (callback.final) markOrder(callback.client_orderid, callback.status); // de-duplicate: it is retried
        seen.push(callback);
        res.end('OK');
      } catch (error) {
        seen.push(error as { code: string });
        res.writeHead(httpStatusOf(error)).end();
      }
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      expect((await fetch(base + target)).status).toBe(200);
      expect(marked).toEqual([['902B4FF5', 'approved']]);
      expect(seen[0]).toMatchObject({ amount: '10.42' });
      expect((await fetch(base + target.replace('status=approved', 'status=declined'))).status).toBe(403);
      expect(seen[1]).toMatchObject({ code: 'ERR_CONTROL_MISMATCH' });
    } finally {
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
    }
    const pending = sha1('processing' + '4242' + '902B4FF5' + controlKey);
    const inProgress = await verifyCallback(
      `https://merchant.example/callback?status=processing&orderid=4242&client_orderid=902B4FF5&control=${pending}`,
      controlKey,
    );
    expect(inProgress.final).toBe(false);
  });
});
