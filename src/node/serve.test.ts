// serve(): a Fetch handler on a real node:http server on a free port. The handler's Response is
// written back (status, headers, body); the body cap answers 413; a handler that throws gets the
// status of a paysig error or 500; a Response Node cannot write gets 500; the URL of an IPv6
// address has it in brackets.
import { describe, expect, it } from 'vitest';
import { InvalidInputError } from '../errors/index.js';
import { serve, type ServedHandler } from './index.js';

/** Echoes method, path and body, with status 201 and a header of its own. */
async function echo(request: Request): Promise<Response> {
  const text = `${request.method} ${new URL(request.url).pathname} ${await request.text()}`;
  return new Response(text, { status: 201, headers: { 'x-echo': 'yes' } });
}

/** Runs `test` against a served handler, and closes it. */
async function served(
  handler: (request: Request) => Promise<Response> | Response,
  options: Parameters<typeof serve>[1],
  test: (server: ServedHandler) => Promise<void>,
): Promise<void> {
  const server = await serve(handler, options);
  try {
    await test(server);
  } finally {
    await server.close();
  }
}

async function post(url: string, body: string): Promise<[number, string]> {
  const res = await fetch(url, { method: 'POST', body });
  return [res.status, await res.text()];
}

describe('serve', () => {
  it("writes back the handler's Response: status, headers and body", async () => {
    await served(echo, {}, async (server) => {
      expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:[1-9][0-9]*$/);
      const res = await fetch(`${server.url}/paynet/api/v2/sale/1`, { method: 'POST', body: 'a=1' });
      expect([res.status, res.headers.get('x-echo'), await res.text()]).toEqual([
        201,
        'yes',
        'POST /paynet/api/v2/sale/1 a=1',
      ]);
    });
  });

  it('reads a body of exactly maxBodyBytes and answers 413, without calling the handler, one byte more', async () => {
    let calls = 0;
    const counted = (request: Request) => {
      calls++;
      return echo(request);
    };
    await served(counted, { maxBodyBytes: 10 }, async (server) => {
      expect(await post(`${server.url}/x`, '0123456789')).toEqual([201, 'POST /x 0123456789']);
      expect(await post(`${server.url}/x`, '0123456789a')).toEqual([413, '']);
      expect(calls).toBe(1);
    });
  });

  it('caps the body at 64 KiB by default', async () => {
    await served(echo, {}, async (server) => {
      const full = 'a'.repeat(65_536);
      expect(await post(`${server.url}/x`, full)).toEqual([201, `POST /x ${full}`]);
      expect(await post(`${server.url}/x`, `${full}a`)).toEqual([413, '']);
    });
  });

  it('answers a handler that throws with the status of a paysig error, and 500 for anything else', async () => {
    const throwing = (request: Request): Response => {
      if (new URL(request.url).pathname === '/input') throw new InvalidInputError('bad input', { field: 'x' });
      throw new Error('handler bug');
    };
    await served(throwing, {}, async (server) => {
      expect(await post(`${server.url}/input`, '')).toEqual([400, '']);
      expect(await post(`${server.url}/bug`, '')).toEqual([500, '']);
    });
  });

  it('answers 500 when Node cannot write the Response (Response.error() has status 0)', async () => {
    await served(
      () => Response.error(),
      {},
      async (server) => {
        expect(await post(`${server.url}/x`, '')).toEqual([500, '']);
      },
    );
  });

  it('shows an IPv6 address in brackets in its URL', async () => {
    await served(echo, { host: '::1' }, async (server) => {
      expect(server.url).toMatch(/^http:\/\/\[::1\]:[1-9][0-9]*$/);
      expect(await post(`${server.url}/v6`, 'b=2')).toEqual([201, 'POST /v6 b=2']);
    });
  });
});

describe('serve: listening and closing', () => {
  it('rejects when the port is taken (the listen error), instead of hanging', async () => {
    await served(echo, {}, async (first) => {
      const port = Number(new URL(first.url).port);
      const second = serve(echo, { port });
      await expect(second).rejects.toMatchObject({ code: 'EADDRINUSE' });
    });
  });

  it('close() resolves once the server stopped listening: the port refuses connections', async () => {
    const server = await serve(echo, {});
    const closed = server.close();
    expect(closed).toBeInstanceOf(Promise);
    await closed;
    await expect(fetch(`${server.url}/x`)).rejects.toThrow();
  });
});
