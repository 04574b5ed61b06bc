/**
 * `serve`: a Fetch handler (`Request -> Response`) on a `node:http` server, for tests and local
 * tools such as the test gateway of `paysig/testing`.
 *
 * @module
 */
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { httpStatusOf } from '../errors/index.js';
import { toFetchRequest } from './request.js';

/** Options of {@link serve}. */
export interface ServeOptions {
  /** Port to listen on (default 0: a free port, see {@link ServedHandler.url}). */
  port?: number;
  /** Address to listen on (default `127.0.0.1`: this machine only). */
  host?: string;
  /** Largest request body read, in bytes (default 64 KiB); over it the answer is 413. */
  maxBodyBytes?: number;
}

/** A running server. */
export interface ServedHandler {
  /** Its base URL, e.g. `http://127.0.0.1:43117`. */
  readonly url: string;
  /** Stops listening and closes idle connections. */
  close(): Promise<void>;
}

/**
 * Serves a Fetch handler over `node:http`: each request becomes a Fetch `Request` (as
 * {@link toFetchRequest} builds it), and the handler's `Response` is written back. A handler that
 * throws is answered 500 (or the status of a paysig error).
 *
 * @example
 * ```ts
 * import { createTestGateway } from 'paysig/testing';
 * import { serve } from 'paysig/node';
 *
 * const gateway = createTestGateway({ merchants });
 * const server = await serve(gateway.fetch);
 * console.log(`gateway at ${server.url}`);
 * await server.close();
 * ```
 */
export async function serve(
  handler: (request: Request) => Promise<Response> | Response,
  options: ServeOptions = {},
): Promise<ServedHandler> {
  const { port = 0, host = '127.0.0.1', maxBodyBytes } = options;
  // Loaded on the first call, so that importing paysig/node loads no `node:` module.
  const { createServer } = await import('node:http');
  const server: Server = createServer((req, res) => {
    void (async () => {
      let response: Response;
      try {
        const request = await toFetchRequest(req, maxBodyBytes !== undefined ? { maxBodyBytes } : {});
        response = await handler(request);
      } catch (error) {
        response = new Response(null, { status: httpStatusOf(error) });
      }
      const headers: Record<string, string> = {};
      response.headers.forEach((value, name) => {
        headers[name] = value;
      });
      const body = response.body === null ? undefined : new Uint8Array(await response.arrayBuffer());
      res.writeHead(response.status, headers).end(body);
    })().catch(() => {
      if (!res.headersSent) res.writeHead(500);
      res.end();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  const address = server.address() as AddressInfo;
  const shown = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  return {
    url: `http://${shown}:${address.port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeIdleConnections();
      }),
  };
}
