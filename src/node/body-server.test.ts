// Reading the body of real node:http requests: a chunked body sent in pieces, a request on which
// the handler called setEncoding(), and a client that goes away in the middle of the body.
import { createHash } from 'node:crypto';
import { createServer, request as httpRequest, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { readIncomingBytes } from './body.js';

describe('readIncomingBytes on a node:http server', () => {
  /** Runs `handle` on the one request `send` makes; resolves with what the handler saw. */
  async function serve<T>(handle: (req: IncomingMessage) => Promise<T>, send: (url: string) => void): Promise<T> {
    let seen!: Promise<T>;
    const server = createServer((req, res) => {
      seen = handle(req);
      seen.then(
        () => res.end('ok'),
        () => res.end('refused'),
      );
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const arrived = new Promise<void>((r) => server.once('request', () => r()));
    try {
      send(`http://127.0.0.1:${(server.address() as AddressInfo).port}/paynet/api/v2/sale/1`);
      await arrived;
      return await seen.then(
        (v) => v,
        (e: unknown) => e as T,
      );
    } finally {
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
    }
  }

  it('reads a chunked body sent in pieces, byte for byte', async () => {
    const parts = ['client_orderid=902B4FF5&', 'amount=10.42&', 'email=john.smith%40gmail.com'];
    const got = await serve(
      (req) => readIncomingBytes(req, 4096),
      (url) => {
        const req = httpRequest(url, { method: 'POST' });
        req.on('error', () => undefined);
        let i = 0;
        const next = (): void => {
          if (i < parts.length) req.write(parts[i++], () => setTimeout(next, 5));
          else req.end();
        };
        next();
      },
    );
    const sha1 = (b: Uint8Array | string) => createHash('sha1').update(b).digest('hex');
    expect(sha1(got as Uint8Array)).toBe(sha1(parts.join('')));
  });

  it('refuses a request on which the handler called setEncoding()', async () => {
    const e = await serve(
      (req) => {
        req.setEncoding('utf8');
        return readIncomingBytes(req, 4096);
      },
      (url) =>
        httpRequest(url, { method: 'POST' })
          .on('error', () => undefined)
          .end('a=1'),
    );
    expect(e).toMatchObject({
      code: 'ERR_INVALID_INPUT',
      field: 'body',
      message: expect.stringMatching(/^setEncoding\(\)/),
    });
  });

  it('rejects, rather than waits forever, when the client goes away in the middle of the body', async () => {
    const e = await serve(
      (req) => readIncomingBytes(req, 4096),
      (url) => {
        const req = httpRequest(url, { method: 'POST', headers: { 'content-length': '100' } });
        req.on('error', () => undefined);
        req.write('a=1', () => setTimeout(() => req.destroy(), 20));
      },
    );
    expect(e).toMatchObject({ code: 'ERR_INVALID_INPUT', field: 'body' });
  });
});
